#include "tensorfiles/tensorreaders.h"

#include "tensorfiles/npyheader.h"
#include "tensorfiles/tensordecode.h"

#include <cstring>

namespace qkv {
namespace tensorio {
namespace {

// Tokens and labels: a million strings, 64 MiB of them at most (NumPy pads every string to the
// longest, so one long string in many makes the array large).
constexpr qint64 maxStrings = qint64(1) << 20;
constexpr qint64 maxStringBytes = qint64(64) << 20;

struct Descr {
    bool text = false;
    bool ucs4 = false; // text: NumPy's <U (UTF-32) rather than |S (bytes, read as UTF-8)
    Dtype type = Dtype::F32;
    int itemSize = 4;
};

Descr parseDescr(const QString &d)
{
    if (d == u"|O" || d == u"O")
        fail(QStringLiteral("dtype '%1': object arrays hold pickled Python objects, which are never loaded").arg(d));
    bool ok = false;
    const int size = d.size() >= 3 ? d.mid(2).toInt(&ok) : 0;
    if (!ok || size <= 0 || size > (1 << 16) || !QStringLiteral("<>|=").contains(d[0]))
        fail(QStringLiteral("dtype '%1' is not one this program reads (<f2, <f4, <f8)").arg(d));
    const QChar order = d[0];
    const char16_t kind = d[1].unicode();
    if (order == u'>' && (kind == u'U' || size > 1) && kind != u'S')
        fail(QStringLiteral("big-endian data ('%1') is not read: save it little-endian, e.g. with "
                            "arr.astype('<%2')")
                 .arg(d, d.mid(1)));
    switch (kind) {
    case u'f':
        if (order == u'<' && size == 2)
            return {false, false, Dtype::F16, 2};
        if (order == u'<' && size == 4)
            return {false, false, Dtype::F32, 4};
        if (order == u'<' && size == 8)
            return {false, false, Dtype::F64, 8};
        break;
    case u'i':
    case u'u':
        fail(QStringLiteral("dtype '%1': integer arrays are not read; attention, queries, keys and values are "
                            "floats (save with arr.astype('float32'))")
                 .arg(d));
    case u'b':
        fail(QStringLiteral("dtype '%1': boolean arrays are not read; attention is a float array").arg(d));
    case u'c':
        fail(QStringLiteral("dtype '%1': complex numbers are not read").arg(d));
    case u'U':
        if (order != u'=')
            return {true, true, Dtype::F32, 4 * size};
        break;
    case u'S':
        return {true, false, Dtype::F32, size};
    default:
        break;
    }
    fail(QStringLiteral("dtype '%1' is not one this program reads (<f2, <f4, <f8)").arg(d));
}

// Fortran order is read by reordering the bytes into C order (first index fastest becomes
// last index fastest), so every array leaves the reader row-major with its declared shape.
QByteArray toCOrder(QByteArrayView data, const std::vector<qint64> &shape, qint64 count, int itemSize)
{
    const int rank = int(shape.size());
    std::vector<qint64> stride(rank, itemSize), index(rank, 0);
    for (int k = 1; k < rank; ++k)
        stride[k] = stride[k - 1] * shape[k - 1];
    QByteArray out(data.size(), Qt::Uninitialized);
    qint64 from = 0;
    for (qint64 i = 0; i < count; ++i) {
        std::memcpy(out.data() + i * itemSize, data.data() + from, itemSize);
        for (int k = rank - 1; k >= 0; --k) {
            from += stride[k];
            if (++index[k] < shape[k])
                break;
            from -= stride[k] * shape[k];
            index[k] = 0;
        }
    }
    return out;
}

QStringList decodeText(QByteArrayView data, qint64 count, const Descr &descr, const std::vector<qint64> &shape)
{
    QStringList out;
    out.reserve(count);
    std::vector<char32_t> chars;
    for (qint64 i = 0; i < count; ++i) {
        const QByteArrayView item = data.sliced(i * descr.itemSize, descr.itemSize);
        if (!descr.ucs4) {
            // NumPy pads with NULs and strips them again on reading.
            const qsizetype end = item.indexOf('\0');
            out << QString::fromUtf8(end < 0 ? item : item.first(end));
            continue;
        }
        chars.clear();
        for (qint64 c = 0; c < descr.itemSize / 4; ++c) {
            const char32_t u = le32(item, 4 * c);
            if (u == 0)
                break;
            if (u > 0x10ffff || (u >= 0xd800 && u < 0xe000))
                fail(QStringLiteral("string at %1 holds U+%2, which is not a character")
                         .arg(indexString(i, shape))
                         .arg(quint32(u), 4, 16, QLatin1Char('0')));
            chars.push_back(u);
        }
        out << QString::fromUcs4(chars.data(), qsizetype(chars.size()));
    }
    return out;
}

// Where the values of a .npy file start and what they are, from its first bytes alone.
struct Layout {
    NpyHeader header;
    Descr descr;
    qint64 dataOffset = 0;
    qint64 count = 0;
};

// `bytes` may be only the beginning of a file of `totalSize` bytes (a deflated .npz entry whose
// header is checked before the whole entry is inflated).
Layout parseLayout(QByteArrayView bytes, qint64 totalSize, qint64 &budget)
{
    if (bytes.size() < 6 || std::memcmp(bytes.data(), "\x93NUMPY", 6) != 0)
        fail(QStringLiteral("not a NumPy array: it does not start with \\x93NUMPY"));
    slice(bytes, 6, 2, u"format version"_qs);
    const int major = uchar(bytes[6]), minor = uchar(bytes[7]);
    if (major < 1 || major > 3 || minor != 0)
        fail(QStringLiteral("format version %1.%2 is not read (1.0, 2.0 and 3.0 are)").arg(major).arg(minor));
    const int lengthSize = major == 1 ? 2 : 4;
    slice(bytes, 8, lengthSize, u"header length"_qs);
    const qint64 headerLength = major == 1 ? le16(bytes, 8) : le32(bytes, 8);
    if (headerLength > maxNpyHeader)
        fail(QStringLiteral("header: %1 bytes is longer than any NumPy header (at most %2)")
                 .arg(headerLength)
                 .arg(maxNpyHeader));
    const QByteArrayView headerBytes = slice(bytes, 8 + lengthSize, headerLength, u"header"_qs);
    // Version 3.0 exists only to allow UTF-8 in the header (field names); 1.0 and 2.0 are Latin-1.
    Layout layout;
    layout.header = parseNpyHeader(major == 3 ? QString::fromUtf8(headerBytes) : QString::fromLatin1(headerBytes));
    layout.dataOffset = 8 + lengthSize + headerLength;
    try {
        layout.descr = parseDescr(layout.header.descr);
        layout.count = checkedCount(layout.header.shape, budget);
        // Strings are charged by their bytes, not as floats, before anything is inflated: a few
        // MB of deflated NULs can declare gigabytes of text.
        if (layout.descr.text && layout.count > maxStrings)
            fail(QStringLiteral("a string array of %1 items is more than this program reads").arg(layout.count));
        if (layout.descr.text && layout.count * layout.descr.itemSize > maxStringBytes)
            fail(QStringLiteral("a string array of %1 MiB is more than the %2 MiB of text this program reads")
                     .arg((layout.count * layout.descr.itemSize) >> 20)
                     .arg(maxStringBytes >> 20));
        checkDataSize(layout.header.shape, layout.count, layout.descr.itemSize, totalSize - layout.dataOffset);
    } catch (const Invalid &e) {
        fail(u"header: "_qs + e.message);
    }
    return layout;
}

} // namespace

void checkNpyPrefix(QByteArrayView prefix, qint64 totalSize, qint64 &budget)
{
    parseLayout(prefix, totalSize, budget);
}

Tensor parseNpy(QByteArrayView bytes, qint64 &budget, FloatValues *storage)
{
    const Layout layout = parseLayout(bytes, bytes.size(), budget);
    const Descr &descr = layout.descr;
    const qint64 count = layout.count;
    const QByteArrayView data = bytes.sliced(layout.dataOffset);
    Tensor t;
    t.shape = layout.header.shape;
    QByteArray reordered;
    const QByteArrayView cOrder = layout.header.fortranOrder && t.shape.size() > 1
        ? QByteArrayView(reordered = toCOrder(data, t.shape, count, descr.itemSize))
        : data;
    t.text = descr.text;
    if (descr.text) {
        t.strings = decodeText(cOrder, count, descr, t.shape);
    } else if (storage && descr.type == Dtype::F32 && cOrder.data() == data.data() && layout.dataOffset % 4 == 0
        && bytes.data() == reinterpret_cast<const char *>(storage->data())) {
        t.data = adoptFloats(std::move(*storage), layout.dataOffset / 4, count, t.shape);
    } else {
        t.data = decodeFloats(cOrder, descr.type, t.shape);
    }
    return t;
}

} // namespace tensorio

TensorFile readNpy(QByteArrayView bytes, const QString &where)
{
    TensorFile file;
    qint64 budget = limits::maxTensorBytes;
    try {
        file.tensors.push_back(tensorio::parseNpy(bytes, budget));
        file.names << QString();
    } catch (const tensorio::Invalid &e) {
        file.error = where + u": "_qs + e.message;
    }
    return file;
}

} // namespace qkv
