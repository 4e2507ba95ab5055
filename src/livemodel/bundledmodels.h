#pragma once

#include <QString>
#include <QStringList>

namespace qkv::live {

// Models that ship inside the program (Qt resources under :/models/NAME/), reachable as
// `example:NAME` wherever a model is taken. The runtime maps weights from files, so each is
// unpacked once into the cache folder, under a name that changes with its contents.
QStringList bundledModelNames();
bool isBundledModel(const QString &location); // example:NAME of a bundled model
// The "title" and "description" of its qkvlab.json (the name when it has none).
QString bundledModelTitle(const QString &name);
QString bundledModelDescription(const QString &name);
// The folder on disk of `example:NAME`, unpacked when missing; empty with `error` set when the
// cache folder cannot be written.
QString bundledModelFolder(const QString &location, QString *error);

} // namespace qkv::live
