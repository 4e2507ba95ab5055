// ggml's quantized blocks widened to float32: for each type, values worked out by hand from the
// published layout (ggml-common.h), and every element of random blocks against a reference
// written element by element from the same layout (where the reader loops block by block).
#include "kernels/simdlevel.h"
#include "tensorfiles/ggmltype.h"

#include <QFloat16>
#include <QRandomGenerator>
#include <QTest>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

using namespace qkv;

namespace {

void putHalf(uchar *p, float v)
{
    qToUnaligned(qfloat16(v), p);
}

float halfAt(const uchar *p)
{
    return float(qFromUnaligned<qfloat16>(p));
}

std::vector<float> widen(quint32 id, const QByteArray &blocks)
{
    const GgmlType *type = ggmlType(id);
    const qint64 elements = blocks.size() / type->blockBytes * type->blockElements;
    std::vector<float> out(std::size_t(elements), NAN);
    dequantizeGgml(*type, blocks.constData(), elements, out.data());
    return out;
}

// Random bytes with sensible scales at the scale positions (halves between -2 and 2).
QByteArray randomBlocks(quint32 id, int count, const std::vector<int> &halfAt, QRandomGenerator &random)
{
    const GgmlType *type = ggmlType(id);
    QByteArray b(qsizetype(count) * type->blockBytes, Qt::Uninitialized);
    for (char &c : b)
        c = char(random.bounded(256));
    for (int i = 0; i < count; ++i)
        for (int at : halfAt)
            putHalf(reinterpret_cast<uchar *>(b.data()) + qsizetype(i) * type->blockBytes + at,
                float(random.bounded(4.0) - 2.0));
    return b;
}

// Q4_K's and Q5_K's 6-bit scale and min of sub-block s, from the 12 packed bytes.
int scaleK4(const uchar *p, int s)
{
    return s < 4 ? p[s] & 63 : (p[s + 4] & 15) | ((p[s - 4] >> 6) << 4);
}
int minK4(const uchar *p, int s)
{
    return s < 4 ? p[s + 4] & 63 : (p[s + 4] >> 4) | ((p[s] >> 6) << 4);
}
// Q3_K's signed scale of group s: four low bits in bytes 0-7 (low then high nibbles), two high
// bits in bytes 8-11 (byte 8 + s % 4, bits 2 × (s / 4)).
int scaleQ3(const uchar *p, int s)
{
    const int low = s < 8 ? p[s] & 15 : p[s - 8] >> 4;
    return (low | (((p[8 + s % 4] >> (2 * (s / 4))) & 3) << 4)) - 32;
}

// Element i of one block, from the layout.
using Reference = std::function<double(const uchar *b, int i)>;

void compareEveryElement(quint32 id, const std::vector<int> &halves, const Reference &reference)
{
    QRandomGenerator random(id * 7919);
    const GgmlType *type = ggmlType(id);
    const int count = 5;
    const QByteArray blocks = randomBlocks(id, count, halves, random);
    const std::vector<float> got = widen(id, blocks);
    for (int block = 0; block < count; ++block) {
        const auto *b = reinterpret_cast<const uchar *>(blocks.constData()) + qsizetype(block) * type->blockBytes;
        for (int i = 0; i < type->blockElements; ++i) {
            const double want = reference(b, i);
            const float have = got[std::size_t(block * type->blockElements + i)];
            if (std::abs(have - want) > 1e-5 * std::max(1.0, std::abs(want)))
                QFAIL(qPrintable(QStringLiteral("%1 block %2 element %3: %4, expected %5")
                                     .arg(QLatin1StringView(type->name))
                                     .arg(block)
                                     .arg(i)
                                     .arg(double(have))
                                     .arg(want)));
        }
    }
}

} // namespace

class TstGgmlType : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void typesAndSizes()
    {
        QCOMPARE(QLatin1StringView(ggmlType(12)->name), QLatin1StringView("Q4_K"));
        QCOMPARE(ggmlType(12)->blockBytes, 144);
        QCOMPARE(ggmlType(30)->blockBytes, 2);
        QVERIFY(!ggmlType(4)); // Q4_2, removed from ggml
        QVERIFY(!ggmlType(1000));
        QVERIFY(!ggmlType(16)->decoded); // IQ2_XXS: listed, named, refused
        QCOMPARE(ggmlBytes(*ggmlType(14), 4096 * 2), 2 * 16 * 210);
        QCOMPARE(ggmlBytes(*ggmlType(8), 33), -1); // not whole blocks
        QCOMPARE(ggmlBytes(*ggmlType(0), qint64(1) << 61), -1); // past 2^62 bytes
        for (quint32 id : {0, 1, 2, 3, 6, 7, 8, 10, 11, 12, 13, 14, 30})
            QVERIFY2(ggmlType(id)->decoded, ggmlType(id)->name);
    }

    // Worked by hand from the layouts.
    void handWorkedBlocks()
    {
        // Q4_0: d = 0.5; byte 0 = 0x9F: element 0 is (15 - 8) × 0.5, element 16 is (9 - 8) × 0.5.
        QByteArray q40(18, '\x88'); // every other quant 8: zero
        putHalf(reinterpret_cast<uchar *>(q40.data()), 0.5f);
        q40[2] = char(0x9F);
        std::vector<float> y = widen(2, q40);
        QCOMPARE(y[0], 3.5f);
        QCOMPARE(y[16], 0.5f);
        QCOMPARE(y[1], 0.0f);

        // Q4_1: d = 0.25, m = -1; byte 0 = 0x3C: element 0 is 12 × 0.25 - 1 = 2, element 16 is 3 × 0.25 - 1.
        QByteArray q41(20, '\0');
        putHalf(reinterpret_cast<uchar *>(q41.data()), 0.25f);
        putHalf(reinterpret_cast<uchar *>(q41.data()) + 2, -1.0f);
        q41[4] = char(0x3C);
        y = widen(3, q41);
        QCOMPARE(y[0], 2.0f);
        QCOMPARE(y[16], -0.25f);
        QCOMPARE(y[5], -1.0f);

        // Q5_0: d = 2; qh bit 0 and bit 16 set, byte 0 = 0x21: element 0 is (1 + 16 - 16) × 2 = 2,
        // element 16 is (2 + 16 - 16) × 2 = 4; element 1 is (0 - 16) × 2 = -32.
        QByteArray q50(22, '\0');
        putHalf(reinterpret_cast<uchar *>(q50.data()), 2.0f);
        qToLittleEndian(quint32(0x00010001), q50.data() + 2);
        q50[6] = char(0x21);
        y = widen(6, q50);
        QCOMPARE(y[0], 2.0f);
        QCOMPARE(y[16], 4.0f);
        QCOMPARE(y[1], -32.0f);

        // Q5_1: d = 1, m = 0.5; qh bit 31 set, byte 15 = 0xF0: element 31 is 15 + 16 + 0.5.
        QByteArray q51(24, '\0');
        putHalf(reinterpret_cast<uchar *>(q51.data()), 1.0f);
        putHalf(reinterpret_cast<uchar *>(q51.data()) + 2, 0.5f);
        qToLittleEndian(quint32(0x80000000), q51.data() + 4);
        q51[8 + 15] = char(0xF0);
        y = widen(7, q51);
        QCOMPARE(y[31], 31.5f);
        QCOMPARE(y[15], 0.5f);

        // Q8_0: d = 0.125; quants -128 and 100.
        QByteArray q80(34, '\0');
        putHalf(reinterpret_cast<uchar *>(q80.data()), 0.125f);
        q80[2] = char(-128);
        q80[33] = char(100);
        y = widen(8, q80);
        QCOMPARE(y[0], -16.0f);
        QCOMPARE(y[31], 12.5f);

        // Q2_K: scales[0] = 0x23 (scale 3, min 2), d = 1, dmin = 0.5; qs[0] = 0b11100100: elements
        // 0, 32, 64, 96 take its 2-bit fields 0, 1, 2, 3 (scales 0, 2, 4, 6); element 0 is
        // 3 × 0 - 0.5 × 2 = -1. scales[2] = 0x01: element 32 is 1 × 1 - 0 = 1.
        QByteArray q2k(84, '\0');
        q2k[0] = char(0x23);
        q2k[2] = char(0x01);
        q2k[16] = char(0xE4);
        putHalf(reinterpret_cast<uchar *>(q2k.data()) + 80, 1.0f);
        putHalf(reinterpret_cast<uchar *>(q2k.data()) + 82, 0.5f);
        y = widen(10, q2k);
        QCOMPARE(y[0], -1.0f);
        QCOMPARE(y[32], 1.0f);
        QCOMPARE(y[64], 0.0f); // scale 0, min 0

        // Q3_K: d = 1; scale 0 = 0x21 | 0 high bits = 33 - 32 = 1 (byte 0's low nibble 1, byte 8
        // bits 0-1 = 2); element 0: low bits 3, high bit set: 3 × 1 = 3; element 1: low bits 0,
        // high bit clear: (0 - 4) × 1 = -4.
        QByteArray q3k(110, '\0');
        q3k[0] = char(0x01);
        q3k[32] = char(0x03);
        q3k[96] = char(0x01); // scales[0] low nibble
        q3k[104] = char(0x02); // scales[8]: group 0's high bits
        q3k[0] = char(0x01); // hmask[0] bit 0
        putHalf(reinterpret_cast<uchar *>(q3k.data()) + 108, 1.0f);
        y = widen(11, q3k);
        QCOMPARE(y[0], 3.0f);
        QCOMPARE(y[1], -4.0f);

        // Q4_K: d = 1, dmin = 1; sub-block 0 scale 5 min 2; byte 16 = 0x07: element 0 = 5 × 7 - 2.
        // Sub-block 4 (elements 128-159): scale (scales[8] & 15) | (scales[0] >> 6) << 4 = 3 | 0,
        // min (scales[8] >> 4) | (scales[4] >> 6) << 4 = 1 | 16 = 17; byte 16 + 64 = 0x02:
        // element 128 = 3 × 2 - 17 = -11.
        QByteArray q4k(144, '\0');
        putHalf(reinterpret_cast<uchar *>(q4k.data()), 1.0f);
        putHalf(reinterpret_cast<uchar *>(q4k.data()) + 2, 1.0f);
        q4k[4] = char(5);
        q4k[4 + 4] = char(2 | 0x40);
        q4k[4 + 8] = char(0x13);
        q4k[16] = char(0x07);
        q4k[16 + 64] = char(0x02);
        y = widen(12, q4k);
        QCOMPARE(y[0], 33.0f);
        QCOMPARE(y[128], -11.0f);

        // Q5_K: as Q4_K with fifth bits: qh[0] bit 0 set adds 16 to element 0: 5 × 23 - 2.
        QByteArray q5k(176, '\0');
        putHalf(reinterpret_cast<uchar *>(q5k.data()), 1.0f);
        putHalf(reinterpret_cast<uchar *>(q5k.data()) + 2, 1.0f);
        q5k[4] = char(5);
        q5k[8] = char(2);
        q5k[16] = char(0x01);
        q5k[48] = char(0x07);
        y = widen(13, q5k);
        QCOMPARE(y[0], 113.0f);

        // Q6_K: d = 0.5; scales[0] = -2; ql[0] = 0x0F, qh[0] bits 0-1 = 3: q = 15 | 48 = 63 - 32 = 31:
        // element 0 = 0.5 × -2 × 31 = -31. Element 64 takes ql[0]'s high nibble (0) and qh[0] bits
        // 4-5 (0): (0 - 32) × 0.5 × scales[4] (= 1) = -16.
        QByteArray q6k(210, '\0');
        q6k[0] = char(0x0F);
        q6k[128] = char(0x03);
        q6k[192] = char(-2);
        q6k[192 + 4] = char(1);
        putHalf(reinterpret_cast<uchar *>(q6k.data()) + 208, 0.5f);
        y = widen(14, q6k);
        QCOMPARE(y[0], -31.0f);
        QCOMPARE(y[64], -16.0f);
    }

    void everyElementOfRandomBlocks()
    {
        compareEveryElement(2, {0}, [](const uchar *b, int i) {
            const int q = i < 16 ? b[2 + i] & 15 : b[2 + i - 16] >> 4;
            return (q - 8) * double(halfAt(b));
        });
        compareEveryElement(3, {0, 2}, [](const uchar *b, int i) {
            const int q = i < 16 ? b[4 + i] & 15 : b[4 + i - 16] >> 4;
            return q * double(halfAt(b)) + halfAt(b + 2);
        });
        compareEveryElement(6, {0}, [](const uchar *b, int i) {
            const int low = i < 16 ? b[6 + i] & 15 : b[6 + i - 16] >> 4;
            const int high = (qFromLittleEndian<quint32>(b + 2) >> i) & 1; // element i's fifth bit is bit i
            return (low + 16 * high - 16) * double(halfAt(b));
        });
        compareEveryElement(7, {0, 2}, [](const uchar *b, int i) {
            const int low = i < 16 ? b[8 + i] & 15 : b[8 + i - 16] >> 4;
            const int high = (qFromLittleEndian<quint32>(b + 4) >> i) & 1;
            return (low + 16 * high) * double(halfAt(b)) + halfAt(b + 2);
        });
        compareEveryElement(8, {0}, [](const uchar *b, int i) { return qint8(b[2 + i]) * double(halfAt(b)); });
        // Q2_K and Q3_K: element i is in half h, 2-bit field k of byte 32h + l (l = i mod 32), group
        // 8h + 2k + l / 16.
        compareEveryElement(10, {80, 82}, [](const uchar *b, int i) {
            const int h = i / 128, k = (i % 128) / 32, l = i % 32;
            const int q = (b[16 + 32 * h + l] >> (2 * k)) & 3, sc = b[8 * h + 2 * k + l / 16];
            return double(halfAt(b + 80)) * (sc & 15) * q - double(halfAt(b + 82)) * (sc >> 4);
        });
        compareEveryElement(11, {108}, [](const uchar *b, int i) {
            const int h = i / 128, k = (i % 128) / 32, l = i % 32;
            const int low = (b[32 + 32 * h + l] >> (2 * k)) & 3, high = (b[l] >> (4 * h + k)) & 1;
            return double(halfAt(b + 108)) * scaleQ3(b + 96, 8 * h + 2 * k + l / 16) * (low - (high ? 0 : 4));
        });
        // Q4_K and Q5_K: element i is in sub-block s = i / 32 of group g = i / 64, the low nibble of
        // byte 32g + l in the group's first 32, the high one in its second; Q5_K's fifth bit is
        // bit s of qh[l].
        for (const bool five : {false, true}) {
            compareEveryElement(five ? 13 : 12, {0, 2}, [five](const uchar *b, int i) {
                const int s = i / 32, g = i / 64, l = i % 32;
                const uchar byte = b[(five ? 48 : 16) + 32 * g + l];
                const int q = (s % 2 == 0 ? byte & 15 : byte >> 4) + (five ? 16 * ((b[16 + l] >> s) & 1) : 0);
                return double(halfAt(b)) * scaleK4(b + 4, s) * q - double(halfAt(b + 2)) * minK4(b + 4, s);
            });
        }
        // Q6_K: element i is in half h, quarter k, position l: low nibble of ql[64h + l + 32 (k odd)]
        // (the high nibble for k ≥ 2), two high bits 2k of qh[32h + l], scale 8h + 2k + l / 16.
        compareEveryElement(14, {208}, [](const uchar *b, int i) {
            const int h = i / 128, k = (i % 128) / 32, l = i % 32;
            const uchar low = b[64 * h + l + (k % 2 ? 32 : 0)];
            const int q = ((k < 2 ? low & 15 : low >> 4) | (((b[128 + 32 * h + l] >> (2 * k)) & 3) << 4)) - 32;
            return double(halfAt(b + 208)) * qint8(b[192 + 8 * h + 2 * k + l / 16]) * q;
        });
    }

    // The vectorized copies of the decoder (one per SIMD level this CPU has) widen every type to
    // the same floats, bit for bit, as the portable one: random blocks, an odd number of them, at
    // an odd address.
    void everyLevelWidensAlike()
    {
        QRandomGenerator random(20261202);
        const std::vector<std::pair<quint32, std::vector<int>>> types {{2, {0}}, {3, {0, 2}}, {6, {0}}, {7, {0, 2}},
            {8, {0}}, {10, {80, 82}}, {11, {108}}, {12, {0, 2}}, {13, {0, 2}}, {14, {208}}, {30, {}}};
        const kernels::SimdLevel best = kernels::supportedSimdLevel();
        for (const auto &[id, halves] : types) {
            const QByteArray blocks = QByteArray(1, 'x') + randomBlocks(id, 37, halves, random);
            const QByteArray odd = blocks.mid(1); // a copy: aligned again; compare both
            std::vector<std::vector<float>> byLevel;
            for (kernels::SimdLevel level :
                {kernels::SimdLevel::Sse2, kernels::SimdLevel::Avx2, kernels::SimdLevel::Avx512}) {
                if (level > best)
                    continue;
                kernels::setSimdLevel(level);
                const GgmlType *type = ggmlType(id);
                const qint64 elements = odd.size() / type->blockBytes * type->blockElements;
                std::vector<float> out(std::size_t(elements), NAN), shifted(std::size_t(elements), NAN);
                dequantizeGgml(*type, odd.constData(), elements, out.data());
                dequantizeGgml(*type, blocks.constData() + 1, elements, shifted.data());
                QCOMPARE(std::memcmp(out.data(), shifted.data(), out.size() * sizeof(float)), 0);
                byLevel.push_back(std::move(out));
            }
            kernels::setSimdLevel(best);
            for (std::size_t l = 1; l < byLevel.size(); ++l)
                QVERIFY2(std::memcmp(byLevel[0].data(), byLevel[l].data(), byLevel[0].size() * sizeof(float)) == 0,
                    qPrintable(QStringLiteral("type %1, level %2").arg(id).arg(l)));
        }
    }

    void floatTypes()
    {
        const std::vector<float> values {1.5f, -2.25f, 65504.0f, 0.0f};
        QByteArray f16, bf16, f32;
        for (float v : values) {
            QByteArray h(2, '\0');
            putHalf(reinterpret_cast<uchar *>(h.data()), v);
            f16 += h;
            QByteArray b(2, '\0');
            qToLittleEndian(quint16(std::bit_cast<quint32>(v) >> 16), b.data());
            bf16 += b;
            QByteArray f(4, '\0');
            qToLittleEndian(std::bit_cast<quint32>(v), f.data());
            f32 += f;
        }
        QCOMPARE(widen(0, f32), values);
        QCOMPARE(widen(1, f16), values);
        const std::vector<float> truncated = widen(30, bf16);
        QCOMPARE(truncated[0], 1.5f);
        QCOMPARE(truncated[1], -2.25f);
        QCOMPARE(truncated[2], 65280.0f); // bfloat16 keeps 8 bits of mantissa: 65504 cut to 65280
    }
};

QTEST_GUILESS_MAIN(TstGgmlType)
#include "tst_ggmltype.moc"
