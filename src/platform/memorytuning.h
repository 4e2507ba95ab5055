#pragma once

#include <cstddef>

namespace qkv {

// Every recompute frees and allocates n × n matrices of the same sizes again. glibc returns such
// large blocks to the system at once and page-faults them back in (20% of a recompute at 8
// heads; a 512-token head took 27 ms instead of 9); keeping them in the heap instead lets the next
// recompute reuse them, whichever thread allocates them. Call once at start, before any thread is
// started; false where the C library cannot be tuned so.
bool tuneAllocatorForRecompute();

// A block about to be written for the first time (a fresh n × n matrix): its whole 2 MiB pages
// are asked to come as huge pages, as numpy does for its large arrays. A 4,096-token head's
// 128 MiB then faults in 64 pages rather than 32,768: the first compute of 8 such heads took
// 4 s instead of 0.4 (AMD EPYC, transparent huge pages "madvise"). Blocks under 4 MiB, and
// systems without transparent huge pages, are left as they are.
void adviseHugePages(void *data, std::size_t bytes);

} // namespace qkv
