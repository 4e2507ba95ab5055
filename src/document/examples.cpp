#include "document/examples.h"

#include <QDir>
#include <QFile>

namespace qkv {
namespace {
const QString folder = QStringLiteral(":/examples/");
const QString suffix = QStringLiteral(".qkv.json");
} // namespace

QStringList exampleNames()
{
    QStringList names;
    for (const QString &file : QDir(folder).entryList({QLatin1Char('*') + suffix}, QDir::Files, QDir::Name))
        names << file.chopped(suffix.size());
    return names;
}

QByteArray exampleBytes(const QString &name)
{
    if (name.isEmpty() || name.contains(QLatin1Char('/')))
        return {};
    QFile file(folder + name + suffix);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString defaultExampleName()
{
    return QStringLiteral("animal");
}

} // namespace qkv
