#include "tensorreaders.h"

#include "settings.h"

#include <QFile>
#include <QFileInfo>

namespace qkv {

TensorFile readTensorFile(const QString &path, const TensorFilter &wanted)
{
    TensorFile file;
    const QFileInfo info(path);
    const QString name = info.fileName().toLower();
    const bool json = name.endsWith(QLatin1String(".json"));
    if (!info.exists())
        file.error = path + QStringLiteral(": no such file");
    else if (info.isDir())
        file.error = path + QStringLiteral(": is a folder, not a file");
    else if (!json && !name.endsWith(QLatin1String(".npy")) && !name.endsWith(QLatin1String(".npz"))
        && !name.endsWith(QLatin1String(".safetensors")))
        file.error = path + QStringLiteral(": expected a .npy, .npz, .safetensors or .json file");
    // QJsonDocument needs several times a file's size in memory: large attention belongs in .npz.
    else if (json && info.size() > limits::maxFileBytes)
        file.error = path
            + QStringLiteral(": a JSON file of %1 MiB is more than the %2 MiB read; save large attention as .npz")
                  .arg(info.size() >> 20)
                  .arg(limits::maxFileBytes >> 20);
    else if (info.size() > limits::maxModelFileBytes)
        file.error = path
            + QStringLiteral(": %1 MiB is more than the %2 MiB read")
                  .arg(info.size() >> 20)
                  .arg(limits::maxModelFileBytes >> 20);
    if (!file.error.isEmpty())
        return file;

    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        file.error = path + u": "_qs + f.errorString();
        return file;
    }
    // Mapped, not read: the readers look at the bytes once and copy only what they decode, so a
    // 150 MB file does not cost a second 150 MB.
    const qint64 size = f.size();
    uchar *mapped = size > 0 ? f.map(0, size) : nullptr;
    QByteArray copy;
    if (!mapped && size > 0)
        copy = f.readAll();
    const QByteArrayView bytes
        = mapped ? QByteArrayView(reinterpret_cast<const char *>(mapped), size) : QByteArrayView(copy);
    if (name.endsWith(QLatin1String(".npy")))
        file = readNpy(bytes, path);
    else if (name.endsWith(QLatin1String(".npz")))
        file = readNpz(bytes, path, wanted);
    else if (name.endsWith(QLatin1String(".safetensors")))
        file = readSafetensors(bytes, path, wanted);
    else
        file = readAttentionJson(bytes, path);
    if (mapped)
        f.unmap(mapped);
    return file;
}

} // namespace qkv
