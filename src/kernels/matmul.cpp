#include "kernels/matmul.h"

#include "kernels/kernellevels.h"
#include "kernels/simdlevel.h"

#include <cblas.h>
#include <dlfcn.h>

#include <cstdlib>
#include <string>

namespace qkv::kernels {
namespace {

// OpenBLAS picks its kernels by the CPU's model number when it loads. A model it does not know (a
// CPU newer than the library, or one a virtual machine names generically) falls back to its
// slowest kernels, Prescott's SSE3, even on an AVX-512 machine: products 2–4× slower. Then the
// kernels are picked again by the instructions the CPU has, unless OPENBLAS_CORETYPE says which.
// The functions are looked up, not linked: only a build of OpenBLAS for every CPU has them.
std::string chooseKernels()
{
    std::string loaded = openblas_get_corename();
#if defined(__x86_64__)
    if (std::getenv("OPENBLAS_CORETYPE") || loaded != "Prescott")
        return loaded;
    __builtin_cpu_init();
    const char *wanted = nullptr;
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")
        && __builtin_cpu_supports("avx512dq"))
        wanted = "SkylakeX";
    else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        wanted = "Haswell";
    using Hook = void (*)();
    const auto quit = reinterpret_cast<Hook>(dlsym(RTLD_DEFAULT, "gotoblas_dynamic_quit"));
    const auto init = reinterpret_cast<Hook>(dlsym(RTLD_DEFAULT, "gotoblas_dynamic_init"));
    if (!wanted || !quit || !init)
        return loaded;
    // Before any product, on the one thread there is yet: the library forgets its choice and makes
    // it again from the variable, which is then taken back so child processes are not affected.
    setenv("OPENBLAS_CORETYPE", wanted, 1);
    quit();
    init();
    unsetenv("OPENBLAS_CORETYPE");
#endif
    return openblas_get_corename();
}

// Ends the worker threads OpenBLAS started when it loaded: with one thread a call it never uses
// them, yet they spin for about 2^28 cycles first (some 100 ms). Looked up: only OpenBLAS's
// threaded builds have the function.
void endBlasThreads()
{
    using Shutdown = int (*)();
    if (const auto shutdown = reinterpret_cast<Shutdown>(dlsym(RTLD_DEFAULT, "blas_thread_shutdown_")))
        shutdown();
}

// OpenBLAS runs each call on the calling thread only, and keeps no threads of its own: the
// engine splits its products over the cores itself (inParts, platform/cores.h), and OpenBLAS's
// workers spin between calls, taking a core from the window on a 2-core machine.
const std::string kernelsInUse = [] {
    std::string core = chooseKernels();
    openblas_set_num_threads(1);
    endBlasThreads();
    return core;
}();

using SmallProduct = void (*)(const double *, std::ptrdiff_t, const double *, std::ptrdiff_t, std::ptrdiff_t,
    std::ptrdiff_t, std::ptrdiff_t, double *, std::ptrdiff_t);

// Our unpacked kernel (smallproductlevel.cpp) for C = A·Bᵀ (byTransposed) or C = Aᵀ·B where it
// beats OpenBLAS, else null: the products of attention's blocks, up to 4 M multiply-adds (16 k
// cells of scores at d = 256), where OpenBLAS spends as much on packing and set-up as on the
// product. With AVX2 they beat OpenBLAS's Haswell kernels (which Zen uses too) at every shape
// measured: 64 × 64 × 64 in 12.7 and 14.2 µs against 15.8 and 16.0, 64 tokens at d = 3 in 0.8 and
// 0.7 against 1.8 and 3.1. With AVX-512 they match SkylakeX's small kernels at 64 tokens and beat
// them on longer rows (32 rows of 512 keys at d = 64: 28 µs against 40), but not for heads
// narrower than 8 (Intel Xeon, Sapphire Rapids). OpenBLAS's SSE kernels beat SSE2's copy.
SmallProduct ownKernelFor(bool byTransposed, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k)
{
    if (double(m) * double(n) * double(k) > 4.0 * 1024 * 1024)
        return nullptr;
#ifdef QKV_KERNELS_X86
    switch (simdLevel()) {
    case SimdLevel::Avx512:
        if ((byTransposed ? k : n) < 8) // the head's width: inner size of the scores, columns of the output
            return nullptr;
        return byTransposed ? avx512::multiplyByTransposed : avx512::multiplyTransposed;
    case SimdLevel::Avx2:
        return byTransposed ? avx2::multiplyByTransposed : avx2::multiplyTransposed;
    case SimdLevel::Sse2:
        break;
    }
#endif
    return nullptr;
}

} // namespace

void multiply(
    MatrixRef a, MatrixRef b, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t cStride)
{
    if (a.transposed != b.transposed)
        if (const SmallProduct own = ownKernelFor(b.transposed, m, n, k)) {
            own(a.data, a.stride, b.data, b.stride, m, n, k, c, cStride);
            return;
        }
    const auto op = [](bool t) { return t ? CblasTrans : CblasNoTrans; };
    cblas_dgemm(CblasColMajor, op(a.transposed), op(b.transposed), static_cast<blasint>(m), static_cast<blasint>(n),
        static_cast<blasint>(k), 1.0, a.data, static_cast<blasint>(a.stride), b.data, static_cast<blasint>(b.stride),
        0.0, c, static_cast<blasint>(cStride));
}

void multiply(FloatMatrixRef a, FloatMatrixRef b, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, float *c,
    std::ptrdiff_t cStride)
{
    const auto op = [](bool t) { return t ? CblasTrans : CblasNoTrans; };
    if (m == 1) {
        // One row (a token generated): a matrix-vector product, which reads B once as it lies; the
        // BLAS's sgemm would first copy all of B into its packed panels for that one row.
        // cᵀ = op(B)ᵀ·aᵀ, B stored k × n (or n × k when transposed), column-major.
        cblas_sgemv(CblasColMajor, b.transposed ? CblasNoTrans : CblasTrans, static_cast<blasint>(b.transposed ? n : k),
            static_cast<blasint>(b.transposed ? k : n), 1.0f, b.data, static_cast<blasint>(b.stride), a.data,
            static_cast<blasint>(a.transposed ? 1 : a.stride), 0.0f, c, static_cast<blasint>(cStride));
        return;
    }
    cblas_sgemm(CblasColMajor, op(a.transposed), op(b.transposed), static_cast<blasint>(m), static_cast<blasint>(n),
        static_cast<blasint>(k), 1.0f, a.data, static_cast<blasint>(a.stride), b.data, static_cast<blasint>(b.stride),
        0.0f, c, static_cast<blasint>(cStride));
}

void multiplyFewRows(const float *a, const float *b, std::ptrdiff_t ldb, std::ptrdiff_t m, std::ptrdiff_t n,
    std::ptrdiff_t k, float *c, const void *next, std::ptrdiff_t nextBytes)
{
    const std::ptrdiff_t rows = paddedRows(m);
#ifdef QKV_KERNELS_X86
    switch (simdLevel()) {
    case SimdLevel::Avx512:
        return avx512::multiplyFewRows(a, rows, b, ldb, n, k, c, next, nextBytes);
    case SimdLevel::Avx2:
        return avx2::multiplyFewRows(a, rows, b, ldb, n, k, c, next, nextBytes);
    case SimdLevel::Sse2:
        break;
    }
#endif
    multiply(FloatMatrixRef {a, rows, false}, FloatMatrixRef {b, ldb, false}, m, n, k, c, rows);
}

bool multiplyFewRowsBf16(const float *a, const unsigned short *b, std::ptrdiff_t ldb, std::ptrdiff_t m,
    std::ptrdiff_t n, std::ptrdiff_t k, float *c)
{
#ifdef QKV_KERNELS_X86
    switch (simdLevel()) {
    case SimdLevel::Avx512:
        avx512::multiplyFewRowsBf16(a, paddedRows(m), b, ldb, n, k, c);
        return true;
    case SimdLevel::Avx2:
        avx2::multiplyFewRowsBf16(a, paddedRows(m), b, ldb, n, k, c);
        return true;
    case SimdLevel::Sse2:
        break;
    }
#endif
    (void)a, (void)b, (void)ldb, (void)m, (void)n, (void)k, (void)c;
    return false;
}

bool dotRowsBf16(const float *x, std::ptrdiff_t m, const unsigned short *b, std::ptrdiff_t ldb, std::ptrdiff_t n,
    std::ptrdiff_t k, float *c, std::ptrdiff_t ldc)
{
#ifdef QKV_KERNELS_X86
    switch (simdLevel()) {
    case SimdLevel::Avx512:
        avx512::dotRowsBf16(x, m, b, ldb, n, k, c, ldc);
        return true;
    case SimdLevel::Avx2:
        avx2::dotRowsBf16(x, m, b, ldb, n, k, c, ldc);
        return true;
    case SimdLevel::Sse2:
        break;
    }
#endif
    (void)x, (void)m, (void)b, (void)ldb, (void)n, (void)k, (void)c, (void)ldc;
    return false;
}

const char *blasName()
{
    return openblas_get_config();
}

const char *blasKernels()
{
    return kernelsInUse.c_str();
}

} // namespace qkv::kernels
