#pragma once

#include <QByteArrayView>
#include <QFile>
#include <QString>

#include <memory>

namespace qkv::transformer {

// A weights file mapped read-only: a page is read when it is touched, so a model of many
// gigabytes opens without reading it. Only regular files (a pipe would block in open()).
class MappedFile
{
public:
    // Throws Refusal naming `path` when it cannot be mapped or has fewer than `minimum` bytes
    // (too short for a `format` file).
    MappedFile(const QString &path, qint64 minimum, const QString &format);

    const QString &path() const { return m_path; }
    qint64 size() const { return m_size; }
    const uchar *map() const { return m_map; }
    QByteArrayView bytes() const { return {reinterpret_cast<const char *>(m_map), qsizetype(m_size)}; }

private:
    QString m_path;
    std::unique_ptr<QFile> m_file; // owns the mapping
    const uchar *m_map = nullptr;
    qint64 m_size = 0;
};

} // namespace qkv::transformer
