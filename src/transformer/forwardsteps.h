#pragma once

// The steps of a forward pass, shared by every family (internal to the library).

#include "transformer/forward.h"
#include "transformer/generation.h"
#include "transformer/refusal.h"
#include "transformer/rotary.h"

#include <Eigen/Core>

#include <new>
#include <optional>
#include <span>
#include <vector>

namespace qkv::transformer {

using Interventions = std::vector<const Intervention *>;

// Refuses ids a forward pass cannot take: none, more than the model's positions, outside the
// vocabulary, or more attention than memory holds.
void checkIds(const Config &config, const std::vector<int> &ids, int attentionBytes = 4);

// A model's rotary positions for passages of these lengths stacked as rows: the layers' own and
// Gemma 3's sliding layers' (their own base, unscaled); none for families without them.
struct Rotaries {
    Rotaries(const Config &config, const std::vector<Eigen::Index> &passages);
    // The tokens first … first + count − 1 of one sequence (after a cache).
    Rotaries(const Config &config, Eigen::Index first, Eigen::Index count);
    const Rotary *at(const Config &config, int layer) const; // null: the layer has none
    std::optional<Rotary> global, local;
};

// Token (+ position, + token type row 0) embeddings, normalized where the family does (BERT).
// `firstPosition`: the position of ids[0] (after a cache of earlier tokens).
Eigen::MatrixXf embed(const Model &model, const std::vector<int> &ids, Eigen::Index firstPosition = 0);

// One layer from the residual stream `x` entering it; fills `records` and returns the stream
// after it. `rotary` is the layer's (null for families without rotary positions). `here` are
// the layer's interventions, already checked. `passages`: the lengths of the token sequences
// stacked as x's rows, each attending only within itself and recorded in its own `records`
// entry (empty: one sequence, every row).
// With a LayerCache (generation.h) runLayer's rows are the tokens after the cached ones, attending
// to them and to themselves, and join the cache.
Eigen::MatrixXf runLayer(const Model &model, int layer, const Eigen::MatrixXf &x, const Rotary *rotary,
    const Interventions &here, std::span<LayerRecord> records, std::span<const Eigen::Index> passages = {},
    LayerCache *cache = nullptr);

// How a layer's queries see its keys: the causal mask, a sliding window (0: none), T5's position
// biases (one m × n matrix a head, added to the scores).
struct AttentionRule {
    bool causal = false;
    int window = 0;
    const std::vector<Eigen::MatrixXf> *bias = nullptr;
    Eigen::Index firstQuery = 0; // the position of query row 0 among the keys (after a cache)
};

// Every head of a layer from its projected, rotated q (m × H·hd), k and v (n × KV·hd) under
// `rule`; fills record.heads and returns the heads' outputs side by side (m × H·hd).
using MatrixRef = Eigen::Ref<const Eigen::MatrixXf>; // a matrix or rows of one, not copied
Eigen::MatrixXf attendHeads(const Config &config, const MatrixRef &q, const MatrixRef &k, const MatrixRef &v,
    const AttentionRule &rule, const Interventions &here, LayerRecord &record);

// A layer's MLP on its normalized input `m`: down(act(up(m))), or down(act(gate(m)) ⊙ up(m)).
Eigen::MatrixXf feedForward(const LayerWeights &w, const Config &c, const Eigen::MatrixXf &m);

// T5: the encoder over result.ids, the decoder over decoder_start_token_id + options.targetIds,
// the prediction after the last target token.
void runEncoderDecoder(const Model &model, ForwardResult &result, const ForwardOptions &options);

// Logits (rows: `positions`) from the residual stream after the last layer.
Eigen::MatrixXf logitsAt(const Model &model, const Eigen::MatrixXf &x, const std::vector<int> &positions);

// Runs `compute` on a fresh result; a refusal or running out of memory leaves only the message.
template<typename Compute>
ForwardResult refusedOr(Compute &&compute)
{
    ForwardResult r;
    try {
        compute(r);
    } catch (const Refusal &e) {
        r = ForwardResult();
        r.error = e.message;
    } catch (const std::bad_alloc &) {
        r = ForwardResult();
        r.error = QStringLiteral("out of memory while computing");
    }
    return r;
}

} // namespace qkv::transformer
