#pragma once

// The steps of a forward pass, shared by every family (internal to the library).

#include "transformer/forward.h"
#include "transformer/rotary.h"

#include <Eigen/Core>

#include <vector>

namespace qkv::transformer {

using Interventions = std::vector<const Intervention *>;

// Token (+ position, + token type row 0) embeddings, normalized where the family does (BERT).
Eigen::MatrixXf embed(const Model &model, const std::vector<int> &ids);

// One layer from the residual stream `x` entering it; fills `record` and returns the stream
// after it. `rotary` is the layer's (null for families without rotary positions). `here` are
// the layer's interventions, already checked.
Eigen::MatrixXf runLayer(const Model &model, int layer, const Eigen::MatrixXf &x, const Rotary *rotary,
    const Interventions &here, LayerRecord &record);

// How a layer's queries see its keys: the causal mask, a sliding window (0: none), T5's position
// biases (one m × n matrix a head, added to the scores).
struct AttentionRule {
    bool causal = false;
    int window = 0;
    const std::vector<Eigen::MatrixXf> *bias = nullptr;
};

// Every head of a layer from its projected, rotated q (m × H·hd), k and v (n × KV·hd) under
// `rule`; fills record.heads and returns the heads' outputs side by side (m × H·hd).
Eigen::MatrixXf attendHeads(const Config &config, const Eigen::MatrixXf &q, const Eigen::MatrixXf &k,
    const Eigen::MatrixXf &v, const AttentionRule &rule, const Interventions &here, LayerRecord &record);

// A layer's MLP on its normalized input `m`: down(act(up(m))), or down(act(gate(m)) ⊙ up(m)).
Eigen::MatrixXf feedForward(const LayerWeights &w, const Config &c, const Eigen::MatrixXf &m);

// T5: the encoder over result.ids, the decoder over decoder_start_token_id + options.targetIds,
// the prediction after the last target token.
void runEncoderDecoder(const Model &model, ForwardResult &result, const ForwardOptions &options);

// Logits (rows: `positions`) from the residual stream after the last layer.
Eigen::MatrixXf logitsAt(const Model &model, const Eigen::MatrixXf &x, const std::vector<int> &positions);

// The `topK` most probable tokens of the softmax of one logits row.
std::vector<TokenProbability> topTokens(const Eigen::VectorXf &logits, int topK);

} // namespace qkv::transformer
