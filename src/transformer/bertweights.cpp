#include "transformer/refusal.h"
#include "transformer/weightbinder.h"

namespace qkv::transformer {
namespace {

// The masked-LM head is optional as a whole (a bare BertModel has none), never in part.
bool hasHead(const WeightStore &store, const QStringList &names)
{
    for (const QString &name : names) {
        if (store.has(name))
            return true;
    }
    return false;
}

} // namespace

// BertForMaskedLM's names, under `bert.` or bare, LayerNorms also as gamma/beta; RoBERTa's the
// same under `roberta.`, its masked-LM head `lm_head.`.
ModelWeights bindBert(WeightStore &store, const Config &c)
{
    WeightBinder b(store, {u"bert."_qs, u"roberta."_qs}, u"embeddings.word_embeddings.weight"_qs);
    const qint64 d = c.hidden, inner = c.intermediate;
    const QString hs = u"hidden_size"_qs;
    ModelWeights w;
    w.tokenEmbedding = b.tensor(u"embeddings.word_embeddings.weight"_qs, {c.vocab, d}, u"vocab_size, hidden_size"_qs);
    w.positionEmbedding = b.tensor(
        u"embeddings.position_embeddings.weight"_qs, {c.maxPositions, d}, u"max_position_embeddings, hidden_size"_qs);
    if (c.typeVocab > 0)
        w.tokenTypeEmbedding = b.tensor(
            u"embeddings.token_type_embeddings.weight"_qs, {c.typeVocab, d}, u"type_vocab_size, hidden_size"_qs);
    w.embeddingNorm = b.layerNorm(u"embeddings.LayerNorm"_qs, d, hs);
    for (int i = 0; i < c.layers; ++i) {
        const QString p = QStringLiteral("encoder.layer.%1.").arg(i);
        LayerWeights l;
        l.query = b.linear(p + u"attention.self.query"_qs, d, d, hs);
        l.key = b.linear(p + u"attention.self.key"_qs, d, d, hs);
        l.value = b.linear(p + u"attention.self.value"_qs, d, d, hs);
        l.output = b.linear(p + u"attention.output.dense"_qs, d, d, hs);
        l.attentionNorm = b.layerNorm(p + u"attention.output.LayerNorm"_qs, d, hs);
        l.up = b.linear(p + u"intermediate.dense"_qs, inner, d, u"intermediate_size, hidden_size"_qs);
        l.down = b.linear(p + u"output.dense"_qs, d, inner, u"hidden_size, intermediate_size"_qs);
        l.mlpNorm = b.layerNorm(p + u"output.LayerNorm"_qs, d, hs);
        w.layers.push_back(l);
    }
    const bool roberta = c.paddingIndex >= 0;
    const QString t = roberta ? u"lm_head."_qs : u"cls.predictions."_qs;
    const QString transform = roberta ? u"dense"_qs : u"transform.dense"_qs;
    if (!hasHead(store, {t + u"bias"_qs, t + u"decoder.bias"_qs, t + transform + u".weight"_qs}))
        return w;
    WeightBinder head(store, QString(), QString());
    w.headTransform = head.linear(t + transform, d, d, hs);
    w.headNorm = head.layerNorm(t + (roberta ? u"layer_norm"_qs : u"transform.LayerNorm"_qs), d, hs);
    w.unembedding = store.has(t + u"decoder.weight"_qs)
        ? store.require(t + u"decoder.weight"_qs, {c.vocab, d}, u"vocab_size, hidden_size"_qs)
        : w.tokenEmbedding;
    const QString bias = store.has(t + u"bias"_qs) ? t + u"bias"_qs : t + u"decoder.bias"_qs;
    w.unembeddingBias = store.require(bias, {c.vocab}, u"vocab_size"_qs);
    return w;
}

// DistilBertForMaskedLM's names, under `distilbert.` or bare.
ModelWeights bindDistilBert(WeightStore &store, const Config &c)
{
    WeightBinder b(store, u"distilbert."_qs, u"embeddings.word_embeddings.weight"_qs);
    const qint64 d = c.hidden, inner = c.intermediate;
    const QString dim = u"dim"_qs;
    ModelWeights w;
    w.tokenEmbedding = b.tensor(u"embeddings.word_embeddings.weight"_qs, {c.vocab, d}, u"vocab_size, dim"_qs);
    w.positionEmbedding = b.tensor(
        u"embeddings.position_embeddings.weight"_qs, {c.maxPositions, d}, u"max_position_embeddings, dim"_qs);
    w.embeddingNorm = b.layerNorm(u"embeddings.LayerNorm"_qs, d, dim);
    for (int i = 0; i < c.layers; ++i) {
        const QString p = QStringLiteral("transformer.layer.%1.").arg(i);
        LayerWeights l;
        l.query = b.linear(p + u"attention.q_lin"_qs, d, d, dim);
        l.key = b.linear(p + u"attention.k_lin"_qs, d, d, dim);
        l.value = b.linear(p + u"attention.v_lin"_qs, d, d, dim);
        l.output = b.linear(p + u"attention.out_lin"_qs, d, d, dim);
        l.attentionNorm = b.layerNorm(p + u"sa_layer_norm"_qs, d, dim);
        l.up = b.linear(p + u"ffn.lin1"_qs, inner, d, u"hidden_dim, dim"_qs);
        l.down = b.linear(p + u"ffn.lin2"_qs, d, inner, u"dim, hidden_dim"_qs);
        l.mlpNorm = b.layerNorm(p + u"output_layer_norm"_qs, d, dim);
        w.layers.push_back(l);
    }
    if (!hasHead(store, {u"vocab_transform.weight"_qs, u"vocab_projector.bias"_qs, u"vocab_layer_norm.weight"_qs}))
        return w;
    WeightBinder head(store, QString(), QString());
    w.headTransform = head.linear(u"vocab_transform"_qs, d, d, dim);
    w.headNorm = head.layerNorm(u"vocab_layer_norm"_qs, d, dim);
    w.unembedding = store.has(u"vocab_projector.weight"_qs)
        ? store.require(u"vocab_projector.weight"_qs, {c.vocab, d}, u"vocab_size, dim"_qs)
        : w.tokenEmbedding;
    w.unembeddingBias = store.require(u"vocab_projector.bias"_qs, {c.vocab}, u"vocab_size"_qs);
    return w;
}

} // namespace qkv::transformer
