// A model's tokenizer as llama.cpp's converter puts it into a GGUF file (tokens by id, their
// types, the merges or the scores, tokenizer.ggml.pre), read back by loadGgufTokenizer, splits the
// 392 test strings as the model's own tokenizer does: the byte-level BPE layouts of GPT-2,
// Llama 3, Qwen2 and SmolLM against Hugging Face's tokenizers, and a SentencePiece model against
// SentencePiece itself.
#include "tensorfiles/ggufheader.h"
#include "tokenizers/ggufvocab.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <sentencepiece_processor.h>

#include "ggufwriter.h"
#include "tokenizerdata.h"

using namespace Qt::StringLiterals;
using namespace qkv;
using namespace qkv::tokenizers;

namespace {

enum TokenType { Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6 };

LoadedTokenizer load(const test::GgufWriter &w)
{
    return loadGgufTokenizer(parseGgufHeader(w.bytes()), u"model.gguf"_s);
}

// CASE/tokenizer.json as the converter writes it: every id's token (a gap as "[PAD<id>]",
// unused), added tokens as control (special) or user-defined, the merges as "a b".
test::GgufWriter fromTokenizerJson(const QString &name, const QString &pre)
{
    const QJsonObject root = QJsonDocument::fromJson(test::caseTokenizerJson(name)).object();
    const QJsonObject model = root.value(u"model").toObject();
    QMap<int, QString> byId;
    QMap<int, int> types;
    const QJsonObject vocab = model.value(u"vocab").toObject();
    for (auto it = vocab.begin(); it != vocab.end(); ++it) {
        byId[it.value().toInt()] = it.key();
        types[it.value().toInt()] = Normal;
    }
    std::optional<int> bos;
    // As the tokenizer's effective vocabulary (get_vocab(), what the converter reads): an added
    // token already in the vocabulary keeps that id, the others follow it.
    int next = byId.isEmpty() ? 0 : byId.lastKey() + 1;
    for (const QJsonValue &v : root.value(u"added_tokens").toArray()) {
        const QJsonObject t = v.toObject();
        const QString content = t.value(u"content").toString();
        const int id = vocab.contains(content) ? vocab.value(content).toInt() : next++;
        byId[id] = content;
        types[id] = t.value(u"special").toBool() ? Control : UserDefined;
        if (t.value(u"content").toString() == u"<|begin_of_text|>")
            bos = id;
    }
    QStringList tokens;
    QList<qint32> tokenTypes;
    for (int id = 0; id <= byId.lastKey(); ++id) {
        tokens << byId.value(id, u"[PAD%1]"_s.arg(id));
        tokenTypes << types.value(id, Unused);
    }
    QStringList merges;
    for (const QJsonValue &m : model.value(u"merges").toArray())
        merges << (m.isArray() ? m.toArray()[0].toString() + u' ' + m.toArray()[1].toString() : m.toString());
    test::GgufWriter w;
    w.addString(u"tokenizer.ggml.model"_s, u"gpt2"_s);
    w.addString(u"tokenizer.ggml.pre"_s, pre);
    w.addStrings(u"tokenizer.ggml.tokens"_s, tokens);
    w.addI32s(u"tokenizer.ggml.token_type"_s, tokenTypes);
    w.addStrings(u"tokenizer.ggml.merges"_s, merges);
    if (bos) { // Llama 3's post-processor puts <|begin_of_text|> first
        w.addU32(u"tokenizer.ggml.bos_token_id"_s, quint32(*bos));
        w.addBool(u"tokenizer.ggml.add_bos_token"_s, true);
    }
    return w;
}

} // namespace

class TstGgufTokenizer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void byteLevelBpe_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("pre");
        QTest::newRow("GPT-2") << u"bpe-gpt2"_s << u"gpt-2"_s;
        QTest::newRow("Llama 3") << u"bpe-llama3"_s << u"llama-bpe"_s;
        QTest::newRow("Qwen2") << u"bpe-qwen2"_s << u"qwen2"_s;
        QTest::newRow("SmolLM") << u"bpe-smollm"_s << u"smollm"_s;
    }

    void byteLevelBpe()
    {
        QFETCH(QString, name);
        QFETCH(QString, pre);
        const LoadedTokenizer t = load(fromTokenizerJson(name, pre));
        QVERIFY2(t, qPrintable(t.error));
        const std::vector<test::Reference> rows = test::readReference(name + u"/reference.json"_s);
        QVERIFY(rows.size() >= 300);
        int compared = 0;
        for (const test::Reference &r : rows) {
            // SmolLM's case gives <|im_start|> and <|im_end|> the single_word and rstrip of an
            // added token, which a GGUF file does not keep (its tokens have a type only).
            if (name == u"bpe-smollm" && (r.text.contains(u"<|im_start|>") || r.text.contains(u"<|im_end|>")))
                continue;
            const Encoding e = t.tokenizer->encode(r.text);
            const QList<int> got(e.ids.begin(), e.ids.end()), want(r.ids.begin(), r.ids.end());
            if (got != want)
                qWarning().noquote() << "text" << r.text << "\n got" << e.pieces << "\nwant" << r.tokens;
            QCOMPARE(got, want);
            ++compared;
        }
        QVERIFY2(compared >= 380, qPrintable(QString::number(compared)));
    }

    // spm/tokenizer.model (BPE with byte fallback, Llama's settings) as the converter writes a
    // SentencePiece vocabulary: its pieces, scores and types, the special tokens' ids.
    void sentencePiece()
    {
        sentencepiece::SentencePieceProcessor spm;
        const QByteArray proto = test::readData(u"spm/tokenizer.model"_s);
        QVERIFY(spm.LoadFromSerializedProto(std::string_view(proto.constData(), std::size_t(proto.size()))).ok());
        QStringList tokens;
        QList<float> scores;
        QList<qint32> types;
        for (int id = 0; id < spm.GetPieceSize(); ++id) {
            tokens << QString::fromStdString(spm.IdToPiece(id));
            scores << spm.GetScore(id);
            types << (spm.IsUnknown(id) ? Unknown
                    : spm.IsControl(id) ? Control
                    : spm.IsByte(id)    ? Byte
                    : spm.IsUnused(id)  ? Unused
                                        : Normal);
        }
        test::GgufWriter w;
        w.addString(u"tokenizer.ggml.model"_s, u"llama"_s);
        w.addStrings(u"tokenizer.ggml.tokens"_s, tokens);
        w.addF32s(u"tokenizer.ggml.scores"_s, scores);
        w.addI32s(u"tokenizer.ggml.token_type"_s, types);
        w.addU32(u"tokenizer.ggml.bos_token_id"_s, quint32(spm.bos_id()));
        w.addU32(u"tokenizer.ggml.eos_token_id"_s, quint32(spm.eos_id()));
        w.addU32(u"tokenizer.ggml.unknown_token_id"_s, quint32(spm.unk_id()));
        w.addBool(u"tokenizer.ggml.add_bos_token"_s, true);
        const LoadedTokenizer t = load(w);
        QVERIFY2(t, qPrintable(t.error));
        const std::vector<test::Reference> rows = test::readReference(u"spm/reference.json"_s);
        QVERIFY(rows.size() >= 300);
        for (const test::Reference &r : rows) {
            const Encoding e = t.tokenizer->encode(r.text);
            const QList<int> got(e.ids.begin(), e.ids.end()), want(r.ids.begin(), r.ids.end());
            if (got != want)
                qWarning().noquote() << "text" << r.text << "\n got" << e.pieces << "\nwant" << r.tokens;
            QCOMPARE(got, want);
        }
    }

    void refusals()
    {
        test::GgufWriter none;
        QVERIFY(load(none).error.contains(u"metadata tokenizer.ggml.model: missing"_s));
        test::GgufWriter t5;
        t5.addString(u"tokenizer.ggml.model"_s, u"t5"_s);
        QVERIFY(load(t5).error.contains(u"\"t5\" is not a tokenizer QKV Lab runs"_s));
        test::GgufWriter pre = fromTokenizerJson(u"bpe-gpt2"_s, u"deepseek-coder"_s);
        QVERIFY(load(pre).error.contains(u"model.gguf: metadata tokenizer.ggml.pre: \"deepseek-coder\""_s));
        for (const auto &[merge, why] : {std::pair {u"a c"_s, u"[1]: \"c\" is not in the vocabulary"_s},
                 std::pair {u"ab"_s, u"[1] must be two tokens separated by a space"_s}}) {
            test::GgufWriter merges;
            merges.addString(u"tokenizer.ggml.model"_s, u"gpt2"_s);
            merges.addStrings(u"tokenizer.ggml.tokens"_s, {u"a"_s, u"b"_s, u"ab"_s});
            merges.addStrings(u"tokenizer.ggml.merges"_s, {u"a b"_s, merge});
            const QString error = load(merges).error;
            QVERIFY2(error.startsWith(u"model.gguf: metadata tokenizer.ggml.merges"_s + why), qPrintable(error));
        }
        test::GgufWriter types;
        types.addString(u"tokenizer.ggml.model"_s, u"llama"_s);
        types.addStrings(u"tokenizer.ggml.tokens"_s, {u"a"_s, u"b"_s});
        types.addI32s(u"tokenizer.ggml.token_type"_s, {1});
        QVERIFY(load(types).error.contains(u"tokenizer.ggml.token_type: expected 2 whole numbers"_s));
        test::GgufWriter bos;
        bos.addString(u"tokenizer.ggml.model"_s, u"llama"_s);
        bos.addStrings(u"tokenizer.ggml.tokens"_s, {u"<unk>"_s});
        bos.addU32(u"tokenizer.ggml.bos_token_id"_s, 7);
        QVERIFY(load(bos).error.contains(u"tokenizer.ggml.bos_token_id: 7 is not a token id"_s));
    }
};

QTEST_GUILESS_MAIN(TstGgufTokenizer)
#include "tst_gguftokenizer.moc"
