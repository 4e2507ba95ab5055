#include "modelfiles/attentionreaders.h"

#include "document/settings.h"
#include "platform/fileread.h"
#include "platform/systemerror.h"

#include <QFileInfo>

#include <cerrno>
#include <sys/mman.h>

namespace qkv {
namespace {

// A file that cannot be mapped (no address space left, a file system without mmap) is read
// into memory only up to this size.
constexpr qint64 maxReadInsteadOfMapped = qint64(256) << 20;

} // namespace

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

    ReadableFile f(path);
    if (!f.isOpen() || !f.isRegular()) {
        file.error = path + u": "_qs + (f.isOpen() ? QStringLiteral("is a pipe or device, not a file") : f.error());
        return file;
    }
    // Mapped, not read: the readers look at the bytes once and copy only what they decode, so a
    // 150 MB file does not cost a second 150 MB.
    const qint64 size = f.size();
    void *mapped
        = size > 0 ? ::mmap(nullptr, static_cast<size_t>(size), PROT_READ, MAP_PRIVATE, f.descriptor(), 0) : MAP_FAILED;
    QByteArray copy;
    if (mapped == MAP_FAILED && size > 0) {
        // Reading instead costs the file's size in memory: only for files that small.
        const int why = errno;
        if (size > maxReadInsteadOfMapped) {
            file.error = path
                + QStringLiteral(": could not be mapped into memory (%1), and %2 MiB is too much to read instead")
                      .arg(systemErrorText(why))
                      .arg(size >> 20);
            return file;
        }
        std::optional<QByteArray> read = f.readUpTo(size);
        if (!read) {
            file.error = path + u": "_qs + f.error();
            return file;
        }
        copy = std::move(*read);
    }
    const QByteArrayView bytes
        = mapped != MAP_FAILED ? QByteArrayView(static_cast<const char *>(mapped), size) : QByteArrayView(copy);
    if (name.endsWith(QLatin1String(".npy")))
        file = readNpy(bytes, path);
    else if (name.endsWith(QLatin1String(".npz")))
        file = readNpz(bytes, path, wanted);
    else if (name.endsWith(QLatin1String(".safetensors")))
        file = readSafetensors(bytes, path, wanted);
    else
        file = readAttentionJson(bytes, path);
    if (mapped != MAP_FAILED)
        ::munmap(mapped, static_cast<size_t>(size));
    return file;
}

} // namespace qkv
