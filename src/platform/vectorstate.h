#pragma once

namespace qkv {

// Our code is compiled for the x86-64 baseline, with SSE instructions. Qt's AVX2 routines
// (QImage::fill, the raster engine's fills and blends) can return with the upper halves of the
// AVX registers still in use, and on processors that track that state per instruction (Intel's
// since Skylake, and the 2-core AMD EPYC the benchmark runs on) every SSE instruction then merges
// with those halves: a loop of float arithmetic runs 3 to 6 times slower until something clears
// them. Whether anything does between Qt's call and ours (a vzeroupper, or library code that
// happens to overwrite those registers with VEX instructions) depends on the calls and registers
// the compiler chose: the arrow graph's rasterizer was fast in one build and 3.5 times slower in
// another from the same source. Call this before a hot loop that follows Qt's painting: one
// instruction where the processor has AVX.
inline void clearUpperVectorState()
{
#if defined(__x86_64__) && !defined(__AVX__) // AVX builds' compilers emit vzeroupper themselves
    if (__builtin_cpu_supports("avx"))
        __asm__ volatile("vzeroupper");
#endif
}

} // namespace qkv
