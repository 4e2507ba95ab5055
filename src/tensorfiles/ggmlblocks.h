#pragma once

// The entry point each SIMD level's copy of ggmlblocks.cpp defines, one namespace per level. Only
// ggmltype.cpp calls it, after checking that the CPU has the level.

#include <cstdint>

#define QKV_DECLARE_GGML_LEVEL(level)                                                                                  \
    namespace qkv::ggmlblocks::level {                                                                                 \
    /* Widens `blocks` blocks of the ggml type numbered `id` (BF16 or a quantized type ggmltype.cpp                    \
       lists as decoded) at `in` to float32 at `out`. */                                                               \
    void decode(std::uint32_t id, const unsigned char *in, std::int64_t blocks, float *out);                           \
    }

QKV_DECLARE_GGML_LEVEL(sse2)
#ifdef QKV_GGML_X86
QKV_DECLARE_GGML_LEVEL(avx2)
QKV_DECLARE_GGML_LEVEL(avx512)
#endif
