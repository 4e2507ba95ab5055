#include "transformer/config.h"

#include "transformer/refusal.h"
#include "transformer/rotary.h"

#include "platform/fileread.h"
#include "platform/jsonpath.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qkv::transformer {
namespace {

// Reads config.json's keys, each error naming the file and the key.
class Keys
{
public:
    Keys(const QJsonObject &o, const QString &path)
        : m_o(o)
        , m_path(path)
    { }

    [[noreturn]] void bad(const QString &key, const QString &why) const
    {
        refuse(QStringLiteral("%1: %2: %3").arg(m_path, key, why));
    }

    bool has(const QString &key) const { return m_o.contains(key) && !m_o.value(key).isNull(); }

    // A value read by platform's JSON reader, its problem refused with the file's name.
    template<class Read>
    auto placed(Read &&read) const
    {
        try {
            return read();
        } catch (const json::Invalid &e) {
            bad(e.path, e.message);
        }
    }

    // A whole number from 1 up (`minimum` 0 allowed for type_vocab_size); bounded so that
    // products of two of them stay far inside 64 bits.
    int count(const QString &key, int fallback = -1, int minimum = 1) const
    {
        if (!has(key)) {
            if (fallback < 0)
                bad(key, QStringLiteral("missing"));
            return fallback;
        }
        return placed([&] { return json::integer(m_o.value(key), key, minimum, 1 << 30); });
    }

    double positive(const QString &key, double fallback) const
    {
        if (!has(key))
            return fallback;
        const double x = placed([&] { return json::number(m_o.value(key), key, std::numeric_limits<double>::max()); });
        if (x <= 0)
            bad(key, QStringLiteral("expected a positive number, got %1").arg(x));
        return x;
    }

    // The same for a number computed with in float32, where it must be a normal number (an
    // epsilon of 1e-300 would be 0 there, a rope factor of 1e-45 would make frequencies infinite).
    double positiveFloat(const QString &key, double fallback) const
    {
        const double x = positive(key, fallback);
        if (!std::isfinite(float(x)) || float(x) < std::numeric_limits<float>::min())
            bad(key, QStringLiteral("%1 is outside float32's range").arg(x));
        return x;
    }

    QString text(const QString &key, const QString &fallback) const
    {
        return has(key) ? placed([&] { return json::string(m_o.value(key), key); }) : fallback;
    }

    bool flag(const QString &key, bool fallback) const
    {
        return has(key) ? placed([&] { return json::boolean(m_o.value(key), key); }) : fallback;
    }

    // A number that may be written as null (none: 0); absent, `fallback`.
    float cap(const QString &key, double fallback) const
    {
        if (!m_o.contains(key))
            return float(fallback);
        return m_o.value(key).isNull() ? 0.0f : float(positiveFloat(key, fallback));
    }

    QJsonArray list(const QString &key, qsizetype expected, const QString &what) const
    {
        return placed([&] { return json::array(m_o.value(key), key, expected, what); });
    }

    QJsonObject object(const QString &key) const { return m_o.value(key).toObject(); }
    const QString &path() const { return m_path; }

private:
    QJsonObject m_o;
    QString m_path;
};

Activation activation(const Keys &k, const QString &key, const QString &fallback)
{
    const QString name = k.text(key, fallback);
    if (name == u"gelu_new" || name == u"gelu_pytorch_tanh")
        return Activation::GeluTanh;
    if (name == u"gelu")
        return Activation::GeluErf;
    if (name == u"relu")
        return Activation::Relu;
    if (name == u"silu" || name == u"swish")
        return Activation::Silu;
    k.bad(key,
        QStringLiteral("activation \"%1\" is not supported (gelu, gelu_new, gelu_pytorch_tanh, relu, silu are)")
            .arg(name));
}

void readGpt2(const Keys &k, Config &c)
{
    c.layers = k.count(u"n_layer"_qs);
    c.heads = k.count(u"n_head"_qs);
    c.hidden = k.count(u"n_embd"_qs);
    c.maxPositions = k.count(u"n_positions"_qs, 1024);
    c.vocab = k.count(u"vocab_size"_qs);
    // n_inner defaults to 4 × n_embd, which must stay within the bound of a number written.
    // The default is computed only when used: 4 × a large n_embd overflows an int.
    if (k.has(u"n_inner"_qs))
        c.intermediate = k.count(u"n_inner"_qs);
    else if (c.hidden > (1 << 28))
        k.bad(u"n_embd"_qs, QStringLiteral("%1 is too large for n_inner's default of 4 × n_embd").arg(c.hidden));
    else
        c.intermediate = 4 * c.hidden;
    c.eps = float(k.positiveFloat(u"layer_norm_epsilon"_qs, 1e-5));
    c.activation = activation(k, u"activation_function"_qs, u"gelu_new"_qs);
    // Variants HF supports that change the attention arithmetic: refused rather than run wrong.
    if (!k.flag(u"scale_attn_weights"_qs, true))
        k.bad(u"scale_attn_weights"_qs, QStringLiteral("only true (the usual 1/√head_dim scaling) is supported"));
    if (k.flag(u"scale_attn_by_inverse_layer_idx"_qs, false))
        k.bad(u"scale_attn_by_inverse_layer_idx"_qs, QStringLiteral("only false is supported"));
}

// The sizes under the names most of Hugging Face's configurations use.
void readSizes(const Keys &k, Config &c)
{
    c.layers = k.count(u"num_hidden_layers"_qs);
    c.heads = k.count(u"num_attention_heads"_qs);
    c.hidden = k.count(u"hidden_size"_qs);
    c.intermediate = k.count(u"intermediate_size"_qs);
    c.vocab = k.count(u"vocab_size"_qs);
}

void readBert(const Keys &k, Config &c)
{
    readSizes(k, c);
    c.maxPositions = k.count(u"max_position_embeddings"_qs, 512);
    c.typeVocab = k.count(u"type_vocab_size"_qs, 2, 0);
    c.eps = float(k.positiveFloat(u"layer_norm_eps"_qs, 1e-12));
    c.activation = activation(k, u"hidden_act"_qs, u"gelu"_qs);
    const QString positions = k.text(u"position_embedding_type"_qs, u"absolute"_qs);
    if (positions != u"absolute")
        k.bad(u"position_embedding_type"_qs, QStringLiteral("\"%1\" is not supported (absolute is)").arg(positions));
}

void readDistilBert(const Keys &k, Config &c)
{
    c.layers = k.count(u"n_layers"_qs);
    c.heads = k.count(u"n_heads"_qs);
    c.hidden = k.count(u"dim"_qs);
    c.intermediate = k.count(u"hidden_dim"_qs);
    c.vocab = k.count(u"vocab_size"_qs);
    c.maxPositions = k.count(u"max_position_embeddings"_qs, 512);
    c.eps = 1e-12f; // fixed in DistilBERT's code, not in its config
    c.activation = activation(k, u"activation"_qs, u"gelu"_qs);
}

// Phi-3's longrope as Hugging Face's _compute_longrope_parameters reads it: the factor lists
// (half a rotated head each), the pretrained length (rope_scaling's or the config's
// original_max_position_embeddings) and the attention factor, by default √(1 + ln s / ln L) for
// s = max_position_embeddings / L.
void readLongrope(const Keys &k, const Keys &s, Config &c)
{
    RopeScaling &rs = c.ropeScaling;
    rs.longrope = true;
    const auto factors = [&](const QString &key) {
        std::vector<double> out;
        const QJsonArray list = s.list(key, -1, u"factors"_qs);
        for (qsizetype i = 0; i < list.size(); ++i)
            out.push_back(s.placed([&] {
                const double x = json::number(list[i], json::child(key, i), 1e30);
                if (!(float(x) >= std::numeric_limits<float>::min()) || !std::isfinite(float(x)))
                    json::fail(json::child(key, i), QStringLiteral("expected a positive factor, got %1").arg(x));
                return x;
            }));
        return out;
    };
    rs.shortFactors = factors(u"short_factor"_qs);
    rs.longFactors = factors(u"long_factor"_qs);
    const QString original = u"original_max_position_embeddings"_qs;
    rs.originalMaxPositions = s.has(original) ? s.count(original)
        : k.has(original)                     ? k.count(original)
                                              : c.maxPositions;
    const double scale = double(c.maxPositions) / rs.originalMaxPositions;
    rs.attentionFactor = s.has(u"attention_factor"_qs)
        ? s.positiveFloat(u"attention_factor"_qs, 1)
        : (scale <= 1 ? 1.0 : std::sqrt(1 + std::log(scale) / std::log(rs.originalMaxPositions)));
}

void readRopeScaling(const Keys &k, Config &c)
{
    const QString key = u"rope_scaling"_qs;
    if (!k.has(key))
        return;
    const QJsonObject r = k.object(key);
    const Keys s(r, k.path() + u": rope_scaling"_qs);
    const QString type = r.contains(u"rope_type"_qs) ? s.text(u"rope_type"_qs, {}) : s.text(u"type"_qs, {});
    if (type == u"default")
        return;
    RopeScaling &rs = c.ropeScaling;
    if (type == u"linear") {
        rs.linear = true;
        rs.factor = s.positiveFloat(u"factor"_qs, 1);
        return;
    }
    if (type == u"longrope") {
        readLongrope(k, s, c);
        return;
    }
    if (type != u"llama3")
        k.bad(key, QStringLiteral("type \"%1\" is not supported (llama3, linear, longrope and default are)").arg(type));
    rs.llama3 = true;
    rs.factor = s.positiveFloat(u"factor"_qs, 8);
    rs.lowFreqFactor = s.positive(u"low_freq_factor"_qs, 1);
    rs.highFreqFactor = s.positive(u"high_freq_factor"_qs, 4);
    rs.originalMaxPositions = s.positive(u"original_max_position_embeddings"_qs, 8192);
    if (rs.highFreqFactor <= rs.lowFreqFactor)
        k.bad(key, QStringLiteral("high_freq_factor must be larger than low_freq_factor"));
}

// Newer configs say each layer's attention in layer_types; a kind that changes the numbers and is
// not computed here is refused by name.
void readLayerTypes(const Keys &k, Config &c)
{
    const QString key = u"layer_types"_qs;
    if (!k.has(key))
        return;
    const QJsonArray types = k.list(key, c.layers, u"layer types (one a layer)"_qs);
    std::vector<char> sliding;
    for (qsizetype i = 0; i < types.size(); ++i) {
        const QString type = types[i].toString();
        if (type != u"sliding_attention" && type != u"full_attention")
            k.bad(json::child(key, i),
                QStringLiteral("\"%1\" is not supported (sliding_attention and full_attention are)").arg(type));
        sliding.push_back(type == u"sliding_attention");
    }
    if (std::find(sliding.begin(), sliding.end(), 1) == sliding.end())
        c.slidingWindow = 0;
    else if (c.slidingWindow == 0)
        k.bad(u"sliding_window"_qs, QStringLiteral("missing, and layer_types has sliding layers"));
    c.slidingLayers = std::move(sliding);
}

void readLlama(const Keys &k, Config &c)
{
    readSizes(k, c);
    c.kvHeads = k.count(u"num_key_value_heads"_qs, c.heads);
    c.maxPositions = k.count(u"max_position_embeddings"_qs, 2048);
    c.eps = float(k.positiveFloat(u"rms_norm_eps"_qs, 1e-6));
    c.ropeTheta = k.positiveFloat(u"rope_theta"_qs, 10000);
    c.activation = activation(k, u"hidden_act"_qs, u"silu"_qs);
    c.tieStated = k.has(u"tie_word_embeddings"_qs);
    c.tieEmbeddings = k.flag(u"tie_word_embeddings"_qs, false);
    c.attentionBias = k.flag(u"attention_bias"_qs, false);
    c.mlpBias = k.flag(u"mlp_bias"_qs, false);
    if (k.has(u"head_dim"_qs))
        c.headDim = k.count(u"head_dim"_qs);
    if (c.heads % c.kvHeads != 0)
        k.bad(u"num_key_value_heads"_qs,
            QStringLiteral("%1 does not divide num_attention_heads (%2)").arg(c.kvHeads).arg(c.heads));
    readRopeScaling(k, c);
    const bool qwen = c.modelType.startsWith(u"qwen"), gemma = c.modelType.startsWith(u"gemma");
    const bool window
        = c.modelType == u"mistral" || c.modelType == u"phi3" || gemma || k.flag(u"use_sliding_window"_qs, false);
    if (window && k.has(u"sliding_window"_qs))
        c.slidingWindow = k.count(u"sliding_window"_qs);
    else if (gemma)
        c.slidingWindow = 4096;
    if (qwen && c.slidingWindow > 0) { // Qwen2's layers from max_window_layers on slide
        const int from = k.count(u"max_window_layers"_qs, 28, 0);
        for (int i = 0; i < c.layers; ++i)
            c.slidingLayers.push_back(i >= from);
    }
    readLayerTypes(k, c);
}

// Gemma 2 and Gemma 3 (text): the Llama computation with Gemma's norms, scaled embeddings,
// query_pre_attn_scalar, soft-capping and sliding layers between global ones.
void readGemma(const Keys &k, Config &c)
{
    const bool gemma3 = c.modelType != u"gemma2";
    readLlama(k, c);
    c.activation = activation(k, u"hidden_activation"_qs, u"gelu_pytorch_tanh"_qs);
    c.tieEmbeddings = k.flag(u"tie_word_embeddings"_qs, true);
    c.queryPreAttnScalar = k.positiveFloat(u"query_pre_attn_scalar"_qs, 256);
    c.attentionSoftcap = k.cap(u"attn_logit_softcapping"_qs, gemma3 ? 0 : 50);
    c.finalSoftcap = k.cap(u"final_logit_softcapping"_qs, gemma3 ? 0 : 30);
    c.scaleEmbeddings = true;
    c.normPlusOne = true;
    if (!k.has(u"layer_types"_qs)) {
        // Gemma 2: every other layer slides, the first among them; Gemma 3: all but every
        // sliding_window_pattern-th.
        const int pattern = gemma3 ? k.count(u"sliding_window_pattern"_qs, 6) : 2;
        for (int i = 0; i < c.layers; ++i)
            c.slidingLayers.push_back((i + 1) % pattern != 0);
    }
    if (gemma3) {
        c.localRopeTheta = k.positiveFloat(u"rope_local_base_freq"_qs, 10000);
        if (k.flag(u"use_bidirectional_attention"_qs, false))
            k.bad(u"use_bidirectional_attention"_qs, QStringLiteral("only false (causal attention) is supported"));
    }
}

// What Hugging Face's configuration classes assume for the keys a Gemma config leaves out (a
// Gemma 3 model's text_config writes only what differs from them).
QJsonObject gemmaDefaults(bool gemma3)
{
    QJsonObject d {{u"vocab_size"_qs, gemma3 ? 262208 : 256000}, {u"hidden_size"_qs, 2304},
        {u"intermediate_size"_qs, 9216}, {u"num_hidden_layers"_qs, 26}, {u"num_attention_heads"_qs, 8},
        {u"num_key_value_heads"_qs, 4}, {u"head_dim"_qs, 256}, {u"rms_norm_eps"_qs, 1e-6},
        {u"max_position_embeddings"_qs, gemma3 ? 131072 : 8192}, {u"rope_theta"_qs, gemma3 ? 1e6 : 1e4}};
    return d;
}

QJsonObject withDefaults(QJsonObject o, const QJsonObject &defaults)
{
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        if (!o.contains(it.key()))
            o.insert(it.key(), it.value());
    }
    return o;
}

// T5ForConditionalGeneration (T5, T5 v1.1, Flan-T5, mT5): its own key names; feed_forward_proj
// "relu" (T5) or "gated-gelu" (v1.1, Flan-T5: the gated tanh GELU).
void readT5(const Keys &k, Config &c)
{
    c.layers = k.count(u"num_layers"_qs);
    c.decoderLayers = k.count(u"num_decoder_layers"_qs, c.layers);
    c.heads = k.count(u"num_heads"_qs);
    c.hidden = k.count(u"d_model"_qs);
    c.headDim = k.count(u"d_kv"_qs);
    c.intermediate = k.count(u"d_ff"_qs);
    c.vocab = k.count(u"vocab_size"_qs);
    c.eps = float(k.positiveFloat(u"layer_norm_epsilon"_qs, 1e-6));
    c.relativeBuckets = k.count(u"relative_attention_num_buckets"_qs, 32);
    c.relativeMaxDistance = k.count(u"relative_attention_max_distance"_qs, 128);
    c.decoderStart = k.count(u"decoder_start_token_id"_qs, k.count(u"pad_token_id"_qs, 0, 0), 0);
    c.tieStated = k.has(u"tie_word_embeddings"_qs);
    c.tieEmbeddings = k.flag(u"tie_word_embeddings"_qs, true);
    c.maxPositions = 1 << 20; // relative positions: no table to run out of
    c.queryPreAttnScalar = 1; // q·k unscaled
    const QString key = u"feed_forward_proj"_qs, proj = k.text(key, u"relu"_qs);
    if (proj == u"relu") {
        c.activation = Activation::Relu;
    } else if (proj == u"gated-gelu") {
        c.activation = Activation::GeluTanh;
        c.gatedMlp = true;
    } else {
        k.bad(key, QStringLiteral("\"%1\" is not supported (relu and gated-gelu are)").arg(proj));
    }
    if (c.relativeBuckets < 2 || c.relativeMaxDistance <= c.relativeBuckets / 4)
        k.bad(u"relative_attention_num_buckets"_qs,
            QStringLiteral("%1 buckets up to a distance of %2 cannot be laid out")
                .arg(c.relativeBuckets)
                .arg(c.relativeMaxDistance));
}

// GPTNeoXForCausalLM (Pythia): its own key names; older configs say rotary_emb_base and
// rotary_pct where newer ones say rope_theta and partial_rotary_factor.
void readGptNeox(const Keys &k, Config &c)
{
    readSizes(k, c);
    c.maxPositions = k.count(u"max_position_embeddings"_qs, 2048);
    c.eps = float(k.positiveFloat(u"layer_norm_eps"_qs, 1e-5));
    c.activation = activation(k, u"hidden_act"_qs, u"gelu"_qs);
    c.ropeTheta = k.has(u"rope_theta"_qs) ? k.positiveFloat(u"rope_theta"_qs, 10000)
                                          : k.positiveFloat(u"rotary_emb_base"_qs, 10000);
    c.parallelResidual = k.flag(u"use_parallel_residual"_qs, true);
    c.tieStated = k.has(u"tie_word_embeddings"_qs);
    c.tieEmbeddings = k.flag(u"tie_word_embeddings"_qs, false);
    c.attentionBias = k.flag(u"attention_bias"_qs, true);
    if (k.has(u"rope_scaling"_qs))
        k.bad(u"rope_scaling"_qs, QStringLiteral("scaled rotary positions are not supported for gpt_neox"));
}

// The share of each head that rotary positions turn, as the model code truncates it.
void readRotaryShare(const Keys &k, Config &c)
{
    const QString key = k.has(u"partial_rotary_factor"_qs) || c.family != Family::GptNeox ? u"partial_rotary_factor"_qs
                                                                                          : u"rotary_pct"_qs;
    const double share = k.positive(key, c.family == Family::GptNeox ? 0.25 : 1.0);
    if (share > 1)
        k.bad(key, QStringLiteral("%1 is more than the whole head").arg(share));
    if (share == 1)
        return;
    c.rotaryDims = int(c.headDim * share);
    if (c.rotaryDims < 2 || c.rotaryDims % 2 != 0)
        k.bad(key,
            QStringLiteral("%1 of a head of %2 rotates %3 columns; rotary positions need an even number")
                .arg(share)
                .arg(c.headDim)
                .arg(c.rotaryDims));
}

} // namespace

QString familyName(Family family)
{
    switch (family) {
    case Family::Gpt2:
        return QStringLiteral("GPT-2");
    case Family::Bert:
        return QStringLiteral("BERT");
    case Family::DistilBert:
        return QStringLiteral("DistilBERT");
    case Family::Llama:
        return QStringLiteral("Llama");
    case Family::GptNeox:
        return QStringLiteral("GPT-NeoX");
    case Family::T5:
        return QStringLiteral("T5");
    }
    return {};
}

const QStringList &supportedModelTypes()
{
    static const QStringList types {u"gpt2"_qs, u"bert"_qs, u"distilbert"_qs, u"llama"_qs, u"mistral"_qs, u"qwen2"_qs,
        u"qwen3"_qs, u"phi3"_qs, u"gpt_neox"_qs, u"olmo2"_qs, u"gemma2"_qs, u"gemma3_text"_qs, u"gemma3"_qs, u"t5"_qs,
        u"mt5"_qs};
    return types;
}

Config parseConfig(const QJsonObject &o, const QString &path)
{
    const Keys k(o, path);
    Config c;
    c.modelType = k.text(u"model_type"_qs, {});
    if (c.modelType == u"gpt2") {
        c.family = Family::Gpt2;
        readGpt2(k, c);
    } else if (c.modelType == u"bert") {
        c.family = Family::Bert;
        readBert(k, c);
    } else if (c.modelType == u"roberta" || c.modelType == u"xlm-roberta") {
        c.family = Family::Bert;
        readBert(k, c);
        c.paddingIndex = k.count(u"pad_token_id"_qs, 1, 0);
        if (c.paddingIndex + 1 >= c.maxPositions)
            k.bad(u"pad_token_id"_qs,
                QStringLiteral("%1 leaves no positions of the %2").arg(c.paddingIndex).arg(c.maxPositions));
    } else if (c.modelType == u"distilbert") {
        c.family = Family::DistilBert;
        readDistilBert(k, c);
    } else if (c.modelType == u"llama" || c.modelType == u"mistral" || c.modelType == u"qwen2"
        || c.modelType == u"qwen3" || c.modelType == u"phi3" || c.modelType == u"olmo2") {
        c.family = Family::Llama;
        readLlama(k, c);
    } else if (c.modelType == u"gemma2" || c.modelType == u"gemma3_text" || c.modelType == u"gemma3") {
        c.family = Family::Llama;
        const bool nested = c.modelType == u"gemma3";
        if (nested && !k.has(u"text_config"_qs))
            k.bad(u"text_config"_qs, QStringLiteral("missing (a gemma3 model's language model is described there)"));
        const QJsonObject gemma
            = withDefaults(nested ? k.object(u"text_config"_qs) : o, gemmaDefaults(c.modelType != u"gemma2"));
        readGemma(Keys(gemma, nested ? path + u": text_config"_qs : path), c);
    } else if (c.modelType == u"t5" || c.modelType == u"mt5") {
        c.family = Family::T5;
        readT5(k, c);
    } else if (c.modelType == u"gpt_neox") {
        c.family = Family::GptNeox;
        readGptNeox(k, c);
    } else {
        k.bad(u"model_type"_qs,
            c.modelType.isEmpty() ? QStringLiteral("missing")
                                  : QStringLiteral("\"%1\" is not supported (%2 are)")
                                        .arg(c.modelType, supportedModelTypes().join(u", "_qs)));
    }
    if (c.kvHeads == 0)
        c.kvHeads = c.heads;
    if (c.headDim == 0) {
        if (c.hidden % c.heads != 0)
            k.bad(u"hidden size"_qs, QStringLiteral("%1 is not a multiple of the %2 heads").arg(c.hidden).arg(c.heads));
        c.headDim = c.hidden / c.heads;
    }
    if (c.rotary()) {
        readRotaryShare(k, c);
        const RopeScaling &rs = c.ropeScaling;
        if (rs.longrope
            && (rs.shortFactors.size() != std::size_t(c.rotated() / 2)
                || rs.longFactors.size() != std::size_t(c.rotated() / 2)))
            k.bad(u"rope_scaling"_qs,
                QStringLiteral("short_factor and long_factor need %1 factors each (half of the %2 rotated columns), "
                               "not %3 and %4")
                    .arg(c.rotated() / 2)
                    .arg(c.rotated())
                    .arg(rs.shortFactors.size())
                    .arg(rs.longFactors.size()));
        // Tiny factors on a tiny rope_theta make frequencies beyond float32: refused, not run.
        if (rs.longrope
            && !(Rotary::inverseFrequencies(c, 1).allFinite()
                && Rotary::inverseFrequencies(c, Eigen::Index(rs.originalMaxPositions) + 1).allFinite()))
            k.bad(u"rope_scaling"_qs, QStringLiteral("its factors with rope_theta give frequencies beyond float32"));
        if (c.rotated() % 2 != 0)
            k.bad(u"head_dim"_qs, QStringLiteral("%1 is odd; rotary positions need an even head size").arg(c.headDim));
    }
    return c;
}

Config readConfig(const QString &path)
{
    QString why;
    const std::optional<QByteArray> bytes = readWholeFile(path, qint64(16) << 20, &why);
    if (!bytes)
        refuse(QStringLiteral("%1: cannot be read: %2").arg(path, why));
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes, &error);
    if (error.error != QJsonParseError::NoError)
        refuse(QStringLiteral("%1: syntax error at byte %2: %3").arg(path).arg(error.offset).arg(error.errorString()));
    if (!doc.isObject())
        refuse(QStringLiteral("%1: expected a JSON object").arg(path));
    return parseConfig(doc.object(), path);
}

} // namespace qkv::transformer
