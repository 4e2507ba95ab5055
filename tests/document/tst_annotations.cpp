// Annotations in a document: tokens named by text or position, the JSON read and written back,
// every wrong entry refused at its place, and placed on the tokens a sentence has now.
#include "document/annotation.h"
#include "document/documentio.h"

#include <QTest>

using namespace qkv;

namespace {

// JSON written with ' for " (moc reads no raw strings).
QByteArray json(const char *text)
{
    return QByteArray(text).replace('\'', '"');
}

QByteArray documentWith(const QByteArray &annotations)
{
    return json("{'format': 'qkvlab', 'version': 1, 'sentence': 'the cat saw the dog', 'annotations': ") + annotations
        + "}";
}

} // namespace

class TstAnnotations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tokensByTextOrPosition()
    {
        const QStringList tokens {u"the"_qs, u"cat"_qs, u"saw"_qs, u"the"_qs, u"#2"_qs};
        QCOMPARE(tokenIndex(tokens, u"the"_qs), 0);
        QCOMPARE(tokenIndex(tokens, u"#4"_qs), 3);
        QCOMPARE(tokenIndex(tokens, u"#2"_qs), 1); // a position, even where a token reads "#2"
        QCOMPARE(tokenIndex(tokens, u"#6"_qs), std::nullopt);
        // From the end: a lesson on a model names the token it predicts from, whatever the sentence.
        QCOMPARE(tokenIndex(tokens, u"#-1"_qs), int(tokens.size()) - 1);
        QCOMPARE(tokenIndex(tokens, u"#-5"_qs), 0);
        QCOMPARE(tokenIndex(tokens, u"#-6"_qs), std::nullopt);
        QCOMPARE(tokenIndex(tokens, u"#0"_qs), std::nullopt);
        QCOMPARE(tokenIndex(tokens, u"dog"_qs), std::nullopt);
        QCOMPARE(tokenName(tokens, 0), u"the"_qs);
        QCOMPARE(tokenName(tokens, 3), u"#4"_qs); // the second "the"
        QCOMPARE(tokenName(tokens, 4), u"#5"_qs); // a text that would read as a position
        for (int i = 0; i < tokens.size(); ++i)
            QCOMPARE(tokenIndex(tokens, tokenName(tokens, i)), i);
    }

    void writtenAndReadBack()
    {
        const LoadResult loaded = parseDocument(documentWith(
            json("[             {'kind': 'callout', 'view': 'heatmap', 'cell': ['#4', 'dog'], 'text': 'the second "
                 "the'},             {'kind': 'box', 'view': 'arrows', 'token': 'cat'},             {'kind': 'arrow', "
                 "'view': 'vectors', 'from': 'dog', 'to': 'cat', 'text': 'chases'}]")));
        QVERIFY2(loaded, qPrintable(loaded.error.toString()));
        const std::vector<Annotation> expected {
            {AnnotationKind::Callout, u"heatmap"_qs, u"#4"_qs, u"dog"_qs, u"the second the"_qs},
            {AnnotationKind::Box, u"arrows"_qs, u"cat"_qs, QString(), QString()},
            {AnnotationKind::Arrow, u"vectors"_qs, u"dog"_qs, u"cat"_qs, u"chases"_qs}};
        QCOMPARE(loaded.document->annotations(), expected);
        const QByteArray saved = serializeDocument(*loaded.document);
        const LoadResult again = parseDocument(saved);
        QVERIFY(again);
        QCOMPARE(*again.document, *loaded.document);
        QCOMPARE(serializeDocument(*again.document), saved);
        // A document without annotations writes no key for them.
        QVERIFY(!serializeDocument(Document()).contains("annotations"));
    }

    void placedOnTheSentence()
    {
        const std::vector<Annotation> list {{AnnotationKind::Box, u"heatmap"_qs, u"cat"_qs, u"dog"_qs, QString()},
            {AnnotationKind::Box, u"heatmap"_qs, u"bird"_qs, QString(), QString()},
            {AnnotationKind::Arrow, u"arrows"_qs, u"#1"_qs, u"#3"_qs, u"x"_qs}};
        const QStringList tokens {u"the"_qs, u"cat"_qs, u"saw"_qs, u"the"_qs, u"dog"_qs};
        const std::vector<PlacedAnnotation> heatmap = placeAnnotations(list, tokens, u"heatmap"_qs);
        QCOMPARE(heatmap.size(), 1u); // "bird" waits for its word
        QCOMPARE(heatmap[0], (PlacedAnnotation {AnnotationKind::Box, 1, 4, QString()}));
        const std::vector<PlacedAnnotation> arrows = placeAnnotations(list, tokens, u"arrows"_qs);
        QCOMPARE(arrows.size(), 1u);
        QCOMPARE(arrows[0], (PlacedAnnotation {AnnotationKind::Arrow, 0, 2, u"x"_qs}));
        QVERIFY(placeAnnotations(list, tokens, u"bars"_qs).empty());
        // Still kept by the document while absent, so it comes back with its word.
        const QStringList bird {u"the"_qs, u"bird"_qs};
        QCOMPARE(placeAnnotations(list, bird, u"heatmap"_qs).size(), 1u);
    }

    void wrongEntriesAreRefusedAtTheirPlace_data()
    {
        QTest::addColumn<QByteArray>("annotations");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("says");
        QTest::newRow("not a list") << (json("{}")) << u"annotations"_qs << u"annotations"_qs;
        QTest::newRow("kind") << (json("[{'kind': 'circle', 'view': 'heatmap', 'token': 'cat'}]"))
                              << u"annotations[0].kind"_qs << u"\"callout\", \"box\" or \"arrow\""_qs;
        QTest::newRow("view") << (json("[{'kind': 'box', 'view': 'tables', 'token': 'cat'}]"))
                              << u"annotations[0].view"_qs
                              << u"\"heatmap\", \"heads\", \"arrows\", \"bars\", \"vectors\", \"worked\""_qs;
        QTest::newRow("cell on the worked computation")
            << (json("[{'kind': 'box', 'view': 'worked', 'cell': ['the', 'cat']}]")) << u"annotations[0].cell"_qs
            << u"cells are marked on the heatmap and the heads grid; on the worked view mark a \"token\""_qs;
        QTest::newRow("callout text") << (json(
            "[{'kind': 'callout', 'view': 'heatmap', 'token': 'cat', 'text': '  '}]"))
                                      << u"annotations[0].text"_qs << u"needs its text"_qs;
        QTest::newRow("both targets") << (json(
            "[{'kind': 'box', 'view': 'heatmap', 'token': 'cat', 'cell': ['cat', 'dog']}]"))
                                      << u"annotations[0]"_qs << u"either"_qs;
        QTest::newRow("cell off the heatmap") << (json("[{'kind': 'box', 'view': 'bars', 'cell': ['cat', 'dog']}]"))
                                              << u"annotations[0].cell"_qs << u"heatmap"_qs;
        QTest::newRow("cell of one") << (json("[{'kind': 'box', 'view': 'heatmap', 'cell': ['cat']}]"))
                                     << u"annotations[0].cell"_qs << u"2"_qs;
        QTest::newRow("position 0") << (json("[{'kind': 'box', 'view': 'heatmap', 'token': '#0'}]"))
                                    << u"annotations[0].token"_qs << u"counted from 1"_qs;
        QTest::newRow("arrow without to") << (json("[{'kind': 'arrow', 'view': 'arrows', 'from': 'cat'}]"))
                                          << u"annotations[0].to"_qs << u"expected a string"_qs;
        QTest::newRow("arrow on the heatmap")
            << (json("[{'kind': 'arrow', 'view': 'heatmap', 'from': 'cat', 'to': 'dog'}]")) << u"annotations[0].view"_qs
            << u"arrows, bars and vectors"_qs;
        QTest::newRow("callout on the heads grid")
            << (json("[{'kind': 'callout', 'view': 'heads', 'token': 'cat', 'text': 'x'}]")) << u"annotations[0]"_qs
            << u"boxes without text"_qs;
        QTest::newRow("misspelt key") << (json(
            "[{'kind': 'box', 'view': 'heatmap', 'token': 'cat'}, {'kind': 'box', 'view': 'heatmap', 'tokn': 'cat'}]"))
                                      << u"annotations[1].tokn"_qs << u"unknown key"_qs;
    }
    void wrongEntriesAreRefusedAtTheirPlace()
    {
        QFETCH(QByteArray, annotations);
        QFETCH(QString, path);
        QFETCH(QString, says);
        const LoadResult loaded = parseDocument(documentWith(annotations));
        QVERIFY(!loaded);
        QCOMPARE(loaded.error.path, path);
        QVERIFY2(loaded.error.message.contains(says), qPrintable(loaded.error.message));
    }
};

QTEST_GUILESS_MAIN(TstAnnotations)
#include "tst_annotations.moc"
