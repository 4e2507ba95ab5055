// A model's tokenizer opened at the sizes of the vocabularies people have (GPT-2's 50,257 tokens,
// Llama 3's 128,256, Qwen2's 151,936): from a GGUF file, as llama.cpp's converter writes a byte-level
// BPE vocabulary (tokens, their types, merges), and from the tokenizer.json of the same vocabulary,
// the form a Hugging Face folder has it in. The pieces are made up — two earlier ones joined, with
// the merge that joins them — so that every merge is one the vocabulary holds, as in a real file.
#include "benchprocess.h"
#include "benchtiming.h"
#include "ggufwriter.h"
#include "viewbenches.h"

#include "tensorfiles/ggufheader.h"
#include "tokenizers/ggufvocab.h"
#include "tokenizers/tokenizer.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QSet>

namespace qkv::bench {
using namespace Qt::StringLiterals;
namespace {

struct Vocabulary {
    QStringList tokens;
    QStringList merges; // "left right", one for each piece past the first 256
};

Vocabulary madeUp(int size)
{
    Vocabulary v;
    QSet<QString> known;
    for (int i = 0; i < 256; ++i) { // byte-level's 256 characters, none of them a space
        v.tokens << QString(QChar(0x100 + i));
        known.insert(v.tokens.back());
    }
    QRandomGenerator random {quint32(size)};
    while (v.tokens.size() < size) {
        // Mostly short pieces, as real vocabularies have: one side from the newest few thousand.
        const QString &left = v.tokens[int(random.bounded(quint32(v.tokens.size())))];
        const QString &right = v.tokens[int(random.bounded(quint32(std::min<qsizetype>(v.tokens.size(), 4096))))];
        const QString joined = left + right;
        if (joined.size() > 16 || known.contains(joined))
            continue;
        known.insert(joined);
        v.merges << left + u' ' + right;
        v.tokens << joined;
    }
    return v;
}

QByteArray gguf(const Vocabulary &v)
{
    test::GgufWriter w;
    w.addString(u"tokenizer.ggml.model"_s, u"gpt2"_s);
    w.addString(u"tokenizer.ggml.pre"_s, u"llama-bpe"_s);
    w.addStrings(u"tokenizer.ggml.tokens"_s, v.tokens);
    w.addI32s(u"tokenizer.ggml.token_type"_s, QList<qint32>(v.tokens.size(), 1));
    w.addStrings(u"tokenizer.ggml.merges"_s, v.merges);
    return w.bytes();
}

// Written as text: building it as a QJsonObject is what took seconds.
QByteArray tokenizerJson(const Vocabulary &v)
{
    QByteArray out = R"({"version":"1.0","pre_tokenizer":{"type":"ByteLevel","add_prefix_space":false,)"
                     R"("trim_offsets":true,"use_regex":true},"decoder":{"type":"ByteLevel"},)"
                     R"("model":{"type":"BPE","vocab":{)";
    for (qsizetype i = 0; i < v.tokens.size(); ++i)
        out += (i ? ",\"" : "\"") + v.tokens[i].toUtf8() + "\":" + QByteArray::number(i);
    out += R"(},"merges":[)";
    for (qsizetype i = 0; i < v.merges.size(); ++i)
        out += (i ? ",\"" : "\"") + v.merges[i].toUtf8() + '"';
    return out + "]}}";
}

} // namespace

QJsonObject ggufTokenizerTimings(bool quick)
{
    const int reps = quick ? 1 : 3;
    QJsonArray sizes;
    for (const auto &[model, size] :
        {std::pair {u"GPT-2"_s, 50257}, std::pair {u"Llama 3"_s, 128256}, std::pair {u"Qwen2"_s, 151936}}) {
        const Vocabulary v = madeUp(size);
        const QByteArray file = gguf(v), json = tokenizerJson(v);
        QString error;
        const double ggufMs = medianMs(
            [&] {
                const tokenizers::LoadedTokenizer t
                    = tokenizers::loadGgufTokenizer(parseGgufHeader(file), u"bench.gguf"_s);
                if (!t)
                    error = t.error;
            },
            reps);
        const double jsonMs = medianMs(
            [&] {
                const tokenizers::LoadedTokenizer t = tokenizers::loadTokenizerJson(json, u"tokenizer.json"_s);
                if (!t)
                    error = t.error;
            },
            reps);
        if (!error.isEmpty())
            return unavailable(error);
        sizes.append(QJsonObject {{u"vocabulary_of"_s, model}, {u"tokens"_s, size}, {u"merges"_s, int(v.merges.size())},
            {u"gguf_open_ms"_s, tenths(ggufMs)}, {u"tokenizer_json_open_ms"_s, tenths(jsonMs)},
            {u"gguf_over_tokenizer_json"_s, ratio(ggufMs, jsonMs)}});
    }
    return {{u"case"_s,
                u"a byte-level BPE tokenizer read from a GGUF file's metadata and from the tokenizer.json of the same "
                "vocabulary (made-up pieces, a merge for each); the median of %1"_s.arg(reps)},
        {u"sizes"_s, sizes}};
}

} // namespace qkv::bench
