#include "transformer/forwardsteps.h"
#include "transformer/refusal.h"
#include "transformer/tensormath.h"

#include <cmath>

namespace qkv::transformer {
namespace {

using Stack = Intervention::Stack;

// T5's bucket of a key `relative` positions after its query (negative: before), as
// _relative_position_bucket computes it: half the buckets for each direction when
// bidirectional (the encoder) or all for the keys before (the decoder); exact up to half of
// them, then logarithmic up to maxDistance, the last bucket beyond (the logarithm in float32).
int relativeBucket(int relative, bool bidirectional, int buckets, int maxDistance)
{
    int bucket = 0;
    if (bidirectional) {
        buckets /= 2;
        bucket += relative > 0 ? buckets : 0;
        relative = std::abs(relative);
    } else {
        relative = -std::min(relative, 0);
    }
    const int exact = buckets / 2;
    if (relative < exact)
        return bucket + relative;
    const float scaled = std::log(float(relative) / float(exact)) / float(std::log(double(maxDistance) / exact))
        * float(buckets - exact);
    return bucket + std::min(exact + int(scaled), buckets - 1);
}

// Each head's m × n position biases from the table [buckets, heads].
std::vector<Eigen::MatrixXf> positionBiases(const Config &c, const Weight &table, Eigen::Index m, bool bidirectional)
{
    std::vector<float> rows(std::size_t(c.relativeBuckets) * std::size_t(c.heads));
    table.decodeRows(0, c.relativeBuckets, rows.data());
    // A bucket per distance j − i (2m − 1 of them), not per pair: the logarithm once each.
    std::vector<int> buckets(std::size_t(2 * m - 1));
    for (Eigen::Index r = -(m - 1); r < m; ++r)
        buckets[std::size_t(r + m - 1)]
            = relativeBucket(int(r), bidirectional, c.relativeBuckets, c.relativeMaxDistance);
    std::vector<Eigen::MatrixXf> bias(std::size_t(c.heads), Eigen::MatrixXf(m, m));
    for (Eigen::Index i = 0; i < m; ++i) {
        for (Eigen::Index j = 0; j < m; ++j) {
            const std::size_t b = std::size_t(buckets[std::size_t(j - i + m - 1)]);
            for (int h = 0; h < c.heads; ++h)
                bias[std::size_t(h)](i, j) = rows[b * std::size_t(c.heads) + std::size_t(h)];
        }
    }
    return bias;
}

Interventions at(const ForwardOptions &o, Stack stack, int layer)
{
    Interventions here;
    for (const Intervention &i : o.interventions) {
        if (i.stack == stack && i.layer == layer)
            here.push_back(&i);
    }
    return here;
}

Eigen::MatrixXf embedRows(const Model &model, const std::vector<int> &ids)
{
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows(
        Eigen::Index(ids.size()), model.config().hidden);
    for (std::size_t i = 0; i < ids.size(); ++i)
        model.weights().tokenEmbedding->decodeRows(ids[i], 1, rows.row(Eigen::Index(i)).data());
    return rows;
}

// One attention sublayer, its output projected back: x + o(attend(q(LN x), k(kv), v(kv))).
Eigen::MatrixXf attention(const Config &c, const Eigen::MatrixXf &a, const Eigen::MatrixXf &kv, const Linear &q,
    const Linear &k, const Linear &v, const Linear &o, const AttentionRule &rule, const Interventions &here,
    LayerRecord &record)
{
    return applyLinear(
        o, attendHeads(c, applyLinear(q, a), applyLinear(k, kv), applyLinear(v, kv), rule, here, record));
}

bool cancelled(const ForwardOptions &o, ForwardResult &r)
{
    if (o.cancel && o.cancel->load(std::memory_order_relaxed)) {
        r.status = ForwardResult::Status::Cancelled;
        return true;
    }
    return false;
}

void checkFinite(const Eigen::MatrixXf &x, const char *stack, int layer)
{
    if (!x.allFinite())
        refuse(QStringLiteral("%1 layer %2: the residual stream overflowed float32")
                   .arg(QLatin1StringView(stack))
                   .arg(layer));
}

} // namespace

void runEncoderDecoder(const Model &model, ForwardResult &r, const ForwardOptions &o)
{
    const Config &c = model.config();
    const ModelWeights &w = model.weights();
    const int steps = c.layers + c.decoderLayers;
    // The encoder: bidirectional, its position biases shared by its layers.
    Eigen::MatrixXf x = r.embeddings;
    const auto n = Eigen::Index(r.ids.size());
    const std::vector<Eigen::MatrixXf> encoderBias = positionBiases(c, *w.encoderPositionBias, n, true);
    for (int layer = 0; layer < c.layers; ++layer) {
        if (cancelled(o, r))
            return;
        const LayerWeights &l = w.layers[std::size_t(layer)];
        LayerRecord record;
        const Eigen::MatrixXf a = normalized(x, l.attentionNorm, c.eps);
        x += attention(
            c, a, a, l.query, l.key, l.value, l.output, {false, 0, &encoderBias}, at(o, Stack::Encoder, layer), record);
        x += feedForward(l, c, normalized(x, l.mlpNorm, c.eps));
        checkFinite(x, "encoder", layer);
        record.residual = x;
        r.layers.push_back(std::move(record));
        if (o.progress)
            o.progress(layer + 1, steps);
    }
    const Eigen::MatrixXf encoded = normalized(x, w.finalNorm, c.eps);
    // The decoder: causal, its own position biases, and attention over the encoder's output.
    r.decoderIds = {c.decoderStart};
    r.decoderIds.insert(r.decoderIds.end(), o.targetIds.begin(), o.targetIds.end());
    Eigen::MatrixXf y = embedRows(model, r.decoderIds);
    const auto m = Eigen::Index(r.decoderIds.size());
    const std::vector<Eigen::MatrixXf> decoderBias = positionBiases(c, *w.decoderPositionBias, m, false);
    for (int layer = 0; layer < c.decoderLayers; ++layer) {
        if (cancelled(o, r))
            return;
        const LayerWeights &l = w.decoderLayers[std::size_t(layer)];
        LayerRecord self, cross;
        const Eigen::MatrixXf a = normalized(y, l.attentionNorm, c.eps);
        y += attention(
            c, a, a, l.query, l.key, l.value, l.output, {true, 0, &decoderBias}, at(o, Stack::Decoder, layer), self);
        y += attention(c, normalized(y, l.crossNorm, c.eps), encoded, l.crossQuery, l.crossKey, l.crossValue,
            l.crossOutput, {false, 0, nullptr}, at(o, Stack::Cross, layer), cross);
        y += feedForward(l, c, normalized(y, l.mlpNorm, c.eps));
        checkFinite(y, "decoder", layer);
        self.residual = y;
        r.decoderLayers.push_back(std::move(self));
        r.crossLayers.push_back(std::move(cross));
        if (o.progress)
            o.progress(c.layers + layer + 1, steps);
    }
    // The next target token from the last row; a tied output matrix sees it scaled by d_model^−½.
    Eigen::MatrixXf last = normalized(y.bottomRows(1), w.decoderFinalNorm, c.eps);
    if (c.tieEmbeddings)
        last *= float(1 / std::sqrt(double(c.hidden)));
    Linear unembedding;
    unembedding.weight = w.unembedding;
    r.logitPositions = {int(m - 1)};
    r.logits = applyLinear(unembedding, last);
    r.predictions.push_back({int(m - 1), topTokens(r.logits.row(0).transpose(), o.topK)});
    r.status = ForwardResult::Status::Done;
}

} // namespace qkv::transformer
