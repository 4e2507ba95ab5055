#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace qkv {

// The worked examples of the articles, bundled as documents in resources/examples and
// reachable as `example:NAME` wherever a file is taken.
QStringList exampleNames();
QByteArray exampleBytes(const QString &name); // empty when there is no such example
QString defaultExampleName();

} // namespace qkv
