#pragma once

// The npm packages some tests compare with (.ci/install.sh puts each in build/FOLDER), run by node.
#include <QFile>
#include <QStandardPaths>
#include <QString>

namespace qkv::test {

struct NodeReference {
    QString node; // the executable
    QString modules; // SOURCE/build/FOLDER/node_modules
    QString missing; // why the test cannot run (then skipped), or empty
};

// node and `package` in `folder` under the build folder of the sources at `source`.
inline NodeReference nodeReference(const QString &source, const QString &folder, const QString &package)
{
    NodeReference r {QStandardPaths::findExecutable(QStringLiteral("node")),
        source + QStringLiteral("/build/") + folder + QStringLiteral("/node_modules"), {}};
    if (r.node.isEmpty())
        r.missing = QStringLiteral("node is not installed (bash .ci/dev.sh test installs it)");
    else if (!QFile::exists(r.modules + u'/' + package + QStringLiteral("/package.json")))
        r.missing = QStringLiteral("%1 is not in build/%2 (bash .ci/dev.sh test installs it)").arg(package, folder);
    return r;
}

} // namespace qkv::test
