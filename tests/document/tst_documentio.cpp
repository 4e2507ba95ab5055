#include "document/documentio.h"
#include "document/examples.h"
#include "platform/atomicsave.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "files.h"

#include <unistd.h>

using namespace qkv;
using Eigen::MatrixXd;

namespace {

// A document that uses every field of the format.
Document everyFeature()
{
    Document doc;
    Settings s;
    s.mode = Mode::Projection;
    s.heads = 2;
    s.dim = 2;
    s.dModel = 3;
    s.scoring = Scoring::KeyKey;
    s.normalization = Normalization::Softmax;
    s.temperature = 0.7;
    s.mask = MaskKind::Causal;
    s.tokenizer = TokenizerKind::Words;
    s.positions = Positions::Sinusoidal;
    doc.setSettings(s);
    doc.setTitle(QStringLiteral("Every feature — ünïcode 😀"));
    doc.setSentence(QStringLiteral("Birds, sometimes walk 日本"));
    doc.setWordVectors(QStringLiteral("Birds"), doc.wordVectors(QStringLiteral("Birds")));
    WordVectors w = doc.wordVectors(QStringLiteral("日本"));
    w.q(1, 1) = 0.1 + 0.2; // a number that needs all 17 digits
    doc.setWordVectors(QStringLiteral("日本"), w);
    doc.setEmbedding(QStringLiteral("walk"), Eigen::Vector3d(1e-7, -2.5, 1e5));
    doc.setProjection(1, doc.projection(1));
    doc.setWo(MatrixXd::Identity(4, 3));
    doc.setAttention(0, MatrixXd::Constant(5, 5, 0.2));
    doc.setMaskedCells({{3, 1}, {4, 0}});
    doc.setSwitchedOffHeads({1});
    doc.setView(QJsonObject {{QStringLiteral("colormap"), QStringLiteral("magma")}});
    doc.setExtraKeys(QJsonObject {{QStringLiteral("future"), QJsonArray {1, QStringLiteral("two")}}});
    // A snapshot of another sentence and settings, chosen as the baseline.
    Document before;
    before.setSentence(QStringLiteral("an older sentence"));
    WordVectors older = before.wordVectors(QStringLiteral("older"));
    older.k(0, 2) = -0.25;
    before.setWordVectors(QStringLiteral("older"), older);
    doc.setSnapshots({{QStringLiteral("before"), std::make_shared<const Document>(before)}});
    doc.setBaseline(QStringLiteral("before"));
    return doc;
}

QByteArray minimal(const QByteArray &extra)
{
    // Plain strings, not raw ones: moc counts the braces inside raw strings.
    return QByteArray("{\"format\": \"qkvlab\", \"version\": 1, \"sentence\": \"The animal\", ") + extra + '}';
}

} // namespace

class TstDocumentIo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void saveLoadSaveIsByteIdentical_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("every feature") << serializeDocument(everyFeature());
        for (const QString &name : exampleNames())
            QTest::newRow(qPrintable(name)) << exampleBytes(name);
        // Integers past 2^53 are kept exactly in a key the program does not know, not rounded
        // through a double (a later version may count in them); past 2^63 they are doubles.
        QTest::newRow("large integers") << minimal(
            "\"later\": [155555555555555555, -9223372036854775807, 9007199254740993, 1e16, 1e300]");
    }
    void saveLoadSaveIsByteIdentical()
    {
        QFETCH(QByteArray, bytes);
        const LoadResult first = parseDocument(bytes);
        QVERIFY2(first, qPrintable(first.error.toString()));
        const QByteArray saved = serializeDocument(*first.document);
        const LoadResult second = parseDocument(saved);
        QVERIFY2(second, qPrintable(second.error.toString()));
        QVERIFY(*second.document == *first.document);
        QCOMPARE(serializeDocument(*second.document), saved);
    }

    void everyFieldSurvives()
    {
        const Document doc = everyFeature();
        const LoadResult back = parseDocument(serializeDocument(doc));
        QVERIFY(back);
        QVERIFY(*back.document == doc);
        QCOMPARE(back.document->wordVectors(QStringLiteral("日本")).q(1, 1), 0.1 + 0.2);
        QCOMPARE(back.document->extraKeys().value(QStringLiteral("future")).toArray().at(1).toString(),
            QStringLiteral("two"));
        QCOMPARE(back.document->baseline(), QStringLiteral("before"));
        QCOMPARE(back.document->switchedOffHeads(), std::set<int> {1});
        QVERIFY(serializeDocument(doc).contains("\"switched_off\": [2]")); // heads from 1
        QCOMPARE(back.document->baselineSnapshot()->state->wordVectors(QStringLiteral("older")).k(0, 2), -0.25);
    }

    // A snapshot keeps the numbers, not the marks or the view; it is shared, not copied, by the
    // copies of its document (undo steps), and a baseline follows only a snapshot that exists.
    void snapshotsKeepTheNumbers()
    {
        Document doc = everyFeature();
        doc.setAnnotations({Annotation {}});
        const Document state = snapshotState(doc);
        QVERIFY(state.snapshots().empty());
        QVERIFY(state.baseline().isEmpty());
        QVERIFY(state.annotations().empty());
        QVERIFY(state.view().isEmpty());
        QCOMPARE(state.wordVectors(QStringLiteral("日本")).q(1, 1), 0.1 + 0.2);
        QCOMPARE(state.settings(), doc.settings());
        const Document copy = doc;
        QCOMPARE(copy.snapshots().front().state.get(), doc.snapshots().front().state.get());
        doc.setBaseline(QStringLiteral("no such"));
        QVERIFY(doc.baseline().isEmpty());
        QCOMPARE(nextSnapshotName(doc.snapshots()), QStringLiteral("Snapshot 1"));
        doc.setSnapshots({{QStringLiteral("Snapshot 1"), copy.snapshots().front().state}});
        QCOMPARE(nextSnapshotName(doc.snapshots()), QStringLiteral("Snapshot 2"));
        // Saved with its snapshots last, each a whole document of its own.
        const QByteArray text = serializeDocument(copy);
        QVERIFY(text.indexOf("\"baseline\": \"before\"") > text.indexOf("\"view\""));
        QVERIFY(text.contains("\"snapshots\": [\n    {\n      \"name\": \"before\",\n      \"state\": {\n"
                              "        \"format\": \"qkvlab\""));
    }

    void writtenForPeople()
    {
        const QByteArray text = serializeDocument(*parseDocument(exampleBytes(QStringLiteral("birds"))).document);
        QVERIFY(text.startsWith("{\n  \"format\": \"qkvlab\",\n  \"version\": 1,\n  \"title\""));
        QVERIFY(text.contains("\"Birds\": {\n      \"q\": [0.1, 0.2, 0.3],"));
        QVERIFY(text.contains("      [0.1, 0.9, 0],\n"));
    }

    void defaultsFillWhatIsLeftOut()
    {
        const LoadResult r = parseDocument(minimal(R"("title": "t")"));
        QVERIFY(r);
        QCOMPARE(r.document->settings(), Settings {});
        QCOMPARE(r.document->tokens(), (QStringList {u"The"_qs, u"animal"_qs}));
    }

    void flatAndNestedVectorsAreTheSame()
    {
        const LoadResult flat = parseDocument(minimal(R"("words": {"The": {"q": [1, 2, 3]}})"));
        const LoadResult nested = parseDocument(minimal(R"("words": {"The": {"q": [[1, 2, 3]]}})"));
        QVERIFY(flat && nested);
        QVERIFY(*flat.document == *nested.document);
        QCOMPARE(flat.document->wordVectors(QStringLiteral("The")).q, (MatrixXd(1, 3) << 1, 2, 3).finished());
    }

    void badDocumentsNameThePlace_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("syntax, line and column")
            << QByteArray("{\n  \"format\": \"qkvlab\",\n  \"version\": 1,\n  \"sentence\": \"a\" \"b\"\n}")
            << u"f.json:4:20: syntax error: unterminated object"_qs;
        QTest::newRow("truncated") << QByteArray("{\"format\": \"qkvlab\", \"vers")
                                   << u"f.json:1:27: syntax error: unterminated string"_qs;
        QTest::newRow("empty file") << QByteArray() << u"f.json:1:1: syntax error: illegal value"_qs;
        // Columns count what people see (an emoji, an accented letter are one); a lone \r ends a line.
        QTest::newRow("emoji before the error") << QByteArray("{\"\xf0\x9f\x98\x80"
                                                              "e\xcc\x81\": 1 2}")
                                                << u"f.json:1:11: syntax error: unterminated object"_qs;
        QTest::newRow("CR line endings") << QByteArray(
            "{\r  \"format\": \"qkvlab\",\r  \"version\": 1,\r  \"sentence\" 1\r}")
                                         << u"f.json:4:15: syntax error: missing name separator"_qs;
        QTest::newRow("CRLF line endings")
            << QByteArray("{\r\n  \"a\": 1\r\n  \"b\": 2\r\n}") << u"f.json:3:4: syntax error: unterminated object"_qs;
        QTest::newRow("top-level list") << QByteArray("[1, 2]")
                                        << u"f.json: expected a JSON object at the top level"_qs;
        QTest::newRow("not ours") << QByteArray(R"({"format": "other", "version": 1, "sentence": ""})")
                                  << u"f.json: format: expected \"qkvlab\": this is not a QKV Lab document"_qs;
        QTest::newRow("newer version") << QByteArray(R"({"format": "qkvlab", "version": 2, "sentence": ""})")
                                       << u"f.json: version: version 2 is newer than this program reads (1)"_qs;
        QTest::newRow("no sentence") << QByteArray(R"({"format": "qkvlab", "version": 1})")
                                     << u"f.json: sentence: missing: every document has a sentence"_qs;
        QTest::newRow("sentence not a string") << QByteArray(R"({"format": "qkvlab", "version": 1, "sentence": 3})")
                                               << u"f.json: sentence: expected a string, got the number 3"_qs;
        QTest::newRow("null number") << minimal(R"("words": {"animal": {"q": [[0.1, 0.2, null]]}})")
                                     << u"f.json: words.animal.q[0][2]: expected a finite number, got null"_qs;
        QTest::newRow("1e308")
            << minimal(R"("words": {"animal": {"v": [0, 1e308, 0]}})")
            << u"f.json: words.animal.v[1]: expected a number between -1e+06 and 1e+06, got 1e+308"_qs;
        QTest::newRow("string number") << minimal(R"("words": {"The": {"k": [0, "1", 0]}})")
                                       << u"f.json: words.The.k[1]: expected a finite number, got a string"_qs;
        QTest::newRow("flat vector, null first") << minimal(R"("words": {"The": {"k": [null, 1, 2]}})")
                                                 << u"f.json: words.The.k[0]: expected a finite number, got null"_qs;
        QTest::newRow("switched off past the heads")
            << minimal(R"("heads": 2, "switched_off": [3])")
            << u"f.json: switched_off[0]: expected a whole number from 1 to 2, got the number 3"_qs;
        QTest::newRow("switched off not a list") << minimal(
            R"("switched_off": 1)") << u"f.json: switched_off: expected a list of heads (from 1), got the number 1"_qs;
        QTest::newRow("short vector") << minimal(R"("words": {"The": {"k": [0, 1]}})")
                                      << u"f.json: words.The.k: expected 3 numbers (dim), got 2"_qs;
        QTest::newRow("wrong head count") << minimal(R"("heads": 2, "words": {"The": {"k": [[0, 1, 2]]}})")
                                          << u"f.json: words.The.k: expected 2 rows (heads), got 1"_qs;
        QTest::newRow("odd word key") << minimal(R"("words": {"hyper,": {"q": [1, 2]}})")
                                      << u"f.json: words[\"hyper,\"].q: expected 3 numbers (dim), got 2"_qs;
        QTest::newRow("unknown word key")
            << minimal(R"("words": {"The": {"query": [1, 2, 3]}})")
            << u"f.json: words.The.query: unknown key: a word has \"q\", \"k\" and \"v\""_qs;
        QTest::newRow("unknown mode")
            << minimal(R"("mode": "magic")")
            << u"f.json: mode: expected one of \"direct\", \"projection\", \"weights\", got \"magic\""_qs;
        QTest::newRow("zero heads") << minimal(R"("heads": 0)")
                                    << u"f.json: heads: expected a whole number from 1 to 64, got the number 0"_qs;
        QTest::newRow("fractional dim") << minimal(
            R"("dim": 2.5)") << u"f.json: dim: expected a whole number from 1 to 1024, got the number 2.5"_qs;
        QTest::newRow("zero temperature")
            << minimal(R"("temperature": 0)") << u"f.json: temperature: expected a number above 0, got 0"_qs;
        QTest::newRow("attention not square") << minimal(R"("mode": "weights", "attention": [[[1, 0], [0.5]]])")
                                              << u"f.json: attention[0][1]: expected 2 numbers (tokens), got 1"_qs;
        QTest::newRow("attention wrong size")
            << minimal(R"("attention": [[[1]]])") << u"f.json: attention[0]: expected 2 rows (tokens), got 1"_qs;
        QTest::newRow("mask out of range")
            << minimal(R"("masked": [[0, 1], [1, 2]])")
            << u"f.json: masked[1][1]: expected a whole number from 0 to 1, got the number 2"_qs;
        QTest::newRow("embedding wrong size") << minimal(R"("d_model": 2, "embeddings": {"The": [1, 2, 3]})")
                                              << u"f.json: embeddings.The: expected 2 numbers (d_model), got 3"_qs;
        QTest::newRow("wo wrong shape") << minimal(R"("d_model": 2, "wo": [[1, 0]])")
                                        << u"f.json: wo: expected 3 rows (heads × dim), got 1"_qs;
        QTest::newRow("projection missing head")
            << minimal(R"("heads": 2, "projections": [{}])")
            << u"f.json: projections: expected 2 projections (one per head), got 1"_qs;
        QTest::newRow("view not an object")
            << minimal(R"("view": [])") << u"f.json: view: expected an object, got a list"_qs;
        const QByteArray state = R"({"format": "qkvlab", "version": 1, "sentence": "a b")";
        QTest::newRow("snapshot's number")
            << minimal(
                   R"("snapshots": [{"name": "s", "state": )" + state + R"(, "words": {"a": {"q": [1, "x", 3]}}}}])")
            << u"f.json: snapshots[0].state.words.a.q[1]: expected a finite number, got a string"_qs;
        QTest::newRow("snapshot without a name") << minimal(R"("snapshots": [{"state": )" + state + "}}]")
                                                 << u"f.json: snapshots[0].name: missing: every snapshot has a name"_qs;
        QTest::newRow("two snapshots of one name") << minimal(R"("snapshots": [{"name": "s", "state": )" + state
            + R"(}}, {"name": " s", "state": )" + state
            + "}}]") << u"f.json: snapshots[1].name: \"s\" is the name of an earlier snapshot too"_qs;
        QTest::newRow("snapshot in a snapshot")
            << minimal(R"("snapshots": [{"name": "s", "state": )" + state + R"(, "snapshots": []}}])")
            << u"f.json: snapshots[0].state.snapshots: a snapshot holds no snapshots of its own"_qs;
        QTest::newRow("baseline of no snapshot")
            << minimal(R"("baseline": "s")") << u"f.json: baseline: no snapshot is called \"s\""_qs;
        QString many;
        for (int i = 0; i < 10000; ++i)
            many += QStringLiteral("w ");
        QTest::newRow("10,000 tokens") << (QByteArray("{\"format\": \"qkvlab\", \"version\": 1, \"sentence\": \"")
            + many.toUtf8() + "\"}") << u"f.json: sentence: 10000 tokens is more than the 8192 this version handles"_qs;
    }
    void badDocumentsNameThePlace()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const LoadResult r = parseDocument(json, QStringLiteral("f.json"));
        QVERIFY(!r);
        QCOMPARE(r.error.toString(), message);
    }

    void everyTruncationIsRejectedCleanly()
    {
        const QByteArray full = exampleBytes(QStringLiteral("birds"));
        for (qsizetype cut = 0; cut + 1 < full.size(); ++cut) {
            const LoadResult r = parseDocument(full.left(cut), QStringLiteral("t.json"));
            QVERIFY2(!r, qPrintable(QStringLiteral("accepted a file cut at byte %1").arg(cut)));
            QVERIFY(r.error.line > 0 || !r.error.path.isEmpty() || !r.error.message.isEmpty());
        }
    }

    void filesAreCheckedBeforeReading()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QCOMPARE(loadDocument(dir.filePath(QStringLiteral("missing.qkv.json"))).error.message,
            QStringLiteral("no such file"));
        QCOMPARE(loadDocument(dir.path()).error.message, QStringLiteral("is a folder, not a document"));
        QFile huge(dir.filePath(QStringLiteral("huge.qkv.json")));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        QVERIFY(huge.resize(300LL * 1024 * 1024)); // sparse: nothing is really written or read
        huge.close();
        QCOMPARE(loadDocument(huge.fileName()).error.message,
            QStringLiteral("the file is 300 MiB; documents are limited to 64 MiB"));
        QVERIFY(loadDocument(QStringLiteral("example:birds")));
        QVERIFY(loadDocument(QStringLiteral("example:nope")).error.message.startsWith(u"no such example"));
    }

    void saveIsAtomic()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("doc.qkv.json"));
        QCOMPARE(saveAtomically(path, QByteArray("first")), QString());
        QCOMPARE(saveAtomically(path, QByteArray("second")), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("second"));
        const QString missing = dir.filePath(QStringLiteral("no/such/folder/doc.qkv.json"));
        const QString error = saveAtomically(missing, QByteArray("x"));
        QVERIFY(error.startsWith(QStringLiteral("Could not save ") + missing + u':'));
        QVERIFY(!QFile::exists(missing));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {u"doc.qkv.json"_qs});
    }

    void fullDiskLeavesTheOldFileByteIdentical()
    {
        const QTemporaryDir dir;
        const qkv::test::TinyDisk disk(dir.filePath(QStringLiteral("tiny")));
        if (!disk.skipReason().isEmpty())
            QSKIP(qPrintable(disk.skipReason()));
        const QString path = disk.filePath(QStringLiteral("doc.qkv.json"));
        const QByteArray old = serializeDocument(everyFeature());
        QCOMPARE(saveAtomically(path, old), QString());
        disk.fill();
        const QString error = saveAtomically(path, QByteArray(32 * 1024, 'y'));
        QVERIFY2(error.contains(QStringLiteral("No space left on device")), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), old);
    }
};

QTEST_GUILESS_MAIN(TstDocumentIo)
#include "tst_documentio.moc"
