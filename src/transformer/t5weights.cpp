#include "transformer/weightbinder.h"

namespace qkv::transformer {
namespace {

// One T5Attention's q, k, v, o (no biases): inner = heads × d_kv.
void bindAttention(WeightBinder &b, const QString &at, const Config &c, Linear &q, Linear &k, Linear &v, Linear &o)
{
    const qint64 d = c.hidden, inner = qint64(c.heads) * c.headDim;
    const QString why = u"num_heads × d_kv, d_model"_qs;
    q = b.linear(at + u".q"_qs, inner, d, why, false);
    k = b.linear(at + u".k"_qs, inner, d, why, false);
    v = b.linear(at + u".v"_qs, inner, d, why, false);
    o = b.linear(at + u".o"_qs, d, inner, u"d_model, num_heads × d_kv"_qs, false);
}

// T5's feed-forward: wo(relu(wi(x))), or wo(gelu(wi_0(x)) ⊙ wi_1(x)) for the gated form.
void bindFeedForward(WeightBinder &b, const QString &at, const Config &c, LayerWeights &l)
{
    const qint64 d = c.hidden, ff = c.intermediate;
    const QString why = u"d_ff, d_model"_qs;
    if (c.gatedMlp) {
        l.gate = b.linear(at + u".wi_0"_qs, ff, d, why, false);
        l.up = b.linear(at + u".wi_1"_qs, ff, d, why, false);
    } else {
        l.up = b.linear(at + u".wi"_qs, ff, d, why, false);
    }
    l.down = b.linear(at + u".wo"_qs, d, ff, u"d_model, d_ff"_qs, false);
}

} // namespace

// T5ForConditionalGeneration's names: `shared` (the embedding both stacks use),
// encoder.block.N.layer.0 (self-attention) and .1 (feed-forward), decoder.block.N.layer.0
// (self-attention), .1 (EncDecAttention) and .2 (feed-forward); the position biases in each
// stack's block 0; norms are T5LayerNorm (RMS without mean, no bias).
ModelWeights bindT5(WeightStore &store, const Config &c)
{
    WeightBinder b(store, QString(), QString());
    const qint64 d = c.hidden;
    const QString dm = u"d_model"_qs;
    const auto norm = [&](const QString &name) { return b.rmsNorm(name, d, dm); };
    ModelWeights w;
    const QString shared = store.has(u"shared.weight"_qs) ? u"shared.weight"_qs : u"encoder.embed_tokens.weight"_qs;
    w.tokenEmbedding = b.tensor(shared, {c.vocab, d}, u"vocab_size, d_model"_qs);
    const QString bias = u"relative_attention_num_buckets, num_heads"_qs;
    w.encoderPositionBias = b.tensor(
        u"encoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"_qs, {c.relativeBuckets, c.heads}, bias);
    w.decoderPositionBias = b.tensor(
        u"decoder.block.0.layer.0.SelfAttention.relative_attention_bias.weight"_qs, {c.relativeBuckets, c.heads}, bias);
    for (int i = 0; i < c.layers; ++i) {
        const QString p = QStringLiteral("encoder.block.%1.layer.").arg(i);
        LayerWeights l;
        l.attentionNorm = norm(p + u"0.layer_norm"_qs);
        bindAttention(b, p + u"0.SelfAttention"_qs, c, l.query, l.key, l.value, l.output);
        l.mlpNorm = norm(p + u"1.layer_norm"_qs);
        bindFeedForward(b, p + u"1.DenseReluDense"_qs, c, l);
        w.layers.push_back(l);
    }
    w.finalNorm = norm(u"encoder.final_layer_norm"_qs);
    for (int i = 0; i < c.decoderLayers; ++i) {
        const QString p = QStringLiteral("decoder.block.%1.layer.").arg(i);
        LayerWeights l;
        l.attentionNorm = norm(p + u"0.layer_norm"_qs);
        bindAttention(b, p + u"0.SelfAttention"_qs, c, l.query, l.key, l.value, l.output);
        l.crossNorm = norm(p + u"1.layer_norm"_qs);
        bindAttention(b, p + u"1.EncDecAttention"_qs, c, l.crossQuery, l.crossKey, l.crossValue, l.crossOutput);
        l.mlpNorm = norm(p + u"2.layer_norm"_qs);
        bindFeedForward(b, p + u"2.DenseReluDense"_qs, c, l);
        w.decoderLayers.push_back(l);
    }
    w.decoderFinalNorm = norm(u"decoder.final_layer_norm"_qs);
    // T5 ties lm_head to `shared` (and scales the decoder's output by d_model^−½ then); v1.1 does not.
    w.unembedding = b.output(c, w.tokenEmbedding, u"lm_head.weight"_qs);
    return w;
}

} // namespace qkv::transformer
