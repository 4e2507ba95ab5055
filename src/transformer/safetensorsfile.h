#pragma once

#include "tensorfiles/safetensorsheader.h"
#include "transformer/mappedfile.h"

#include <QString>

#include <vector>

namespace qkv::transformer {

// A safetensors file mapped read-only, its header checked by tensorfiles' parser.
class SafetensorsFile
{
public:
    // Maps `path` and validates its whole header; throws Refusal naming the file and tensor.
    explicit SafetensorsFile(const QString &path);

    const QString &path() const { return m_file.path(); }
    qint64 fileSize() const { return m_file.size(); }
    const std::vector<SafetensorsEntry> &entries() const { return m_entries; }
    // The first of the entry's bytes, in the mapping.
    const uchar *bytes(const SafetensorsEntry &e) const { return m_file.map() + e.offset; }

private:
    MappedFile m_file;
    std::vector<SafetensorsEntry> m_entries;
};

} // namespace qkv::transformer
