#include "attention/engine.h"
#include "document/documentio.h"
#include "figures/arrowgraphfigure.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "commandrun.h"

#include <cmath>

using namespace qkv;

namespace {

test::CommandRun run(const QStringList &args)
{
    return test::runCommand(QStringList {QStringLiteral("solve")} + args);
}

QJsonObject json(const test::CommandRun &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

// The explorer on the command line: `qkvlab solve` (goal-seek: its JSON and the document it
// writes) and `qkvlab export --baseline` (a figure of what changed since a snapshot).
class TstExplorerCommands : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // "How do I make it look at animal?": not by its query (animal's key lies halfway between
    // street's and it's), by animal's key; the change, written out and read back, gives 0.7.
    void solvesAndWritesTheDocument()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("solved.qkv.json"));
        const QStringList cell {QStringLiteral("example:animal"), QStringLiteral("--query"), QStringLiteral("it"),
            QStringLiteral("--key"), QStringLiteral("animal"), QStringLiteral("--weight"), QStringLiteral("0.7")};
        const test::CommandRun byQuery = run(cell);
        QCOMPARE(byQuery.status, 3);
        QVERIFY2(byQuery.err.contains("convex hull"), byQuery.err.constData());
        QCOMPARE(json(byQuery).value(QStringLiteral("closest")).toDouble(), 0.175759);
        const test::CommandRun r
            = run(cell + QStringList {QStringLiteral("--change"), QStringLiteral("key"), QStringLiteral("-o"), out});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.isEmpty());
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("reached")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("change")).toString(), QStringLiteral("key"));
        QCOMPARE(o.value(QStringLiteral("query")).toObject().value(QStringLiteral("token")).toString(),
            QStringLiteral("it"));
        QCOMPARE(o.value(QStringLiteral("key")).toObject().value(QStringLiteral("index")).toInt(), 2);
        QVERIFY(std::abs(o.value(QStringLiteral("weight")).toDouble() - 0.7) < 1e-6);
        const QJsonArray change = o.value(QStringLiteral("key_change")).toArray();
        const QJsonArray newKey = o.value(QStringLiteral("new_key")).toArray();
        QCOMPARE(change.size(), 3);
        double norm = 0;
        for (const QJsonValue &v : change)
            norm += v.toDouble() * v.toDouble();
        QVERIFY(std::abs(std::sqrt(norm) - o.value(QStringLiteral("change_norm")).toDouble()) < 1e-12);
        QVERIFY(!o.contains(QStringLiteral("query_change")));
        QCOMPARE(o.value(QStringLiteral("also_moves")).toArray().size(), 10); // every row sees animal

        const LoadResult saved = loadDocument(out);
        QVERIFY2(saved, qPrintable(saved.error.toString()));
        const Result result = compute(*saved.document);
        QVERIFY(std::abs(result.heads[0].weights(7, 1) - 0.7) < 1e-6);
        for (int c = 0; c < 3; ++c)
            QCOMPARE(saved.document->wordVectors(QStringLiteral("animal")).k(0, c), newKey.at(c).toDouble());
        // The original is untouched, and an existing output is not replaced without --overwrite.
        const test::CommandRun again = run({QStringLiteral("example:animal"), QStringLiteral("--query"),
            QStringLiteral("#8"), QStringLiteral("--key"), QStringLiteral("#2"), QStringLiteral("--weight"),
            QStringLiteral("0.2"), QStringLiteral("--change"), QStringLiteral("key"), QStringLiteral("-o"), out});
        QCOMPARE(again.status, 1);
        QVERIFY(again.err.contains("--overwrite"));
        QCOMPARE(loadDocument(out).document->wordVectors(QStringLiteral("animal")).k(0, 0), newKey.at(0).toDouble());
    }

    // A weight out of reach: exit 3, the reason on stderr and the closest weight in the JSON,
    // which solve then reaches.
    void saysWhenAWeightCannotBeReached()
    {
        const QStringList base {QStringLiteral("example:animal"), QStringLiteral("--query"), QStringLiteral("it"),
            QStringLiteral("--key"), QStringLiteral("animal"), QStringLiteral("--change"), QStringLiteral("both"),
            QStringLiteral("--weight")};
        const test::CommandRun r = run(base + QStringList {QStringLiteral("1")});
        QCOMPARE(r.status, 3);
        QVERIFY(r.err.contains("below 1"));
        const QJsonObject o = json(r);
        QCOMPARE(o.value(QStringLiteral("reached")).toBool(), false);
        const double closest = o.value(QStringLiteral("closest")).toDouble();
        QCOMPARE(closest, 0.999999);
        const test::CommandRun c = run(base + QStringList {QString::number(closest, 'g', 17)});
        QCOMPARE(c.status, 0);
        QVERIFY(json(c).contains(QStringLiteral("key_change")));
        QVERIFY(json(c).contains(QStringLiteral("query_change")));
    }

    void wrongUsageIsNamed_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString a = QStringLiteral("example:animal");
        QTest::addRow("no weight") << QStringList {a, u"--query"_qs, u"it"_qs, u"--key"_qs, u"it"_qs}
                                   << u"--weight W"_qs;
        QTest::addRow("bad weight") << QStringList {a, u"--query"_qs, u"it"_qs, u"--key"_qs, u"it"_qs, u"--weight"_qs,
            u"lots"_qs} << u"not 'lots'"_qs;
        QTest::addRow("unknown token") << QStringList {a, u"--query"_qs, u"dog"_qs, u"--key"_qs, u"it"_qs,
            u"--weight"_qs, u"0.5"_qs} << u"--query 'dog': no such token"_qs;
        QTest::addRow("bad change") << QStringList {a, u"--query"_qs, u"it"_qs, u"--key"_qs, u"it"_qs, u"--weight"_qs,
            u"0.5"_qs, u"--change"_qs, u"value"_qs}
                                    << u"query, key or both"_qs;
        QTest::addRow("weights mode") << QStringList {u"example:birds"_qs, u"--query"_qs, u"walk"_qs, u"--key"_qs,
            u"Birds"_qs, u"--weight"_qs, u"0.5"_qs}
                                      << u"direct mode"_qs;
        QTest::addRow("key-key") << QStringList {u"example:riley-keys"_qs, u"--query"_qs, u"she"_qs, u"--key"_qs,
            u"Riley"_qs, u"--weight"_qs, u"0.5"_qs}
                                 << u"query · key"_qs;
        QTest::addRow("no head") << QStringList {a, u"--query"_qs, u"it"_qs, u"--key"_qs, u"it"_qs, u"--weight"_qs,
            u"0.5"_qs, u"--head"_qs, u"2"_qs}
                                 << u"no head 2"_qs;
        QTest::addRow("stdout") << QStringList {a, u"--query"_qs, u"it"_qs, u"--key"_qs, u"it"_qs, u"--weight"_qs,
            u"0.5"_qs, u"-o"_qs, u"-"_qs}
                                << u"-o takes a file"_qs;
    }
    void wrongUsageIsNamed()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const test::CommandRun r = run(args);
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    // --baseline draws the heatmap's differences from a snapshot (the document's own baseline by
    // default, none with 'none'); a snapshot that is not there, a view that draws no differences,
    // or a sentence of another length is refused, naming why.
    void exportAgainstASnapshot()
    {
        QTemporaryDir dir;
        qkv::Document doc = *qkv::loadDocument(u"example:animal"_qs).document;
        const qkv::Document before = qkv::snapshotState(doc);
        qkv::Document shorter = before;
        shorter.setSentence(u"The animal"_qs);
        doc.setSnapshots({{u"before"_qs, std::make_shared<const qkv::Document>(before)},
            {u"short"_qs, std::make_shared<const qkv::Document>(shorter)}});
        qkv::WordVectors it = doc.wordVectors(u"it"_qs);
        it.q(0, 0) += 2;
        doc.setWordVectors(u"it"_qs, it);
        const QString path = dir.filePath(u"d.qkv.json"_qs);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(qkv::serializeDocument(doc));
        f.close();
        const auto svg = [&](const QStringList &more, int status = 0) {
            const QString out = dir.filePath(u"h.svg"_qs);
            QFile::remove(out);
            const test::CommandRun r
                = test::runCommand(QStringList {u"export"_qs, path, u"--view"_qs, u"heatmap"_qs, u"-o"_qs, out} + more);
            if (r.status != status)
                qWarning() << r.err;
            if (r.status != status)
                return QByteArray("failed");
            QFile file(out);
            return status == 0 && file.open(QIODevice::ReadOnly) ? file.readAll() : r.err;
        };
        const QByteArray plain = svg({}), delta = svg({u"--baseline"_qs, u"before"_qs});
        QVERIFY(!plain.contains("Δ") && plain.contains(">weight (0–max)<"));
        // The colour bar's title, and the figure's (SVG text runs split where the script changes).
        QVERIFY(delta.contains(">Δ <") && delta.contains(">weight<") && delta.contains("since “before”"));
        // Saved as the baseline, the snapshot is drawn against by default; 'none' turns it off.
        doc.setBaseline(u"before"_qs);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(qkv::serializeDocument(doc));
        f.close();
        QVERIFY(svg({}).contains(">Δ <"));
        QVERIFY(!svg({u"--baseline"_qs, u"none"_qs}).contains("Δ"));
        QVERIFY(svg({u"--baseline"_qs, u"after"_qs}, 2)
                    .contains("--baseline: the document has no snapshot 'after' (its snapshots: before, short)"));
        QVERIFY(
            svg({u"--baseline"_qs, u"short"_qs}, 1).contains("--baseline: Tokens: 2 in “short”, 11 in this sentence."));
        // An export of `path` with these options to a new SVG: its text, or empty when it failed.
        const auto exported = [&](const QStringList &options, const QString &name) {
            const QString out = dir.filePath(name);
            const test::CommandRun r
                = test::runCommand(QStringList {u"export"_qs, path} + options + QStringList {u"-o"_qs, out});
            QFile file(out);
            return r.status == 0 && file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        // The arrow graph's edges are the changes, in gained and lost colours, its legend says so.
        const QByteArray changes = exported(
            {u"--view"_qs, u"arrows"_qs, u"--query"_qs, u"it"_qs, u"--baseline"_qs, u"before"_qs}, u"b.svg"_qs);
        // (The caption's words are joined by no-break spaces: it wraps only between its parts.)
        QVERIFY(changes.contains(">gained<") && changes.contains(">lost<")
            && changes.contains("changed\xc2\xa0"
                                "edges"));
        const QString red = qkv::ArrowGraphFigure::changeColor(true, false).name(),
                      blue = qkv::ArrowGraphFigure::changeColor(false, false).name();
        QVERIFY(changes.contains(red.toLatin1()) && changes.contains(blue.toLatin1()));
        const test::CommandRun vectors = test::runCommand({u"export"_qs, path, u"--view"_qs, u"vectors"_qs,
            u"--baseline"_qs, u"before"_qs, u"-o"_qs, dir.filePath(u"v.svg"_qs)});
        QCOMPARE(vectors.status, 2);
        QVERIFY(vectors.err.contains(
            "differences are drawn by --view heatmap, arrows, bars, worked and figure, and --worked"));
        // The bars: the snapshot's weights as dashed outlines, named in the legend.
        QVERIFY(exported({u"--view"_qs, u"bars"_qs, u"--query"_qs, u"it"_qs}, u"bars.svg"_qs).contains(">“before”<"));
        // Side by side: any view of a snapshot (A) beside now (B), of another length too.
        const QByteArray both
            = exported({u"--view"_qs, u"vectors"_qs, u"--side-by-side"_qs, u"--baseline"_qs, u"short"_qs}, u"s.svg"_qs);
        QVERIFY(both.contains("A: snapshot") && both.contains("short") && both.contains("B: now"));
        const test::CommandRun alone = test::runCommand({u"export"_qs, u"example:animal"_qs, u"--view"_qs,
            u"heatmap"_qs, u"--side-by-side"_qs, u"-o"_qs, dir.filePath(u"n.svg"_qs)});
        QCOMPARE(alone.status, 2);
        QVERIFY2(alone.err.contains("--side-by-side: the document has no baseline snapshot; name one with --baseline "
                                    "NAME (it has none)"),
            alone.err.constData());
        QCOMPARE(test::runCommand({u"export"_qs, path, u"--view"_qs, u"heatmap"_qs, u"--side-by-side"_qs,
                                      u"--baseline"_qs, u"none"_qs, u"-o"_qs, dir.filePath(u"n.svg"_qs)})
                     .status,
            2);
        // The document's own baseline leaves the vector plot as it is.
        QCOMPARE(
            test::runCommand({u"export"_qs, path, u"--view"_qs, u"vectors"_qs, u"-o"_qs, dir.filePath(u"v.svg"_qs)})
                .status,
            0);
    }
};

QTEST_MAIN(TstExplorerCommands)
#include "tst_explorercommands.moc"
