// One SIMD level of the float product of a model's layers for a sentence's few tokens (matmul.h's
// multiplyFewRows), compiled once per level like smallproductlevel.cpp. The weights' rows times
// the tokens without packing either: OpenBLAS packs both operands of every call, which for 32
// tokens costs a fifth of its product, on top of widening the weights to float32 first. Vectors
// run down A's and C's columns (the tokens), B's elements are broadcast: bfloat16 ones straight
// from the file's mapping, two at a time, each the upper half of a float32. Each cell of C is
// summed down k in order with fused multiply-adds, so AVX2 and AVX-512, float32 and bfloat16
// weights, give the same floats whatever the split of the columns between threads.
// Plain C++ without the standard library's inline functions (see ggmlblocks.cpp).

#include "kernels/kernellevels.h"

#if QKV_KERNEL_WIDTH > 2
#include <immintrin.h>
#endif

namespace qkv::kernels::QKV_KERNEL_LEVEL {
namespace {

constexpr long floats = 2L * QKV_KERNEL_WIDTH; // a vector's floats
using Floats = float __attribute__((vector_size(floats * sizeof(float))));
using Words = unsigned __attribute__((vector_size(floats * sizeof(float))));

// Registers: 32 vectors with AVX-512, 16 below. A tile keeps its sums (strip vectors × columns),
// two steps' columns of A and the broadcast elements of B in them.
constexpr int tileColumns = QKV_KERNEL_WIDTH == 8 ? 12 : 6;

inline Floats loadFloats(const float *p)
{
    Floats v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

// The rows of B's next tile of columns, fetched into the cache a line a step while this one
// computes: memory the product would otherwise wait for.
struct Prefetch {
    const char *next = nullptr; // its first column
    long columnBytes = 0, columns = 0, lines = 0; // lines of each column
    long column = 0, line = 0;

    void step()
    {
        if (column >= columns)
            return;
        __builtin_prefetch(next + column * columnBytes + line * 64);
        if (++line == lines) {
            line = 0;
            ++column;
        }
    }
};

// B's elements: float32, or bfloat16 (a float32's upper half).
struct FloatB {
    const float *b;
    long ldb;
    static constexpr long bytes = 4;
};
struct Bf16B {
    const unsigned short *b;
    long ldb;
    static constexpr long bytes = 2;
};

// a·b + c rounded once, as the levels' sameness needs: an FMA instruction itself, not left to the
// compiler's contraction, which a sanitizer's checks between the two split in some places of one
// level and not of the other. (SSE2 has none; its products are not compared.)
inline Floats fused(Floats a, Floats b, Floats c)
{
#if QKV_KERNEL_WIDTH == 8
    return reinterpret_cast<Floats>(
        _mm512_fmadd_ps(reinterpret_cast<__m512>(a), reinterpret_cast<__m512>(b), reinterpret_cast<__m512>(c)));
#elif QKV_KERNEL_WIDTH == 4
    return reinterpret_cast<Floats>(
        _mm256_fmadd_ps(reinterpret_cast<__m256>(a), reinterpret_cast<__m256>(b), reinterpret_cast<__m256>(c)));
#else
    return a * b + c;
#endif
}

inline Floats broadcast(float x)
{
    return x - Floats {}; // − +0 is exact for every x
}

// Steps p and p + 1 of column r: for bfloat16 one 32-bit word holds both, the first in its lower
// half, so each is a shift or a mask of the word broadcast.
inline void factors(const FloatB &s, long r, long p, Floats &first, Floats &second)
{
    first = broadcast(s.b[p + r * s.ldb]);
    second = broadcast(s.b[p + 1 + r * s.ldb]);
}
inline void factors(const Bf16B &s, long r, long p, Floats &first, Floats &second)
{
    unsigned word;
    __builtin_memcpy(&word, s.b + p + r * s.ldb, sizeof word);
    const Words both = word - Words {};
    first = reinterpret_cast<Floats>(both << 16);
    second = reinterpret_cast<Floats>(both & 0xffff0000u);
}
inline Floats factor(const FloatB &s, long r, long p)
{
    return broadcast(s.b[p + r * s.ldb]);
}
inline Floats factor(const Bf16B &s, long r, long p)
{
    unsigned short half; // read as bytes: a file's tensor may start at an odd address
    __builtin_memcpy(&half, s.b + p + r * s.ldb, sizeof half);
    return broadcast(__builtin_bit_cast(float, unsigned(half) << 16));
}

// C(strip of J vectors, R columns) = A(strip, :) · B(:, R columns), two steps of k at a time.
template<int J, int R, typename B>
inline void tile(const float *a, long lda, const B &b, long k, float *c, long ldc, Prefetch &ahead)
{
    Floats sum[R][J] = {};
    long p = 0;
    for (; p + 2 <= k; p += 2) {
        ahead.step();
        Floats first[J], second[J];
#pragma GCC unroll 4
        for (int v = 0; v < J; ++v) {
            first[v] = loadFloats(a + p * lda + v * floats);
            second[v] = loadFloats(a + (p + 1) * lda + v * floats);
        }
#pragma GCC unroll 12
        for (int r = 0; r < R; ++r) {
            Floats f1, f2;
            factors(b, r, p, f1, f2);
#pragma GCC unroll 4
            for (int v = 0; v < J; ++v) {
                sum[r][v] = fused(first[v], f1, sum[r][v]);
                sum[r][v] = fused(second[v], f2, sum[r][v]);
            }
        }
    }
    if (p < k) { // an odd k's last step
        for (int r = 0; r < R; ++r) {
            const Floats f = factor(b, r, p);
            for (int v = 0; v < J; ++v)
                sum[r][v] = fused(loadFloats(a + p * lda + v * floats), f, sum[r][v]);
        }
    }
#pragma GCC unroll 12
    for (int r = 0; r < R; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < J; ++v)
            __builtin_memcpy(c + r * ldc + v * floats, &sum[r][v], sizeof(Floats));
}

// R columns for every strip of rows: two vectors of them, the last strip one when that covers it.
template<int R, typename B>
inline void columns(const float *a, long rows, const B &b, long k, float *c, Prefetch &ahead)
{
    for (long i = 0; i < rows; i += 2 * floats) {
        if (rows - i > floats)
            tile<2, R>(a + i, rows, b, k, c + i, rows, ahead);
        else
            tile<1, R>(a + i, rows, b, k, c + i, rows, ahead);
    }
}

// The last `rest` (< tileColumns) columns, as one tile of their own width.
template<int R, typename B>
inline void lastColumns(long rest, const float *a, long rows, const B &b, long k, float *c, Prefetch &ahead)
{
    if constexpr (R > 0) {
        if (rest == R)
            return columns<R>(a, rows, b, k, c, ahead);
        lastColumns<R - 1>(rest, a, rows, b, k, c, ahead);
    }
}

// Tiles of columns, each over every strip of rows while its columns of B stay in the cache. Each
// tile fetches what comes next: the next tile's columns of B, or (`after`, when B is a tile of
// weights just widened) its share of the stored bytes the caller widens next.
template<typename B>
void product(const float *a, long rows, B b, long n, long k, float *c, const char *after, long afterBytes)
{
    if (n <= 0)
        return;
    const long tiles = (n + tileColumns - 1) / tileColumns;
    const long afterLines = (afterBytes + 63) / 64, share = (afterLines + tiles - 1) / tiles;
    for (long j = 0, t = 0; j < n; j += tileColumns, ++t) {
        const long width = n - j < tileColumns ? n - j : tileColumns, following = n - j - width;
        B at = b;
        at.b += j * b.ldb;
        Prefetch ahead;
        if (after) {
            ahead.next = after + t * share * 64;
            ahead.columns = t * share < afterLines ? 1 : 0;
            ahead.lines = afterLines - t * share < share ? afterLines - t * share : share;
        } else {
            ahead.next = reinterpret_cast<const char *>(at.b + width * b.ldb);
            ahead.columnBytes = b.ldb * B::bytes;
            ahead.columns = following < tileColumns ? following : tileColumns;
            ahead.lines = (k * B::bytes + 63) / 64;
        }
        if (width == tileColumns)
            columns<tileColumns>(a, rows, at, k, c + j * rows, ahead);
        else
            lastColumns<tileColumns - 1>(width, a, rows, at, k, c + j * rows, ahead);
    }
}

// For one to four tokens a product would mostly multiply padding: instead each cell is a dot
// product down k of a token's row and a column of B, a vector of partial sums per cell. B's columns
// are read once, as a stream (the output head's hundreds of MB), M tokens and R columns at a time.
using Halves = unsigned short __attribute__((vector_size(floats * sizeof(unsigned short))));
constexpr int streamColumns = QKV_KERNEL_WIDTH == 8 ? 4 : 2;

inline Floats widened(const unsigned short *p)
{
    Halves h;
    __builtin_memcpy(&h, p, sizeof h);
    return reinterpret_cast<Floats>(__builtin_convertvector(h, Words) << 16);
}

inline float lanesSum(Floats v)
{
    float sum = 0;
    for (long i = 0; i < floats; ++i)
        sum += v[i];
    return sum;
}

template<int M, int R>
inline void streamTile(const float *x, long k, const Bf16B &b, float *c, long ldc)
{
    Floats sum[R][M] = {};
    const long full = k - k % floats;
    for (long p = 0; p < full; p += floats) {
        Floats token[M];
#pragma GCC unroll 4
        for (int i = 0; i < M; ++i)
            token[i] = loadFloats(x + i * k + p);
#pragma GCC unroll 4
        for (int r = 0; r < R; ++r) {
            // The same place in the columns after these: a row of B is only k values long, too
            // short a stream for the CPU's own prefetching to get ahead of.
            __builtin_prefetch(b.b + (r + R) * b.ldb + p);
            const Floats column = widened(b.b + r * b.ldb + p);
#pragma GCC unroll 4
            for (int i = 0; i < M; ++i)
                sum[r][i] += token[i] * column;
        }
    }
    for (int r = 0; r < R; ++r)
        for (int i = 0; i < M; ++i) {
            float cell = lanesSum(sum[r][i]);
            for (long p = full; p < k; ++p)
                cell += x[i * k + p] * factor(b, r, p)[0];
            c[i + r * ldc] = cell;
        }
}

template<int M>
void streamProducts(const float *x, long k, Bf16B b, long n, float *c, long ldc)
{
    long j = 0;
    for (; j + streamColumns <= n; j += streamColumns, b.b += streamColumns * b.ldb)
        streamTile<M, streamColumns>(x, k, b, c + j * ldc, ldc);
    for (; j < n; ++j, b.b += b.ldb)
        streamTile<M, 1>(x, k, b, c + j * ldc, ldc);
}

} // namespace

void multiplyFewRows(const float *a, std::ptrdiff_t rows, const float *b, std::ptrdiff_t ldb, std::ptrdiff_t n,
    std::ptrdiff_t k, float *c, const void *next, std::ptrdiff_t nextBytes)
{
    product(a, rows, FloatB {b, ldb}, n, k, c, static_cast<const char *>(next), nextBytes);
}

void multiplyFewRowsBf16(const float *a, std::ptrdiff_t rows, const unsigned short *b, std::ptrdiff_t ldb,
    std::ptrdiff_t n, std::ptrdiff_t k, float *c)
{
    product(a, rows, Bf16B {b, ldb}, n, k, c, nullptr, 0);
}

void dotRowsBf16(const float *x, std::ptrdiff_t m, const unsigned short *b, std::ptrdiff_t ldb, std::ptrdiff_t n,
    std::ptrdiff_t k, float *c, std::ptrdiff_t ldc)
{
    for (long i = 0; i < m; i += 4) {
        const Bf16B columns {b, ldb};
        switch (m - i) {
        case 1:
            streamProducts<1>(x + i * k, k, columns, n, c + i, ldc);
            break;
        case 2:
            streamProducts<2>(x + i * k, k, columns, n, c + i, ldc);
            break;
        case 3:
            streamProducts<3>(x + i * k, k, columns, n, c + i, ldc);
            break;
        default:
            streamProducts<4>(x + i * k, k, columns, n, c + i, ldc);
        }
    }
}

} // namespace qkv::kernels::QKV_KERNEL_LEVEL
