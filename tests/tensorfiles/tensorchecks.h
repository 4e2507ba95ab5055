#pragma once

#include "tensorfiles/tensor.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <bit>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

// Helpers of the tensor reader tests: bytes built by hand, and exact (bit for bit) comparison
// of floats, since QCOMPARE compares floats only approximately.
namespace tensorchecks {

using qkv::TensorFile;

template<typename T>
void appendLe(QByteArray &out, T value)
{
    for (std::size_t i = 0; i < sizeof(T); ++i)
        out += char((std::uint64_t(value) >> (8 * i)) & 0xff);
}

inline QByteArray floatBytes(const std::vector<float> &values)
{
    QByteArray out(qsizetype(values.size() * sizeof(float)), Qt::Uninitialized);
    std::memcpy(out.data(), values.data(), std::size_t(out.size()));
    return out;
}

// Empty when equal bit for bit (so -0 differs from 0), else where they first differ.
template<typename Values>
QString difference(const Values &got, const std::vector<float> &expected)
{
    if (got.size() != expected.size())
        return QStringLiteral("%1 values instead of %2").arg(got.size()).arg(expected.size());
    for (std::size_t i = 0; i < got.size(); ++i)
        if (std::bit_cast<std::uint32_t>(got[i]) != std::bit_cast<std::uint32_t>(expected[i]))
            return QStringLiteral("value %1 is %2, expected %3")
                .arg(i)
                .arg(double(got[i]), 0, 'g', 9)
                .arg(double(expected[i]), 0, 'g', 9);
    return {};
}

// The values NumPy's fixtures hold: np.arange(count) / 8 - 1, exact in every float type.
inline std::vector<float> ramp(qint64 count)
{
    std::vector<float> out;
    for (qint64 i = 0; i < count; ++i)
        out.push_back(float(i) / 8 - 1);
    return out;
}

using Reader = std::function<TensorFile(QByteArrayView bytes, const QString &where)>;

// Reads every prefix of `whole`, each of which must be refused with a message naming the file,
// then `whole` with each byte changed three ways, each of which must give either well-formed
// tensors or such a message (and never crash). Returns the first failure, or an empty string.
inline QString damageEveryByte(const QByteArray &whole, const Reader &read)
{
    const auto wellFormed = [](const TensorFile &r) {
        if (!r)
            return r.error.startsWith(QStringLiteral("d: "));
        for (const qkv::Tensor &t : r.tensors)
            if ((t.text ? t.strings.size() : qsizetype(t.data.size())) != t.count())
                return false;
        return true;
    };
    for (qsizetype cut = 0; cut < whole.size(); ++cut) {
        const TensorFile r = read(whole.first(cut), QStringLiteral("d"));
        if (r || !wellFormed(r))
            return QStringLiteral("cut at byte %1: %2").arg(cut).arg(r ? QStringLiteral("accepted") : r.error);
    }
    for (qsizetype at = 0; at < whole.size(); ++at) {
        for (char mask : {char(0x01), char(0x80), char(0xff)}) {
            QByteArray bytes = whole;
            bytes[at] = char(bytes[at] ^ mask);
            const TensorFile r = read(bytes, QStringLiteral("d"));
            if (!wellFormed(r))
                return QStringLiteral("byte %1 changed: %2").arg(at).arg(r.error);
        }
    }
    return {};
}

} // namespace tensorchecks
