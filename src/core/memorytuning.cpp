#include "memorytuning.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace qkv {

bool tuneAllocatorForRecompute()
{
#if defined(__GLIBC__)
    // Blocks up to 32 MiB (a 2,048-token n × n matrix of doubles) come from and return to the heap.
    // glibc silently ignores a larger mmap threshold (the most is HEAP_MAX_SIZE / 2), and setting
    // either value switches off its adaptive threshold, so both are set.
    constexpr int mapAbove = 32 * 1024 * 1024;
    constexpr int keepFree = 512 * 1024 * 1024;
    return mallopt(M_MMAP_THRESHOLD, mapAbove) == 1 && mallopt(M_TRIM_THRESHOLD, keepFree) == 1;
#else
    return false;
#endif
}

} // namespace qkv
