#include "document/snapshot.h"

#include "document/document.h"

#include <QCoreApplication>

namespace qkv {

bool Snapshot::operator==(const Snapshot &o) const
{
    return name == o.name && (state == o.state || (state && o.state && *state == *o.state));
}

Document snapshotState(const Document &doc)
{
    Document state = doc;
    state.setSnapshots({});
    state.setBaseline({});
    state.setAnnotations({});
    state.setView({});
    state.setExtraKeys({});
    return state;
}

QString nextSnapshotName(const std::vector<Snapshot> &snapshots)
{
    for (int i = 1;; ++i) {
        QString name = QCoreApplication::translate("Snapshot", "Snapshot %1").arg(i);
        if (!findSnapshot(snapshots, name))
            return name;
    }
}

const Snapshot *findSnapshot(const std::vector<Snapshot> &snapshots, const QString &name)
{
    for (const Snapshot &s : snapshots)
        if (s.name == name)
            return &s;
    return nullptr;
}

} // namespace qkv
