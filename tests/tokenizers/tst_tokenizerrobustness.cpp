#include "tokenizers/tokenizer.h"
#include "tokenizerdata.h"

#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

using namespace qkv::tokenizers;
using namespace qkv::test;

// Whatever text comes in (random bytes, lone surrogates, control characters, long runs), every
// tokenizer returns ids in range with one piece and one display string each, and decodes them;
// and a damaged tokenizer.json is refused with a message, never a crash.
class TestTokenizerRobustness : public QObject
{
    Q_OBJECT

private:
    static QString randomText(QRandomGenerator &random)
    {
        QString s;
        const int length = int(random.bounded(0, 60));
        for (int i = 0; i < length; ++i) {
            switch (random.bounded(6)) {
            case 0: // any UTF-16 unit, lone surrogates included
                s += QChar(char16_t(random.bounded(0x10000)));
                break;
            case 1: // ASCII, controls and spaces included
                s += QChar(char16_t(random.bounded(0x80)));
                break;
            case 2: { // any code point
                const char32_t c = char32_t(random.bounded(0x110000));
                s += QChar::requiresSurrogates(c)
                    ? QString(QChar(QChar::highSurrogate(c))) + QChar(QChar::lowSurrogate(c))
                    : QString(QChar(char16_t(c)));
                break;
            }
            case 3:
                s += QStringList({u" "_qs, u"\n"_qs, u"\t"_qs, u"  "_qs, u"\r\n"_qs})[random.bounded(5)];
                break;
            case 4:
                s += QStringList({u"[MASK]"_qs, u"<s>"_qs, u"<|endoftext|>"_qs, u"<mask>"_qs, u"'s"_qs, u"😀"_qs,
                    u"👨‍👩‍👧"_qs, u"é"_qs, u"中"_qs})[random.bounded(9)];
                break;
            default:
                s += QChar(char16_t(u'a' + random.bounded(26)));
            }
        }
        return s;
    }

    static bool write(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
    }

    static void check(const Tokenizer &t, const QString &text)
    {
        for (bool special : {true, false}) {
            const Encoding e = t.encode(text, special);
            QCOMPARE(e.pieces.size(), qsizetype(e.ids.size()));
            QCOMPARE(e.display.size(), qsizetype(e.ids.size()));
            for (int id : e.ids)
                QVERIFY2(id >= 0 && id < t.vocabSize(), qPrintable(text));
            t.decode(e.ids);
        }
    }

private Q_SLOTS:
    void randomText_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"gpt2", "bpe-gpt2", "bpe-llama3", "bpe-qwen2", "bpe-roberta", "bpe-llama2",
                 "bpe-tinyllama", "wordpiece-uncased", "wordpiece-cased", "spm"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void randomText()
    {
        QFETCH(QString, name);
        const LoadedTokenizer t = name == u"gpt2"_qs || name == u"spm"_qs
            ? loadTokenizer(tokenizerData(name))
            : loadTokenizerJson(caseTokenizerJson(name), name);
        QVERIFY2(t, qPrintable(t.error));
        QRandomGenerator random(13);
        for (int i = 0; i < 1000; ++i)
            check(*t.tokenizer, randomText(random));
        check(*t.tokenizer, QString::fromUtf8(QByteArray(20000, ' ')));
        check(*t.tokenizer, QString(5000, QChar(0xD800)));
        // Ids outside the vocabulary show and decode as nothing rather than crash.
        QVERIFY(t.tokenizer->display(-1).isEmpty());
        QVERIFY(t.tokenizer->display(t.tokenizer->vocabSize()).isEmpty());
        t.tokenizer->decode({-5, t.tokenizer->vocabSize(), 0});
    }

    // The word cache is shared: two threads encoding at once get what one thread gets.
    void concurrentEncoding()
    {
        const LoadedTokenizer t = loadTokenizerJson(caseTokenizerJson(u"bpe-llama3"_qs), u"bpe-llama3"_qs);
        QVERIFY2(t, qPrintable(t.error));
        std::vector<QString> texts;
        for (const Reference &r : readReference(u"bpe-llama3/reference.json"_qs))
            texts.push_back(r.text);
        std::vector<std::vector<int>> results[2];
        auto run = [&](int which) {
            for (int round = 0; round < 5; ++round)
                for (const QString &text : texts)
                    results[which].push_back(t.tokenizer->encode(text).ids);
        };
        std::thread other(run, 1);
        run(0);
        other.join();
        QCOMPARE(results[0], results[1]);
        QCOMPARE(results[0].front(), readReference(u"bpe-llama3/reference.json"_qs).front().ids);
    }

    // Damaged legacy files and SentencePiece models in a folder: loaded or refused naming the file.
    void damagedFolder_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("original");
        QTest::addColumn<QByteArray>("beside");
        const QByteArray vocab = "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\nthe\nplay\n##ing\na\n##b\n";
        QTest::newRow("tokenizer.model") << u"tokenizer.model"_qs << readData(u"spm/tokenizer.model"_qs)
                                         << QByteArray();
        QTest::newRow("vocab.txt") << u"vocab.txt"_qs << vocab << QByteArray();
        QTest::newRow("merges.txt") << u"merges.txt"_qs << QByteArray("#version: 0.2\na b\nab c\n")
                                    << QByteArray("{\"a\": 0, \"b\": 1, \"c\": 2, \"ab\": 3, \"abc\": 4}");
    }

    void damagedFolder()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, original);
        QFETCH(QByteArray, beside);
        QTemporaryDir dir;
        if (!beside.isEmpty())
            QVERIFY(write(dir.filePath(u"vocab.json"_qs), beside));
        QRandomGenerator random(5);
        for (int i = 0; i < 200; ++i) {
            QByteArray bytes = original;
            for (int k = 0, n = int(random.bounded(1, 6)); k < n && !bytes.isEmpty(); ++k) {
                const auto at = qsizetype(random.bounded(bytes.size()));
                if (random.bounded(2) == 0)
                    bytes[at] = char(random.bounded(256));
                else
                    bytes.remove(at, qsizetype(random.bounded(1, 20)));
            }
            QVERIFY(write(dir.filePath(file), bytes));
            const LoadedTokenizer t = loadTokenizer(dir.path());
            if (t)
                check(*t.tokenizer, u"Hello world, it's 2024! 😀 中文 playing"_qs);
            else
                QVERIFY2(
                    t.error.startsWith(file + u": "_qs) || t.error.startsWith(u"vocab.json: "_qs), qPrintable(t.error));
        }
    }

    void damagedJson_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"bpe-llama2", "bpe-tinyllama", "wordpiece-uncased", "bpe-llama3"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void damagedJson()
    {
        QFETCH(QString, name);
        // Llama 3's layout with a small vocabulary, so that a thousand loads stay quick.
        const QByteArray original = name == u"bpe-llama3"_qs
            ? readData(name + u"/tokenizer.json"_qs)
                  .replace("\"vocab\": {}", "\"vocab\": {\"a\": 0, \"b\": 1, \"ab\": 2}")
                  .replace("\"merges\": []", "\"merges\": [\"a b\"]")
                  .replace("50257", "3")
                  .replace("50258", "4")
                  .replace("50259", "5")
            : readData(name + u"/tokenizer.json"_qs);
        QVERIFY(loadTokenizerJson(original, name));
        QRandomGenerator random(9);
        for (int i = 0; i < 300; ++i) {
            QByteArray bytes = original;
            for (int k = 0, n = int(random.bounded(1, 4)); k < n; ++k) {
                const auto at = qsizetype(random.bounded(bytes.size()));
                switch (random.bounded(3)) {
                case 0:
                    bytes[at] = char(random.bounded(256));
                    break;
                case 1:
                    bytes.remove(at, qsizetype(random.bounded(1, 20)));
                    break;
                default:
                    bytes.truncate(at);
                }
            }
            const LoadedTokenizer t = loadTokenizerJson(bytes, name);
            if (t)
                check(*t.tokenizer, u"Hello world, it's 2024! 😀 中文"_qs);
            else
                QVERIFY(t.error.startsWith(name + u": "_qs));
        }
    }
};

QTEST_GUILESS_MAIN(TestTokenizerRobustness)
#include "tst_tokenizerrobustness.moc"
