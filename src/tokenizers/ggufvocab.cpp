#include "tokenizers/ggufvocab.h"

#include "tensorfiles/formaterror.h"
#include "tensorfiles/ggufmetadata.h"

#include "tokenizers/bpemodel.h"
#include "tokenizers/hftokenizer.h"
#include "tokenizers/jsonfields.h"
#include "tokenizers/sentencepiecetokenizer.h"
#include "tokenizers/tokenizerjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <bit>

namespace qkv::tokenizers {
namespace {

// llama.cpp's token types (tokenizer.ggml.token_type).
enum TokenType { Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6 };

// The pre-tokenizers of tokenizer.ggml.pre, as the models' own tokenizer.json files have them:
// what llama.cpp's converter recognised the model's tokenizer to be.
std::optional<QJsonObject> preTokenizer(const QString &pre)
{
    const auto byteLevel = [](bool regex) {
        return QJsonObject {{u"type"_qs, u"ByteLevel"_qs}, {u"add_prefix_space"_qs, false}, {u"trim_offsets"_qs, true},
            {u"use_regex"_qs, regex}};
    };
    const auto split = [&](const QString &regex) {
        return QJsonObject {{u"type"_qs, u"Sequence"_qs},
            {u"pretokenizers"_qs,
                QJsonArray {QJsonObject {{u"type"_qs, u"Split"_qs}, {u"pattern"_qs, QJsonObject {{u"Regex"_qs, regex}}},
                                {u"behavior"_qs, u"Isolated"_qs}, {u"invert"_qs, false}},
                    byteLevel(false)}}};
    };
    // Llama 3's and Qwen2's splits differ in the digits: runs of up to three, or one each.
    const QString contractions = QStringLiteral("(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|");
    const QString rest = QStringLiteral("| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+");
    if (pre == u"gpt-2" || pre == u"default")
        return byteLevel(true);
    if (pre == u"llama-bpe" || pre == u"llama3")
        return split(contractions + QStringLiteral("\\p{N}{1,3}") + rest);
    if (pre == u"qwen2")
        return split(contractions + QStringLiteral("\\p{N}") + rest);
    if (pre == u"smollm")
        return QJsonObject {{u"type"_qs, u"Sequence"_qs},
            {u"pretokenizers"_qs,
                QJsonArray {
                    QJsonObject {{u"type"_qs, u"Digits"_qs}, {u"individual_digits"_qs, true}}, byteLevel(true)}}};
    return std::nullopt;
}

// Protocol buffers' wire format, for the SentencePiece model libsentencepiece loads.
QByteArray varint(quint64 v)
{
    QByteArray out;
    do {
        out += char((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    return out;
}
QByteArray field(int number, int wire)
{
    return varint(quint64(number) << 3 | quint64(wire));
}
QByteArray bytesField(int number, const QByteArray &bytes)
{
    return field(number, 2) + varint(quint64(bytes.size())) + bytes;
}
QByteArray intField(int number, qint64 v)
{
    return field(number, 0) + varint(quint64(v)); // a negative int32 as ten bytes, as protobuf does
}
QByteArray floatField(int number, float v)
{
    const quint32 bits = std::bit_cast<quint32>(v);
    QByteArray out = field(number, 5);
    for (int i = 0; i < 4; ++i)
        out += char((bits >> (8 * i)) & 0xff);
    return out;
}

// tokenizer.ggml.model "llama": SentencePiece's BPE over the pieces and their scores, as the
// model's tokenizer.model had them, byte fallback where byte pieces are listed.
LoadedTokenizer sentencePiece(const GgufMetadata &k, const QString &where)
{
    const QStringList tokens = k.strings(u"tokenizer.ggml.tokens"_qs);
    const QList<double> scores = k.floats(u"tokenizer.ggml.scores"_qs, tokens.size(), 0.0);
    const QList<qint64> types = k.integers(u"tokenizer.ggml.token_type"_qs, tokens.size(), Normal);
    QByteArray model;
    bool bytes = false;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const qint64 type = types[i] >= Normal && types[i] <= Byte ? types[i] : qint64(Normal);
        bytes = bytes || type == Byte;
        model += bytesField(1, bytesField(1, tokens[i].toUtf8()) + floatField(2, float(scores[i])) + intField(3, type));
    }
    const auto piece = [&](const char *key) {
        const qint64 id = k.id(QString::fromLatin1(key), tokens.size());
        return id < 0 ? QByteArray() : tokens[id].toUtf8();
    };
    QByteArray trainer = intField(3, 2) + intField(35, bytes); // BPE, byte fallback
    const QByteArray unk = piece("tokenizer.ggml.unknown_token_id"), bos = piece("tokenizer.ggml.bos_token_id"),
                     eos = piece("tokenizer.ggml.eos_token_id");
    // The special pieces by name (libsentencepiece finds their ids from these).
    if (!unk.isEmpty())
        trainer += bytesField(45, unk);
    if (!bos.isEmpty())
        trainer += bytesField(46, bos);
    if (!eos.isEmpty())
        trainer += bytesField(47, eos);
    const QByteArray normalizer = bytesField(1, "identity")
        + intField(3, k.flag(u"tokenizer.ggml.add_space_prefix"_qs, true)) + intField(4, 0) + intField(5, 1);
    model += bytesField(2, trainer) + bytesField(3, normalizer);
    return SentencePieceTokenizer::load(model, where, k.flag(u"tokenizer.ggml.add_bos_token"_qs, true),
        k.flag(u"tokenizer.ggml.add_eos_token"_qs, false));
}

// tokenizer.ggml.model "gpt2": byte-level BPE over the vocabulary and merges, pre-tokenized as
// tokenizer.ggml.pre names: the model built from the file's lists, the rest as the tokenizer.json
// it came from had it.
LoadedTokenizer byteLevelBpe(const GgufMetadata &k, const QString &where)
{
    const QString pre = k.text(u"tokenizer.ggml.pre"_qs);
    const std::optional<QJsonObject> preTokenizer = tokenizers::preTokenizer(pre.isEmpty() ? u"default"_qs : pre);
    if (!preTokenizer)
        k.bad(u"tokenizer.ggml.pre"_qs,
            QStringLiteral("\"%1\" is not a pre-tokenizer QKV Lab knows (default, gpt-2, "
                           "llama-bpe, qwen2, smollm are)")
                .arg(pre));
    const QStringList tokens = k.strings(u"tokenizer.ggml.tokens"_qs);
    const QList<qint64> types = k.integers(u"tokenizer.ggml.token_type"_qs, tokens.size(), Normal);
    // The vocabulary and merges go straight into the model: as a JSON object, sorted on every
    // insertion, Llama 3's 128,256 tokens took seconds.
    Vocabulary vocab;
    vocab.reserve(std::size_t(tokens.size()));
    QJsonArray added;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        if (types[i] == Control || types[i] == UserDefined)
            added.append(QJsonObject {{u"id"_qs, i}, {u"content"_qs, tokens[i]}, {u"single_word"_qs, false},
                {u"lstrip"_qs, false}, {u"rstrip"_qs, false}, {u"normalized"_qs, false},
                {u"special"_qs, types[i] == Control}});
        vocab.insert(tokens[i], int(i));
    }
    BpeModel::Options options;
    options.ignoreMerges = pre == u"llama-bpe" || pre == u"llama3"; // Llama 3 takes a word in the vocabulary whole
    auto model = std::make_unique<BpeModel>(std::move(vocab), options);
    try {
        const QStringList merges = k.strings(u"tokenizer.ggml.merges"_qs);
        for (qsizetype i = 0; i < merges.size(); ++i) {
            const auto at = [i] { return QStringLiteral("metadata tokenizer.ggml.merges[%1]").arg(i); };
            const qsizetype space = merges[i].indexOf(u' ');
            if (space < 0 || merges[i].indexOf(u' ', space + 1) >= 0)
                fail(at() + QStringLiteral(" must be two tokens separated by a space"));
            model->addMerge(merges[i].left(space), merges[i].mid(space + 1), at);
        }
        QJsonObject json {{u"added_tokens"_qs, added}, {u"pre_tokenizer"_qs, *preTokenizer},
            {u"decoder"_qs, QJsonObject {{u"type"_qs, u"ByteLevel"_qs}}}};
        if (pre == u"qwen2") // Qwen2's tokenizer composes text first
            json.insert(u"normalizer"_qs, QJsonObject {{u"type"_qs, u"NFC"_qs}});
        std::unique_ptr<HfTokenizer> tokenizer = tokenizerAround(json, std::move(model));
        PostProcessor post;
        if (const qint64 bos = k.id(u"tokenizer.ggml.bos_token_id"_qs, tokens.size());
            bos >= 0 && k.flag(u"tokenizer.ggml.add_bos_token"_qs, false))
            post.prefix.push_back(int(bos));
        if (const qint64 eos = k.id(u"tokenizer.ggml.eos_token_id"_qs, tokens.size());
            eos >= 0 && k.flag(u"tokenizer.ggml.add_eos_token"_qs, false))
            post.suffix.push_back(int(eos));
        tokenizer->setPostProcessor(std::move(post));
        return {std::move(tokenizer), {}};
    } catch (const LoadError &e) {
        return {nullptr, where + QStringLiteral(": ") + e.message};
    }
}

} // namespace

LoadedTokenizer loadGgufTokenizer(const GgufHeader &header, const QString &where)
{
    try {
        const GgufMetadata k(header, where);
        const QString model = k.text(u"tokenizer.ggml.model"_qs);
        if (model == u"llama")
            return sentencePiece(k, where);
        if (model == u"gpt2")
            return byteLevelBpe(k, where);
        k.bad(u"tokenizer.ggml.model"_qs,
            model.isEmpty() ? QStringLiteral("missing: the file holds no tokenizer")
                            : QStringLiteral("\"%1\" is not a tokenizer QKV Lab runs (llama and gpt2 are)").arg(model));
    } catch (const LoadError &e) {
        return {nullptr, e.message};
    } catch (const tensorio::Invalid &e) {
        return {nullptr, e.message};
    }
}

} // namespace qkv::tokenizers
