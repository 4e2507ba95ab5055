#pragma once

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

#include <unistd.h>

namespace qkv::test {

// A 64 KiB tmpfs to run a disk full (PITFALLS.md §1). Mounting needs root: isMounted() says
// whether it worked, and why not (skipReason()) for QSKIP. Unmounted when it goes.
class TinyDisk
{
public:
    TinyDisk()
        : m_mount(m_dir.filePath(QStringLiteral("tiny")))
    {
        if (geteuid() != 0) {
            m_skip = QStringLiteral("needs root to mount a tiny tmpfs");
            return;
        }
        QDir().mkpath(m_mount);
        m_mounted = QProcess::execute(QStringLiteral("mount"),
                        {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                            QStringLiteral("size=64k"), QStringLiteral("tmpfs"), m_mount})
            == 0;
        if (!m_mounted)
            m_skip = QStringLiteral("mount is not permitted here");
    }
    ~TinyDisk()
    {
        if (m_mounted)
            QProcess::execute(QStringLiteral("umount"), {m_mount});
    }
    TinyDisk(const TinyDisk &) = delete;
    TinyDisk &operator=(const TinyDisk &) = delete;

    bool isMounted() const { return m_mounted; }
    QString skipReason() const { return m_skip; }
    QString filePath(const QString &name) const { return m_mount + u'/' + name; }

    // Fills what is left with a file of its own, so the next write finds no room.
    void fill() const
    {
        QFile filler(filePath(QStringLiteral(".filler")));
        if (!filler.open(QIODevice::WriteOnly))
            return;
        const QByteArray block(4096, 'x');
        while (filler.write(block) == block.size() && filler.flush()) { }
    }

private:
    QTemporaryDir m_dir;
    QString m_mount;
    bool m_mounted = false;
    QString m_skip;
};

} // namespace qkv::test
