#include "transformer/weightbinder.h"

namespace qkv::transformer {

// GPT2LMHeadModel's names, under `transformer.` or bare; Conv1D weights are [in, out].
ModelWeights bindGpt2(WeightStore &store, const Config &c)
{
    WeightBinder b(store, u"transformer."_qs, u"wte.weight"_qs);
    const qint64 d = c.hidden, inner = c.intermediate;
    ModelWeights w;
    w.tokenEmbedding = b.tensor(u"wte.weight"_qs, {c.vocab, d}, u"vocab_size, n_embd"_qs);
    w.positionEmbedding = b.tensor(u"wpe.weight"_qs, {c.maxPositions, d}, u"n_positions, n_embd"_qs);
    const auto conv = [&](const QString &name, qint64 in, qint64 out, const QString &why) {
        Linear l;
        l.weight = b.tensor(name + u".weight"_qs, {in, out}, why);
        l.bias = b.tensor(name + u".bias"_qs, {out}, why);
        l.inOut = true;
        store.widen(l.weight); // read by column: widened once, not kept as stored
        return l;
    };
    for (int i = 0; i < c.layers; ++i) {
        const QString p = QStringLiteral("h.%1.").arg(i);
        LayerWeights l;
        l.attentionNorm = b.layerNorm(p + u"ln_1"_qs, d, u"n_embd"_qs);
        l.qkv = conv(p + u"attn.c_attn"_qs, d, 3 * d, u"n_embd, 3·n_embd"_qs);
        l.output = conv(p + u"attn.c_proj"_qs, d, d, u"n_embd"_qs);
        l.mlpNorm = b.layerNorm(p + u"ln_2"_qs, d, u"n_embd"_qs);
        l.up = conv(p + u"mlp.c_fc"_qs, d, inner, u"n_embd, n_inner"_qs);
        l.down = conv(p + u"mlp.c_proj"_qs, inner, d, u"n_inner, n_embd"_qs);
        w.layers.push_back(l);
    }
    w.finalNorm = b.layerNorm(u"ln_f"_qs, d, u"n_embd"_qs);
    w.unembedding = w.tokenEmbedding; // GPT-2's output embedding is always wte
    return w;
}

} // namespace qkv::transformer
