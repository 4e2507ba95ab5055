#include "tensorfiles/tensordecode.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace qkv::tensorio {

void fail(const QString &message)
{
    throw Invalid {message};
}

QString shapeString(const std::vector<qint64> &shape)
{
    QStringList parts;
    for (qint64 d : shape)
        parts << QString::number(d);
    // NumPy's spelling: a one-dimensional shape keeps its trailing comma.
    return u'(' + parts.join(QStringLiteral(", ")) + (shape.size() == 1 ? QStringLiteral(",)") : QStringLiteral(")"));
}

QString indexString(qint64 flat, const std::vector<qint64> &shape)
{
    QStringList parts;
    for (auto d = shape.rbegin(); d != shape.rend(); ++d) {
        parts.prepend(QString::number(*d > 0 ? flat % *d : 0));
        flat = *d > 0 ? flat / *d : 0;
    }
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

qint64 checkedCount(const std::vector<qint64> &shape, qint64 &budget)
{
    constexpr qint64 maxValues = limits::maxTensorBytes / qint64(sizeof(float));
    qint64 count = 1;
    for (qint64 d : shape)
        if (d < 0)
            fail(QStringLiteral("shape %1 has a negative dimension").arg(shapeString(shape)));
    for (qint64 d : shape) {
        if (d == 0)
            return 0;
        // count ≤ maxValues before the product, so the comparison itself cannot overflow.
        if (count > maxValues / d)
            fail(QStringLiteral("shape %1 is too large: this program reads at most %2 MiB of values")
                     .arg(shapeString(shape))
                     .arg(limits::maxTensorBytes >> 20));
        count *= d;
    }
    const qint64 bytes = count * qint64(sizeof(float));
    if (bytes > budget)
        fail(QStringLiteral("shape %1 is too large: with the arrays before it, more than the %2 MiB of values this "
                            "program reads from one file")
                 .arg(shapeString(shape))
                 .arg(limits::maxTensorBytes >> 20));
    budget -= bytes;
    return count;
}

void checkDataSize(const std::vector<qint64> &shape, qint64 count, int itemSize, qint64 available)
{
    if (count * itemSize == available)
        return;
    if (available % itemSize == 0)
        fail(QStringLiteral("shape %1 has %2 values but the data holds %3")
                 .arg(shapeString(shape))
                 .arg(count)
                 .arg(available / itemSize));
    fail(QStringLiteral("shape %1 of %2-byte values needs %3 bytes but the data holds %4")
             .arg(shapeString(shape))
             .arg(itemSize)
             .arg(count * itemSize)
             .arg(available));
}

namespace {

QString spell(double x)
{
    if (std::isnan(x))
        return QStringLiteral("NaN");
    if (std::isinf(x))
        return x > 0 ? QStringLiteral("infinity") : QStringLiteral("-infinity");
    return QString::number(x, 'g', 17);
}

[[noreturn]] void refuse(qint64 index, double x, const std::vector<qint64> &shape)
{
    if (std::isfinite(x))
        fail(QStringLiteral("value at %1 is %2, beyond the range of a 32-bit float")
                 .arg(indexString(index, shape), spell(x)));
    fail(QStringLiteral("value at %1 is %2: only finite numbers are read").arg(indexString(index, shape), spell(x)));
}

void checkFinite(const FloatValues &values, const std::vector<qint64> &shape)
{
    if (const qint64 i = firstNonFinite(values.data(), qint64(values.size())); i >= 0)
        refuse(i, values[std::size_t(i)], shape);
}

} // namespace

FloatValues adoptFloats(FloatValues &&storage, qint64 first, qint64 count, const std::vector<qint64> &shape)
{
    FloatValues out = std::move(storage);
    if (count > 0 && first > 0)
        std::memmove(out.data(), out.data() + first, std::size_t(count) * sizeof(float));
    out.resize(std::size_t(count));
    checkFinite(out, shape);
    return out;
}

FloatValues decodeFloats(QByteArrayView bytes, Dtype type, const std::vector<qint64> &shape)
{
    const qint64 count = bytes.size() / itemSize(type);
    FloatValues out(count);
    const char *p = bytes.data();
    if (type == Dtype::F64) {
        for (qint64 i = 0; i < count; ++i) {
            double x;
            std::memcpy(&x, p + 8 * i, sizeof x);
            if (!std::isfinite(x) || std::abs(x) > double(std::numeric_limits<float>::max()))
                refuse(i, x, shape);
            out[i] = static_cast<float>(x);
        }
    } else {
        widenToFloat(p, type, count, out.data());
    }
    checkFinite(out, shape);
    return out;
}

QByteArrayView slice(QByteArrayView bytes, qint64 offset, qint64 size, const QString &what)
{
    if (offset < 0 || size < 0 || offset > bytes.size() || size > bytes.size() - offset)
        fail(QStringLiteral("%1: needs %2 bytes at offset %3, but there are only %4")
                 .arg(what)
                 .arg(size)
                 .arg(offset)
                 .arg(bytes.size()));
    return bytes.sliced(offset, size);
}

quint16 le16(QByteArrayView bytes, qint64 offset)
{
    const auto *p = reinterpret_cast<const uchar *>(bytes.data() + offset);
    return quint16(p[0] | p[1] << 8);
}

quint32 le32(QByteArrayView bytes, qint64 offset)
{
    return quint32(le16(bytes, offset)) | quint32(le16(bytes, offset + 2)) << 16;
}

quint64 le64(QByteArrayView bytes, qint64 offset)
{
    return quint64(le32(bytes, offset)) | quint64(le32(bytes, offset + 4)) << 32;
}

} // namespace qkv::tensorio
