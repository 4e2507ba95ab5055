#pragma once

#include "transformer/config.h"

#include <QString>

#include <optional>

namespace qkv::transformer {

class GgufFile;

// How a GGUF tensor's values map onto the checkpoint tensor the family's binder asks for.
enum class StoredLayout {
    AsStored,
    // llama.cpp's converter reordered the rows of attn_q and attn_k within each head (so that its
    // rope rotates adjacent pairs); put back, the heads' Q and K are the checkpoint's again.
    RotaryRows,
    // GPT-2's Conv1D weights, which the converter transposed into [out, in].
    Transposed,
};

// A GGUF tensor under its Hugging Face name: "blk.3.attn_q.weight" of a llama file is
// "model.layers.3.self_attn.q_proj.weight".
struct CheckpointName {
    QString name;
    StoredLayout layout = StoredLayout::AsStored;
};

// The architectures of GGUF files QKV Lab runs (general.architecture): "llama", "qwen2", "qwen3",
// "phi3", "gpt2".
const QStringList &ggufArchitectures();

// The config.json the model of `file` was converted from, read from its metadata (llama.cpp's
// keys: "llama.block_count", "llama.attention.head_count_kv", "llama.rope.freq_base", …) and
// checked as config.json is; throws Refusal naming the key.
Config ggufConfig(const GgufFile &file);

// The checkpoint name of GGUF tensor `name` of architecture `arch`, or nothing for a tensor the
// forward pass does not use (rope_freqs, a vision tower's).
std::optional<CheckpointName> checkpointName(const QString &arch, const QString &name);

} // namespace qkv::transformer
