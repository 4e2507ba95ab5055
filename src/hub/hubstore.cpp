#include "hub/hubstore.h"

#include "platform/atomicsave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace qkv::hub {

HubStore::HubStore(const QString &cache, const RepoRef &repo)
    : m_folder(QDir(cache).filePath(repo.cacheFolderName()))
{ }

QString HubStore::blobPath(const RepoFile &file) const
{
    return m_folder + QStringLiteral("/blobs/") + file.etag();
}

QString HubStore::incompletePath(const RepoFile &file) const
{
    return blobPath(file) + QStringLiteral(".incomplete");
}

QString HubStore::snapshotFolder(const QString &commit) const
{
    return m_folder + QStringLiteral("/snapshots/") + commit;
}

QString HubStore::snapshotPath(const QString &commit, const RepoFile &file) const
{
    return snapshotFolder(commit) + u'/' + file.path;
}

bool HubStore::hasInSnapshot(const QString &commit, const RepoFile &file) const
{
    const QFileInfo info(snapshotPath(commit, file));
    return info.exists() && info.isFile() && info.size() == file.size;
}

bool HubStore::hasBlob(const RepoFile &file) const
{
    const QFileInfo info(blobPath(file));
    return info.isFile() && !info.isSymLink() && info.size() == file.size;
}

QString HubStore::prepare() const
{
    // The cache itself may be a link (a user's choice); the repository's folders may not.
    for (const QString &sub :
        {QString(), QStringLiteral("/blobs"), QStringLiteral("/snapshots"), QStringLiteral("/refs")}) {
        const QString path = m_folder + sub;
        if (QFileInfo(path).isSymLink())
            return QStringLiteral("%1 is a symbolic link: refusing to write through it").arg(path);
        if (!QDir().mkpath(path))
            return QStringLiteral("cannot make the folder %1").arg(path);
    }
    return {};
}

QString HubStore::link(const QString &commit, const RepoFile &file) const
{
    const QString at = snapshotPath(commit, file);
    const QString folder = QFileInfo(at).absolutePath();
    // Every folder between the snapshot and the file is made here, none may be a link.
    for (QString f = folder; f.size() > snapshotFolder(commit).size(); f = QFileInfo(f).absolutePath())
        if (QFileInfo(f).isSymLink())
            return QStringLiteral("%1 is a symbolic link: refusing to write through it").arg(f);
    if (QFileInfo(snapshotFolder(commit)).isSymLink())
        return QStringLiteral("%1 is a symbolic link: refusing to write through it").arg(snapshotFolder(commit));
    if (!QDir().mkpath(folder))
        return QStringLiteral("cannot make the folder %1").arg(folder);
    const QString target = QString(QStringLiteral("../")).repeated(2 + int(file.path.count(u'/')))
        + QStringLiteral("blobs/") + file.etag();
    QFile::remove(at); // an older link or a partial copy
    if (!QFile::link(target, at))
        return QStringLiteral("cannot link %1 to its blob").arg(at);
    return {};
}

QString HubStore::writeRef(const QString &revision, const QString &commit) const
{
    // refs/ is there even when a commit was asked for: other clients' cache scans expect it.
    const QString path = m_folder + QStringLiteral("/refs/") + revision;
    if (!QDir().mkpath(isCommitHash(revision) ? m_folder + QStringLiteral("/refs") : QFileInfo(path).absolutePath()))
        return QStringLiteral("cannot make the folder for %1").arg(path);
    return isCommitHash(revision) ? QString() : saveAtomically(path, commit.toLatin1());
}

} // namespace qkv::hub
