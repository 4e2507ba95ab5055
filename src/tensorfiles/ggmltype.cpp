#include "tensorfiles/ggmltype.h"

#include "tensorfiles/dtype.h"

#include <QFloat16>
#include <QtEndian>

#include <array>
#include <cstring>

namespace qkv {
namespace {

// Numbered as ggml.h's enum ggml_type; the gaps are types ggml removed (Q4_2, Q4_3, the
// repacked Q4_0_4_4 … IQ4_NL_8_8), which no file may hold.
constexpr std::array<GgmlType, 31> types {{
    {0, "F32", 1, 4, true},
    {1, "F16", 1, 2, true},
    {2, "Q4_0", 32, 18, true},
    {3, "Q4_1", 32, 20, true},
    {6, "Q5_0", 32, 22, true},
    {7, "Q5_1", 32, 24, true},
    {8, "Q8_0", 32, 34, true},
    {9, "Q8_1", 32, 36, false},
    {10, "Q2_K", 256, 84, true},
    {11, "Q3_K", 256, 110, true},
    {12, "Q4_K", 256, 144, true},
    {13, "Q5_K", 256, 176, true},
    {14, "Q6_K", 256, 210, true},
    {15, "Q8_K", 256, 292, false},
    {16, "IQ2_XXS", 256, 66, false},
    {17, "IQ2_XS", 256, 74, false},
    {18, "IQ3_XXS", 256, 98, false},
    {19, "IQ1_S", 256, 50, false},
    {20, "IQ4_NL", 32, 18, false},
    {21, "IQ3_S", 256, 110, false},
    {22, "IQ2_S", 256, 82, false},
    {23, "IQ4_XS", 256, 136, false},
    {24, "I8", 1, 1, false},
    {25, "I16", 1, 2, false},
    {26, "I32", 1, 4, false},
    {27, "I64", 1, 8, false},
    {28, "F64", 1, 8, false},
    {29, "IQ1_M", 256, 56, false},
    {30, "BF16", 1, 2, true},
    {34, "TQ1_0", 256, 54, false},
    {35, "TQ2_0", 256, 66, false},
}};

float half(const uchar *p)
{
    return float(qFromUnaligned<qfloat16>(p));
}

// Q4_K and Q5_K: 8 sub-blocks' 6-bit scale and min, packed into 12 bytes.
void scaleMinK4(int j, const uchar *q, int *scale, int *min)
{
    if (j < 4) {
        *scale = q[j] & 63;
        *min = q[j + 4] & 63;
    } else {
        *scale = (q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4);
        *min = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
    }
}

// One block of each quantized type (ggml-common.h's block_* layouts), as ggml-quants.c widens it.
void q4_0(const uchar *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 16; ++j) {
        y[j] = float((b[2 + j] & 0x0F) - 8) * d;
        y[j + 16] = float((b[2 + j] >> 4) - 8) * d;
    }
}

void q4_1(const uchar *b, float *y)
{
    const float d = half(b), m = half(b + 2);
    for (int j = 0; j < 16; ++j) {
        y[j] = float(b[4 + j] & 0x0F) * d + m;
        y[j + 16] = float(b[4 + j] >> 4) * d + m;
    }
}

// Q5_0 and Q5_1: the fifth bits of the 32 quants in a little-endian word.
void q5(const uchar *qh, const uchar *qs, float d, float m, int offset, float *y)
{
    const quint32 high = qFromLittleEndian<quint32>(qh);
    for (int j = 0; j < 16; ++j) {
        const int x0 = int((qs[j] & 0x0F) | (((high >> j) << 4) & 0x10)) - offset;
        const int x1 = int((qs[j] >> 4) | ((high >> (j + 12)) & 0x10)) - offset;
        y[j] = float(x0) * d + m;
        y[j + 16] = float(x1) * d + m;
    }
}

void q8_0(const uchar *b, float *y)
{
    const float d = half(b);
    for (int j = 0; j < 32; ++j)
        y[j] = float(qint8(b[2 + j])) * d;
}

// Q2_K: scales[16] (4-bit scale, 4-bit min), qs[64], d, dmin.
void q2_k(const uchar *b, float *y)
{
    const uchar *scales = b, *q = b + 16;
    const float d = half(b + 80), min = half(b + 82);
    int is = 0;
    for (int n = 0; n < 256; n += 128) {
        for (int shift = 0; shift < 8; shift += 2) {
            for (int half16 = 0; half16 < 2; ++half16) {
                const uchar sc = scales[is++];
                const float dl = d * float(sc & 0xF), ml = min * float(sc >> 4);
                for (int l = 0; l < 16; ++l)
                    *y++ = dl * float((q[l + 16 * half16] >> shift) & 3) - ml;
            }
        }
        q += 32;
    }
}

// Q3_K: hmask[32] (the third bits), qs[64] (two bits each), scales[12] (16 six-bit scales), d.
void q3_k(const uchar *b, float *y)
{
    const uchar *hm = b, *q = b + 32, *packed = b + 96;
    const float d = half(b + 108);
    // The 16 scales: low four bits from bytes 0-7, high two bits from bytes 8-11.
    std::array<int, 16> scales {};
    for (int i = 0; i < 16; ++i) {
        const int low = i < 8 ? packed[i] & 0xF : packed[i - 8] >> 4;
        const int high = (packed[8 + i % 4] >> (2 * (i / 4))) & 3;
        scales[std::size_t(i)] = (low | (high << 4)) - 32;
    }
    int is = 0;
    uchar m = 1;
    for (int n = 0; n < 256; n += 128) {
        for (int shift = 0; shift < 8; shift += 2) {
            for (int half16 = 0; half16 < 2; ++half16) {
                const float dl = d * float(scales[std::size_t(is++)]);
                for (int l = 16 * half16; l < 16 * half16 + 16; ++l)
                    *y++ = dl * float(int((q[l] >> shift) & 3) - ((hm[l] & m) ? 0 : 4));
            }
            m = uchar(m << 1);
        }
        q += 32;
    }
}

// Q4_K: d, dmin, scales[12], qs[128]; Q5_K adds qh[32] before qs, the fifth bits.
void q4_5_k(const uchar *b, bool five, float *y)
{
    const float d = half(b), min = half(b + 2);
    const uchar *scales = b + 4, *qh = b + 16, *q = b + (five ? 48 : 16);
    int is = 0;
    uchar u1 = 1, u2 = 2;
    for (int j = 0; j < 256; j += 64) {
        int sc = 0, m = 0;
        scaleMinK4(is, scales, &sc, &m);
        const float d1 = d * float(sc), m1 = min * float(m);
        scaleMinK4(is + 1, scales, &sc, &m);
        const float d2 = d * float(sc), m2 = min * float(m);
        for (int l = 0; l < 32; ++l)
            *y++ = d1 * float((q[l] & 0xF) + (five && (qh[l] & u1) ? 16 : 0)) - m1;
        for (int l = 0; l < 32; ++l)
            *y++ = d2 * float((q[l] >> 4) + (five && (qh[l] & u2) ? 16 : 0)) - m2;
        q += 32;
        is += 2;
        u1 = uchar(u1 << 2);
        u2 = uchar(u2 << 2);
    }
}

// Q6_K: ql[128] (low four bits), qh[64] (high two bits), scales[16] (signed), d.
void q6_k(const uchar *b, float *y)
{
    const uchar *ql = b, *qh = b + 128;
    const auto *sc = reinterpret_cast<const qint8 *>(b + 192);
    const float d = half(b + 208);
    for (int n = 0; n < 256; n += 128) {
        for (int l = 0; l < 32; ++l) {
            const int is = l / 16;
            const int q1 = int((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
            const int q2 = int((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
            const int q3 = int((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
            const int q4 = int((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
            y[l] = d * float(sc[is]) * float(q1);
            y[l + 32] = d * float(sc[is + 2]) * float(q2);
            y[l + 64] = d * float(sc[is + 4]) * float(q3);
            y[l + 96] = d * float(sc[is + 6]) * float(q4);
        }
        y += 128;
        ql += 64;
        qh += 32;
        sc += 8;
    }
}

} // namespace

const GgmlType *ggmlType(quint32 id)
{
    for (const GgmlType &t : types)
        if (t.id == id)
            return &t;
    return nullptr;
}

qint64 ggmlBytes(const GgmlType &type, qint64 elements)
{
    if (elements < 0 || elements % type.blockElements != 0)
        return -1;
    const qint64 blocks = elements / type.blockElements;
    if (blocks > (qint64(1) << 62) / type.blockBytes)
        return -1;
    return blocks * type.blockBytes;
}

void dequantizeGgml(const GgmlType &type, const void *blocks, qint64 elements, float *out)
{
    const auto *b = static_cast<const uchar *>(blocks);
    switch (type.id) {
    case 0:
        return widenToFloat(b, Dtype::F32, elements, out);
    case 1:
        return widenToFloat(b, Dtype::F16, elements, out);
    case 30:
        return widenToFloat(b, Dtype::BF16, elements, out);
    default:
        break;
    }
    const qint64 count = elements / type.blockElements;
    for (qint64 i = 0; i < count; ++i, b += type.blockBytes, out += type.blockElements) {
        switch (type.id) {
        case 2:
            q4_0(b, out);
            break;
        case 3:
            q4_1(b, out);
            break;
        case 6:
            q5(b + 2, b + 6, half(b), 0.0f, 16, out);
            break;
        case 7:
            q5(b + 4, b + 8, half(b), half(b + 2), 0, out);
            break;
        case 8:
            q8_0(b, out);
            break;
        case 10:
            q2_k(b, out);
            break;
        case 11:
            q3_k(b, out);
            break;
        case 12:
        case 13:
            q4_5_k(b, type.id == 13, out);
            break;
        case 14:
            q6_k(b, out);
            break;
        default:
            Q_ASSERT_X(false, "dequantizeGgml", "a type that is not decoded");
            return;
        }
    }
}

} // namespace qkv
