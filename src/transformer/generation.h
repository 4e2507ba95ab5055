#pragma once

#include "transformer/forward.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

namespace qkv::transformer {

// A layer's keys and values of the tokens so far (projected, normalized, rotated; kv_heads ·
// head_dim columns). Rows beyond `rows` are room to grow into.
struct LayerCache {
    Eigen::MatrixXf keys, values;
    Eigen::Index rows = 0;
};

// A causal language model's keys and values of every token so far, layer by layer: with it the
// next token's pass costs one token, not the whole sequence again.
struct KvCache {
    std::vector<int> ids; // the tokens so far
    std::vector<LayerCache> layers;
};

// `ids` after the cache's tokens (the whole prompt into an empty cache, then a token at a time),
// attending to the cache and to each other; the cache grows by them. The result holds what
// forward() keeps for those rows alone (their queries, keys and values; attention and scores of
// each new row over every token so far), and the logits and prediction after the last of them.
// Causal language models only (no BERT, no T5); of the interventions, heads switched off and
// query, key and value edits (of the first tokens: an edit's row r is position r, the rows past
// it the model's own). Never throws: refusals come back as Refused, the cache then as it was.
ForwardResult extend(
    const Model &model, KvCache &cache, const std::vector<int> &ids, const ForwardOptions &options = {});

// How the next token is chosen from the logits: the likeliest (greedy, temperature 0), or drawn
// from the softmax of logits / temperature, kept to the topK likeliest (0: all) and to the fewest
// whose probabilities reach topP (1: all), by a Mersenne twister seeded with `seed`, the same
// draws on every machine.
struct Sampling {
    double temperature = 0;
    int topK = 0;
    double topP = 1;
    std::uint64_t seed = 0;
};

// A refusal of impossible choices (a temperature below 0 or NaN, topP outside (0, 1]), or empty.
QString checkSampling(const Sampling &sampling);

// The token `sampling` picks from one row of logits; `draw` is the next number of the sampler's
// generator (uniform in [0, 1)).
int pickToken(const Eigen::VectorXf &logits, const Sampling &sampling, double draw);

struct Generated {
    std::vector<int> ids; // the continuation, without the prompt
    // For each token, the likeliest tokens of the distribution it was chosen from (temperature 1).
    std::vector<Prediction> choices;
    std::vector<ForwardResult> steps; // with keepSteps: the prompt's pass, then a pass a token
    QString error;
    bool cancelled = false;
};

struct GenerateRun {
    bool keepSteps = false; // every step's result kept (Generated::steps)
    const std::atomic<bool> *cancel = nullptr; // looked at between layers and tokens
    std::function<void(int, int)> step; // told each (token, its index), on the computing thread
    // Heads switched off, at every step; queries, keys and values edited at the prompt's tokens
    // (an edit's rows past the prompt are dropped: the tokens written there are new).
    std::vector<Intervention> interventions;
};

// The model continues `prompt` by `tokens` tokens (fewer where its positions end), each chosen by
// `sampling`.
Generated generate(const Model &model, const std::vector<int> &prompt, int tokens, const Sampling &sampling,
    const GenerateRun &run = {});

} // namespace qkv::transformer
