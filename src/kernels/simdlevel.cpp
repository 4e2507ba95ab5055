#include "kernels/simdlevel.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace qkv::kernels {
namespace {

SimdLevel detect()
{
#if defined(__x86_64__) || defined(__i386__)
    // libgcc's checks include the operating system's XGETBV: a CPU with AVX-512 under a kernel that
    // does not save its registers reports no AVX-512.
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return SimdLevel::Avx512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return SimdLevel::Avx2;
#endif
    return SimdLevel::Sse2;
}

SimdLevel fromEnvironment(SimdLevel supported)
{
    const char *wanted = std::getenv("QKV_SIMD");
    if (!wanted)
        return supported;
    for (SimdLevel level : {SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512})
        if (std::strcmp(wanted, simdLevelName(level)) == 0)
            return level < supported ? level : supported;
    return supported;
}

std::atomic<SimdLevel> &current()
{
    static std::atomic<SimdLevel> level {fromEnvironment(supportedSimdLevel())};
    return level;
}

} // namespace

SimdLevel supportedSimdLevel()
{
    static const SimdLevel supported = detect();
    return supported;
}

SimdLevel simdLevel()
{
    return current().load(std::memory_order_relaxed);
}

SimdLevel setSimdLevel(SimdLevel wanted)
{
    const SimdLevel level = wanted < supportedSimdLevel() ? wanted : supportedSimdLevel();
    current().store(level, std::memory_order_relaxed);
    return level;
}

const char *simdLevelName(SimdLevel level)
{
    switch (level) {
    case SimdLevel::Sse2:
        return "sse2";
    case SimdLevel::Avx2:
        return "avx2";
    case SimdLevel::Avx512:
        return "avx512";
    }
    return "sse2";
}

} // namespace qkv::kernels
