// One SIMD level of the kernels. CMake compiles this file once per level with that level's
// instruction flags, QKV_KERNEL_LEVEL (the namespace) and QKV_KERNEL_WIDTH (doubles per vector).
// Everything but the two entry points has internal linkage (levelvector.h's helpers too), so the
// linker can never pick code built for a wider level for code that must run on any CPU. The
// vectors are GCC's generic ones: one source for every width.

#include "kernels/kernellevels.h"
#include "kernels/levelvector.h"

#if defined(__AVX512F__) || defined(__AVX2__)
// Only for the gather instructions. Its functions are extern inline (gnu_inline, always inlined):
// they are never emitted on their own, so no other level can be linked to this level's copies.
#include <immintrin.h>
#endif

namespace qkv::kernels::QKV_KERNEL_LEVEL {
namespace {

// 2^k for a whole number k in [−1022, 1023] held in a double: its bits put in the exponent.
inline Vec powerOfTwo(Vec k)
{
    const Vec magic = splat(0x1.8p52); // k + magic has k in its low mantissa bits
    return (Vec)((((Bits)(k + magic)) - (Bits)magic + 1023) << 52);
}

// exp(x) = 2^k · exp(r), k = round(x / ln 2), r = x − k·ln 2 in two parts (Cody and Waite), so
// |r| ≤ ln 2 / 2, where the Taylor series to r¹³ is exact to far below an ulp. 2^k is applied
// in two halves so that results down in the subnormals come out as std::exp gives them. Every
// argument, at twice the cost of expNormal.
inline Vec expAnywhere(Vec x)
{
    const Vec magic = splat(0x1.8p52);
    const Vec k = (x * splat(0x1.71547652b82fep0) + magic) - magic;
    Vec r = x - k * splat(0x1.62e42fee00000p-1);
    r = r - k * splat(0x1.a39ef35793c76p-33);
    // Taylor coefficients 1/i!, Horner's rule from the r¹³ term down.
    Vec p = splat(0x1.6124613a86d09p-33); // 1/13!
    p = p * r + splat(0x1.1eed8eff8d898p-29); // 1/12!
    p = p * r + splat(0x1.ae64567f544e4p-26); // 1/11!
    p = p * r + splat(0x1.27e4fb7789f5cp-22); // 1/10!
    p = p * r + splat(0x1.71de3a556c734p-19); // 1/9!
    p = p * r + splat(0x1.a01a01a01a01ap-16); // 1/8!
    p = p * r + splat(0x1.a01a01a01a01ap-13); // 1/7!
    p = p * r + splat(0x1.6c16c16c16c17p-10); // 1/6!
    p = p * r + splat(0x1.1111111111111p-7); // 1/5!
    p = p * r + splat(0x1.5555555555555p-5); // 1/4!
    p = p * r + splat(0x1.5555555555555p-3); // 1/3!
    p = p * r + splat(0x1.0000000000000p-1); // 1/2!
    p = p * r + splat(1.0); // 1/1!
    p = p * r + splat(1.0); // 1/0!
    const Vec half = ((k * splat(0.5) + magic) - magic);
    const Vec y = p * powerOfTwo(half) * powerOfTwo(k - half);
    const Vec zero = splat(0), inf = splat(__builtin_inf());
    return x < splat(-745.2) ? zero : (x > splat(709.79) ? inf : y);
}

// 2^(j/128) for j = 0 … 127, each correctly rounded.
constexpr double exp2Table[128] = {0x1p+0, 0x1.0163da9fb3335p+0, 0x1.02c9a3e778061p+0, 0x1.04315e86e7f85p+0,
    0x1.059b0d3158574p+0, 0x1.0706b29ddf6dep+0, 0x1.0874518759bc8p+0, 0x1.09e3ecac6f383p+0, 0x1.0b5586cf9890fp+0,
    0x1.0cc922b7247f7p+0, 0x1.0e3ec32d3d1a2p+0, 0x1.0fb66affed31bp+0, 0x1.11301d0125b51p+0, 0x1.12abdc06c31ccp+0,
    0x1.1429aaea92dep+0, 0x1.15a98c8a58e51p+0, 0x1.172b83c7d517bp+0, 0x1.18af9388c8deap+0, 0x1.1a35beb6fcb75p+0,
    0x1.1bbe084045cd4p+0, 0x1.1d4873168b9aap+0, 0x1.1ed5022fcd91dp+0, 0x1.2063b88628cd6p+0, 0x1.21f49917ddc96p+0,
    0x1.2387a6e756238p+0, 0x1.251ce4fb2a63fp+0, 0x1.26b4565e27cddp+0, 0x1.284dfe1f56381p+0, 0x1.29e9df51fdee1p+0,
    0x1.2b87fd0dad99p+0, 0x1.2d285a6e4030bp+0, 0x1.2ecafa93e2f56p+0, 0x1.306fe0a31b715p+0, 0x1.32170fc4cd831p+0,
    0x1.33c08b26416ffp+0, 0x1.356c55f929ff1p+0, 0x1.371a7373aa9cbp+0, 0x1.38cae6d05d866p+0, 0x1.3a7db34e59ff7p+0,
    0x1.3c32dc313a8e5p+0, 0x1.3dea64c123422p+0, 0x1.3fa4504ac801cp+0, 0x1.4160a21f72e2ap+0, 0x1.431f5d950a897p+0,
    0x1.44e086061892dp+0, 0x1.46a41ed1d0057p+0, 0x1.486a2b5c13cdp+0, 0x1.4a32af0d7d3dep+0, 0x1.4bfdad5362a27p+0,
    0x1.4dcb299fddd0dp+0, 0x1.4f9b2769d2ca7p+0, 0x1.516daa2cf6642p+0, 0x1.5342b569d4f82p+0, 0x1.551a4ca5d920fp+0,
    0x1.56f4736b527dap+0, 0x1.58d12d497c7fdp+0, 0x1.5ab07dd485429p+0, 0x1.5c9268a5946b7p+0, 0x1.5e76f15ad2148p+0,
    0x1.605e1b976dc09p+0, 0x1.6247eb03a5585p+0, 0x1.6434634ccc32p+0, 0x1.6623882552225p+0, 0x1.68155d44ca973p+0,
    0x1.6a09e667f3bcdp+0, 0x1.6c012750bdabfp+0, 0x1.6dfb23c651a2fp+0, 0x1.6ff7df9519484p+0, 0x1.71f75e8ec5f74p+0,
    0x1.73f9a48a58174p+0, 0x1.75feb564267c9p+0, 0x1.780694fde5d3fp+0, 0x1.7a11473eb0187p+0, 0x1.7c1ed0130c132p+0,
    0x1.7e2f336cf4e62p+0, 0x1.80427543e1a12p+0, 0x1.82589994cce13p+0, 0x1.8471a4623c7adp+0, 0x1.868d99b4492edp+0,
    0x1.88ac7d98a6699p+0, 0x1.8ace5422aa0dbp+0, 0x1.8cf3216b5448cp+0, 0x1.8f1ae99157736p+0, 0x1.9145b0b91ffc6p+0,
    0x1.93737b0cdc5e5p+0, 0x1.95a44cbc8520fp+0, 0x1.97d829fde4e5p+0, 0x1.9a0f170ca07bap+0, 0x1.9c49182a3f09p+0,
    0x1.9e86319e32323p+0, 0x1.a0c667b5de565p+0, 0x1.a309bec4a2d33p+0, 0x1.a5503b23e255dp+0, 0x1.a799e1330b358p+0,
    0x1.a9e6b5579fdbfp+0, 0x1.ac36bbfd3f37ap+0, 0x1.ae89f995ad3adp+0, 0x1.b0e07298db666p+0, 0x1.b33a2b84f15fbp+0,
    0x1.b59728de5593ap+0, 0x1.b7f76f2fb5e47p+0, 0x1.ba5b030a1064ap+0, 0x1.bcc1e904bc1d2p+0, 0x1.bf2c25bd71e09p+0,
    0x1.c199bdd85529cp+0, 0x1.c40ab5fffd07ap+0, 0x1.c67f12e57d14bp+0, 0x1.c8f6d9406e7b5p+0, 0x1.cb720dcef9069p+0,
    0x1.cdf0b555dc3fap+0, 0x1.d072d4a07897cp+0, 0x1.d2f87080d89f2p+0, 0x1.d5818dcfba487p+0, 0x1.d80e316c98398p+0,
    0x1.da9e603db3285p+0, 0x1.dd321f301b46p+0, 0x1.dfc97337b9b5fp+0, 0x1.e264614f5a129p+0, 0x1.e502ee78b3ff6p+0,
    0x1.e7a51fbc74c83p+0, 0x1.ea4afa2a490dap+0, 0x1.ecf482d8e67f1p+0, 0x1.efa1bee615a27p+0, 0x1.f252b376bba97p+0,
    0x1.f50765b6e454p+0, 0x1.f7bfdad9cbe14p+0, 0x1.fa7c1819e90d8p+0, 0x1.fd3c22b8f71f1p+0};

inline Vec exp2TableAt(Bits j)
{
#if QKV_KERNEL_WIDTH == 8 && defined(__AVX512F__)
    return (Vec)_mm512_mask_i64gather_pd(_mm512_setzero_pd(), 0xff, (__m512i)j, exp2Table, 8);
#elif QKV_KERNEL_WIDTH == 4 && defined(__AVX2__)
    return (Vec)_mm256_i64gather_pd(exp2Table, (__m256i)j, 8);
#else
    Vec t;
    for (int i = 0; i < width; ++i)
        t[i] = exp2Table[j[i]];
    return t;
#endif
}

// Where expNormal holds: its result is a normal number (x ≥ −708.39 would do) below the largest.
constexpr double normalLow = -708.0, normalHigh = 709.7;

// exp(x) for x in [normalLow, normalHigh]: x = (128·k + j)·ln 2 / 128 + r, |r| ≤ ln 2 / 256, so
// exp(x) = 2^k · 2^(j/128) · (1 + q) with q = exp(r) − 1 to r⁵ (the rest is below 2^−60 of it),
// 2^(j/128) from the table and 2^k added to the exponent. Within about 1 ulp; arguments outside
// the range give garbage, not a fault.
inline Vec expNormal(Vec x)
{
    const Vec magic = splat(0x1.8p52);
    const Vec t = x * splat(0x1.71547652b82fep7) + magic; // 128/ln 2: 128·k + j in t's low bits
    const Vec kj = t - magic;
    // ln 2 / 128 in two parts, the first short enough that kj times it is exact (|kj| < 2^18).
    Vec r = x - kj * splat(0x1.62e42fee00000p-8);
    r = r - kj * splat(0x1.a39ef35793c76p-40);
    Vec q = splat(1.0 / 120);
    q = q * r + splat(1.0 / 24);
    q = q * r + splat(1.0 / 6);
    q = q * r + splat(0.5);
    q = q * r + splat(1.0);
    q = q * r;
    const Bits bits = (Bits)t;
    const Vec tabled = exp2TableAt(bits & 127);
    const Vec y = tabled * q + tabled; // in [0.997, 2): 2^k only moves its exponent
    return (Vec)((Bits)y + ((bits >> 7) << 52));
}

inline bool allNormal(Vec x)
{
    const Bits inside = (x >= splat(normalLow)) & (x <= splat(normalHigh));
    for (int i = 0; i < width; ++i)
        if (!inside[i])
            return false;
    return true;
}

// The vector with its lanes swapped in pairs of blocks of `block` lanes.
template<int block>
inline Vec swapped(Vec v)
{
#if QKV_KERNEL_WIDTH == 8
    if constexpr (block == 4)
        return __builtin_shufflevector(v, v, 4, 5, 6, 7, 0, 1, 2, 3);
    if constexpr (block == 2)
        return __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);
    return __builtin_shufflevector(v, v, 1, 0, 3, 2, 5, 4, 7, 6);
#elif QKV_KERNEL_WIDTH == 4
    if constexpr (block == 2)
        return __builtin_shufflevector(v, v, 2, 3, 0, 1);
    return __builtin_shufflevector(v, v, 1, 0, 3, 2);
#else
    return __builtin_shufflevector(v, v, 1, 0);
#endif
}

// One lane from all of them in log2(width) steps of whole vectors: a row's reductions are a
// fifth of its time at 64 tokens when done lane after lane.
template<class Op>
inline double fold(Vec v, Op op)
{
    if constexpr (width >= 8)
        v = op(v, swapped<4>(v));
    if constexpr (width >= 4)
        v = op(v, swapped<2>(v));
    return op(v, swapped<1>(v))[0];
}

inline double maxOf(Vec v)
{
    return fold(v, [](Vec a, Vec b) { return a > b ? a : b; });
}

inline double minOf(Vec v)
{
    return fold(v, [](Vec a, Vec b) { return a < b ? a : b; });
}

inline double sumOf(Vec v)
{
    return fold(v, [](Vec a, Vec b) { return a + b; });
}

// The scaled, masked scores of one vector of cells, written to `out`; their maximum, the least
// shown one, and a finiteness check (y·0 is NaN for an infinite or NaN y) carried along.
struct ScalePass {
    Vec factor, top = splat(-__builtin_inf()), low = splat(__builtin_inf()), check = splat(0);

    void run(const double *scores, const double *visible, double *out)
    {
        Vec y = load(scores) * factor;
        if (visible) {
            const Bits shown = load(visible) > splat(0);
            y = shown ? y : splat(-__builtin_inf());
            check += shown ? y * 0 : splat(0);
            const Vec shownY = shown ? y : splat(__builtin_inf());
            low = shownY < low ? shownY : low;
        } else {
            check += y * 0;
            low = y < low ? y : low;
        }
        top = y > top ? y : top;
        store(out, y);
    }
};

// exp(y − top) of one vector of cells, written back and added to `sum`. `normal`: every shown
// cell is within reach of expNormal; hidden cells (−inf) are then worked as normalLow and set to 0.
template<bool normal>
struct ExpPass {
    Vec shift, sum = splat(0);

    void run(double *cells, const double *visible)
    {
        Vec e;
        if constexpr (normal) {
            const Vec x = load(cells) - shift;
            e = expNormal(x > splat(normalLow) ? x : splat(normalLow));
            if (visible)
                e = load(visible) > splat(0) ? e : splat(0);
        } else {
            e = expAnywhere(load(cells) - shift);
        }
        sum += e;
        store(cells, e);
    }
};

// The exp pass over a row of `full` whole vectors and the padded tail; returns Σ exp.
template<bool normal>
double expRow(double *out, const double *visible, std::ptrdiff_t full, double *tailOut, const double *tailVisible,
    bool hasTail, double top)
{
    ExpPass<normal> pass {splat(top)};
    for (std::ptrdiff_t j = 0; j < full; j += width)
        pass.run(out + j, visible ? visible + j : nullptr);
    if (hasTail)
        pass.run(tailOut, tailVisible);
    return sumOf(pass.sum);
}

} // namespace

RowStatus softmaxRow(
    const double *scores, const double *visible, std::ptrdiff_t n, double divisor, double *out, double *largest)
{
    const std::ptrdiff_t full = n - n % width;
    const int rest = static_cast<int>(n - full);
    // The last partial vector is worked in a padded copy: padding is hidden, so it adds nothing.
    double tailScores[width] = {}, tailVisible[width] = {}, tailOut[width] = {};
    for (int i = 0; i < rest; ++i) {
        tailScores[i] = scores[full + i];
        tailVisible[i] = visible ? visible[full + i] : 1.0;
    }

    ScalePass scale {splat(1 / divisor)};
    for (std::ptrdiff_t j = 0; j < full; j += width)
        scale.run(scores + j, visible ? visible + j : nullptr, out + j);
    if (rest)
        scale.run(tailScores, tailVisible, tailOut);
    if (const double check = sumOf(scale.check); check != check) // NaN where any lane is
        return RowStatus::NonFinite;
    const double top = maxOf(scale.top);
    if (top == -__builtin_inf())
        return RowStatus::AllMasked;

    // exp(−708) is 0 to every reader of a weight, but a row can hold the rare cell below it.
    const double sum = minOf(scale.low) - top >= normalLow
        ? expRow<true>(out, visible, full, tailOut, tailVisible, rest > 0, top)
        : expRow<false>(out, visible, full, tailOut, tailVisible, rest > 0, top);

    // Multiplying by reciprocals rather than dividing: a division costs as much as the rest of
    // a cell's work, for one rounding more.
    const double reciprocal = 1 / sum;
    if (largest)
        *largest = reciprocal;
    const Vec inverse = splat(reciprocal);
    for (std::ptrdiff_t j = 0; j < full; j += width)
        store(out + j, load(out + j) * inverse);
    if (rest) {
        store(tailOut, load(tailOut) * inverse);
        for (int i = 0; i < rest; ++i)
            out[full + i] = tailOut[i];
    }
    return RowStatus::Ok;
}

void expArray(const double *x, double *y, std::ptrdiff_t n)
{
    const auto exp = [](Vec v) { return allNormal(v) ? expNormal(v) : expAnywhere(v); };
    const std::ptrdiff_t full = n - n % width;
    for (std::ptrdiff_t j = 0; j < full; j += width)
        store(y + j, exp(load(x + j)));
    storePart(y + full, exp(loadPart(x + full, n - full)), n - full);
}

} // namespace qkv::kernels::QKV_KERNEL_LEVEL
