#include "tokenizerdata.h"
#include "tokenizers/tokenizer.h"

#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace qkv::tokenizers;
using namespace qkv::test;

// Loading every kind of tokenizer folder, what a broken one is told, and how tokens are shown.
// (No raw string literals in this file: moc 6.4 loses the class after them.)
class TestTokenizerLoading : public QObject
{
    Q_OBJECT

private:
    const Tokenizer &tokenizer(const QString &name)
    {
        auto it = m_tokenizers.find(name);
        if (it == m_tokenizers.end()) {
            LoadedTokenizer t = name == QLatin1String("gpt2") || name == QLatin1String("spm")
                ? loadTokenizer(tokenizerData(name))
                : loadTokenizerJson(caseTokenizerJson(name), name + QStringLiteral("/tokenizer.json"));
            if (!t)
                qFatal("%s", qPrintable(t.error));
            it = m_tokenizers.emplace(name, std::move(t.tokenizer)).first;
        }
        return *it->second;
    }

    static bool write(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }

    // A folder holding the given files, loaded.
    static LoadedTokenizer loadFiles(const std::map<QString, QByteArray> &files)
    {
        QTemporaryDir dir;
        for (const auto &[name, bytes] : files)
            if (!write(dir.filePath(name), bytes))
                qFatal("cannot write %s", qPrintable(name));
        return loadTokenizer(dir.path());
    }

    std::map<QString, std::unique_ptr<Tokenizer>> m_tokenizers;

private Q_SLOTS:
    void display_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QStringList>("display");
        QTest::newRow("leading space") << u"gpt2"_qs << u" the"_qs << QStringList {u"Ġthe"_qs};
        QTest::newRow("accent") << u"gpt2"_qs << u"café"_qs << QStringList {u"c"_qs, u"af"_qs, u"é"_qs};
        QTest::newRow("emoji bytes") << u"gpt2"_qs << u"😀"_qs << QStringList {u"<0xF0><0x9F><0x98>"_qs, u"<0x80>"_qs};
        QTest::newRow("space and emoji bytes")
            << u"gpt2"_qs << u" 😀"_qs << QStringList {u"Ġ<0xF0><0x9F><0x98>"_qs, u"<0x80>"_qs};
        QTest::newRow("tab") << u"gpt2"_qs << u"a\tb"_qs << QStringList {u"a"_qs, u"→"_qs, u"b"_qs};
        QTest::newRow("newline") << u"gpt2"_qs << u"one\ntwo"_qs << QStringList {u"one"_qs, u"↵"_qs, u"two"_qs};
        QTest::newRow("special") << u"gpt2"_qs << u"a<|endoftext|>"_qs << QStringList {u"a"_qs, u"<|endoftext|>"_qs};
        QTest::newRow("added token with a space")
            << u"bpe-smollm"_qs << u"say hello world"_qs << QStringList {u"say"_qs, u"Ġ"_qs, u"hello world"_qs};
        QTest::newRow("run of spaces") << u"bpe-llama2"_qs << u"a    b"_qs
                                       << QStringList {u"▁a"_qs, u"▁▁▁▁"_qs, u"b"_qs};
        QTest::newRow("llama3 newlines") << u"bpe-llama3"_qs << u"a\n\nb"_qs
                                         << QStringList {u"a"_qs, u"↵↵"_qs, u"b"_qs};
        QTest::newRow("wordpiece") << u"wordpiece-uncased"_qs << u"Playing"_qs << QStringList {u"play"_qs, u"##ing"_qs};
        QTest::newRow("wordpiece accents") << u"wordpiece-uncased"_qs << u"Café"_qs << QStringList {u"cafe"_qs};
        QTest::newRow("metaspace") << u"bpe-llama2"_qs << u"the"_qs << QStringList {u"▁the"_qs};
        QTest::newRow("byte fallback") << u"bpe-llama2"_qs << u"😀"_qs
                                       << QStringList {u"▁"_qs, u"<0xF0>"_qs, u"<0x9F>"_qs, u"<0x98>"_qs, u"<0x80>"_qs};
        QTest::newRow("sentencepiece") << u"spm"_qs << u"the 😀"_qs
                                       << QStringList {u"▁the"_qs, u"▁"_qs, u"<0xF0>"_qs, u"<0x9F>"_qs, u"<0x98>"_qs,
                                              u"<0x80>"_qs};
    }

    void display()
    {
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(QStringList, display);
        const Encoding e = tokenizer(name).encode(text, false);
        QCOMPARE(e.display, display);
        for (std::size_t i = 0; i < e.ids.size(); ++i)
            QCOMPARE(tokenizer(name).display(e.ids[i]), display[qsizetype(i)]);
    }

    void specialTokens()
    {
        QCOMPARE(tokenizer(u"wordpiece-uncased"_qs).encode(u"Playing"_qs).display,
            QStringList({u"[CLS]"_qs, u"play"_qs, u"##ing"_qs, u"[SEP]"_qs}));
        QCOMPARE(tokenizer(u"bpe-llama3"_qs).encode(u"Hi"_qs).pieces, QStringList({u"<|begin_of_text|>"_qs, u"Hi"_qs}));
        QCOMPARE(tokenizer(u"spm"_qs).encode(u"the"_qs).pieces, QStringList({u"<s>"_qs, u"▁the"_qs}));
        QCOMPARE(tokenizer(u"gpt2"_qs).encode(u"Hi"_qs).pieces, QStringList({u"Hi"_qs}));
        // RoBERTa's <mask> takes the space before it (lstrip), as in tokenizers.js and Rust.
        QCOMPARE(tokenizer(u"bpe-roberta"_qs).encode(u"a <mask> b"_qs).pieces,
            QStringList({u"<s>"_qs, u"Ġa"_qs, u"<mask>"_qs, u"Ġb"_qs, u"</s>"_qs}));
        QCOMPARE(tokenizer(u"bpe-roberta"_qs).encode(u"Hello<mask>."_qs).pieces,
            QStringList({u"<s>"_qs, u"ĠHello"_qs, u"<mask>"_qs, u"Ġ."_qs, u"</s>"_qs}));
    }

    void vocabulary()
    {
        const Tokenizer &gpt2 = tokenizer(u"gpt2"_qs);
        QCOMPARE(gpt2.vocabSize(), 50257);
        QCOMPARE(gpt2.id(u"Ġthe"_qs), std::optional<int>(262));
        QCOMPARE(gpt2.piece(262), u"Ġthe"_qs);
        QVERIFY(gpt2.piece(-1).isEmpty());
        QVERIFY(gpt2.piece(50257).isEmpty());
        QVERIFY(!gpt2.id(u"no such piece"_qs));
        QVERIFY(!gpt2.maskId());
        QCOMPARE(tokenizer(u"bpe-llama3"_qs).vocabSize(), 50260);
        QCOMPARE(tokenizer(u"bpe-roberta"_qs).maskId(), std::optional<int>(50259));
        QCOMPARE(tokenizer(u"wordpiece-uncased"_qs).maskId(), tokenizer(u"wordpiece-uncased"_qs).id(u"[MASK]"_qs));
        QVERIFY(tokenizer(u"wordpiece-uncased"_qs).maskId().has_value());
        const Tokenizer &spm = tokenizer(u"spm"_qs);
        QCOMPARE(spm.vocabSize(), 800);
        QCOMPARE(spm.id(u"<s>"_qs), std::optional<int>(1));
        QVERIFY(!spm.id(u"no such piece"_qs));
        QVERIFY(spm.piece(800).isEmpty());
    }

    // Byte-level and byte-fallback tokenizers lose nothing: the ids decode to the text.
    void decodeRoundTrip_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"gpt2", "bpe-llama3", "bpe-qwen2", "bpe-llama2", "spm"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void decodeRoundTrip()
    {
        QFETCH(QString, name);
        const Tokenizer &t = tokenizer(name);
        for (const Reference &r : readReference(u"gpt2/reference.json"_qs)) {
            // Qwen2 normalizes to NFC first; SentencePiece-style models cannot tell a leading space
            // from the one they add.
            QString expected = name == u"bpe-qwen2"_qs ? r.text.normalized(QString::NormalizationForm_C) : r.text;
            if (name == u"bpe-llama2"_qs || name == u"spm"_qs)
                if (expected.startsWith(u' ') || r.text.contains(u"<s>"_qs) || r.text.contains(QChar(0)))
                    continue;
            QCOMPARE(t.decode(t.encode(r.text, false).ids), expected);
        }
    }

    // As Hugging Face's WordPiece decoder: pieces joined, "." and "," without a space before them,
    // an apostrophe with a space each side (its clean-up looks at one piece at a time).
    void decodeWordPiece()
    {
        const Tokenizer &t = tokenizer(u"wordpiece-uncased"_qs);
        QCOMPARE(
            t.decode(t.encode(u"Playing the player, don't!"_qs).ids), u"[CLS] playing the player, don ' t! [SEP]"_qs);
        QCOMPARE(t.decode({-1, t.vocabSize()}), QString());
    }

    // The legacy BERT vocab.txt is the same tokenizer as the tokenizer.json made of its vocabulary.
    void bertVocabTxt()
    {
        const QJsonObject json = QJsonDocument::fromJson(readData(u"wordpiece-uncased/tokenizer.json"_qs)).object();
        const QJsonObject vocab = json.value(u"model"_qs).toObject().value(u"vocab"_qs).toObject();
        QStringList lines(vocab.size());
        for (auto it = vocab.begin(); it != vocab.end(); ++it)
            lines[it.value().toInt()] = it.key();
        const LoadedTokenizer t = loadFiles({{u"vocab.txt"_qs, lines.join(u'\n').toUtf8() + '\n'}});
        QVERIFY2(t, qPrintable(t.error));
        for (const Reference &r : readReference(u"wordpiece-uncased/reference.json"_qs))
            QCOMPARE(t.tokenizer->encode(r.text).ids, r.ids);
        const LoadedTokenizer cased = loadFiles({{u"vocab.txt"_qs, lines.join(u'\n').toUtf8()},
            {u"tokenizer_config.json"_qs, "{\"do_lower_case\": false}"}});
        QVERIFY2(cased, qPrintable(cased.error));
        QCOMPARE(cased.tokenizer->encode(u"The"_qs).pieces, QStringList({u"[CLS]"_qs, u"The"_qs, u"[SEP]"_qs}));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("error");
        const QByteArray bpe
            = "{\"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0, \"b\": 1, \"ab\": 2}, \"merges\": [\"a b\"]}}";
        QTest::newRow("unigram") << u"tokenizer.json"_qs
                                 << QByteArray("{\"model\": {\"type\": \"Unigram\", \"vocab\": []}}")
                                 << u"tokenizer.json: model.type \"Unigram\" is read with the SentencePiece model"_qs;
        QTest::newRow("word level") << u"tokenizer.json"_qs
                                    << QByteArray("{\"model\": {\"type\": \"WordLevel\", \"vocab\": {}}}")
                                    << u"tokenizer.json: model.type \"WordLevel\" is not supported"_qs;
        QTest::newRow("bad json") << u"tokenizer.json"_qs << QByteArray("{\n  \"model\": {\n    \"type\" \"BPE\"}}")
                                  << u"tokenizer.json: line 3, column 13: missing name separator"_qs;
        QTest::newRow("untyped unigram") << u"tokenizer.json"_qs
                                         << QByteArray("{\"model\": {\"vocab\": [[\"a\", 0.0]]}}")
                                         << u"tokenizer.json: model.type \"Unigram\" is not supported"_qs;
        QTest::newRow("not an object") << u"tokenizer.json"_qs << QByteArray("[1]")
                                       << u"tokenizer.json: the file must hold a JSON object"_qs;
        QTest::newRow("no model") << u"tokenizer.json"_qs << QByteArray("{}")
                                  << u"tokenizer.json: model must be an object"_qs;
        QTest::newRow("merge out of vocabulary")
            << u"tokenizer.json"_qs
            << QByteArray("{\"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0, \"b\": 1, \"ab\": 2}, \"merges\": "
                          "[\"a b\", \"b c\"]}}")
            << u"tokenizer.json: model.merges[1]: \"c\" is not in the vocabulary"_qs;
        QTest::newRow("bad merge") << u"tokenizer.json"_qs
                                   << QByteArray("{\"model\": {\"type\": \"BPE\", \"vocab\": {}, \"merges\": [3]}}")
                                   << u"tokenizer.json: model.merges[0] must be \"a b\" or [\"a\", \"b\"]"_qs;
        QTest::newRow("normalizer")
            << u"tokenizer.json"_qs
            << QByteArray(bpe).replace("{\"model\"",
                   "{\"normalizer\": {\"type\": \"Precompiled\", \"precompiled_charsmap\": \"\"}, \"model\"")
            << u"tokenizer.json: normalizer.type \"Precompiled\" is not supported"_qs;
        QTest::newRow("pre-tokenizer in sequence")
            << u"tokenizer.json"_qs
            << QByteArray(bpe).replace("{\"model\"",
                   "{\"pre_tokenizer\": {\"type\": \"Sequence\", \"pretokenizers\": [{\"type\": \"Whitespace\"}, "
                   "{\"type\": \"UnicodeScripts\"}]}, \"model\"")
            << u"tokenizer.json: pre_tokenizer.pretokenizers[1].type \"UnicodeScripts\" is not supported"_qs;
        QTest::newRow("regex")
            << u"tokenizer.json"_qs
            << QByteArray(bpe).replace("{\"model\"",
                   "{\"pre_tokenizer\": {\"type\": \"Split\", \"pattern\": {\"Regex\": \"(unclosed\"}}, \"model\"")
            << u"tokenizer.json: pre_tokenizer.pattern: the regular expression is not supported"_qs;
        QTest::newRow("template")
            << u"tokenizer.json"_qs
            << QByteArray(bpe).replace("{\"model\"",
                   "{\"post_processor\": {\"type\": \"TemplateProcessing\", \"single\": [ {\"SpecialToken\": {\"id\": "
                   "\"[X]\"}}, {\"Sequence\": {\"id\": \"A\"}}]}, \"model\"")
            << u"tokenizer.json: post_processor.special_tokens has no \"[X]\""_qs;
        QTest::newRow("special id")
            << u"tokenizer.json"_qs
            << QByteArray(bpe).replace("{\"model\"",
                   "{\"post_processor\": {\"type\": \"BertProcessing\", \"cls\": [\"[CLS]\", 7], \"sep\": [\"[SEP]\", "
                   "1]}, \"model\"")
            << u"tokenizer.json: post_processor: special token id 7 is not in the vocabulary"_qs;
        QTest::newRow("dropout") << u"tokenizer.json"_qs
                                 << QByteArray(bpe).replace("\"type\": \"BPE\"", "\"type\": \"BPE\", \"dropout\": 0.1")
                                 << u"tokenizer.json: model.dropout: BPE dropout is not supported"_qs;
        QTest::newRow("vocabulary id")
            << u"tokenizer.json"_qs
            << QByteArray("{\"model\": {\"type\": \"WordPiece\", \"vocab\": {\"[UNK]\": 0, \"a\": 5000}}}")
            << u"tokenizer.json: model.vocab[\"a\"]: id 5000 is far beyond the 2 tokens"_qs;
        QTest::newRow("missing merges") << u"vocab.json"_qs << QByteArray("{\"a\": 0}")
                                        << u"merges.txt: missing (vocab.json needs the merges beside it)"_qs;
        QTest::newRow("bad vocab.txt") << u"vocab.txt"_qs << QByteArray("a\nb\n")
                                       << u"vocab.txt: the unknown token \"[UNK]\" is not in the vocabulary"_qs;
        QTest::newRow("bad model") << u"tokenizer.model"_qs << QByteArray("not a model")
                                   << u"tokenizer.model: not a SentencePiece model"_qs;
        QTest::newRow("bad config") << u"vocab.txt"_qs << QByteArray("[UNK]\n") << u"tokenizer_config.json: line 1"_qs;
    }

    void errors()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, bytes);
        QFETCH(QString, error);
        std::map<QString, QByteArray> files {{file, bytes}};
        if (QByteArray(QTest::currentDataTag()) == "bad config")
            files.emplace(u"tokenizer_config.json"_qs, "{oops");
        const LoadedTokenizer t = loadFiles(files);
        QVERIFY(!t);
        QVERIFY2(t.error.startsWith(error), qPrintable(t.error));
    }

    // Added tokens take the ids Hugging Face's tokenizers give them, whatever the file says.
    void addedTokenIds()
    {
        const LoadedTokenizer t = loadTokenizerJson(
            "{\"added_tokens\": [{\"id\": 99999999, \"content\": \"x\"}, {\"id\": 5, \"content\": \"a\"},"
            " {\"id\": 0, \"content\": \"y\", \"special\": true}],"
            " \"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0, \"b\": 1, \"ab\": 2}, \"merges\": [\"a b\"]}}",
            u"tokenizer.json"_qs);
        QVERIFY2(t, qPrintable(t.error));
        QCOMPARE(t.tokenizer->encode(u"xaby"_qs).ids, std::vector<int>({3, 0, 1, 4}));
        QCOMPARE(t.tokenizer->vocabSize(), 5);
        QCOMPARE(t.tokenizer->piece(4), u"y"_qs);
    }

    // Files written before "type" are told apart by their fields.
    void untypedModels()
    {
        const LoadedTokenizer bpe = loadTokenizerJson(
            "{\"model\": {\"vocab\": {\"a\": 0, \"b\": 1, \"ab\": 2}, \"merges\": [\"a b\"]}}", u"t"_qs);
        QVERIFY2(bpe, qPrintable(bpe.error));
        QCOMPARE(bpe.tokenizer->encode(u"ab"_qs).ids, std::vector<int>({2}));
        const LoadedTokenizer wordPiece
            = loadTokenizerJson("{\"model\": {\"vocab\": {\"[UNK]\": 0, \"a\": 1, \"##b\": 2}}}", u"t"_qs);
        QVERIFY2(wordPiece, qPrintable(wordPiece.error));
        QCOMPARE(wordPiece.tokenizer->encode(u"ab"_qs).pieces, QStringList({u"a"_qs, u"##b"_qs}));
    }

    // transformers' Llama tokenizer class takes BOS and EOS from tokenizer_config.json.
    void llamaConfig()
    {
        const QByteArray json = readData(u"bpe-llama2/tokenizer.json"_qs);
        const LoadedTokenizer plain = loadFiles({{u"tokenizer.json"_qs, json}});
        QVERIFY2(plain, qPrintable(plain.error));
        QCOMPARE(plain.tokenizer->encode(u"the"_qs).pieces, QStringList({u"<s>"_qs, u"▁the"_qs}));
        const LoadedTokenizer eos = loadFiles({{u"tokenizer.json"_qs, json},
            {u"tokenizer_config.json"_qs,
                "{\"tokenizer_class\": \"LlamaTokenizer\", \"add_bos_token\": false, \"add_eos_token\": true,"
                " \"bos_token\": {\"content\": \"<s>\"}, \"eos_token\": \"</s>\"}"}});
        QVERIFY2(eos, qPrintable(eos.error));
        QCOMPARE(eos.tokenizer->encode(u"the"_qs).pieces, QStringList({u"▁the"_qs, u"</s>"_qs}));
        // Other classes keep tokenizer.json's post-processor.
        const LoadedTokenizer other = loadFiles({{u"tokenizer.json"_qs, json},
            {u"tokenizer_config.json"_qs,
                "{\"tokenizer_class\": \"PreTrainedTokenizerFast\", \"add_bos_token\": false}"}});
        QCOMPARE(other.tokenizer->encode(u"the"_qs).pieces, QStringList({u"<s>"_qs, u"▁the"_qs}));
    }

    void badMergesLine()
    {
        const LoadedTokenizer t = loadFiles(
            {{u"vocab.json"_qs, "{\"a\": 0, \"b\": 1, \"ab\": 2}"}, {u"merges.txt"_qs, "#version: 0.2\na b\nab\n"}});
        QCOMPARE(t.error, u"merges.txt: line 3: a merge is two tokens separated by a space"_qs);
    }

    // A Unigram tokenizer.json is segmented by the SentencePiece model beside it: without one it
    // is refused saying what is missing; a broken one, naming it; a vocabulary of another shape,
    // naming the place.
    void unigramNeedsItsSentencePieceModel()
    {
        const QByteArray json = readData(u"unigram-t5/tokenizer.json"_qs);
        QCOMPARE(loadFiles({{u"tokenizer.json"_qs, json}}).error,
            u"tokenizer.json: model.type \"Unigram\" is read with the SentencePiece model it was made from, and the "
            u"folder has none (spiece.model, sentencepiece.bpe.model or tokenizer.model)"_qs);
        const LoadedTokenizer broken = loadFiles({{u"tokenizer.json"_qs, json}, {u"spiece.model"_qs, "not a model"}});
        QVERIFY2(broken.error.startsWith(u"tokenizer.json with spiece.model: not a SentencePiece model"_qs),
            qPrintable(broken.error));
        const QByteArray model = readData(u"unigram-t5/spiece.model"_qs);
        QByteArray flat = json;
        flat.replace("\"vocab\": [", "\"vocab\": [7, ");
        QCOMPARE(loadFiles({{u"tokenizer.json"_qs, flat}, {u"spiece.model"_qs, model}}).error,
            u"tokenizer.json with spiece.model: model.vocab[0] must be [piece, score]"_qs);
        const LoadedTokenizer t5 = loadFiles({{u"tokenizer.json"_qs, json}, {u"spiece.model"_qs, model}});
        QVERIFY2(t5, qPrintable(t5.error));
        // T5 appends </s> (id 1) and nothing before; a typed "</s>" is that token.
        const Encoding e = t5.tokenizer->encode(u"the cat</s>"_qs);
        QCOMPARE(e.ids.back(), 1);
        QCOMPARE(e.ids[e.ids.size() - 2], 1);
        QCOMPARE(t5.tokenizer->decode(t5.tokenizer->encode(u"the cat sat"_qs, false).ids), u"the cat sat"_qs);
    }

    void noTokenizer()
    {
        QTemporaryDir dir;
        const LoadedTokenizer t = loadTokenizer(dir.path());
        QVERIFY(!t);
        QVERIFY2(t.error.startsWith(dir.path() + u": no tokenizer"_qs), qPrintable(t.error));
        QVERIFY(loadTokenizer(dir.filePath(u"nowhere"_qs)).error.endsWith(u": not a folder"_qs));
    }
};

QTEST_GUILESS_MAIN(TestTokenizerLoading)
#include "tst_tokenizerloading.moc"
