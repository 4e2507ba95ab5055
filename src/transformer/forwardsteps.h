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

// Every head of a layer from its projected, rotated q (n × H·hd), k and v (n × KV·hd), each query
// seeing the `window` tokens up to itself (0: all); fills record.heads and returns the heads'
// outputs side by side (n × H·hd).
Eigen::MatrixXf attendHeads(const Config &config, const Eigen::MatrixXf &q, const Eigen::MatrixXf &k,
    const Eigen::MatrixXf &v, int window, const Interventions &here, LayerRecord &record);

// Logits (rows: `positions`) from the residual stream after the last layer.
Eigen::MatrixXf logitsAt(const Model &model, const Eigen::MatrixXf &x, const std::vector<int> &positions);

// The `topK` most probable tokens of the softmax of one logits row.
std::vector<TokenProbability> topTokens(const Eigen::VectorXf &logits, int topK);

} // namespace qkv::transformer
