#include "tensorfiles/tensorreaders.h"

#include "platform/cores.h"
#include "tensorfiles/tensordecode.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <exception>
#include <memory>
#include <set>
#include <vector>

namespace qkv {
namespace tensorio {
namespace {

constexpr quint32 endSignature = 0x06054b50;
constexpr quint32 zip64LocatorSignature = 0x07064b50;
constexpr quint32 centralSignature = 0x02014b50;
constexpr quint32 localSignature = 0x04034b50;
constexpr qint64 maxDeflateRatio = 1032;

// One file of the archive as its central directory describes it. The central directory is
// trusted over the local headers: Python's zipfile (np.savez) writes 0xFFFFFFFF sizes and a
// ZIP64 field into the local header of every entry, and only the central one holds the sizes.
struct NpzEntry {
    QString name;
    quint16 flags = 0;
    quint16 method = 0;
    quint32 crc = 0;
    qint64 compressedSize = 0;
    qint64 size = 0;
    qint64 localOffset = 0;
};

[[noreturn]] void refuseZip64(const QString &what)
{
    fail(QStringLiteral("%1: ZIP64 archives (over 4 GiB or 65,535 entries) are not read").arg(what));
}

// The end of central directory record: the last 22 bytes, unless a comment follows it.
qint64 findEnd(QByteArrayView bytes)
{
    const qint64 last = bytes.size() - 22;
    for (qint64 at = last; at >= 0 && at >= last - 0xffff; --at)
        if (le32(bytes, at) == endSignature && at + 22 + le16(bytes, at + 20) == bytes.size())
            return at;
    fail(QStringLiteral("not a ZIP archive (no end of central directory record); an .npz is what numpy.savez "
                        "writes"));
}

std::vector<NpzEntry> centralDirectory(QByteArrayView bytes)
{
    const qint64 end = findEnd(bytes);
    if (end >= 20 && le32(bytes, end - 20) == zip64LocatorSignature)
        refuseZip64(u"end of central directory"_qs);
    const quint16 disk = le16(bytes, end + 4), directoryDisk = le16(bytes, end + 6);
    const quint16 here = le16(bytes, end + 8), total = le16(bytes, end + 10);
    const quint32 size = le32(bytes, end + 12), offset = le32(bytes, end + 16);
    if (total == 0xffff || size == 0xffffffff || offset == 0xffffffff)
        refuseZip64(u"end of central directory"_qs);
    if (disk != 0 || directoryDisk != 0 || here != total)
        fail(QStringLiteral("archives split over several disks are not read"));
    const QByteArrayView directory = slice(bytes.first(end), offset, size, u"central directory"_qs);
    std::vector<NpzEntry> entries;
    qint64 at = 0;
    for (int i = 0; i < total; ++i) {
        const QString where = QStringLiteral("central directory entry %1").arg(i + 1);
        slice(directory, at, 46, where);
        if (le32(directory, at) != centralSignature)
            fail(QStringLiteral("%1: bad signature").arg(where));
        NpzEntry e;
        e.flags = le16(directory, at + 8);
        e.method = le16(directory, at + 10);
        e.crc = le32(directory, at + 16);
        e.compressedSize = le32(directory, at + 20);
        e.size = le32(directory, at + 24);
        e.localOffset = le32(directory, at + 42);
        const int nameLength = le16(directory, at + 28);
        const qint64 next = at + 46 + nameLength + le16(directory, at + 30) + le16(directory, at + 32);
        const QByteArrayView name = slice(directory, at + 46, nameLength, where);
        // Bit 11: the name is UTF-8; without it, the names np.savez writes are plain ASCII.
        e.name = e.flags & 0x800 ? QString::fromUtf8(name) : QString::fromLatin1(name);
        if (e.compressedSize == 0xffffffff || e.size == 0xffffffff || e.localOffset == 0xffffffff)
            refuseZip64(e.name);
        slice(directory, at, next - at, where);
        at = next;
        entries.push_back(e);
    }
    return entries;
}

QString methodName(int method)
{
    switch (method) {
    case 9:
        return QStringLiteral(" (deflate64)");
    case 12:
        return QStringLiteral(" (bzip2)");
    case 14:
        return QStringLiteral(" (LZMA)");
    case 93:
        return QStringLiteral(" (Zstandard)");
    default:
        return {};
    }
}

// Inflates raw deflate data into exactly `size` bytes at `out`. With `whole` the stream must end
// there: a stream that wants to write more is refused (a zip bomb lies about its size), as is
// one that ends early. Without it, only the first `size` bytes are wanted; returns how many
// were written.
qint64 inflateInto(QByteArrayView compressed, char *out, qint64 size, bool whole)
{
    if (whole) {
        // libdeflate inflates a whole entry two to three times as fast as zlib; zlib, streaming,
        // says better what is wrong with a broken one.
        const std::unique_ptr<libdeflate_decompressor, decltype(&libdeflate_free_decompressor)> d(
            libdeflate_alloc_decompressor(), &libdeflate_free_decompressor);
        std::size_t written = 0;
        if (d
            && libdeflate_deflate_decompress(
                   d.get(), compressed.data(), std::size_t(compressed.size()), out, std::size_t(size), &written)
                == LIBDEFLATE_SUCCESS
            && qint64(written) == size)
            return size;
    }
    z_stream z {};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        fail(QStringLiteral("zlib could not start"));
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.data()));
    z.avail_in = uInt(compressed.size());
    z.next_out = reinterpret_cast<Bytef *>(out);
    z.avail_out = uInt(size);
    const int rc = inflate(&z, Z_FINISH);
    const QString message = z.msg ? QString::fromLatin1(z.msg) : QString();
    const qint64 written = qint64(z.total_out);
    const bool inputLeft = z.avail_in > 0;
    inflateEnd(&z);
    if (!whole && (rc == Z_STREAM_END || written == size))
        return written;
    if (rc == Z_STREAM_END && written == size)
        return written;
    if (rc == Z_STREAM_END)
        fail(QStringLiteral("inflates to %1 bytes, not the %2 the archive declares").arg(written).arg(size));
    if (rc == Z_DATA_ERROR)
        fail(QStringLiteral("the compressed data is corrupt (%1)").arg(message));
    if (written == size && inputLeft)
        fail(QStringLiteral("inflates to more than the %1 bytes the archive declares").arg(size));
    if (written == size)
        fail(QStringLiteral("the compressed data stops before its end marker"));
    fail(QStringLiteral("the compressed data ends early (after %1 of %2 bytes)").arg(written).arg(size));
}

QByteArrayView entryData(QByteArrayView bytes, const NpzEntry &e)
{
    slice(bytes, e.localOffset, 30, u"local header"_qs);
    if (le32(bytes, e.localOffset) != localSignature)
        fail(QStringLiteral("local header: bad signature"));
    const qint64 start = e.localOffset + 30 + le16(bytes, e.localOffset + 26) + le16(bytes, e.localOffset + 28);
    return slice(bytes, start, e.compressedSize, u"data"_qs);
}

// What can be checked of an entry before it is inflated: its method, its place, and that its
// .npy header promises exactly the declared size within what is left of `budget`, which it
// takes its share of.
void checkEntry(QByteArrayView bytes, const NpzEntry &e, qint64 &budget)
{
    if (e.flags & 0x1)
        fail(QStringLiteral("encrypted entries are not read"));
    if (e.method != 0 && e.method != 8)
        fail(QStringLiteral("compression method %1%2 is not read (stored and deflated are)")
                 .arg(e.method)
                 .arg(methodName(e.method)));
    const QByteArrayView data = entryData(bytes, e);
    if (e.method == 0) {
        if (e.compressedSize != e.size)
            fail(QStringLiteral("a stored entry of %1 bytes declares %2 once unpacked")
                     .arg(e.compressedSize)
                     .arg(e.size));
        checkNpyPrefix(data, e.size, budget);
        return;
    }
    // The .npy header must promise exactly the declared size, within budget, before the whole
    // entry is inflated.
    QByteArray prefix(std::min(e.size, maxNpyHeader + 12), Qt::Uninitialized);
    prefix.truncate(inflateInto(data, prefix.data(), prefix.size(), false));
    checkNpyPrefix(prefix, e.size, budget);
    // Deflate makes at most 1,032 bytes of one (2 bits for a match of 258 bytes), so a larger
    // declared size is a lie that would have a few bytes allocate gigabytes (a string array
    // of 4 GB passes the budget, which counts the values decoded, not the bytes inflated).
    if (e.size / maxDeflateRatio > e.compressedSize)
        fail(QStringLiteral("declares %1 bytes once inflated, more than deflate makes of %2 bytes (at most %3 "
                            "times as many)")
                 .arg(e.size)
                 .arg(e.compressedSize)
                 .arg(maxDeflateRatio));
}

// An entry checkEntry passed: inflated, its CRC checked, decoded.
Tensor readEntry(QByteArrayView bytes, const NpzEntry &e)
{
    const QByteArrayView data = entryData(bytes, e);
    // Inflated into floats, whose memory the values keep when they are float32 (no second copy
    // of a few hundred megabytes).
    FloatValues inflated;
    QByteArrayView npy = data;
    if (e.method == 8) {
        inflated.resize(std::size_t((e.size + 3) / 4));
        char *out = reinterpret_cast<char *>(inflated.data());
        npy = QByteArrayView(out, inflateInto(data, out, e.size, true));
    }
    const quint32 crc = libdeflate_crc32(0, npy.data(), std::size_t(npy.size()));
    if (crc != e.crc)
        fail(QStringLiteral("CRC-32 is %1 but the archive declares %2: the data is damaged")
                 .arg(crc, 8, 16, QLatin1Char('0'))
                 .arg(e.crc, 8, 16, QLatin1Char('0')));
    qint64 budget = limits::maxTensorBytes; // checkEntry took this entry's share of the file's
    return parseNpy(npy, budget, e.method == 8 ? &inflated : nullptr);
}

// One wanted entry on its way to a tensor.
struct Job {
    const NpzEntry *entry = nullptr;
    QString name;
    Tensor tensor;
    std::exception_ptr error;
};

// Inflating is most of the time an archive takes to read: each entry of 8 MiB or more is a part
// for a core of its own, largest first (the attention on one core, the queries, keys and values
// on others); the small ones are one part together.
void readOnCores(QByteArrayView bytes, std::vector<Job> &jobs)
{
    constexpr qint64 worthACore = 8 << 20;
    std::vector<Job *> bySize;
    bySize.reserve(jobs.size());
    for (Job &j : jobs)
        bySize.push_back(&j);
    std::stable_sort(
        bySize.begin(), bySize.end(), [](const Job *a, const Job *b) { return a->entry->size > b->entry->size; });
    const auto large = static_cast<int>(
        std::count_if(bySize.begin(), bySize.end(), [](const Job *j) { return j->entry->size >= worthACore; }));
    const auto read = [&](Job &j) {
        try {
            j.tensor = readEntry(bytes, *j.entry);
        } catch (...) {
            j.error = std::current_exception();
        }
    };
    const bool smallOnes = std::size_t(large) < bySize.size();
    inParts(large + (smallOnes ? 1 : 0), [&](int part, int) {
        if (part < large)
            return read(*bySize[static_cast<std::size_t>(part)]);
        for (std::size_t i = std::size_t(large); i < bySize.size(); ++i)
            read(*bySize[i]);
    });
}

} // namespace
} // namespace tensorio

TensorFile readNpz(QByteArrayView bytes, const QString &where, const TensorFilter &wanted)
{
    using namespace tensorio;
    TensorFile file;
    QString entryName;
    try {
        std::set<QString> seen;
        qint64 budget = limits::maxTensorBytes;
        const std::vector<NpzEntry> entries = centralDirectory(bytes);
        std::vector<Job> jobs;
        for (const NpzEntry &e : entries) {
            entryName = e.name;
            // np.savez writes only .npy entries; folders or notes added by other tools are skipped.
            if (!e.name.endsWith(QLatin1String(".npy")))
                continue;
            if (!seen.insert(e.name).second)
                fail(QStringLiteral("the archive holds two entries of this name"));
            const QString name = e.name.chopped(4);
            file.names << name;
            if (wanted && !wanted(name))
                continue;
            checkEntry(bytes, e, budget);
            jobs.push_back({&e, name, {}, {}});
        }
        readOnCores(bytes, jobs);
        for (Job &j : jobs) {
            entryName = j.entry->name;
            if (j.error)
                std::rethrow_exception(j.error);
            j.tensor.name = j.name;
            file.tensors.push_back(std::move(j.tensor));
        }
    } catch (const Invalid &e) {
        file.tensors.clear();
        file.error
            = entryName.isEmpty() ? where + u": "_qs + e.message : where + u": "_qs + entryName + u": "_qs + e.message;
    }
    return file;
}

} // namespace qkv
