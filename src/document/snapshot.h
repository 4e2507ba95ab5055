#pragma once

#include <QString>

#include <memory>
#include <vector>

namespace qkv {

class Document;

namespace limits {
// Each snapshot is a whole document: a file holds at most this many.
inline constexpr int maxSnapshots = 20;
} // namespace limits

// A pinned state of a document under a name: its sentence, settings and every number, kept in the
// document so that a view can show what changed since. The state is immutable and shared: copies
// of a document (undo steps) do not copy it.
struct Snapshot {
    QString name;
    std::shared_ptr<const Document> state; // never null; holds no snapshots of its own

    bool operator==(const Snapshot &o) const;
};

// What a snapshot of `doc` keeps: the document without its snapshots, baseline, marks or view.
Document snapshotState(const Document &doc);
// "Snapshot 1", "Snapshot 2", …: the first such name no snapshot of `snapshots` has.
QString nextSnapshotName(const std::vector<Snapshot> &snapshots);
// The snapshot called `name`, or null.
const Snapshot *findSnapshot(const std::vector<Snapshot> &snapshots, const QString &name);

} // namespace qkv
