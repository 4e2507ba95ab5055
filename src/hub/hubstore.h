#pragma once

#include "hub/hublisting.h"
#include "hub/hubrepo.h"

#include <QString>

namespace qkv::hub {

// One repository's folder in the Hugging Face cache, laid out as huggingface_hub lays it out, so
// that either finds what the other fetched: blobs/<etag> (the content), snapshots/<commit>/<path>
// (relative symbolic links to the blobs) and refs/<revision> (the commit a branch was at). A
// download writes blobs/<etag>.incomplete and renames it only once verified.
class HubStore
{
public:
    // `cache`: the cache folder (transformer::hubCacheFolder()).
    HubStore(const QString &cache, const RepoRef &repo);

    const QString &folder() const { return m_folder; }
    QString blobPath(const RepoFile &file) const;
    QString incompletePath(const RepoFile &file) const;
    QString snapshotFolder(const QString &commit) const;
    QString snapshotPath(const QString &commit, const RepoFile &file) const;

    // The file is in the snapshot (its link leads to a blob of the listed size).
    bool hasInSnapshot(const QString &commit, const RepoFile &file) const;
    // The verified blob is there.
    bool hasBlob(const RepoFile &file) const;
    // Makes the repository's folders, refusing a folder of the cache that is a symbolic link
    // (planted to send the files elsewhere). Empty on success, else why.
    QString prepare() const;
    // snapshots/<commit>/<path> → ../../blobs/<etag> (one more ../ a folder deep). Empty, or why.
    QString link(const QString &commit, const RepoFile &file) const;
    // refs/<revision> holds `commit` (a branch or tag; a commit asked for by its hash has none).
    QString writeRef(const QString &revision, const QString &commit) const;

private:
    QString m_folder;
};

} // namespace qkv::hub
