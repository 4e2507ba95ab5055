#pragma once

// Small file helpers for the tests: what is on disk, byte for byte, and a full disk to save on.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>

#include <unistd.h>

namespace qkv::test {

inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

inline bool write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// A 64 KiB tmpfs mounted at `path`: the way to see what a full disk does to a save.
// Needs root; `skipReason` says why there is none. Unmounted when it goes.
class TinyDisk
{
public:
    explicit TinyDisk(const QString &path)
        : m_path(path)
    {
        if (geteuid() != 0) {
            m_skipReason = QStringLiteral("needs root to mount a 64 KiB tmpfs");
            return;
        }
        QDir().mkpath(path);
        const QStringList args {u"-t"_qs, u"tmpfs"_qs, u"-o"_qs, u"size=64k"_qs, u"tmpfs"_qs, path};
        if (QProcess::execute(u"mount"_qs, args) != 0)
            m_skipReason = QStringLiteral("mount -t tmpfs is not permitted here");
    }
    ~TinyDisk()
    {
        if (m_skipReason.isEmpty())
            QProcess::execute(u"umount"_qs, {m_path});
    }
    TinyDisk(const TinyDisk &) = delete;
    TinyDisk &operator=(const TinyDisk &) = delete;

    const QString &skipReason() const { return m_skipReason; }
    const QString &path() const { return m_path; }
    QString filePath(const QString &name) const { return m_path + u'/' + name; }
    // Writes a file named "filler" until not one more block fits.
    void fill() const
    {
        QFile filler(filePath(u"filler"_qs));
        if (!filler.open(QIODevice::WriteOnly))
            return;
        const QByteArray block(4096, 'x');
        while (filler.write(block) == block.size() && filler.flush()) { }
    }

private:
    QString m_path;
    QString m_skipReason;
};

} // namespace qkv::test
