// The NumPy .npz reader (issue 7) on any bytes: what tensorfuzz.h checks of every reader, and
// reading only the model's arrays (as a model file is read) agrees with reading them all.
// A mutated entry almost always fails its CRC-32 first, so each input is also read once more
// with the CRCs the archive's entries really have: the .npy inside is then reached as often as
// the ZIP structure around it.
#include "tensorfuzz.h"

#include <zlib.h>

#include <algorithm>
#include <vector>

using namespace qkv;

namespace {

quint32 le(const QByteArray &b, qint64 at, int size)
{
    quint32 v = 0;
    for (int i = size - 1; i >= 0; --i)
        v = v << 8 | uchar(b[at + i]);
    return v;
}

void putLe32(QByteArray &b, qint64 at, quint32 v)
{
    for (int i = 0; i < 4; ++i)
        b[at + i] = char(v >> (8 * i));
}

// The CRC-32 of an entry's data, inflated when it is deflated; nothing when the entry cannot be
// read (the reader refuses it for that reason, not for its CRC).
std::optional<quint32> entryCrc(const QByteArray &b, qint64 local, quint16 method, qint64 packed, qint64 size)
{
    if (local < 0 || local + 30 > b.size() || le(b, local, 4) != 0x04034b50)
        return std::nullopt;
    const qint64 start = local + 30 + le(b, local + 26, 2) + le(b, local + 28, 2);
    if (start > b.size() || packed > b.size() - start)
        return std::nullopt;
    const auto *in = reinterpret_cast<const Bytef *>(b.constData() + start);
    if (method == 0)
        return quint32(crc32_z(0, in, z_size_t(packed)));
    if (method != 8 || size > (qint64(1) << 24))
        return std::nullopt;
    std::vector<Bytef> out(std::size_t(size) + 1);
    z_stream z {};
    if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
        return std::nullopt;
    z.next_in = const_cast<Bytef *>(in);
    z.avail_in = uInt(packed);
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    inflate(&z, Z_FINISH);
    const qint64 written = qint64(z.total_out);
    inflateEnd(&z);
    return quint32(crc32_z(0, out.data(), z_size_t(std::min(written, size))));
}

// The archive with every entry's CRC-32 (central and local header) set to that of its data.
QByteArray withTrueCrcs(QByteArray b)
{
    qint64 end = -1;
    for (qint64 at = b.size() - 22; at >= 0 && at >= b.size() - 22 - 0xffff; --at)
        if (le(b, at, 4) == 0x06054b50 && at + 22 + le(b, at + 20, 2) == b.size()) {
            end = at;
            break;
        }
    if (end < 0)
        return b;
    const quint32 total = le(b, end + 10, 2);
    qint64 at = le(b, end + 16, 4);
    for (quint32 i = 0; i < total && at >= 0 && at + 46 <= end && le(b, at, 4) == 0x02014b50; ++i) {
        const qint64 local = le(b, at + 42, 4);
        if (const auto crc = entryCrc(b, local, quint16(le(b, at + 10, 2)), le(b, at + 20, 4), le(b, at + 24, 4))) {
            putLe32(b, at + 16, *crc);
            putLe32(b, local + 14, *crc);
        }
        at += 46 + le(b, at + 28, 2) + le(b, at + 30, 2) + le(b, at + 32, 2);
    }
    return b;
}

void check(QByteArrayView bytes)
{
    const QString where = QStringLiteral("fuzz.npz");
    const TensorFile all = readNpz(bytes, where);
    fuzz::checkTensorFile(all, where);
    const TensorFile model = readNpz(bytes, where, isModelArrayName);
    fuzz::checkTensorFile(model, where);
    fuzz::checkFiltered(all, model, isModelArrayName);
    fuzz::checkInterpretation(model, where);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    check(bytes);
    const QByteArray fixed = withTrueCrcs(bytes);
    if (fixed != bytes)
        check(fixed);
    return 0;
}
