#include "transformer/safetensorsfile.h"

#include "platform/fileread.h"
#include "tensorfiles/formaterror.h"
#include "transformer/refusal.h"

#include <QFileInfo>

namespace qkv::transformer {

SafetensorsFile::SafetensorsFile(const QString &path)
    : m_path(path)
    , m_file(std::make_unique<QFile>(path))
{
    if (const QString why = unusablePath(path); !why.isEmpty())
        refuse(QStringLiteral("%1: %2").arg(path, why));
    // Mapped, so only a regular file (a pipe would also block in open()).
    if (const QFileInfo info(path); info.exists() && !info.isFile())
        refuse(QStringLiteral("%1: is not a regular file").arg(path));
    if (!m_file->open(QIODevice::ReadOnly))
        refuse(QStringLiteral("%1: cannot be read: %2").arg(path, m_file->errorString()));
    m_size = m_file->size();
    if (m_size < 8)
        refuse(QStringLiteral("%1: %2 bytes is too short for a safetensors file").arg(path).arg(m_size));
    m_map = m_file->map(0, m_size);
    if (!m_map)
        refuse(QStringLiteral("%1: cannot be mapped: %2").arg(path, m_file->errorString()));
    try {
        m_entries
            = parseSafetensorsHeader(QByteArrayView(reinterpret_cast<const char *>(m_map), qsizetype(m_size))).entries;
    } catch (const tensorio::Invalid &e) {
        refuse(path + u": "_qs + e.message);
    }
}

} // namespace qkv::transformer
