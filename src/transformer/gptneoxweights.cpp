#include "transformer/weightbinder.h"

namespace qkv::transformer {

// GPTNeoXForCausalLM's names (Pythia), under `gpt_neox.` or bare; the output matrix is
// `embed_out`, beside the prefix.
ModelWeights bindGptNeox(WeightStore &store, const Config &c)
{
    WeightBinder b(store, u"gpt_neox."_qs, u"embed_in.weight"_qs);
    const qint64 d = c.hidden, inner = c.intermediate;
    const QString hs = u"hidden_size"_qs;
    ModelWeights w;
    w.tokenEmbedding = b.tensor(u"embed_in.weight"_qs, {c.vocab, d}, u"vocab_size, hidden_size"_qs);
    const auto linear = [&](const QString &name, qint64 out, qint64 in, const QString &why) {
        return b.linear(name, out, in, why, c.attentionBias || b.has(name + u".bias"_qs));
    };
    for (int i = 0; i < c.layers; ++i) {
        const QString p = QStringLiteral("layers.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = b.layerNorm(p + u"input_layernorm"_qs, d, hs);
        l.qkv = linear(p + u"attention.query_key_value"_qs, 3 * d, d, u"3 × hidden_size, hidden_size"_qs);
        l.qkvByHead = true;
        l.output = linear(p + u"attention.dense"_qs, d, d, hs);
        l.mlpNorm = b.layerNorm(p + u"post_attention_layernorm"_qs, d, hs);
        l.up = b.linear(p + u"mlp.dense_h_to_4h"_qs, inner, d, u"intermediate_size, hidden_size"_qs);
        l.down = b.linear(p + u"mlp.dense_4h_to_h"_qs, d, inner, u"hidden_size, intermediate_size"_qs);
        w.layers.push_back(l);
    }
    w.finalNorm = b.layerNorm(u"final_layer_norm"_qs, d, hs);
    w.unembedding = b.output(c, w.tokenEmbedding, u"embed_out.weight"_qs);
    return w;
}

} // namespace qkv::transformer
