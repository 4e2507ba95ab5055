// qkvlab heads (issue 51): a model's heads scored over a corpus and written as CSV, JSON and a
// figure of the grids, each read back; wrong usage and bad corpora said by name.
#include "commandrun.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TestHeadsCommand : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_corpus;

    QString path(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        m_corpus = path(u"corpus.txt"_qs);
        QFile f(m_corpus);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const char *phrases[] = {"the cat sat on the mat", "a dog ran to the red house", "the bird flew over a tree",
            "the red cat ran", "a bird sat on the house"};
        for (int i = 0; i < 30; ++i)
            f.write(QByteArray(phrases[i % 5]) + ". " + phrases[(i * 3) % 5] + ". " + phrases[i % 5] + ".\n");
    }

    void csvHasARowPerHead()
    {
        const auto r = test::runCommand({u"heads"_qs, u"example:induction"_qs, u"--corpus"_qs, m_corpus, u"-o"_qs,
            u"-"_qs, u"--scores"_qs, u"previous-token,induction"_qs});
        QVERIFY2(r.status == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 2 * 4);
        QCOMPARE(lines[0], QByteArray("layer,head,previous-token,induction"));
        QVERIFY(lines[1].startsWith("1,1,"));
        QVERIFY(lines[8].startsWith("2,4,"));
        const double previous = lines[1].split(',')[2].toDouble(), induction = lines[7].split(',')[3].toDouble();
        QVERIFY2(previous > 0.8 && induction > 0.4, lines.join('\n').constData());
    }

    void jsonSaysHowTheRunWent()
    {
        const QString out = path(u"heads.json"_qs);
        const auto r = test::runCommand({u"heads"_qs, u"example:induction"_qs, u"--corpus"_qs, m_corpus, u"-o"_qs, out,
            u"--max-tokens"_qs, u"12"_qs, u"--seed"_qs, u"3"_qs});
        QVERIFY2(r.status == 0, r.err.constData());
        QVERIFY(r.err.contains("note: 30 lines longer than 12 tokens, cut there (the first: line 1)"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(json.value(u"passages"_qs).toInt(), 30);
        QCOMPARE(json.value(u"max_tokens"_qs).toInt(), 12);
        QCOMPARE(json.value(u"partial"_qs).toBool(true), false);
        QCOMPARE(json.value(u"scores"_qs).toArray().size(), 9);
        QCOMPARE(json.value(u"random_sequences"_qs).toObject().value(u"seed"_qs).toInt(), 3);
        const QJsonArray heads = json.value(u"heads"_qs).toArray();
        QCOMPARE(heads.size(), 8);
        const QJsonObject first = heads[0].toObject();
        QCOMPARE(first.value(u"layer"_qs).toInt(), 1);
        QVERIFY(first.value(u"previous-token"_qs).toDouble() > 0.8);
        // Each top passage is listed with its line and text.
        const QJsonArray best = first.value(u"top"_qs).toObject().value(u"previous-token"_qs).toArray();
        QCOMPARE(best.size(), 5);
        const int passage = best[0].toObject().value(u"passage"_qs).toInt();
        bool listed = false;
        for (const QJsonValue &p : json.value(u"top_passages"_qs).toArray())
            if (p.toObject().value(u"passage"_qs).toInt() == passage) {
                listed = true;
                QCOMPARE(p.toObject().value(u"line"_qs).toInt(), passage);
                QVERIFY(p.toObject().value(u"text"_qs).toString().startsWith(u"the "_qs)
                    || p.toObject().value(u"text"_qs).toString().startsWith(u"a "_qs));
            }
        QVERIFY(listed);
    }

    // The grids as a PNG: one panel a score, cells coloured, a colour bar beside each.
    void pngDrawsAGridPerScore()
    {
        const QString out = path(u"heads.png"_qs);
        const auto r = test::runCommand({u"heads"_qs, u"example:induction"_qs, u"--corpus"_qs, m_corpus, u"-o"_qs, out,
            u"--scores"_qs, u"previous-token,induction,entropy"_qs, u"--size"_qs, u"900x400"_qs});
        QVERIFY2(r.status == 0, r.err.constData());
        const QImage image(out);
        QCOMPARE(image.size(), QSize(900, 400));
        int coloured = 0;
        for (int y = 0; y < image.height(); y += 4)
            for (int x = 0; x < image.width(); x += 4) {
                const QColor c = image.pixelColor(x, y);
                coloured += c.saturation() > 80 ? 1 : 0;
            }
        QVERIFY2(coloured > 2000, qPrintable(QString::number(coloured)));
        // Written again only when asked.
        QCOMPARE(
            test::runCommand({u"heads"_qs, u"example:induction"_qs, u"--corpus"_qs, m_corpus, u"-o"_qs, out}).status,
            1);
    }

    void wrongUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("message");
        const QString model = u"example:induction"_qs;
        QTest::newRow("no corpus") << QStringList {u"heads"_qs, model, u"-o"_qs, u"-"_qs} << 2
                                   << QByteArray("qkvlab: heads needs --corpus FILE");
        QTest::newRow("no output") << QStringList {u"heads"_qs, model, u"--corpus"_qs, u"c.txt"_qs} << 2
                                   << QByteArray("qkvlab: heads needs -o OUT");
        QTest::newRow("unknown score") << QStringList {u"heads"_qs, model, u"--corpus"_qs, u"c.txt"_qs, u"-o"_qs,
            u"-"_qs, u"--scores"_qs, u"entropy,loops"_qs}
                                       << 2 << QByteArray("qkvlab: heads: --scores: 'loops' is not a score");
        QTest::newRow("figure to stdout") << QStringList {u"heads"_qs, model, u"--corpus"_qs, u"c.txt"_qs, u"-o"_qs,
            u"-"_qs, u"--format"_qs, u"png"_qs}
                                          << 2 << QByteArray("qkvlab: heads: a figure is written to a file");
        QTest::newRow("format") << QStringList {u"heads"_qs, model, u"--corpus"_qs, u"c.txt"_qs, u"-o"_qs,
            u"out.gif"_qs} << 2 << QByteArray("qkvlab: heads: -o out.gif: heads writes png, svg, pdf, csv, json");
        QTest::newRow("no such corpus") << QStringList {u"heads"_qs, model, u"--corpus"_qs, u"/nonexistent/c.txt"_qs,
            u"-o"_qs, u"-"_qs} << 1 << QByteArray("qkvlab: /nonexistent/c.txt: ");
        QTest::newRow("no such model") << QStringList {u"heads"_qs, u"example:nothing"_qs, u"--corpus"_qs, u"c.txt"_qs,
            u"-o"_qs, u"-"_qs} << 1 << QByteArray("qkvlab: ");
    }

    void wrongUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QByteArray, message);
        const QByteArray mismatch = test::failureMismatch(args, status, message);
        QVERIFY2(mismatch.isEmpty(), mismatch.constData());
    }
};

QTEST_MAIN(TestHeadsCommand)
#include "tst_headscommand.moc"
