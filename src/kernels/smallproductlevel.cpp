// One SIMD level of the products of attention's small blocks (matmul.cpp says which products take
// them), compiled once per level like softmaxlevel.cpp. No packing: a small head's matrices stay
// in the first cache levels, where OpenBLAS's packing and set-up cost as much as the product (a
// 64 × 64 × 64 product took 15.8 µs with its Haswell kernels, 33 GFLOP/s of the 58 an AVX2 core
// has). Column-major matrices, leading dimensions lda, ldb, ldc, as in BLAS.

#include "kernels/kernellevels.h"
#include "kernels/levelvector.h"

#include <type_traits>

namespace qkv::kernels::QKV_KERNEL_LEVEL {
namespace {

// Registers: 32 vectors with AVX-512, 16 below. The tiles keep their sums and the operands of one
// step in them.
constexpr int outerVectors = 3, outerColumns = width == 8 ? 8 : 4;
constexpr int dotRows = 4, dotColumns = width == 8 ? 4 : 3;

// Vector `v` of the J-vector strip at p; with Partial the last one holds only `last` doubles.
template<int J, bool Partial>
inline Vec stripLoad(const double *p, int v, std::ptrdiff_t last)
{
    return Partial && v == J - 1 ? loadPart(p + v * width, last) : load(p + v * width);
}

// C(i0 …, j0 … j0 + R) = A(i0 …, :) · B(j0 … j0 + R, :)ᵀ over a strip of J vectors down the
// columns of C, the last of `last` doubles: A's column of the strip times B's R elements of that
// column, broadcast, summed over the k columns.
template<int J, bool Partial, int R>
inline void outerTile(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb, std::ptrdiff_t k,
    std::ptrdiff_t last, double *c, std::ptrdiff_t ldc)
{
    Vec sum[R][J] = {};
    for (std::ptrdiff_t p = 0; p < k; ++p) {
        Vec column[J];
#pragma GCC unroll 8
        for (int v = 0; v < J; ++v)
            column[v] = stripLoad<J, Partial>(a + p * lda, v, last);
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r) {
            const Vec factor = splat(b[r + p * ldb]);
#pragma GCC unroll 8
            for (int v = 0; v < J; ++v)
                sum[r][v] += column[v] * factor;
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
        for (int v = 0; v < J; ++v) {
            if (Partial && v == J - 1)
                storePart(c + r * ldc + v * width, sum[r][v], last);
            else
                store(c + r * ldc + v * width, sum[r][v]);
        }
}

// Every column j0 … n of C for one strip: tiles of outerColumns, then one column at a time.
template<int J, bool Partial>
void outerStrip(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb, std::ptrdiff_t n,
    std::ptrdiff_t k, std::ptrdiff_t last, double *c, std::ptrdiff_t ldc)
{
    std::ptrdiff_t j = 0;
    for (; j + outerColumns <= n; j += outerColumns)
        outerTile<J, Partial, outerColumns>(a, lda, b + j, ldb, k, last, c + j * ldc, ldc);
    for (; j < n; ++j)
        outerTile<J, Partial, 1>(a, lda, b + j, ldb, k, last, c + j * ldc, ldc);
}

// The sums of the lanes of s[0] … s[3] in the four lanes of one vector's first half (all of it
// when width = 4): pairs of lanes added, then pairs of pairs, then the halves.
inline void lanesSummed(const Vec (&s)[4], double *out)
{
#if QKV_KERNEL_WIDTH == 2
    store(out, __builtin_shufflevector(s[0], s[1], 0, 2) + __builtin_shufflevector(s[0], s[1], 1, 3));
    store(out + 2, __builtin_shufflevector(s[2], s[3], 0, 2) + __builtin_shufflevector(s[2], s[3], 1, 3));
#elif QKV_KERNEL_WIDTH == 4
    const Vec x01 = __builtin_shufflevector(s[0], s[1], 0, 4, 2, 6) + __builtin_shufflevector(s[0], s[1], 1, 5, 3, 7);
    const Vec x23 = __builtin_shufflevector(s[2], s[3], 0, 4, 2, 6) + __builtin_shufflevector(s[2], s[3], 1, 5, 3, 7);
    store(out, __builtin_shufflevector(x01, x23, 0, 1, 4, 5) + __builtin_shufflevector(x01, x23, 2, 3, 6, 7));
#else
    const Vec x01 = __builtin_shufflevector(s[0], s[1], 0, 8, 2, 10, 4, 12, 6, 14)
        + __builtin_shufflevector(s[0], s[1], 1, 9, 3, 11, 5, 13, 7, 15);
    const Vec x23 = __builtin_shufflevector(s[2], s[3], 0, 8, 2, 10, 4, 12, 6, 14)
        + __builtin_shufflevector(s[2], s[3], 1, 9, 3, 11, 5, 13, 7, 15);
    const Vec y = __builtin_shufflevector(x01, x23, 0, 1, 8, 9, 4, 5, 12, 13)
        + __builtin_shufflevector(x01, x23, 2, 3, 10, 11, 6, 7, 14, 15);
    using Half = double __attribute__((vector_size(4 * sizeof(double))));
    const Half sums = __builtin_shufflevector(y, y, 0, 1, 2, 3) + __builtin_shufflevector(y, y, 4, 5, 6, 7);
    __builtin_memcpy(out, &sums, sizeof sums);
#endif
}

// C(i0 … i0 + R, j0 … j0 + S) = A(:, i0 …)ᵀ · B(:, j0 …): R columns of A against S of B, both
// down k, a vector of partial sums per cell, the lanes summed at the end and the last k % width
// products added one by one.
template<int R, int S>
inline void dotTile(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb, std::ptrdiff_t k,
    double *c, std::ptrdiff_t ldc)
{
    Vec sum[S][4] = {};
    const std::ptrdiff_t full = k - k % width;
    for (std::ptrdiff_t p = 0; p < full; p += width) {
        Vec rows[R];
#pragma GCC unroll 8
        for (int r = 0; r < R; ++r)
            rows[r] = load(a + r * lda + p);
#pragma GCC unroll 8
        for (int s = 0; s < S; ++s) {
            const Vec column = load(b + s * ldb + p);
#pragma GCC unroll 8
            for (int r = 0; r < R; ++r)
                sum[s][r] += rows[r] * column;
        }
    }
#pragma GCC unroll 8
    for (int s = 0; s < S; ++s) {
        double cell[4];
        lanesSummed(sum[s], cell);
        if (full < k)
            for (int r = 0; r < R; ++r)
                for (std::ptrdiff_t p = full; p < k; ++p)
                    cell[r] += a[r * lda + p] * b[s * ldb + p];
        __builtin_memcpy(c + s * ldc, cell, R * sizeof(double));
    }
}

template<int R>
void dotRowsOf(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb, std::ptrdiff_t n,
    std::ptrdiff_t k, double *c, std::ptrdiff_t ldc)
{
    std::ptrdiff_t j = 0;
    for (; j + dotColumns <= n; j += dotColumns)
        dotTile<R, dotColumns>(a, lda, b + j * ldb, ldb, k, c + j * ldc, ldc);
    for (; j < n; ++j)
        dotTile<R, 1>(a, lda, b + j * ldb, ldb, k, c + j * ldc, ldc);
}

} // namespace

// C (m × n) = A (m × k) · B (n × k)ᵀ, the scores: vectors down C's and A's columns, B's elements
// broadcast.
void multiplyByTransposed(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb, std::ptrdiff_t m,
    std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t ldc)
{
    constexpr std::ptrdiff_t fullStrip = outerVectors * width;
    std::ptrdiff_t i = 0;
    for (; i + fullStrip <= m; i += fullStrip)
        outerStrip<outerVectors, false>(a + i, lda, b, ldb, n, k, width, c + i, ldc);
    // The rest of the rows, in at most outerVectors vectors, the last one partly filled.
    const std::ptrdiff_t rest = m - i;
    const std::ptrdiff_t vectors = (rest + width - 1) / width, last = rest - (vectors - 1) * width;
    const auto strip = [&](auto vectorsNow) {
        constexpr int J = decltype(vectorsNow)::value;
        if (last < width)
            outerStrip<J, true>(a + i, lda, b, ldb, n, k, last, c + i, ldc);
        else
            outerStrip<J, false>(a + i, lda, b, ldb, n, k, last, c + i, ldc);
    };
    if (vectors == 1)
        strip(std::integral_constant<int, 1> {});
    else if (vectors == 2)
        strip(std::integral_constant<int, 2> {});
    else if (vectors == 3)
        strip(std::integral_constant<int, 3> {});
}

// C (m × n) = A (k × m)ᵀ · B (k × n), the output from row-major weights: both run down k, so each
// cell is a dot product of two contiguous columns.
void multiplyTransposed(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb, std::ptrdiff_t m,
    std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t ldc)
{
    std::ptrdiff_t i = 0;
    for (; i + dotRows <= m; i += dotRows)
        dotRowsOf<dotRows>(a + i * lda, lda, b, ldb, n, k, c + i, ldc);
    switch (m - i) {
    case 3:
        return dotRowsOf<3>(a + i * lda, lda, b, ldb, n, k, c + i, ldc);
    case 2:
        return dotRowsOf<2>(a + i * lda, lda, b, ldb, n, k, c + i, ldc);
    case 1:
        return dotRowsOf<1>(a + i * lda, lda, b, ldb, n, k, c + i, ldc);
    default:
        return;
    }
}

} // namespace qkv::kernels::QKV_KERNEL_LEVEL
