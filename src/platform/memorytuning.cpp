#include "platform/memorytuning.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace qkv {

bool tuneAllocatorForRecompute()
{
#if defined(__GLIBC__)
    // Every block comes from and returns to the heap. glibc ignores an mmap threshold above 32 MiB
    // (HEAP_MAX_SIZE / 2), so a 4,096-token n × n matrix (128 MiB) was mapped anew on every
    // recompute, its pages faulted in and zeroed one by one: half of the recompute. No mapping at
    // all (M_MMAP_MAX 0) keeps those too; glibc still maps when the heap cannot grow. Up to
    // 512 MiB free at the heap's top stays for the next recompute. Setting the threshold as well
    // switches off glibc's adaptive one.
    constexpr int mapAbove = 32 * 1024 * 1024;
    constexpr int keepFree = 512 * 1024 * 1024;
    return mallopt(M_MMAP_THRESHOLD, mapAbove) == 1 && mallopt(M_TRIM_THRESHOLD, keepFree) == 1
        && mallopt(M_MMAP_MAX, 0) == 1;
#else
    return false;
#endif
}

} // namespace qkv
