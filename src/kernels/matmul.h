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

// The BLAS library the products run on, for the benchmark's report ("OpenBLAS 0.3.21 …").
const char *blasName();
// The BLAS kernels chosen for this CPU ("Haswell", "SkylakeX", "Zen"…).
const char *blasKernels();

} // namespace qkv::kernels
