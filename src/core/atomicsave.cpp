#include "atomicsave.h"

#include <QSaveFile>

namespace qkv {

QString saveAtomically(const QString &path, const std::function<bool(QIODevice &)> &writer)
{
    QSaveFile file(path);
    const auto fail = [&](const QString &reason) {
        file.cancelWriting();
        return QStringLiteral("Could not save %1: %2").arg(path, reason);
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    if (!writer(file))
        return fail(
            file.errorString().isEmpty() ? QStringLiteral("the data could not be written") : file.errorString());
    if (!file.flush())
        return fail(file.errorString());
    if (!file.commit())
        return QStringLiteral("Could not save %1: %2").arg(path, file.errorString());
    return {};
}

QString saveAtomically(const QString &path, const QByteArray &bytes)
{
    return saveAtomically(path, [&](QIODevice &device) { return device.write(bytes) == bytes.size(); });
}

} // namespace qkv
