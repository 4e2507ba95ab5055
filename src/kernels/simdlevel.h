#pragma once

namespace qkv::kernels {

// The widest vector instructions the kernels use on this CPU: SSE2 (2 doubles, every x86-64 and
// the portable build), AVX2 with FMA (4), AVX-512F (8). Chosen once at start from what the CPU
// and the operating system support; QKV_SIMD=sse2|avx2|avx512 in the environment lowers it
// (never raises it), so the benchmark and the tests can run every level on one machine.
enum class SimdLevel { Sse2, Avx2, Avx512 };

SimdLevel simdLevel();
// The best level this CPU supports, whatever QKV_SIMD says.
SimdLevel supportedSimdLevel();
// Lowers (or restores up to the supported level) the level for the rest of the process: for
// tests that compare the levels. Returns the level now in use.
SimdLevel setSimdLevel(SimdLevel wanted);
const char *simdLevelName(SimdLevel level);

} // namespace qkv::kernels
