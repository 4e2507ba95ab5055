#include "transformer/refusal.h"
#include "transformer/weightbinder.h"

namespace qkv::transformer {

// LlamaForCausalLM's names (also Mistral's, Qwen2's, Qwen3's, Phi-3's with its fused qkv_proj
// and gate_up_proj, OLMo 2's and Gemma's with their other norms), under `model.` or bare; a
// Gemma 3 with vision keeps its language model under `language_model.model.` or
// `model.language_model.`.
ModelWeights bindLlama(WeightStore &store, const Config &c)
{
    WeightBinder b(
        store, {u"model."_qs, u"language_model.model."_qs, u"model.language_model."_qs}, u"embed_tokens.weight"_qs);
    const qint64 d = c.hidden, inner = c.intermediate, q = qint64(c.heads) * c.headDim,
                 kv = qint64(c.kvHeads) * c.headDim;
    const QString hs = u"hidden_size"_qs;
    const QString qWhy = u"num_attention_heads × head_dim, hidden_size"_qs;
    const QString kvWhy = u"num_key_value_heads × head_dim, hidden_size"_qs;
    const bool qwen = c.modelType == u"qwen2", olmo2 = c.modelType == u"olmo2";
    const bool gemma = c.modelType.startsWith(u"gemma"), gemma3 = gemma && c.modelType != u"gemma2";
    const auto norm = [&](const QString &name, qint64 size, const QString &why) {
        return b.rmsNorm(name, size, why, c.normPlusOne);
    };
    ModelWeights w;
    w.tokenEmbedding = b.tensor(u"embed_tokens.weight"_qs, {c.vocab, d}, u"vocab_size, hidden_size"_qs);
    for (int i = 0; i < c.layers; ++i) {
        const QString p = QStringLiteral("layers.%1.").arg(i);
        const QString a = p + u"self_attn."_qs;
        // Qwen2 always has query/key/value biases, Llama with attention_bias all four; a
        // checkpoint that has them anyway has them used.
        const auto linear = [&](const QString &name, qint64 out, qint64 in, const QString &why, bool required) {
            return b.linear(name, out, in, why, required || b.has(name + u".bias"_qs));
        };
        const bool qkvBias = qwen || c.attentionBias;
        LayerWeights l;
        if (!olmo2) // OLMo 2 normalizes the sublayers' outputs instead
            l.attentionNorm = norm(p + u"input_layernorm"_qs, d, hs);
        const bool phi3 = c.modelType == u"phi3";
        if (phi3) { // query, key and value rows one after the other
            l.qkv = linear(a + u"qkv_proj"_qs, q + 2 * kv, d,
                u"(num_attention_heads + 2 × num_key_value_heads) × head_dim, hidden_size"_qs, false);
        } else {
            l.query = linear(a + u"q_proj"_qs, q, d, qWhy, qkvBias);
            l.key = linear(a + u"k_proj"_qs, kv, d, kvWhy, qkvBias);
            l.value = linear(a + u"v_proj"_qs, kv, d, kvWhy, qkvBias);
        }
        l.output = linear(a + u"o_proj"_qs, d, q, u"hidden_size, num_attention_heads × head_dim"_qs, c.attentionBias);
        if (c.modelType == u"qwen3" || gemma3) {
            l.queryNorm = norm(a + u"q_norm"_qs, c.headDim, u"head_dim"_qs);
            l.keyNorm = norm(a + u"k_norm"_qs, c.headDim, u"head_dim"_qs);
        } else if (olmo2) {
            l.queryNorm = norm(a + u"q_norm"_qs, q, u"num_attention_heads × head_dim"_qs);
            l.keyNorm = norm(a + u"k_norm"_qs, kv, u"num_key_value_heads × head_dim"_qs);
            l.queryNormWhole = true;
        }
        // Llama's post_attention_layernorm is the MLP's input norm; OLMo 2's and Gemma's
        // normalizes attention's output.
        if (olmo2 || gemma) {
            l.postAttentionNorm = norm(p + u"post_attention_layernorm"_qs, d, hs);
            l.postMlpNorm = norm(p + u"post_feedforward_layernorm"_qs, d, hs);
            if (gemma)
                l.mlpNorm = norm(p + u"pre_feedforward_layernorm"_qs, d, hs);
        } else {
            l.mlpNorm = norm(p + u"post_attention_layernorm"_qs, d, hs);
        }
        const QString m = p + u"mlp."_qs;
        if (phi3) {
            l.gateUp = linear(m + u"gate_up_proj"_qs, 2 * inner, d, u"2 × intermediate_size, hidden_size"_qs, false);
        } else {
            l.gate = linear(m + u"gate_proj"_qs, inner, d, u"intermediate_size, hidden_size"_qs, c.mlpBias);
            l.up = linear(m + u"up_proj"_qs, inner, d, u"intermediate_size, hidden_size"_qs, c.mlpBias);
        }
        l.down = linear(m + u"down_proj"_qs, d, inner, u"hidden_size, intermediate_size"_qs, c.mlpBias);
        w.layers.push_back(l);
    }
    w.finalNorm = norm(u"norm"_qs, d, hs);
    // Tied when config.json says so; when it says nothing, tied only if lm_head is absent.
    w.unembedding = b.output(c, w.tokenEmbedding, u"lm_head.weight"_qs, !c.tieStated);
    return w;
}

} // namespace qkv::transformer
