#pragma once

// A Llama-shaped model of random weights, as llama.cpp's GGUF files and Hugging Face's safetensors
// folders hold one: the tensors of a shape (both programs' names and dimensions), the type each
// gets in llama.cpp's presets (Q4_K_M puts Q6_K where its quantizer does), random blocks of any
// ggml type with scales that keep the values near ±amplitude, and the metadata llama.cpp needs to
// load the file (a SentencePiece vocabulary of placeholder tokens). The files are streamed to
// disk, a tensor at a time: the 8B shape is gigabytes.
#include "ggufwriter.h"

#include <QFile>
#include <QFloat16>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cmath>
#include <functional>
#include <vector>

namespace qkv::test {

struct LlamaShape {
    QString name;
    int layers = 2, hidden = 256, heads = 4, kvHeads = 2, ffn = 512, vocab = 300, context = 256;
    float ropeBase = 10000.0f;
    bool tied = false;
    float amplitude = 0.05f; // weights lie in about ±amplitude
    // or qwen3 (q/k norms), phi3 (fused qkv and gate-up), gemma2 and gemma3 (four norms a layer,
    // stored as llama.cpp's converter stores them: 1 + Hugging Face's weight)
    QString arch = QStringLiteral("llama");
    int slidingWindow = 0; // gemma2, gemma3: attention.sliding_window
    int longropeContext = 0; // phi3: longrope pretrained on this many tokens (its factors 1 ± 0.1)
    int explicitHeadDim = 0; // 0: hidden / heads

    int headDim() const { return explicitHeadDim > 0 ? explicitHeadDim : hidden / heads; }
};

// Llama 3.2 1B and Llama 3.1 8B as their config.json files state them.
inline LlamaShape llama32OneB()
{
    return {QStringLiteral("llama-3.2-1b-shaped"), 16, 2048, 32, 8, 8192, 128256, 8192, 500000.0f, true};
}
inline LlamaShape llama31EightB()
{
    return {QStringLiteral("llama-3.1-8b-shaped"), 32, 4096, 32, 8, 14336, 128256, 8192, 500000.0f, false};
}

// ggml's type numbers and block sizes of the types written here.
struct RandomType {
    quint32 id;
    int elements, bytes;
    std::vector<std::pair<int, float>> halves; // (byte offset in a block, value as a fraction of amplitude)
};

inline RandomType randomType(const QString &name)
{
    // Each scale over the largest quant (times the largest sub-scale for the K-quants).
    static const std::vector<std::pair<QString, RandomType>> types {
        {QStringLiteral("F32"), {0, 1, 4, {}}},
        {QStringLiteral("F16"), {1, 1, 2, {}}},
        {QStringLiteral("BF16"), {30, 1, 2, {}}},
        {QStringLiteral("Q4_0"), {2, 32, 18, {{0, 1.0f / 8}}}},
        {QStringLiteral("Q4_1"), {3, 32, 20, {{0, 1.0f / 15}, {2, -0.5f}}}},
        {QStringLiteral("Q5_0"), {6, 32, 22, {{0, 1.0f / 16}}}},
        {QStringLiteral("Q5_1"), {7, 32, 24, {{0, 1.0f / 31}, {2, -0.5f}}}},
        {QStringLiteral("Q8_0"), {8, 32, 34, {{0, 1.0f / 127}}}},
        {QStringLiteral("Q2_K"), {10, 256, 84, {{80, 1.0f / 45}, {82, 1.0f / 30}}}},
        {QStringLiteral("Q3_K"), {11, 256, 110, {{108, 1.0f / 128}}}},
        {QStringLiteral("Q4_K"), {12, 256, 144, {{0, 1.0f / 945}, {2, 1.0f / 945}}}},
        {QStringLiteral("Q5_K"), {13, 256, 176, {{0, 1.0f / 1953}, {2, 1.0f / 1953}}}},
        {QStringLiteral("Q6_K"), {14, 256, 210, {{208, 1.0f / 4096}}}},
    };
    for (const auto &[n, t] : types)
        if (n == name)
            return t;
    qFatal("randomType: no type %s", qPrintable(name));
}

// xorshift64*: fast enough to fill gigabytes, and the same bytes on every machine.
class RandomBytes
{
public:
    explicit RandomBytes(quint64 seed)
        : m_state(seed * 0x9E3779B97F4A7C15ull + 1)
    { }
    quint64 next()
    {
        m_state ^= m_state >> 12;
        m_state ^= m_state << 25;
        m_state ^= m_state >> 27;
        return m_state * 0x2545F4914F6CDD1Dull;
    }
    float uniform() { return float(next() >> 40) / float(1 << 24) * 2.0f - 1.0f; } // in [-1, 1)

    // A norm's `count` weights, 1 ± 0.1, as `type` (F32, F16 or BF16).
    QByteArray norms(const RandomType &type, qint64 count)
    {
        QByteArray out(qsizetype(count * type.bytes), Qt::Uninitialized);
        auto *p = reinterpret_cast<uchar *>(out.data());
        for (qint64 i = 0; i < count; ++i) {
            const float v = 1.0f + 0.1f * uniform();
            if (type.id == 0)
                qToLittleEndian(v, p + 4 * i);
            else if (type.id == 1)
                qToUnaligned(qfloat16(v), p + 2 * i);
            else
                qToLittleEndian(quint16(std::bit_cast<quint32>(v) >> 16), p + 2 * i);
        }
        return out;
    }

    // `count` values of `type` (whole blocks), random.
    QByteArray values(const RandomType &type, qint64 count, float amplitude)
    {
        QByteArray out(qsizetype(count / type.elements * type.bytes), Qt::Uninitialized);
        auto *p = reinterpret_cast<uchar *>(out.data());
        switch (type.id) {
        case 0:
            for (qint64 i = 0; i < count; ++i)
                qToLittleEndian(amplitude * uniform(), p + 4 * i);
            return out;
        case 1:
            for (qint64 i = 0; i < count; ++i)
                qToUnaligned(qfloat16(amplitude * uniform()), p + 2 * i);
            return out;
        case 30:
            for (qint64 i = 0; i < count; ++i)
                qToLittleEndian(quint16(std::bit_cast<quint32>(amplitude * uniform()) >> 16), p + 2 * i);
            return out;
        default:
            break;
        }
        for (qsizetype i = 0; i + 8 <= out.size(); i += 8)
            qToUnaligned(next(), p + i);
        for (qsizetype i = out.size() / 8 * 8; i < out.size(); ++i)
            p[i] = uchar(next());
        for (qint64 b = 0; b < count / type.elements; ++b)
            for (const auto &[at, fraction] : type.halves)
                qToUnaligned(
                    qfloat16(amplitude * fraction * (0.5f + 0.5f * std::abs(uniform()))), p + b * type.bytes + at);
        return out;
    }

private:
    quint64 m_state;
};

struct LlamaTensor {
    QString gguf; // llama.cpp's name
    QString hf; // Hugging Face's
    qint64 rows = 0, cols = 0; // rows × cols as Hugging Face stores it; a vector has rows 1
    bool norm = false; // a norm's weight: all ones
    bool moreBits = false; // where llama.cpp's _M presets spend more bits
};

inline std::vector<LlamaTensor> llamaTensors(const LlamaShape &s)
{
    const qint64 d = s.hidden, q = qint64(s.heads) * s.headDim(), kv = qint64(s.kvHeads) * s.headDim(), n = s.layers;
    std::vector<LlamaTensor> t {{u"token_embd.weight"_qs, u"model.embed_tokens.weight"_qs, s.vocab, d, false, s.tied}};
    for (int i = 0; i < s.layers; ++i) {
        const QString g = QStringLiteral("blk.%1.").arg(i), h = QStringLiteral("model.layers.%1.").arg(i);
        // llama.cpp's use_more_bits: the first and last eighth of the layers and every third between.
        const bool more = i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
        t.push_back({g + u"attn_norm.weight"_qs, h + u"input_layernorm.weight"_qs, 1, d, true, false});
        if (s.arch == u"phi3") {
            t.push_back({g + u"attn_qkv.weight"_qs, h + u"self_attn.qkv_proj.weight"_qs, q + 2 * kv, d, false, more});
        } else {
            t.push_back({g + u"attn_q.weight"_qs, h + u"self_attn.q_proj.weight"_qs, q, d, false, false});
            t.push_back({g + u"attn_k.weight"_qs, h + u"self_attn.k_proj.weight"_qs, kv, d, false, false});
            t.push_back({g + u"attn_v.weight"_qs, h + u"self_attn.v_proj.weight"_qs, kv, d, false, more});
        }
        const bool gemma = s.arch.startsWith(u"gemma");
        t.push_back({g + u"attn_output.weight"_qs, h + u"self_attn.o_proj.weight"_qs, d, q, false, false});
        if (gemma)
            t.push_back({g + u"post_attention_norm.weight"_qs, h + u"post_attention_layernorm.weight"_qs, 1, d, true});
        if (s.arch == u"qwen3" || s.arch == u"gemma3") {
            t.push_back({g + u"attn_q_norm.weight"_qs, h + u"self_attn.q_norm.weight"_qs, 1, s.headDim(), true, false});
            t.push_back({g + u"attn_k_norm.weight"_qs, h + u"self_attn.k_norm.weight"_qs, 1, s.headDim(), true, false});
        }
        t.push_back({g + u"ffn_norm.weight"_qs,
            h + (gemma ? u"pre_feedforward_layernorm.weight"_qs : u"post_attention_layernorm.weight"_qs), 1, d, true,
            false});
        if (s.arch == u"phi3") {
            t.push_back({g + u"ffn_up.weight"_qs, h + u"mlp.gate_up_proj.weight"_qs, 2 * s.ffn, d, false, false});
        } else {
            t.push_back({g + u"ffn_gate.weight"_qs, h + u"mlp.gate_proj.weight"_qs, s.ffn, d, false, false});
            t.push_back({g + u"ffn_up.weight"_qs, h + u"mlp.up_proj.weight"_qs, s.ffn, d, false, false});
        }
        t.push_back({g + u"ffn_down.weight"_qs, h + u"mlp.down_proj.weight"_qs, d, s.ffn, false, more});
        if (gemma)
            t.push_back({g + u"post_ffw_norm.weight"_qs, h + u"post_feedforward_layernorm.weight"_qs, 1, d, true});
    }
    t.push_back({u"output_norm.weight"_qs, u"model.norm.weight"_qs, 1, d, true, false});
    if (s.longropeContext > 0) { // positive factors near 1, drawn as a norm's weights are
        t.push_back({u"rope_factors_long.weight"_qs, {}, 1, s.headDim() / 2, true});
        t.push_back({u"rope_factors_short.weight"_qs, {}, 1, s.headDim() / 2, true});
    }
    if (!s.tied)
        t.push_back({u"output.weight"_qs, u"lm_head.weight"_qs, s.vocab, d, false, true});
    return t;
}

// The type of a matrix in a file of llama.cpp's preset `preset` (Q4_K_M, Q5_K_M, Q8_0, F16, BF16,
// F32, or any one type for every matrix); norms stay F32.
inline QString presetType(const QString &preset, const LlamaTensor &t)
{
    if (t.norm)
        return QStringLiteral("F32");
    if (preset == u"Q4_K_M" || preset == u"Q5_K_M")
        return t.moreBits ? QStringLiteral("Q6_K") : preset.left(4);
    return preset;
}

inline bool writeAll(QIODevice &out, const QByteArray &bytes, QString *error)
{
    if (out.write(bytes) == bytes.size())
        return true;
    *error = out.errorString();
    return false;
}

// `shape` as a GGUF file of llama.cpp's preset `preset`, the weights random from `seed`.
inline bool writeRandomLlamaGguf(const QString &path, const LlamaShape &s, const QString &preset, quint64 seed,
    QString *error, const std::function<void(GgufWriter &)> &moreKeys = {})
{
    GgufWriter w;
    const QString a = s.arch + u'.';
    w.addString(u"general.architecture"_qs, s.arch);
    w.addString(u"general.name"_qs, s.name);
    w.addU32(a + u"block_count"_qs, quint32(s.layers));
    w.addU32(a + u"context_length"_qs, quint32(s.context));
    w.addU32(a + u"embedding_length"_qs, quint32(s.hidden));
    w.addU32(a + u"feed_forward_length"_qs, quint32(s.ffn));
    w.addU32(a + u"attention.head_count"_qs, quint32(s.heads));
    w.addU32(a + u"attention.head_count_kv"_qs, quint32(s.kvHeads));
    w.addU32(a + u"attention.key_length"_qs, quint32(s.headDim()));
    w.addU32(a + u"attention.value_length"_qs, quint32(s.headDim()));
    w.addF32(a + u"attention.layer_norm_rms_epsilon"_qs, 1e-5f);
    w.addF32(a + u"rope.freq_base"_qs, s.ropeBase);
    w.addU32(a + u"rope.dimension_count"_qs, quint32(s.headDim()));
    w.addU32(a + u"vocab_size"_qs, quint32(s.vocab));
    if (s.arch == u"phi3")
        w.addU32(a + u"attention.sliding_window"_qs, quint32(s.context));
    if (s.longropeContext > 0) { // as llama.cpp's converter writes Phi-3's longrope
        const double scale = double(s.context) / s.longropeContext;
        w.addF32(
            a + u"rope.scaling.attn_factor"_qs, float(std::sqrt(1 + std::log(scale) / std::log(s.longropeContext))));
        w.addU32(a + u"rope.scaling.original_context_length"_qs, quint32(s.longropeContext));
    }
    if (s.slidingWindow > 0)
        w.addU32(a + u"attention.sliding_window"_qs, quint32(s.slidingWindow));
    if (s.arch == u"gemma2") { // caps that bite on logits of a few units
        w.addF32(a + u"attn_logit_softcapping"_qs, 3.0f);
        w.addF32(a + u"final_logit_softcapping"_qs, 4.0f);
    }
    // A SentencePiece vocabulary of placeholders: <unk> <s> </s>, the 256 byte tokens, then ▁tN.
    QStringList tokens {u"<unk>"_qs, u"<s>"_qs, u"</s>"_qs};
    QList<qint32> kinds {2, 3, 3};
    for (int b = 0; b < 256 && tokens.size() < s.vocab; ++b, kinds << 6)
        tokens << QStringLiteral("<0x%1>").arg(QString::number(b, 16).toUpper().rightJustified(2, u'0'));
    if (s.arch == u"phi3") { // llama.cpp's Phi-3 looks its end tokens up by their text
        tokens << u"<|endoftext|>"_qs << u"<|end|>"_qs;
        kinds << 3 << 3;
    }
    while (tokens.size() < s.vocab) {
        tokens << QStringLiteral("\u2581t%1").arg(tokens.size());
        kinds << 1;
    }
    w.addString(u"tokenizer.ggml.model"_qs, u"llama"_qs);
    w.addStrings(u"tokenizer.ggml.tokens"_qs, tokens);
    w.addF32s(u"tokenizer.ggml.scores"_qs, QList<float>(s.vocab, 0.0f));
    w.addI32s(u"tokenizer.ggml.token_type"_qs, kinds);
    w.addU32(u"tokenizer.ggml.bos_token_id"_qs, 1);
    w.addU32(u"tokenizer.ggml.eos_token_id"_qs, 2);
    w.addU32(u"tokenizer.ggml.unknown_token_id"_qs, 0);
    if (moreKeys)
        moreKeys(w);
    const std::vector<LlamaTensor> tensors = llamaTensors(s);
    std::vector<RandomType> types;
    for (const LlamaTensor &t : tensors) {
        types.push_back(randomType(presetType(preset, t)));
        const RandomType &type = types.back();
        GgufWriter::Tensor info {
            t.gguf, {quint64(t.cols)}, type.id, {}, -1, t.rows * t.cols / type.elements * type.bytes};
        if (t.rows > 1)
            info.dims.push_back(quint64(t.rows));
        w.addTensor(info);
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    const QByteArray header = w.header();
    if (!writeAll(file, header, error))
        return false;
    const std::vector<qint64> offsets = w.offsets();
    RandomBytes random(seed);
    qint64 at = 0;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        if (!writeAll(file, QByteArray(offsets[i] - at, '\0'), error))
            return false;
        const LlamaTensor &t = tensors[i];
        // A row block at a time: a few MB in memory whatever the tensor's size.
        const qint64 rowsAtOnce = std::max<qint64>(1, (qint64(8) << 20) / (t.cols * 4));
        for (qint64 r = 0; r < t.rows; r += rowsAtOnce) {
            const qint64 n = std::min(rowsAtOnce, t.rows - r);
            const QByteArray bytes
                = t.norm ? random.norms(types[i], n * t.cols) : random.values(types[i], n * t.cols, s.amplitude);
            if (!writeAll(file, bytes, error))
                return false;
            at = offsets[i] + (r + n) * t.cols / types[i].elements * types[i].bytes;
        }
    }
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

// `shape` as a Hugging Face folder: config.json and one model.safetensors of `dtype` (F32, F16,
// BF16), the weights random from `seed`.
inline bool writeRandomLlamaFolder(
    const QString &folder, const LlamaShape &s, const QString &dtype, quint64 seed, QString *error)
{
    const QJsonObject config {{u"model_type"_qs, s.arch}, {u"head_dim"_qs, s.headDim()},
        {u"architectures"_qs,
            QJsonArray {s.arch == u"qwen3" ? u"Qwen3ForCausalLM"_qs
                    : s.arch == u"phi3"    ? u"Phi3ForCausalLM"_qs
                                           : u"LlamaForCausalLM"_qs}},
        {u"num_hidden_layers"_qs, s.layers}, {u"hidden_size"_qs, s.hidden}, {u"num_attention_heads"_qs, s.heads},
        {u"num_key_value_heads"_qs, s.kvHeads}, {u"intermediate_size"_qs, s.ffn}, {u"vocab_size"_qs, s.vocab},
        {u"max_position_embeddings"_qs, s.context}, {u"rope_theta"_qs, double(s.ropeBase)}, {u"rms_norm_eps"_qs, 1e-5},
        {u"hidden_act"_qs, u"silu"_qs}, {u"tie_word_embeddings"_qs, s.tied},
        {u"torch_dtype"_qs,
            dtype == u"BF16"      ? u"bfloat16"_qs
                : dtype == u"F16" ? u"float16"_qs
                                  : u"float32"_qs}};
    QSaveFile configFile(folder + u"/config.json"_qs);
    if (!configFile.open(QIODevice::WriteOnly) || !writeAll(configFile, QJsonDocument(config).toJson(), error)
        || !configFile.commit()) {
        *error = configFile.errorString();
        return false;
    }
    const RandomType type = randomType(dtype);
    const std::vector<LlamaTensor> tensors = llamaTensors(s);
    QJsonObject header {{u"__metadata__"_qs, QJsonObject {{u"format"_qs, u"pt"_qs}}}};
    qint64 at = 0;
    for (const LlamaTensor &t : tensors) {
        const qint64 bytes = t.rows * t.cols * type.bytes;
        const QJsonArray shape = t.rows > 1 ? QJsonArray {t.rows, t.cols} : QJsonArray {t.cols};
        header.insert(t.hf,
            QJsonObject {
                {u"dtype"_qs, dtype}, {u"shape"_qs, shape}, {u"data_offsets"_qs, QJsonArray {at, at + bytes}}});
        at += bytes;
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    json += QByteArray((8 - json.size() % 8) % 8, ' ');
    QSaveFile file(folder + u"/model.safetensors"_qs);
    if (!file.open(QIODevice::WriteOnly) || !writeAll(file, GgufWriter::u64(quint64(json.size())) + json, error)) {
        *error = file.errorString();
        return false;
    }
    RandomBytes random(seed);
    for (const LlamaTensor &t : tensors) {
        const qint64 rowsAtOnce = std::max<qint64>(1, (qint64(8) << 20) / (t.cols * 4));
        for (qint64 r = 0; r < t.rows; r += rowsAtOnce) {
            const qint64 n = std::min(rowsAtOnce, t.rows - r);
            const QByteArray bytes
                = t.norm ? random.norms(type, n * t.cols) : random.values(type, n * t.cols, s.amplitude);
            if (!writeAll(file, bytes, error))
                return false;
        }
    }
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

} // namespace qkv::test
