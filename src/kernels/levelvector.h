#pragma once

// The vector type of one SIMD level of the kernels, for the files CMake compiles once per level
// (QKV_KERNEL_LEVEL, QKV_KERNEL_WIDTH). Everything here has internal linkage inside the level's
// namespace, so no copy built for a wider level can be linked to code that must run on any CPU.

#include <cstddef>

namespace qkv::kernels::QKV_KERNEL_LEVEL {
namespace {

constexpr std::ptrdiff_t width = QKV_KERNEL_WIDTH;
using Vec = double __attribute__((vector_size(width * sizeof(double))));
using Bits = long long __attribute__((vector_size(width * sizeof(double))));

// a in every lane. Subtracting +0 is exact for every a (adding it turns −0 into +0), so the compiler
// drops it and broadcasts a straight from memory, no arithmetic.
inline Vec splat(double a)
{
    return a - Vec {};
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

// The first `count` (< width) doubles at p, the other lanes 0: never reads past p + count.
inline Vec loadPart(const double *p, std::ptrdiff_t count)
{
    Vec v {};
    for (std::ptrdiff_t i = 0; i < count; ++i)
        v[i] = p[i];
    return v;
}

inline void storePart(double *p, Vec v, std::ptrdiff_t count)
{
    for (std::ptrdiff_t i = 0; i < count; ++i)
        p[i] = v[i];
}

} // namespace
} // namespace qkv::kernels::QKV_KERNEL_LEVEL
