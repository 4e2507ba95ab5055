#pragma once

#include "transformer/model.h"

#include <Eigen/Core>

#include <QString>

#include <atomic>
#include <functional>
#include <vector>

namespace qkv::transformer {

// A change to one head of one layer. Query, Key and Value replace that head's matrix
// (n × head_dim; Q and K as kept, i.e. after rotary positions; with grouped-query attention
// only what this query head reads, not the other heads sharing its key-value head), Attention
// replaces its n × n weights (applied to V as given, not renormalized), Ablate makes its
// output zero. Several on one head apply together; of two of one kind the last wins.
// In an encoder-decoder model (T5) `stack` says which attention: the encoder's, the decoder's own
// (Decoder) or the decoder's over the encoder's output (Cross: Query has a row per target token,
// Key and Value per source token, Attention target × source).
struct Intervention {
    enum class Kind { Query, Key, Value, Attention, Ablate };
    enum class Stack { Encoder, Decoder, Cross };
    int layer = 0;
    int head = 0;
    Kind kind = Kind::Ablate;
    Eigen::MatrixXf values; // unused for Ablate
    Stack stack = Stack::Encoder;

    bool operator==(const Intervention &other) const;
};

struct ForwardResult;

struct ForwardOptions {
    std::vector<Intervention> interventions;
    // Rows whose output distribution is wanted: BERT's [MASK] positions. Empty: the last row
    // for a causal LM, none for BERT.
    std::vector<int> predictPositions;
    int topK = 10;
    // T5: the target text so far; the decoder runs on decoder_start_token_id followed by these, and
    // predicts the token after them.
    std::vector<int> targetIds;
    const std::atomic<bool> *cancel = nullptr; // looked at between layers
    // Told after each layer: (layers done, layers); on the computing thread.
    std::function<void(int, int)> progress;
    // Handed the result so far after each layer of a single stack (its layers, not yet its
    // logits), on the computing thread: a long run's first layers shown before the rest, each
    // layer's attention kept in float16 elsewhere and released here (attentionBytes 2).
    std::function<void(ForwardResult &)> layerDone;
    // The bytes a weight of attention takes where the caller keeps it, for the memory a length
    // needs: 4 as the result holds them, 2 when layerDone keeps each layer's in float16 (one
    // layer's float32 on top).
    int attentionBytes = 4;
};

// What one head computed in one layer; rows are tokens.
struct HeadRecord {
    // n × head_dim, after rotary positions (Gemma's: times √(head_dim / query_pre_attn_scalar))
    Eigen::MatrixXf query;
    Eigen::MatrixXf key; // n × head_dim, after rotary positions
    Eigen::MatrixXf value; // n × head_dim (for GQA the key-value head this head reads)
    // n × n, rows sum to 1 (unless replaced): softmax of query·keyᵀ/√head_dim (plus T5's position
    // biases, Gemma 2's soft-capping) under the causal mask and any sliding window, whose cells
    // outside are 0. The scores themselves are not kept: another n × n a head, and computed from
    // query and key when wanted.
    Eigen::MatrixXf attention;
    Eigen::MatrixXf output; // n × head_dim, attention·value (zero when ablated)
};

struct LayerRecord {
    std::vector<HeadRecord> heads;
    Eigen::MatrixXf residual; // n × hidden: the residual stream after this layer
};

struct TokenProbability {
    int id = 0;
    float probability = 0;
};

struct Prediction {
    int position = 0; // the row the distribution is for
    std::vector<TokenProbability> top; // the topK most probable tokens, most probable first
};

struct ForwardResult {
    enum class Status { Done, Cancelled, Refused };
    Status status = Status::Refused;
    QString error; // why, when Refused

    std::vector<int> ids;
    std::vector<Intervention> interventions; // those applied
    Eigen::MatrixXf embeddings; // n × hidden: the residual stream before layer 0
    std::vector<LayerRecord> layers; // those computed (fewer when cancelled); T5: the encoder's
    // T5: the decoder's ids (decoder_start_token_id, then the target), its self-attention layers
    // (residual: the stream after the whole block) and its cross-attention (queries: target rows,
    // keys and values: the encoder's output rows).
    std::vector<int> decoderIds;
    std::vector<LayerRecord> decoderLayers, crossLayers;
    std::vector<int> logitPositions;
    Eigen::MatrixXf logits; // one row per logitPositions entry, × vocab
    std::vector<Prediction> predictions; // one per logitPositions entry

    bool done() const { return status == Status::Done; }
    // The residual stream entering `layer` (0 … layers.size()).
    const Eigen::MatrixXf &streamBefore(int layer) const;
};

// Runs every layer over token ids `ids`. Never throws; refusals (ids out of the vocabulary,
// no tokens or more than the model's positions, malformed interventions) come back as Refused.
ForwardResult forward(const Model &model, const std::vector<int> &ids, const ForwardOptions &options = {});

// The weights of head `head` in `layer` of a finished run of one stack (empty for T5's), computed
// again from the query and key it kept, bit for bit as the forward pass computed them (an
// Attention intervention's values as given): a long run releases its heads' weights as each layer
// is done (ForwardOptions::layerDone) and computes the ones shown when they are asked for.
Eigen::MatrixXf headWeights(const Config &config, const ForwardResult &result, int layer, int head);

// The logits after token `position` of a causal language model's finished run (any token, not
// only the last, from the residual stream the run keeps): what the model would have written
// next there. Empty when the run has no such row or the model no language head (or is T5's).
Eigen::VectorXf logitsAfter(const Model &model, const ForwardResult &result, int position);
// The `topK` most probable tokens of the softmax of one logits row.
std::vector<TokenProbability> topTokens(const Eigen::VectorXf &logits, int topK);

// Several token sequences (a corpus's passages) at once: their rows stacked through every
// product, which is what makes a product fast, attention within each sequence alone. One result
// a sequence, with what forward(model, ids) keeps, without predictions; the numbers differ from
// forward's by the products' rounding only. A refusal (a sequence forward would refuse, an
// encoder-decoder model) or a cancel between layers comes back in every result.
std::vector<ForwardResult> forwardBatch(
    const Model &model, const std::vector<std::vector<int>> &sequences, const std::atomic<bool> *cancel = nullptr);

// The same result as forward(model, previous.ids, options), computed from layer `fromLayer`
// on: layers before it are copied from `previous`, so options' interventions there must be
// the ones `previous` was computed with.
ForwardResult recompute(
    const Model &model, const ForwardResult &previous, int fromLayer, const ForwardOptions &options);

// The first layer at which `options` asks for something other than `previous` had: where
// recompute has to start (the number of layers computed when nothing changed, so a cancelled
// result is resumed where it stopped).
int firstChangedLayer(const ForwardResult &previous, const ForwardOptions &options);

} // namespace qkv::transformer
