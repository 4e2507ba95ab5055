#pragma once

// The entry points each SIMD level's copy of softmaxlevel.cpp, smallproductlevel.cpp and
// fewrowslevel.cpp defines, one namespace per level. Only softmax.cpp and matmul.cpp call them, after checking that the
// CPU has the level.

#include "kernels/softmax.h"

#define QKV_DECLARE_KERNEL_LEVEL(level)                                                                                \
    namespace qkv::kernels::level {                                                                                    \
    RowStatus softmaxRow(                                                                                              \
        const double *scores, const double *visible, std::ptrdiff_t n, double divisor, double *out, double *largest);  \
    void expArray(const double *x, double *y, std::ptrdiff_t n);                                                       \
    void multiplyByTransposed(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb,                \
        std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t ldc);                          \
    void multiplyTransposed(const double *a, std::ptrdiff_t lda, const double *b, std::ptrdiff_t ldb,                  \
        std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k, double *c, std::ptrdiff_t ldc);                          \
    void multiplyFewRows(const float *a, std::ptrdiff_t rows, const float *b, std::ptrdiff_t ldb, std::ptrdiff_t n,    \
        std::ptrdiff_t k, float *c, const void *next, std::ptrdiff_t nextBytes);                                       \
    void multiplyFewRowsBf16(const float *a, std::ptrdiff_t rows, const unsigned short *b, std::ptrdiff_t ldb,         \
        std::ptrdiff_t n, std::ptrdiff_t k, float *c);                                                                 \
    void dotRowsBf16(const float *x, std::ptrdiff_t m, const unsigned short *b, std::ptrdiff_t ldb, std::ptrdiff_t n,  \
        std::ptrdiff_t k, float *c, std::ptrdiff_t ldc);                                                               \
    }

QKV_DECLARE_KERNEL_LEVEL(sse2)
#ifdef QKV_KERNELS_X86
QKV_DECLARE_KERNEL_LEVEL(avx2)
QKV_DECLARE_KERNEL_LEVEL(avx512)
#endif
