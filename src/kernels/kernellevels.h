#pragma once

// The entry points each SIMD level's copy of softmaxlevel.cpp defines, one namespace per level.
// Only softmax.cpp calls them, after checking that the CPU has the level.

#include "kernels/softmax.h"

#define QKV_DECLARE_KERNEL_LEVEL(level)                                                                                \
    namespace qkv::kernels::level {                                                                                    \
    RowStatus softmaxRow(                                                                                              \
        const double *scores, const double *visible, std::ptrdiff_t n, double divisor, double *out, double *largest);  \
    void expArray(const double *x, double *y, std::ptrdiff_t n);                                                       \
    }

QKV_DECLARE_KERNEL_LEVEL(sse2)
#ifdef QKV_KERNELS_X86
QKV_DECLARE_KERNEL_LEVEL(avx2)
QKV_DECLARE_KERNEL_LEVEL(avx512)
#endif
