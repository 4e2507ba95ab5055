#pragma once

#include <QString>

namespace qkv {

// The element types of ggml (GGUF's tensors), numbered as ggml numbers them. A quantized type
// stores blocks: `blockElements` values in `blockBytes` bytes, scales and quants packed as
// ggml-common.h lays them out. Every type ggml has ever written is listed, so that a file holding
// one we do not decode still parses and the tensor is refused by its name.
struct GgmlType {
    quint32 id = 0;
    const char *name = ""; // "Q4_K", as llama.cpp's tools print it
    int blockElements = 1;
    int blockBytes = 4;
    bool decoded = false; // dequantizeGgml() reads it
};

// The type numbered `id`, or nullptr for a number ggml does not have.
const GgmlType *ggmlType(quint32 id);

// The bytes of `elements` values of `type` (a whole number of blocks); -1 when `elements` is not
// one, or when the bytes would exceed 2^62.
qint64 ggmlBytes(const GgmlType &type, qint64 elements);

// Widens `elements` values (a whole number of blocks) of a decoded type at `blocks` (any
// alignment) to float32 at `out`, value for value as ggml's reference dequantization computes
// them (ggml-quants.c: F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q2_K, Q3_K, Q4_K, Q5_K,
// Q6_K).
void dequantizeGgml(const GgmlType &type, const void *blocks, qint64 elements, float *out);

} // namespace qkv
