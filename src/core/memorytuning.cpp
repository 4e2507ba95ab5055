#include "memorytuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace qkv {

void tuneAllocatorForRecompute()
{
#if defined(__GLIBC__)
    constexpr int keep = 512 * 1024 * 1024; // blocks up to this size come from (and return to) the heap
    mallopt(M_MMAP_THRESHOLD, keep);
    mallopt(M_TRIM_THRESHOLD, keep);
#endif
}

} // namespace qkv
