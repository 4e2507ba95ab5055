#include "platform/memorytuning.h"

#include <cstdlib> // defines __GLIBC__ where glibc is the C library

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <cstdint>

namespace qkv {

bool tuneAllocatorForRecompute()
{
#if defined(__GLIBC__)
    // Every block comes from and returns to the heap. glibc ignores an mmap threshold above 32 MiB
    // (HEAP_MAX_SIZE / 2), so a 4,096-token n × n matrix (128 MiB) was mapped anew on every
    // recompute, its pages faulted in and zeroed one by one: half of the recompute. No mapping at
    // all (M_MMAP_MAX 0) keeps those too; glibc still maps when the heap cannot grow. What is free
    // at the heap's top is never given back (a trim threshold of -1, mallopt(3)): trimming at
    // 512 MiB made each recompute of 8 heads of 4,096 tokens fault their 2 GiB of scores and
    // weights back in (3.5 s instead of 0.27 s, AMD EPYC), and the largest threshold an int can
    // say, 2 GiB − 1, is still just under them (9,392 page faults a recompute). The memory stays
    // the process's until it exits, for the next document as large. Setting the threshold as well
    // switches off glibc's adaptive one.
    constexpr int mapAbove = 32 * 1024 * 1024;
    constexpr int neverTrim = -1;
    // And one arena for every thread. Any other thread allocates from an arena of its own, whose
    // heaps hold at most 64 MiB: a larger block (one head's weights at 4,096 tokens) is mapped
    // afresh each time whatever M_MMAP_MAX says, faulted in, zeroed and unmapped when freed. A
    // model's workers compute every head so: a SmolLM2-shaped model on 4,096 tokens faulted 19.5
    // million pages in the benchmark's live_window section, 0.95 million with one arena, and
    // its run took 28.9-30.4 s instead of 24.4-24.6 (Xeon). Small blocks come from each thread's
    // own cache (tcache) without taking the arena's lock. Must come before any thread allocates.
    constexpr int oneArena = 1;
    return mallopt(M_MMAP_THRESHOLD, mapAbove) == 1 && mallopt(M_TRIM_THRESHOLD, neverTrim) == 1
        && mallopt(M_MMAP_MAX, 0) == 1 && mallopt(M_ARENA_MAX, oneArena) == 1;
#else
    return false;
#endif
}

void adviseHugePages(void *data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::size_t huge = std::size_t(2) * 1024 * 1024;
    if (bytes < 2 * huge)
        return;
    // From the first 2 MiB boundary in the block, whole huge pages only.
    const std::size_t skip = (huge - reinterpret_cast<std::uintptr_t>(data) % huge) % huge;
    const std::size_t length = (bytes - skip) / huge * huge;
    if (length > 0) // a refusal (no transparent huge pages) leaves ordinary pages: nothing to do
        (void)madvise(static_cast<char *>(data) + skip, length, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace qkv
