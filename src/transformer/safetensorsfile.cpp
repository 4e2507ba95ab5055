#include "transformer/safetensorsfile.h"

#include "tensorfiles/formaterror.h"
#include "transformer/refusal.h"

namespace qkv::transformer {

SafetensorsFile::SafetensorsFile(const QString &path)
    : m_file(path, 8, QStringLiteral("safetensors"))
{
    try {
        m_entries = parseSafetensorsHeader(m_file.bytes()).entries;
    } catch (const tensorio::Invalid &e) {
        refuse(path + u": "_qs + e.message);
    }
}

} // namespace qkv::transformer
