#pragma once

#include <cstddef>

namespace qkv::kernels {

// C = op(A)·op(B) of column-major matrices (op: transposed or not), m × n with inner size k:
// the machine's BLAS (OpenBLAS: its own per-CPU kernels) for the large products of attention,
// where Eigen's portable build reaches a fraction of the CPU's throughput, and our own unpacked
// kernels for the small blocks where they are faster (matmul.cpp).
struct MatrixRef {
    const double *data;
    std::ptrdiff_t stride; // between columns
    bool transposed;
};
void multiply(
    MatrixRef a, MatrixRef b, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t cStride);

// The same in single precision, for the layers of real transformer models.
struct FloatMatrixRef {
    const float *data;
    std::ptrdiff_t stride; // between columns
    bool transposed;
};
void multiply(FloatMatrixRef a, FloatMatrixRef b, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, float *c,
    std::ptrdiff_t cStride);

// C (m × n) = A (m × k) · B (k × n) for the few rows of a sentence's tokens (a model's layers,
// fewRowsLimit at most) and a tile of a layer's weights just widened into the cache. A and C are
// column-major with paddedRows(m) rows (A's past m zero, C's past m left undefined), B
// column-major with columns ldb apart. Our unpacked kernel on CPUs with AVX2 or AVX-512 (each cell
// summed down k in order with fused multiply-adds: the same floats on both, and whichever thread
// computes a column), else the BLAS. Meanwhile the `nextBytes` at `next` (the stored weights of
// the next tile: memory the product would otherwise wait for) are fetched into the cache.
constexpr std::ptrdiff_t fewRowsLimit = 64;
constexpr std::ptrdiff_t paddedRows(std::ptrdiff_t m)
{
    return (m + 15) / 16 * 16;
}
void multiplyFewRows(const float *a, const float *b, std::ptrdiff_t ldb, std::ptrdiff_t m, std::ptrdiff_t n,
    std::ptrdiff_t k, float *c, const void *next = nullptr, std::ptrdiff_t nextBytes = 0);
// The same with B's elements bfloat16 (as a model's file stores them, each the upper half of a
// float32), read where they lie: the same floats as widening them first. False, computing
// nothing, on CPUs without AVX2.
bool multiplyFewRowsBf16(const float *a, const unsigned short *b, std::ptrdiff_t ldb, std::ptrdiff_t m,
    std::ptrdiff_t n, std::ptrdiff_t k, float *c);
// C (m × n, column-major, rows ldc apart) = X · B for one to a few tokens (the output head's one
// row): X row-major (m × k, each token's row contiguous), B's columns bfloat16 as above; each cell
// a dot product, B read once as a stream. False, computing nothing, on CPUs without AVX2.
bool dotRowsBf16(const float *x, std::ptrdiff_t m, const unsigned short *b, std::ptrdiff_t ldb, std::ptrdiff_t n,
    std::ptrdiff_t k, float *c, std::ptrdiff_t ldc);

// The BLAS library the products run on, for the benchmark's report ("OpenBLAS 0.3.21 …").
const char *blasName();
// The BLAS kernels chosen for this CPU ("Haswell", "SkylakeX", "Zen"…).
const char *blasKernels();

} // namespace qkv::kernels
