#pragma once

#include "transformer/weightstore.h"

#include <vector>

namespace qkv::transformer {

// y = x·M + b for rows x. M is the stored weight itself for GPT-2's Conv1D ([in, out]) and its
// transpose for a Linear ([out, in]), so neither is ever copied.
struct Linear {
    const Weight *weight = nullptr;
    const Weight *bias = nullptr; // optional
    bool inOut = false; // Conv1D layout

    explicit operator bool() const { return weight != nullptr; }
};

// LayerNorm when there is a bias (GPT-2, BERT), RMSNorm otherwise (Llama family); Gemma's RMSNorm
// scales by 1 + weight.
struct Norm {
    const Weight *weight = nullptr;
    const Weight *bias = nullptr;
    bool rms = false;
    bool plusOne = false;

    explicit operator bool() const { return weight != nullptr; }
};

// One layer in the family-neutral form the forward pass runs. GPT-2 has its fused query-key-
// value projection in `qkv`; the others have `query`, `key`, `value`. `gate` is set for SwiGLU.
// The norms come before their sublayer for GPT-2 and Llama, after the residual sum for BERT;
// the post norms (Gemma, OLMo 2) normalize a sublayer's output before it joins the stream, and a
// norm left unset is not applied.
struct LayerWeights {
    Norm attentionNorm, mlpNorm;
    Norm postAttentionNorm, postMlpNorm;
    // Qwen3, Gemma 3: RMSNorm of each head's query and key (head_dim), before rotary; OLMo 2: of
    // the whole projection (queryNormWhole).
    Norm queryNorm, keyNorm;
    bool queryNormWhole = false;
    Linear qkv, query, key, value, output;
    bool qkvByHead = false; // GPT-NeoX: qkv's columns are each head's query, key and value in turn
    Linear up, gate, down;
    Linear gateUp; // Phi-3: gate and up fused, [gate; up] rows
    // T5's decoder: attention over the encoder's output, after self-attention.
    Norm crossNorm;
    Linear crossQuery, crossKey, crossValue, crossOutput;
};

struct ModelWeights {
    const Weight *tokenEmbedding = nullptr;
    const Weight *positionEmbedding = nullptr; // learned positions (GPT-2, BERT)
    const Weight *tokenTypeEmbedding = nullptr; // BERT: row 0 added to every token
    Norm embeddingNorm; // BERT, DistilBERT
    std::vector<LayerWeights> layers;
    Norm finalNorm; // GPT-2 ln_f, Llama model.norm
    Linear headTransform; // BERT/DistilBERT masked-LM: dense, activation, headNorm
    Norm headNorm;
    const Weight *unembedding = nullptr; // [vocab, hidden]: logits = h·Uᵀ (+ unembeddingBias)
    const Weight *unembeddingBias = nullptr;
    // T5: the decoder's layers and final norm (finalNorm is the encoder's), and each stack's
    // position biases [buckets, heads].
    std::vector<LayerWeights> decoderLayers;
    Norm decoderFinalNorm;
    const Weight *encoderPositionBias = nullptr;
    const Weight *decoderPositionBias = nullptr;
};

class WeightStore;
struct Config;

// Each family's tensor names, with or without their prefixes; each throws Refusal naming the
// missing or misshapen tensor.
ModelWeights bindGpt2(WeightStore &store, const Config &config);
ModelWeights bindBert(WeightStore &store, const Config &config);
ModelWeights bindDistilBert(WeightStore &store, const Config &config);
ModelWeights bindLlama(WeightStore &store, const Config &config);
ModelWeights bindGptNeox(WeightStore &store, const Config &config);
ModelWeights bindT5(WeightStore &store, const Config &config);

} // namespace qkv::transformer
