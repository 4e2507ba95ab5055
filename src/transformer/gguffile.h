#pragma once

#include "tensorfiles/ggufheader.h"
#include "transformer/mappedfile.h"

#include <QString>

namespace qkv::transformer {

// A GGUF file (llama.cpp, Ollama, LM Studio) mapped read-only, its header and tensor infos
// checked by tensorfiles' parser.
class GgufFile
{
public:
    // Maps `path` and validates its header; throws Refusal naming the file and the key or tensor.
    explicit GgufFile(const QString &path);

    const QString &path() const { return m_file.path(); }
    qint64 fileSize() const { return m_file.size(); }
    const GgufHeader &header() const { return m_header; }
    // The first of the tensor's bytes, in the mapping.
    const uchar *bytes(const GgufTensor &t) const { return m_file.map() + t.offset; }

private:
    MappedFile m_file;
    GgufHeader m_header;
};

} // namespace qkv::transformer
