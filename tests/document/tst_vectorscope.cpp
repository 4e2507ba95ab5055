#include "attention/engine.h"
#include "document/document.h"
#include "document/documentio.h"

#include <QTest>

using namespace qkv;

namespace {

Document sentence(const QString &text, VectorScope scope)
{
    Document doc;
    Settings s = doc.settings();
    s.vectors = scope;
    doc.setSettings(s);
    doc.setSentence(text);
    return doc;
}

} // namespace

// Vectors per word (the articles) or per token position (a real model): which key a token's
// vectors live under, how switching keeps the numbers, and how documents store it.
class TstVectorScope : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void keysAreWordsOrPositions()
    {
        const Document words = sentence(QStringLiteral("the cat the"), VectorScope::PerWord);
        QCOMPARE(words.vectorKey(2), QStringLiteral("the"));
        const Document tokens = sentence(QStringLiteral("the cat the"), VectorScope::PerToken);
        QCOMPARE(tokens.vectorKey(0), QStringLiteral("#1"));
        QCOMPARE(tokens.vectorKey(2), QStringLiteral("#3"));
    }

    void perTokenVectorsTellRepeatedWordsApart()
    {
        Document doc = sentence(QStringLiteral("the cat the"), VectorScope::PerWord);
        Result r = compute(doc);
        QCOMPARE(r.heads[0].queries.row(0), r.heads[0].queries.row(2)); // one word, one vector
        Settings s = doc.settings();
        s.vectors = VectorScope::PerToken;
        doc.setSettings(s);
        const Result same = compute(doc);
        QCOMPARE(same.heads[0].weights, r.heads[0].weights); // switching keeps what is shown
        doc.setValue(ValueRef {Field::Query, QStringLiteral("#3"), 0, 0, 1}, 2.5);
        r = compute(doc);
        QCOMPARE(r.heads[0].queries(2, 1), 2.5);
        QVERIFY(r.heads[0].queries(0, 1) != 2.5);
        QVERIFY(r.heads[0].weights.row(0) != r.heads[0].weights.row(2));
        // Back to words: each word takes its first position's vectors.
        s.vectors = VectorScope::PerWord;
        doc.setSettings(s);
        r = compute(doc);
        QCOMPARE(r.heads[0].queries.row(2), r.heads[0].queries.row(0));
        QCOMPARE(r.heads[0].queries.row(0), same.heads[0].queries.row(0));
    }

    void documentsStoreTheScope()
    {
        Document doc = sentence(QStringLiteral("a b a"), VectorScope::PerToken);
        doc.setValue(ValueRef {Field::Key, QStringLiteral("#2"), 0, 0, 0}, -0.75);
        const QByteArray bytes = serializeDocument(doc);
        QVERIFY(bytes.contains("\"vectors\": \"per-token\""));
        QVERIFY(bytes.contains("\"#2\""));
        const LoadResult loaded = parseDocument(bytes);
        QVERIFY2(loaded, qPrintable(loaded.error.toString()));
        QVERIFY(loaded.document->settings().vectors == VectorScope::PerToken);
        QCOMPARE(loaded.document->value(ValueRef {Field::Key, QStringLiteral("#2"), 0, 0, 0}), -0.75);
        QCOMPARE(serializeDocument(*loaded.document), bytes);
        // The default scope is not written, so documents of earlier versions save as they were.
        QVERIFY(!serializeDocument(sentence(QStringLiteral("a b"), VectorScope::PerWord)).contains("\"vectors\""));
        const LoadResult bad
            = parseDocument(R"({"format": "qkvlab", "version": 1, "sentence": "a", "vectors": "per-line"})");
        QVERIFY(!bad);
        QVERIFY2(bad.error.toString().contains(QStringLiteral("vectors: expected one of \"per-word\", \"per-token\"")),
            qPrintable(bad.error.toString()));
    }
};

QTEST_GUILESS_MAIN(TstVectorScope)
#include "tst_vectorscope.moc"
