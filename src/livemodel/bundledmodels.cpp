#include "livemodel/bundledmodels.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>

namespace qkv::live {
namespace {

const QString resourceRoot = QStringLiteral(":/models/");
const QString prefix = QStringLiteral("example:");

QStringList filesOf(const QString &name)
{
    return QDir(resourceRoot + name).entryList(QDir::Files, QDir::Name);
}

// A digest of the model's files, so that a newer program never reuses an older unpacked copy.
QString contentsDigest(const QString &name)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &file : filesOf(name)) {
        QFile f(resourceRoot + name + u'/' + file);
        if (f.open(QIODevice::ReadOnly)) {
            hash.addData(file.toUtf8());
            hash.addData(f.readAll());
        }
    }
    return QString::fromLatin1(hash.result().toHex().left(16));
}

bool complete(const QString &folder, const QString &name)
{
    for (const QString &file : filesOf(name))
        if (QFileInfo(folder + u'/' + file).size() != QFileInfo(resourceRoot + name + u'/' + file).size())
            return false;
    return true;
}

QJsonObject hints(const QString &name)
{
    QFile f(resourceRoot + name + QStringLiteral("/qkvlab.json"));
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

} // namespace

QString bundledModelTitle(const QString &name)
{
    return hints(name).value(u"title").toString(name);
}

QString bundledModelDescription(const QString &name)
{
    return hints(name).value(u"description").toString();
}

QStringList bundledModelNames()
{
    return QDir(resourceRoot).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

bool isBundledModel(const QString &location)
{
    return location.startsWith(prefix) && bundledModelNames().contains(location.mid(prefix.size()));
}

QString bundledModelFolder(const QString &location, QString *error)
{
    const QString name = location.mid(prefix.size());
    if (!isBundledModel(location)) {
        *error = QStringLiteral("%1: no such built-in model").arg(location);
        return {};
    }
    QString cache = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
    if (cache.isEmpty())
        cache = QDir::temp().filePath(QStringLiteral("qkvlab-cache"));
    QString folder = QDir(cache).filePath(QStringLiteral("models/%1-%2").arg(name, contentsDigest(name)));
    if (complete(folder, name))
        return folder;
    // Written beside, then renamed into place: a half-written copy is never opened, and two
    // programs unpacking at once both end with a whole one.
    const QString staging = QStringLiteral("%1.part-%2").arg(folder).arg(QCoreApplication::applicationPid());
    QDir(staging).removeRecursively();
    if (!QDir().mkpath(staging)) {
        *error = QStringLiteral("%1: cannot create %2 to unpack the built-in model").arg(location, staging);
        return {};
    }
    for (const QString &file : filesOf(name)) {
        QFile from(resourceRoot + name + u'/' + file);
        QFile to(staging + u'/' + file);
        if (!from.open(QIODevice::ReadOnly) || !to.open(QIODevice::WriteOnly) || to.write(from.readAll()) != from.size()
            || !to.flush()) {
            *error = QStringLiteral("%1: cannot write %2: %3").arg(location, to.fileName(), to.errorString());
            QDir(staging).removeRecursively();
            return {};
        }
    }
    QDir(folder).removeRecursively(); // an incomplete copy left by a program that was stopped
    if (!QDir().rename(staging, folder)) {
        QDir(staging).removeRecursively();
        if (!complete(folder, name)) {
            *error = QStringLiteral("%1: cannot move the unpacked model to %2").arg(location, folder);
            return {};
        }
    }
    return folder;
}

} // namespace qkv::live
