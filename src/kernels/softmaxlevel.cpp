// One SIMD level of the kernels. CMake compiles this file once per level with that level's
// instruction flags, QKV_KERNEL_LEVEL (the namespace) and QKV_KERNEL_WIDTH (doubles per vector).
// Everything but the two entry points has internal linkage and the file includes no header with
// inline functions, so the linker can never pick code built for a wider level for code that must
// run on any CPU. The vectors are GCC's generic ones: one source for every width.

#include "kernels/kernellevels.h"

namespace qkv::kernels::QKV_KERNEL_LEVEL {
namespace {

constexpr int width = QKV_KERNEL_WIDTH;
using Vec = double __attribute__((vector_size(width * sizeof(double))));
using Bits = long long __attribute__((vector_size(width * sizeof(double))));

inline Vec splat(double a)
{
    return Vec {} + a;
}

inline Vec load(const double *p)
{
    Vec v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

inline void store(double *p, Vec v)
{
    __builtin_memcpy(p, &v, sizeof v);
}

// 2^k for a whole number k in [−1022, 1023] held in a double: its bits put in the exponent.
inline Vec powerOfTwo(Vec k)
{
    const Vec magic = splat(0x1.8p52); // k + magic has k in its low mantissa bits
    return (Vec)((((Bits)(k + magic)) - (Bits)magic + 1023) << 52);
}

// exp(x) = 2^k · exp(r), k = round(x / ln 2), r = x − k·ln 2 in two parts (Cody and Waite), so
// |r| ≤ ln 2 / 2, where the Taylor series to r¹³ is exact to far below an ulp. 2^k is applied
// in two halves so that results down in the subnormals come out as std::exp gives them.
inline Vec exp(Vec x)
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

inline double maxOf(Vec v)
{
    double m = v[0];
    for (int i = 1; i < width; ++i)
        m = v[i] > m ? v[i] : m;
    return m;
}

inline double sumOf(Vec v)
{
    double s = v[0];
    for (int i = 1; i < width; ++i)
        s += v[i];
    return s;
}

// The scaled, masked scores of one vector of cells, written to `out`; their maximum and a
// finiteness check (y·0 is NaN for an infinite or NaN y) carried along.
struct ScalePass {
    Vec factor, top = splat(-__builtin_inf()), check = splat(0);

    void run(const double *scores, const double *visible, double *out)
    {
        Vec y = load(scores) * factor;
        if (visible) {
            const Bits shown = load(visible) > splat(0);
            y = shown ? y : splat(-__builtin_inf());
            check += shown ? y * 0 : splat(0);
        } else {
            check += y * 0;
        }
        top = y > top ? y : top;
        store(out, y);
    }
};

} // namespace

RowStatus softmaxRow(
    const double *scores, const double *visible, std::ptrdiff_t n, double divisor, double *out, double *largest)
{
    const std::ptrdiff_t full = n - n % width;
    const int rest = static_cast<int>(n - full);
    // The last partial vector is worked in a padded copy: padding is hidden, so it adds nothing.
    double tailScores[width] = {}, tailVisible[width] = {}, tailOut[width];
    for (int i = 0; i < rest; ++i) {
        tailScores[i] = scores[full + i];
        tailVisible[i] = visible ? visible[full + i] : 1.0;
    }

    ScalePass scale {splat(1 / divisor)};
    for (std::ptrdiff_t j = 0; j < full; j += width)
        scale.run(scores + j, visible ? visible + j : nullptr, out + j);
    if (rest)
        scale.run(tailScores, tailVisible, tailOut);
    for (int i = 0; i < width; ++i)
        if (scale.check[i] != scale.check[i])
            return RowStatus::NonFinite;
    const double top = maxOf(scale.top);
    if (top == -__builtin_inf())
        return RowStatus::AllMasked;

    const Vec shift = splat(top);
    Vec sum = splat(0);
    for (std::ptrdiff_t j = 0; j < full; j += width) {
        const Vec e = exp(load(out + j) - shift);
        sum += e;
        store(out + j, e);
    }
    if (rest) {
        const Vec e = exp(load(tailOut) - shift);
        sum += e;
        store(tailOut, e);
    }

    // Multiplying by reciprocals rather than dividing: a division costs as much as the rest of
    // a cell's work, for one rounding more.
    const double reciprocal = 1 / sumOf(sum);
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
    const std::ptrdiff_t full = n - n % width;
    for (std::ptrdiff_t j = 0; j < full; j += width)
        store(y + j, exp(load(x + j)));
    double tail[width] = {};
    for (std::ptrdiff_t j = full; j < n; ++j)
        tail[j - full] = x[j];
    const Vec e = exp(load(tail));
    for (std::ptrdiff_t j = full; j < n; ++j)
        y[j] = e[j - full];
}

} // namespace qkv::kernels::QKV_KERNEL_LEVEL
