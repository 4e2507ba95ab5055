#include "transformer/mappedfile.h"

#include "platform/fileread.h"
#include "transformer/refusal.h"

#include <QFileInfo>

namespace qkv::transformer {

MappedFile::MappedFile(const QString &path, qint64 minimum, const QString &format)
    : m_path(path)
    , m_file(std::make_unique<QFile>(path))
{
    if (const QString why = unusablePath(path); !why.isEmpty())
        refuse(QStringLiteral("%1: %2").arg(path, why));
    if (const QFileInfo info(path); info.exists() && !info.isFile())
        refuse(QStringLiteral("%1: is not a regular file").arg(path));
    if (!m_file->open(QIODevice::ReadOnly))
        refuse(QStringLiteral("%1: cannot be read: %2").arg(path, m_file->errorString()));
    m_size = m_file->size();
    if (m_size < minimum)
        refuse(QStringLiteral("%1: %2 bytes is too short for a %3 file").arg(path).arg(m_size).arg(format));
    m_map = m_file->map(0, m_size);
    if (!m_map)
        refuse(QStringLiteral("%1: cannot be mapped: %2").arg(path, m_file->errorString()));
}

} // namespace qkv::transformer
