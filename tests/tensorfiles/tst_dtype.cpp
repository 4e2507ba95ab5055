#include "numpyfixtures.h"
#include "tensorfiles/dtype.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace qkv;

namespace {

// The value of a binary floating-point pattern from its fields, computed in double by ldexp:
// an independent reference for the conversions of Qt and Eigen behind widenToFloat.
float reference(quint32 bits, int exponentBits, int mantissaBits)
{
    const int bias = (1 << (exponentBits - 1)) - 1;
    const quint32 mantissa = bits & ((1u << mantissaBits) - 1);
    const quint32 exponent = (bits >> mantissaBits) & ((1u << exponentBits) - 1);
    const double sign = (bits >> (exponentBits + mantissaBits)) & 1 ? -1.0 : 1.0;
    if (exponent == (1u << exponentBits) - 1)
        return float(mantissa ? std::nan("") : sign * INFINITY);
    if (exponent == 0)
        return float(sign * std::ldexp(double(mantissa), 1 - bias - mantissaBits));
    return float(sign * std::ldexp(double(mantissa + (1u << mantissaBits)), int(exponent) - bias - mantissaBits));
}

bool sameBits(float a, float b)
{
    return std::isnan(a) ? std::isnan(b) : std::bit_cast<quint32>(a) == std::bit_cast<quint32>(b);
}

// Every 16-bit pattern, stored one byte into a buffer: tensors in a mapped file start anywhere.
std::vector<float> widenEveryPattern(Dtype type)
{
    std::vector<uchar> bytes(1 + 2 * 65536);
    for (quint32 b = 0; b < 0x10000; ++b) {
        const quint16 h = quint16(b);
        std::memcpy(bytes.data() + 1 + 2 * b, &h, 2);
    }
    std::vector<float> out(65536);
    widenToFloat(bytes.data() + 1, type, 65536, out.data());
    return out;
}

} // namespace

class TstDtype : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesAndSizes()
    {
        for (const auto &[name, size] :
            std::vector<std::pair<QString, int>> {{u"F64"_qs, 8}, {u"F32"_qs, 4}, {u"F16"_qs, 2}, {u"BF16"_qs, 2},
                {u"F8_E4M3"_qs, 1}, {u"F8_E5M2"_qs, 1}, {u"I64"_qs, 8}, {u"I32"_qs, 4}, {u"I16"_qs, 2}, {u"I8"_qs, 1},
                {u"U64"_qs, 8}, {u"U32"_qs, 4}, {u"U16"_qs, 2}, {u"U8"_qs, 1}, {u"BOOL"_qs, 1}}) {
            const std::optional<Dtype> type = dtypeNamed(name);
            QVERIFY2(type, qPrintable(name));
            QCOMPARE(dtypeName(*type), name);
            QCOMPARE(itemSize(*type), size);
        }
        QVERIFY(!dtypeNamed(u"f32"));
        QVERIFY(!dtypeNamed(u""));
        QVERIFY(!dtypeNamed(u"Q4_0"));
    }

    void everyHalfIsExact()
    {
        const std::vector<float> halves = widenEveryPattern(Dtype::F16);
        const std::vector<float> bfloats = widenEveryPattern(Dtype::BF16);
        for (quint32 b = 0; b < 0x10000; ++b) {
            QVERIFY2(sameBits(halves[b], reference(b, 5, 10)), qPrintable(QString::number(b, 16)));
            QVERIFY2(sameBits(bfloats[b], reference(b << 16, 8, 23)), qPrintable(QString::number(b, 16)));
        }
    }

    // The same 65,536 values as NumPy converts them.
    void everyHalfAsNumPyHasIt()
    {
        numpyfixtures::Folder fixtures;
        const QString failed = fixtures.prepare();
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
        QKV_SKIP_WITHOUT_NUMPY(fixtures);
        const QByteArray bits = fixtures.read(u"half_bits.bin"_qs);
        const QByteArray floats = fixtures.read(u"half_as_f4.bin"_qs);
        QCOMPARE(bits.size(), 2 * 65536);
        QCOMPARE(floats.size(), 4 * 65536);
        std::vector<float> ours(65536);
        widenToFloat(bits.data(), Dtype::F16, 65536, ours.data());
        for (qsizetype i = 0; i < 65536; ++i) {
            float f;
            std::memcpy(&f, floats.data() + 4 * i, 4);
            QVERIFY2(sameBits(ours[std::size_t(i)], f), qPrintable(QString::number(i, 16)));
        }
    }

    // Across the conversion's internal blocks, and F32 copied as it is.
    void longTensorsAcrossBlocks()
    {
        const qint64 n = 10000;
        std::vector<quint16> bf(n);
        std::vector<float> f32(n), out(n);
        for (qint64 i = 0; i < n; ++i) {
            f32[i] = float(i) - 5000.0f;
            bf[i] = quint16(std::bit_cast<quint32>(float(i % 200)) >> 16);
        }
        widenToFloat(bf.data(), Dtype::BF16, n, out.data());
        for (qint64 i = 0; i < n; ++i)
            QCOMPARE(out[i], float(i % 200));
        widenToFloat(f32.data(), Dtype::F32, n, out.data());
        QCOMPARE(out, f32);
    }

    void firstNonFiniteFindsTheFirst()
    {
        std::vector<float> v(9000, 1.0f);
        QCOMPARE(firstNonFinite(v.data(), qint64(v.size())), -1);
        QCOMPARE(firstNonFinite(v.data(), 0), -1);
        v[8500] = -std::numeric_limits<float>::infinity();
        QCOMPARE(firstNonFinite(v.data(), qint64(v.size())), 8500);
        v[4097] = std::nanf("");
        QCOMPARE(firstNonFinite(v.data(), qint64(v.size())), 4097);
        v[0] = std::numeric_limits<float>::infinity();
        QCOMPARE(firstNonFinite(v.data(), qint64(v.size())), 0);
        v.assign(3, std::numeric_limits<float>::max());
        QCOMPARE(firstNonFinite(v.data(), 3), -1);
    }
};

QTEST_GUILESS_MAIN(TstDtype)
#include "tst_dtype.moc"
