// ggml's blocks (ggml-common.h's block_* layouts) widened to float32 as ggml-quants.c's reference
// dequantization computes them, compiled once per SIMD level (QKV_GGML_LEVEL) with the compiler's
// vectorizer: each loop runs over 16 or 32 values of one scale, bytes in, floats out, so it
// becomes a few vector instructions a group. Contraction is off, so every level rounds exactly
// as the others (and as the reference): the same floats, bit for bit, on every CPU. The types of
// llama.cpp's usual presets (Q8_0, Q4_K, Q5_K, Q6_K) have hand-written vector code on AVX2 and
// AVX-512, where the vectorizer's took twice as long: their quants, unpacked 16 bytes at a time,
// widen to floats and take their scale and minimum with the same two roundings.
// Plain C++ without Qt or the standard library's inline functions: this file's copies are built
// for instruction sets the rest of the program must not pick up through a shared inline symbol.

#include "tensorfiles/ggmlblocks.h"

#include <cstddef>

#if defined(__AVX2__)
#include <immintrin.h> // its functions are always inlined: no symbol of this level's code escapes
#define QKV_GGML_VECTORS 1
#endif
#if defined(__AVX512F__) && !defined(__clang__)
// GCC 12 takes the deliberately undefined vectors inside its AVX-512 conversions for uninitialized ones.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace qkv::ggmlblocks::QKV_GGML_LEVEL {
namespace {

using u8 = unsigned char;
using u32 = std::uint32_t;

inline float fromBits(u32 bits)
{
    return __builtin_bit_cast(float, bits);
}

// An IEEE half at p (little-endian, any alignment), exactly: the exponent and mantissa moved into
// a float's place and scaled by 2^112 (exact, subnormals included); infinities and NaN kept.
inline float half(const u8 *p)
{
    const u32 h = u32(p[0]) | (u32(p[1]) << 8);
    const u32 sign = (h & 0x8000u) << 16, rest = h & 0x7fffu;
    if (rest >= 0x7c00u)
        return fromBits(sign | 0x7f800000u | ((rest & 0x3ffu) << 13));
    return fromBits(sign | __builtin_bit_cast(u32, fromBits(rest << 13) * 0x1p112f));
}

// Q4_K and Q5_K: 8 sub-blocks' 6-bit scale and min, packed into 12 bytes.
inline void scaleMinK4(int j, const u8 *q, int *scale, int *min)
{
    if (j < 4) {
        *scale = q[j] & 63;
        *min = q[j + 4] & 63;
    } else {
        *scale = (q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4);
        *min = (q[j + 4] >> 4) | ((q[j] >> 6) << 4);
    }
}

#ifdef QKV_GGML_VECTORS
// y[0 … 15] = d · float(b − offset) − m for the 16 bytes of `b` (unsigned, or signed with Signed),
// each product and difference rounded as the scalar code rounds them.
template<bool Signed = false>
inline void widen16(__m128i b, int offset, float d, float m, float *y)
{
#if defined(__AVX512F__)
    __m512i i = Signed ? _mm512_cvtepi8_epi32(b) : _mm512_cvtepu8_epi32(b);
    i = _mm512_sub_epi32(i, _mm512_set1_epi32(offset));
    _mm512_storeu_ps(y, _mm512_sub_ps(_mm512_mul_ps(_mm512_set1_ps(d), _mm512_cvtepi32_ps(i)), _mm512_set1_ps(m)));
#else
    const __m256 dv = _mm256_set1_ps(d), mv = _mm256_set1_ps(m);
    const __m256i off = _mm256_set1_epi32(offset);
    for (std::ptrdiff_t h = 0; h < 2; ++h, b = _mm_srli_si128(b, 8)) {
        const __m256i i = _mm256_sub_epi32(Signed ? _mm256_cvtepi8_epi32(b) : _mm256_cvtepu8_epi32(b), off);
        _mm256_storeu_ps(y + 8 * h, _mm256_sub_ps(_mm256_mul_ps(dv, _mm256_cvtepi32_ps(i)), mv));
    }
#endif
}

inline __m128i load16(const u8 *p)
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
}

// Bits `shift` … `shift` + width − 1 of each byte, moved up `up` bits (16-bit shifts: no bit of
// one byte reaches the kept bits of another).
inline __m128i bitsOf(__m128i bytes, int shift, int mask, int up)
{
    const __m128i kept = _mm_and_si128(_mm_srl_epi16(bytes, _mm_cvtsi32_si128(shift)), _mm_set1_epi8(char(mask)));
    return _mm_sll_epi16(kept, _mm_cvtsi32_si128(up));
}
#endif

void q4_0(const u8 *b, float *y)
{
    const float d = half(b);
#ifdef QKV_GGML_VECTORS
    const __m128i bytes = load16(b + 2); // d · (q − 8) − 0 is d · (q − 8), to the bit
    widen16(bitsOf(bytes, 0, 0xF, 0), 8, d, 0.0f, y);
    widen16(bitsOf(bytes, 4, 0xF, 0), 8, d, 0.0f, y + 16);
#else
    for (int j = 0; j < 16; ++j)
        y[j] = float((b[2 + j] & 0x0F) - 8) * d;
    for (int j = 0; j < 16; ++j)
        y[j + 16] = float((b[2 + j] >> 4) - 8) * d;
#endif
}

void q4_1(const u8 *b, float *y)
{
    const float d = half(b), m = half(b + 2);
#ifdef QKV_GGML_VECTORS
    const __m128i bytes = load16(b + 4); // d · q − (−m) is d · q + m, to the bit
    widen16(bitsOf(bytes, 0, 0xF, 0), 0, d, -m, y);
    widen16(bitsOf(bytes, 4, 0xF, 0), 0, d, -m, y + 16);
#else
    for (int j = 0; j < 16; ++j)
        y[j] = float(b[4 + j] & 0x0F) * d + m;
    for (int j = 0; j < 16; ++j)
        y[j + 16] = float(b[4 + j] >> 4) * d + m;
#endif
}

// Q5_0 and Q5_1: the fifth bits of the 32 quants in a little-endian word.
void q5(const u8 *qh, const u8 *qs, float d, float m, int offset, float *y)
{
    const u32 high = u32(qh[0]) | (u32(qh[1]) << 8) | (u32(qh[2]) << 16) | (u32(qh[3]) << 24);
    for (int j = 0; j < 16; ++j)
        y[j] = float(int((qs[j] & 0x0Fu) | (((high >> j) << 4) & 0x10u)) - offset) * d + m;
    for (int j = 0; j < 16; ++j)
        y[j + 16] = float(int((u32(qs[j]) >> 4) | ((high >> (j + 12)) & 0x10u)) - offset) * d + m;
}

void q8_0(const u8 *b, float *y)
{
    const float d = half(b);
#ifdef QKV_GGML_VECTORS
    widen16<true>(load16(b + 2), 0, d, 0.0f, y); // d · q − 0 is d · q, to the bit
    widen16<true>(load16(b + 18), 0, d, 0.0f, y + 16);
#else
    for (int j = 0; j < 32; ++j)
        y[j] = float(static_cast<signed char>(b[2 + j])) * d;
#endif
}

// Q2_K: scales[16] (4-bit scale, 4-bit min), qs[64], d, dmin. Each group of 16 values takes two
// bits `Shift` up of 16 bytes; the shift a template argument, so that the loop vectorizes.
template<int Shift>
void q2Groups(const u8 *q, const u8 *scales, float d, float min, float *y)
{
    for (std::ptrdiff_t part = 0; part < 2; ++part, y += 16) {
        const u8 sc = scales[part];
        const float dl = d * float(sc & 0xF), ml = min * float(sc >> 4);
        const u8 *ql = q + 16 * part;
        for (int l = 0; l < 16; ++l)
            y[l] = dl * float((ql[l] >> Shift) & 3) - ml;
    }
}

void q2_k(const u8 *b, float *y)
{
    const u8 *scales = b, *q = b + 16;
    const float d = half(b + 80), min = half(b + 82);
    for (int n = 0; n < 2; ++n, q += 32, scales += 8, y += 128) {
        q2Groups<0>(q, scales, d, min, y);
        q2Groups<2>(q, scales + 2, d, min, y + 32);
        q2Groups<4>(q, scales + 4, d, min, y + 64);
        q2Groups<6>(q, scales + 6, d, min, y + 96);
    }
}

// Q3_K: hmask[32] (the third bits), qs[64] (two bits each), scales[12] (16 six-bit scales), d.
// As Q2_K, a group's two bits `Shift` up; its third bit is bit `Bit` of hmask.
template<int Shift, int Bit>
void q3Groups(const u8 *q, const u8 *hm, const int *scales, float d, float *y)
{
    for (std::ptrdiff_t part = 0; part < 2; ++part, y += 16) {
        const float dl = d * float(scales[part]);
        const u8 *ql = q + 16 * part, *hl = hm + 16 * part;
        for (int l = 0; l < 16; ++l)
            y[l] = dl * float(int((ql[l] >> Shift) & 3) - 4 + 4 * ((hl[l] >> Bit) & 1));
    }
}

void q3_k(const u8 *b, float *y)
{
    const u8 *hm = b, *q = b + 32, *packed = b + 96;
    const float d = half(b + 108);
    // The 16 scales: low four bits from bytes 0-7, high two bits from bytes 8-11.
    int scales[16];
    for (int i = 0; i < 16; ++i) {
        const int low = i < 8 ? packed[i] & 0xF : packed[i - 8] >> 4;
        const int high = (packed[8 + i % 4] >> (2 * (i / 4))) & 3;
        scales[i] = (low | (high << 4)) - 32;
    }
    q3Groups<0, 0>(q, hm, scales, d, y);
    q3Groups<2, 1>(q, hm, scales + 2, d, y + 32);
    q3Groups<4, 2>(q, hm, scales + 4, d, y + 64);
    q3Groups<6, 3>(q, hm, scales + 6, d, y + 96);
    q3Groups<0, 4>(q + 32, hm, scales + 8, d, y + 128);
    q3Groups<2, 5>(q + 32, hm, scales + 10, d, y + 160);
    q3Groups<4, 6>(q + 32, hm, scales + 12, d, y + 192);
    q3Groups<6, 7>(q + 32, hm, scales + 14, d, y + 224);
}

// Q4_K: d, dmin, scales[12], qs[128]; Q5_K adds qh[32] before qs, the fifth bits.
template<bool Five>
void q4_5_k(const u8 *b, float *y)
{
    const float d = half(b), min = half(b + 2);
    const u8 *scales = b + 4, *qh = b + 16, *q = b + (Five ? 48 : 16);
    for (int j = 0, is = 0; j < 4; ++j, is += 2, q += 32, y += 64) {
        int sc = 0, m = 0;
        scaleMinK4(is, scales, &sc, &m);
        const float d1 = d * float(sc), m1 = min * float(m);
        scaleMinK4(is + 1, scales, &sc, &m);
        const float d2 = d * float(sc), m2 = min * float(m);
#ifdef QKV_GGML_VECTORS
        for (std::ptrdiff_t part = 0; part < 2; ++part) {
            const __m128i bytes = load16(q + 16 * part);
            __m128i low = bitsOf(bytes, 0, 0xF, 0), high = bitsOf(bytes, 4, 0xF, 0);
            if (Five) {
                const __m128i fifth = load16(qh + 16 * part);
                low = _mm_or_si128(low, bitsOf(fifth, 2 * j, 1, 4));
                high = _mm_or_si128(high, bitsOf(fifth, 2 * j + 1, 1, 4));
            }
            widen16(low, 0, d1, m1, y + 16 * part);
            widen16(high, 0, d2, m2, y + 32 + 16 * part);
        }
#else
        for (int l = 0; l < 32; ++l) {
            const int high = Five ? ((qh[l] >> (2 * j)) & 1) << 4 : 0;
            y[l] = d1 * float((q[l] & 0xF) + high) - m1;
        }
        for (int l = 0; l < 32; ++l) {
            const int high = Five ? ((qh[l] >> (2 * j + 1)) & 1) << 4 : 0;
            y[32 + l] = d2 * float((q[l] >> 4) + high) - m2;
        }
#endif
    }
}

// Q6_K: ql[128] (low four bits), qh[64] (high two bits), scales[16] (signed), d.
void q6_k(const u8 *b, float *y)
{
    const u8 *ql = b, *qh = b + 128;
    const auto *sc = reinterpret_cast<const signed char *>(b + 192);
    const float d = half(b + 208);
    for (int n = 0; n < 256; n += 128, y += 128, ql += 64, qh += 32, sc += 8) {
        for (std::ptrdiff_t part = 0; part < 2; ++part) {
            const float s1 = d * float(sc[part]), s2 = d * float(sc[part + 2]);
            const float s3 = d * float(sc[part + 4]), s4 = d * float(sc[part + 6]);
#ifdef QKV_GGML_VECTORS
            const __m128i a = load16(ql + 16 * part), c = load16(ql + 32 + 16 * part), h = load16(qh + 16 * part);
            widen16(_mm_or_si128(bitsOf(a, 0, 0xF, 0), bitsOf(h, 0, 3, 4)), 32, s1, 0.0f, y + 16 * part);
            widen16(_mm_or_si128(bitsOf(c, 0, 0xF, 0), bitsOf(h, 2, 3, 4)), 32, s2, 0.0f, y + 32 + 16 * part);
            widen16(_mm_or_si128(bitsOf(a, 4, 0xF, 0), bitsOf(h, 4, 3, 4)), 32, s3, 0.0f, y + 64 + 16 * part);
            widen16(_mm_or_si128(bitsOf(c, 4, 0xF, 0), bitsOf(h, 6, 3, 4)), 32, s4, 0.0f, y + 96 + 16 * part);
#else
            for (int l = 16 * part; l < 16 * part + 16; ++l) {
                const int q1 = int((ql[l] & 0xF) | ((qh[l] & 3) << 4)) - 32;
                const int q2 = int((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = int((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = int((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                y[l] = s1 * float(q1);
                y[l + 32] = s2 * float(q2);
                y[l + 64] = s3 * float(q3);
                y[l + 96] = s4 * float(q4);
            }
#endif
        }
    }
}

void bf16(const u8 *in, std::int64_t count, float *out)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // As 16-bit words: a widening and a shift a vector, where the bytes took a dozen shuffles.
    for (std::int64_t i = 0; i < count; ++i) {
        unsigned short word;
        __builtin_memcpy(&word, in + 2 * i, 2);
        out[i] = fromBits(u32(word) << 16);
    }
#else
    for (std::int64_t i = 0; i < count; ++i)
        out[i] = fromBits((u32(in[2 * i]) | (u32(in[2 * i + 1]) << 8)) << 16);
#endif
}

template<int Bytes, int Elements, typename Block>
void each(const u8 *in, std::int64_t blocks, float *out, Block block)
{
    for (std::int64_t i = 0; i < blocks; ++i)
        block(in + i * Bytes, out + i * Elements);
}

} // namespace

void decode(std::uint32_t id, const unsigned char *in, std::int64_t blocks, float *out)
{
    switch (id) {
    case 2:
        return each<18, 32>(in, blocks, out, q4_0);
    case 3:
        return each<20, 32>(in, blocks, out, q4_1);
    case 6:
        return each<22, 32>(in, blocks, out, [](const u8 *b, float *y) { q5(b + 2, b + 6, half(b), 0.0f, 16, y); });
    case 7:
        return each<24, 32>(
            in, blocks, out, [](const u8 *b, float *y) { q5(b + 4, b + 8, half(b), half(b + 2), 0, y); });
    case 8:
        return each<34, 32>(in, blocks, out, q8_0);
    case 10:
        return each<84, 256>(in, blocks, out, q2_k);
    case 11:
        return each<110, 256>(in, blocks, out, q3_k);
    case 12:
        return each<144, 256>(in, blocks, out, q4_5_k<false>);
    case 13:
        return each<176, 256>(in, blocks, out, q4_5_k<true>);
    case 14:
        return each<210, 256>(in, blocks, out, q6_k);
    case 30:
        return bf16(in, blocks, out);
    default:
        return; // ggmltype.cpp sends only the types above
    }
}

} // namespace qkv::ggmlblocks::QKV_GGML_LEVEL
