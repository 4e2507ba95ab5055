#include "transformer/ggufcheckpoint.h"

#include "tensorfiles/formaterror.h"
#include "tensorfiles/ggmltype.h"
#include "tensorfiles/ggufmetadata.h"
#include "transformer/gguffile.h"
#include "transformer/refusal.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace qkv::transformer {
namespace {

// A tensor of positive factors, one per rotated pair: rope_freqs.weight (llama.cpp's form of
// rope_scaling "llama3", a divisor per frequency) or Phi-3's rope_factors_long/short.weight.
std::vector<float> ropeFactors(const GgufFile &file, const QString &name, qint64 count)
{
    const GgufTensor *t = file.header().tensor(name);
    if (!t)
        return {};
    if (t->elements != count || !t->type->decoded)
        refuse(QStringLiteral("%1: tensor %2 holds %3 values of %4; the rotary positions need %5 factors")
                   .arg(file.path(), name)
                   .arg(t->elements)
                   .arg(QLatin1StringView(t->type->name))
                   .arg(count));
    std::vector<float> factors(std::size_t(t->elements));
    dequantizeGgml(*t->type, file.bytes(*t), t->elements, factors.data());
    for (float f : factors)
        if (!std::isfinite(f) || f <= 0)
            refuse(QStringLiteral("%1: tensor %2 holds %3, not a positive factor").arg(file.path(), name).arg(f));
    return factors;
}

// Phi-3's longrope as llama.cpp's converter writes it: the two factor tensors, the attention factor
// and the pretrained context length in the metadata; as config.json's rope_scaling.
void insertLongrope(const GgufFile &file, const GgufMetadata &m, const QString &arch, QJsonObject &o)
{
    const auto key = [&](const char *name) { return arch + u'.' + QLatin1StringView(name); };
    const qint64 headDim = o.value(u"head_dim"_qs).toInteger();
    const qint64 pairs = m.count(key("rope.dimension_count"), headDim) / 2;
    QJsonObject scaling {{u"type"_qs, u"longrope"_qs}};
    for (const char *which : {"long", "short"}) {
        const QString name = QStringLiteral("rope_factors_%1.weight").arg(QLatin1StringView(which));
        if (!file.header().tensor(name))
            m.bad(key("rope.scaling"), QStringLiteral("longrope needs the tensor %1, which the file lacks").arg(name));
        QJsonArray factors;
        for (float f : ropeFactors(file, name, pairs))
            factors.append(double(f));
        scaling.insert(QStringLiteral("%1_factor").arg(QLatin1StringView(which)), factors);
    }
    if (m.find(key("rope.scaling.attn_factor")))
        scaling.insert(u"attention_factor"_qs, m.positive(key("rope.scaling.attn_factor"), 1));
    scaling.insert(u"original_max_position_embeddings"_qs,
        m.count(key("rope.scaling.original_context_length"), o.value(u"max_position_embeddings"_qs).toInteger()));
    o.insert(u"rope_scaling"_qs, scaling);
}

} // namespace

const QStringList &ggufArchitectures()
{
    static const QStringList archs {
        u"llama"_qs, u"qwen2"_qs, u"qwen3"_qs, u"phi3"_qs, u"gemma2"_qs, u"gemma3"_qs, u"gpt2"_qs};
    return archs;
}

namespace {

// What llama.cpp reads or assumes for Gemma: the caps where written (its defaults are Hugging
// Face's), and query_pre_attn_scalar, which the file does not hold: head_dim, or hidden / heads
// for the 27B models, which llama.cpp knows by their layer count as it does.
void insertGemmaKeys(const GgufMetadata &m, const QString &arch, QJsonObject &o)
{
    const auto key = [&](const char *name) { return arch + u'.' + QLatin1StringView(name); };
    o.insert(u"hidden_activation"_qs, u"gelu_pytorch_tanh"_qs);
    for (const char *cap : {"attn_logit_softcapping", "final_logit_softcapping"}) {
        if (m.find(key(cap)))
            o.insert(QLatin1StringView(cap), m.positive(key(cap), 1));
    }
    const qint64 layers = o.value(u"num_hidden_layers"_qs).toInteger();
    const bool large = layers == (arch == u"gemma2" ? 46 : 62);
    o.insert(u"query_pre_attn_scalar"_qs,
        large ? o.value(u"hidden_size"_qs).toInteger()
                / std::max<qint64>(o.value(u"num_attention_heads"_qs).toInteger(), 1)
              : o.value(u"head_dim"_qs).toInteger());
}

// The same model's config.json, from the metadata; the one config reader checks it, its messages
// naming the config.json keys, those here the metadata's.
Config configFromMetadata(const GgufFile &file, const GgufMetadata &m)
{
    const QString arch = m.text(u"general.architecture"_qs);
    if (!ggufArchitectures().contains(arch))
        m.bad(u"general.architecture"_qs,
            arch.isEmpty() ? QStringLiteral("missing")
                           : QStringLiteral("\"%1\" is not one QKV Lab runs (%2 are)")
                                 .arg(arch, ggufArchitectures().join(u", "_qs)));
    const auto key = [&](const char *name) { return arch + u'.' + QLatin1StringView(name); };
    QJsonObject o;
    const qint64 layers = m.count(key("block_count")), heads = m.count(key("attention.head_count"));
    const qint64 hidden = m.count(key("embedding_length")), inner = m.count(key("feed_forward_length"));
    // The vocabulary: stated, else the tokenizer's, else the embedding's rows.
    qint64 vocab = m.count(key("vocab_size"), -1);
    if (vocab < 0) {
        if (const GgufValue *tokens = m.find(u"tokenizer.ggml.tokens"_qs))
            vocab = tokens->value.toStringList().size();
        else if (const GgufTensor *embd = file.header().tensor(u"token_embd.weight"); embd && embd->dims.size() == 2)
            vocab = embd->dims[1];
        else
            m.bad(key("vocab_size"),
                QStringLiteral("missing, and no tokenizer.ggml.tokens nor token_embd.weight says it"));
    }
    o.insert(u"vocab_size"_qs, vocab);
    if (arch == u"gpt2") {
        o.insert(u"model_type"_qs, u"gpt2"_qs);
        o.insert(u"n_layer"_qs, layers);
        o.insert(u"n_head"_qs, heads);
        o.insert(u"n_embd"_qs, hidden);
        o.insert(u"n_inner"_qs, inner);
        o.insert(u"n_positions"_qs, m.count(key("context_length"), 1024));
        o.insert(u"layer_norm_epsilon"_qs, m.positive(key("attention.layer_norm_epsilon"), 1e-5));
        o.insert(u"activation_function"_qs, u"gelu_new"_qs);
    } else {
        o.insert(u"model_type"_qs, arch == u"gemma3" ? u"gemma3_text"_qs : arch);
        o.insert(u"num_hidden_layers"_qs, layers);
        o.insert(u"num_attention_heads"_qs, heads);
        o.insert(u"num_key_value_heads"_qs, m.count(key("attention.head_count_kv"), heads));
        o.insert(u"hidden_size"_qs, hidden);
        o.insert(u"intermediate_size"_qs, inner);
        o.insert(u"head_dim"_qs, m.count(key("attention.key_length"), hidden / std::max<qint64>(heads, 1)));
        o.insert(u"max_position_embeddings"_qs, m.count(key("context_length"), 2048));
        o.insert(u"rms_norm_eps"_qs, m.positive(key("attention.layer_norm_rms_epsilon"), 1e-5));
        o.insert(u"rope_theta"_qs, m.positive(key("rope.freq_base"), 10000));
        o.insert(u"hidden_act"_qs, u"silu"_qs);
        const QString scaling = m.text(key("rope.scaling.type"));
        if (arch == u"gemma3" && scaling == u"linear") // the global layers'
            o.insert(u"rope_scaling"_qs,
                QJsonObject {{u"rope_type"_qs, scaling}, {u"factor"_qs, m.positive(key("rope.scaling.factor"), 1)}});
        else if (!scaling.isEmpty() && scaling != u"none")
            m.bad(key("rope.scaling.type"), QStringLiteral("\"%1\" is not supported yet").arg(scaling));
        if (arch.startsWith(u"gemma"))
            insertGemmaKeys(m, arch, o);
        if (m.find(key("attention.value_length"))
            && m.count(key("attention.value_length")) != o.value(u"head_dim"_qs).toInteger())
            m.bad(key("attention.value_length"), QStringLiteral("differs from attention.key_length"));
        // Phi-4's converter writes 0 for none.
        if (m.find(key("attention.sliding_window")) && m.count(key("attention.sliding_window"), 0) > 0)
            o.insert(u"sliding_window"_qs, m.count(key("attention.sliding_window")));
        // Phi-4-mini rotates part of each head.
        if (const qint64 head = o.value(u"head_dim"_qs).toInteger(),
            rotated = m.count(key("rope.dimension_count"), head);
            rotated < head)
            o.insert(u"partial_rotary_factor"_qs, double(rotated) / double(head));
        // Phi-3's 128k models and Phi-3.5 scale rotary positions by a factor list per length.
        if (file.header().tensor(u"rope_factors_long.weight") || file.header().tensor(u"rope_factors_short.weight"))
            insertLongrope(file, m, arch, o);
    }
    // Tied unless the file has its own output matrix.
    o.insert(u"tie_word_embeddings"_qs, file.header().tensor(u"output.weight") == nullptr);
    Config c = parseConfig(o, file.path() + QStringLiteral(" (its metadata as config.json)"));
    c.normPlusOne = false; // llama.cpp's converter stored Gemma's 1 + w
    if (c.rotary())
        c.ropeFactors = ropeFactors(file, u"rope_freqs.weight"_qs, c.rotated() / 2);
    return c;
}

} // namespace

Config ggufConfig(const GgufFile &file)
{
    try {
        return configFromMetadata(file, GgufMetadata(file.header(), file.path()));
    } catch (const tensorio::Invalid &e) {
        refuse(e.message);
    }
}

std::optional<CheckpointName> checkpointName(const QString &arch, const QString &name)
{
    static const QRegularExpression block(QStringLiteral("^blk\\.(\\d+)\\.([a-z_]+)\\.(weight|bias)$"));
    const QRegularExpressionMatch m = block.match(name);
    if (arch == u"gpt2") {
        if (name == u"token_embd.weight")
            return CheckpointName {u"wte.weight"_qs};
        if (name == u"position_embd.weight")
            return CheckpointName {u"wpe.weight"_qs};
        if (name.startsWith(u"output_norm."))
            return CheckpointName {u"ln_f."_qs + name.mid(12)};
        if (name == u"output.weight")
            return CheckpointName {u"lm_head.weight"_qs};
        if (!m.hasMatch())
            return std::nullopt;
        static const QHash<QString, QString> parts {{u"attn_norm"_qs, u"ln_1"_qs}, {u"attn_qkv"_qs, u"attn.c_attn"_qs},
            {u"attn_output"_qs, u"attn.c_proj"_qs}, {u"ffn_norm"_qs, u"ln_2"_qs}, {u"ffn_up"_qs, u"mlp.c_fc"_qs},
            {u"ffn_down"_qs, u"mlp.c_proj"_qs}};
        const auto part = parts.constFind(m.captured(2));
        if (part == parts.cend())
            return std::nullopt;
        const bool conv1d = m.captured(3) == u"weight" && m.captured(2) != u"attn_norm" && m.captured(2) != u"ffn_norm";
        return CheckpointName {QStringLiteral("h.%1.%2.%3").arg(m.captured(1), *part, m.captured(3)),
            conv1d ? StoredLayout::Transposed : StoredLayout::AsStored};
    }
    if (name == u"token_embd.weight")
        return CheckpointName {u"model.embed_tokens.weight"_qs};
    if (name == u"output_norm.weight")
        return CheckpointName {u"model.norm.weight"_qs};
    if (name == u"output.weight")
        return CheckpointName {u"lm_head.weight"_qs};
    if (!m.hasMatch())
        return std::nullopt;
    static const QHash<QString, QString> parts {{u"attn_norm"_qs, u"input_layernorm"_qs},
        {u"attn_q"_qs, u"self_attn.q_proj"_qs}, {u"attn_k"_qs, u"self_attn.k_proj"_qs},
        {u"attn_v"_qs, u"self_attn.v_proj"_qs}, {u"attn_output"_qs, u"self_attn.o_proj"_qs},
        {u"ffn_norm"_qs, u"post_attention_layernorm"_qs}, {u"ffn_gate"_qs, u"mlp.gate_proj"_qs},
        {u"ffn_up"_qs, u"mlp.up_proj"_qs}, {u"ffn_down"_qs, u"mlp.down_proj"_qs},
        {u"attn_q_norm"_qs, u"self_attn.q_norm"_qs}, {u"attn_k_norm"_qs, u"self_attn.k_norm"_qs},
        {u"attn_qkv"_qs, u"self_attn.qkv_proj"_qs}};
    if (arch.startsWith(u"gemma")) { // four norms a layer
        static const QHash<QString, QString> norms {{u"post_attention_norm"_qs, u"post_attention_layernorm"_qs},
            {u"ffn_norm"_qs, u"pre_feedforward_layernorm"_qs}, {u"post_ffw_norm"_qs, u"post_feedforward_layernorm"_qs}};
        if (const auto norm = norms.constFind(m.captured(2)); norm != norms.cend())
            return CheckpointName {QStringLiteral("model.layers.%1.%2.%3").arg(m.captured(1), *norm, m.captured(3))};
    }
    const auto part = parts.constFind(m.captured(2));
    if (part == parts.cend())
        return std::nullopt;
    if (arch == u"phi3" && m.captured(2) == u"ffn_up") // Phi-3's gate and up, fused
        return CheckpointName {QStringLiteral("model.layers.%1.mlp.gate_up_proj.%2").arg(m.captured(1), m.captured(3))};
    // Only llama's converter permutes (its rope pairs adjacent values); qwen2's, qwen3's and phi3's
    // rotate halves as Hugging Face does.
    const bool rotary = arch == u"llama" && (m.captured(2) == u"attn_q" || m.captured(2) == u"attn_k");
    return CheckpointName {QStringLiteral("model.layers.%1.%2.%3").arg(m.captured(1), *part, m.captured(3)),
        rotary ? StoredLayout::RotaryRows : StoredLayout::AsStored};
}

} // namespace qkv::transformer
