#pragma once

namespace qkv {

// Every recompute frees and allocates n × n matrices of the same sizes again. glibc returns such
// large blocks to the system at once and page-faults them back in (20% of a recompute at 8
// heads); keeping them in the heap instead lets the next recompute reuse them. Call once at start.
void tuneAllocatorForRecompute();

} // namespace qkv
