#pragma once

namespace qkv {

// Every recompute frees and allocates n × n matrices of the same sizes again. glibc returns such
// large blocks to the system at once and page-faults them back in (20% of a recompute at 8
// heads; a 512-token head took 27 ms instead of 9); keeping them in the heap instead lets the next
// recompute reuse them. Call once at start; false where the C library cannot be tuned so.
bool tuneAllocatorForRecompute();

} // namespace qkv
