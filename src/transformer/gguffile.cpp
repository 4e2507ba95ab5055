#include "transformer/gguffile.h"

#include "tensorfiles/formaterror.h"
#include "transformer/refusal.h"

namespace qkv::transformer {

GgufFile::GgufFile(const QString &path)
    : m_file(path, 24, QStringLiteral("GGUF"))
{
    try {
        m_header = parseGgufHeader(m_file.bytes());
    } catch (const tensorio::Invalid &e) {
        refuse(path + u": "_qs + e.message);
    }
}

} // namespace qkv::transformer
