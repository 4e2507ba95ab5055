#include "attention/engine.h"
#include "attention/precision.h"
#include "cli/commandline.h"
#include "document/documentio.h"
#include "document/examples.h"
#include "document/snapshot.h"
#include "export/workedcomputation.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextList>

#include "commandrun.h"
#include "files.h"
#include "modelfixture.h"

using namespace Qt::StringLiterals;

namespace {

using Run = qkv::test::CommandRun;

Run run(const QStringList &args)
{
    return qkv::test::runCommand(QStringList {u"export"_s} + args);
}

QString readBack(const QString &path)
{
    return QString::fromUtf8(qkv::test::readAll(path));
}

} // namespace

// `qkvlab export FILE --worked`: the worked computation as Markdown or LaTeX, written where the
// other exports are written, with --decimals for it and for --numbers.
class TstWorkedExport : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Birds, "walk", 2 decimals: every number as numpy rounds it (o = A·V = [0.18, 0.11, 0.01];
    // o·v(j) = [0.043, −0.112, 0.075000000000000011]).
    void birdsWalkByHand()
    {
        QTemporaryDir dir;
        const QString md = dir.filePath(u"walk.md"_s);
        Run r = run({u"example:birds"_s, u"--worked"_s, u"--query"_s, u"walk"_s, u"--decimals"_s, u"2"_s, u"-o"_s, md});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.isEmpty() && r.err.isEmpty());
        const QString text = readBack(md);
        const QStringList lines {
            u"### Worked computation for “walk” (token 3 of 3), head 1"_s,
            u"*Numbers are shown with 2 decimals; every step uses the exact values, so a result can differ from its "
            u"rounded terms in the last digit.*"_s,
            u"- Birds: 0.60"_s,
            u"- sometimes: 0.10"_s,
            u"- walk: 0.40"_s,
            u"- Birds: 0.60 × [0.10, 0.20, 0.30] = [0.06, 0.12, 0.18]"_s,
            u"- sometimes: 0.10 × [−0.80, 0.30, −0.10] = [−0.08, 0.03, −0.01]"_s,
            u"- walk: 0.40 × [0.50, −0.10, −0.40] = [0.20, −0.04, −0.16]"_s,
            u"**o(walk) = [0.18, 0.11, 0.01]**"_s,
            u"- Birds: 0.50 × 0.10 + (−0.10) × 0.20 + (−0.40) × 0.30 = 0.05 − 0.02 − 0.12 = −0.09"_s,
            u"- Birds: 0.18 × 0.10 + 0.11 × 0.20 + 0.01 × 0.30 = 0.02 + 0.02 + 0.00 = 0.04  (was −0.09, closer)"_s,
            u"- sometimes: 0.18 × (−0.80) + 0.11 × 0.30 + 0.01 × (−0.10) = −0.14 + 0.03 + 0.00 = −0.11  (was −0.39, "
            u"closer)"_s,
            u"- walk: 0.18 × 0.50 + 0.11 × (−0.10) + 0.01 × (−0.40) = 0.09 − 0.01 + 0.00 = 0.08  (was 0.42, farther)"_s,
        };
        const QStringList written = text.split(u'\n');
        for (const QString &line : lines)
            QVERIFY2(written.contains(line), qPrintable(line));

        // Without --query: the token the example is about ("walk"); on standard output: Markdown.
        r = qkv::test::runCommand(
            {u"export"_s, u"example:birds"_s, u"--worked"_s, u"--decimals"_s, u"2"_s, u"-o"_s, u"-"_s});
        QCOMPARE(r.status, 0);
        QCOMPARE(QString::fromUtf8(r.out), text);

        // The suffix chooses LaTeX; an existing file is kept unless --overwrite is given.
        const QString tex = dir.filePath(u"walk.tex"_s);
        QCOMPARE(run({u"example:birds"_s, u"--worked"_s, u"-o"_s, tex}).status, 0);
        QVERIFY(readBack(tex).startsWith(u"% Worked computation from QKV Lab. Needs \\usepackage{amsmath}.\n"_s));
        QVERIFY(readBack(tex).contains(u"\\item[{Birds:}] $0.180 \\times 0.100 + "_s)); // the default: 3 decimals
        r = run({u"example:birds"_s, u"--worked"_s, u"--decimals"_s, u"1"_s, u"-o"_s, tex});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err, (u"qkvlab: "_s + tex + u" exists; add --overwrite to replace it\n"_s).toUtf8());
        QVERIFY(readBack(tex).contains(u"0.180"_s));
        QCOMPARE(
            run({u"example:birds"_s, u"--worked"_s, u"--decimals"_s, u"1"_s, u"--overwrite"_s, u"-o"_s, tex}).status,
            0);
        QVERIFY(readBack(tex).contains(u"$o(\\text{walk}) = [0.2, 0.1, 0.0]$"_s));
    }

    // The Markdown reads well once rendered (Qt's CommonMark reader): a heading, the rows as list
    // items, the result in bold, and no markup left over as text, for every example's focus token.
    void markdownRenders()
    {
        for (const QString &name : qkv::exampleNames()) {
            const Run r = run({u"example:"_s + name, u"--worked"_s, u"--decimals"_s, u"2"_s, u"-o"_s, u"-"_s});
            QCOMPARE(r.status, 0);
            QTextDocument doc;
            doc.setMarkdown(QString::fromUtf8(r.out));
            const QString text = doc.toPlainText();
            for (const QString &markup : {u"*"_s, u"\\"_s, u"#"_s, u"_"_s})
                QVERIFY2(!text.contains(markup), qPrintable(name + u": "_s + markup));
            QCOMPARE(doc.firstBlock().blockFormat().headingLevel(), 3);
            QVERIFY(doc.firstBlock().text().startsWith(u"Worked computation for “"_s));
            int items = 0;
            bool boldResult = false;
            for (QTextBlock b = doc.firstBlock(); b.isValid(); b = b.next()) {
                items += b.textList() != nullptr;
                if (b.text().startsWith(u"o("_s) && b.text().contains(u") = ["_s)) // o(it) = […]
                    boldResult = b.begin().fragment().charFormat().fontWeight() == QFont::Bold;
            }
            QVERIFY2(items >= 3
                        * static_cast<int>(
                            qkv::compute(*qkv::loadDocument(u"example:"_s + name).document).tokens.size()),
                qPrintable(name));
            QVERIFY2(boldResult, qPrintable(name));
        }
        const Run birds = run({u"example:birds"_s, u"--worked"_s, u"--decimals"_s, u"2"_s, u"-o"_s, u"-"_s});
        QTextDocument doc;
        doc.setMarkdown(QString::fromUtf8(birds.out));
        const QStringList blocks = doc.toPlainText().split(u'\n');
        QVERIFY(blocks.contains(u"o(walk) = [0.18, 0.11, 0.01]"_s));
        QVERIFY(blocks.contains(u"Birds: 0.60 × [0.10, 0.20, 0.30] = [0.06, 0.12, 0.18]"_s));
        QVERIFY(blocks.contains(u"3. Closer after attention? Every value compared with v(walk) and o(walk)"_s));
    }

    // Every head, one after another, of a model's attention file, with the model's options.
    void modelFile()
    {
        const qkv::test::ModelFixture m({u"[CLS]"_s, u"the"_s, u"cat"_s, u"sat"_s, u"[SEP]"_s}, 2, 2, 4);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"cats.json"_s);
        QVERIFY(qkv::test::write(path, m.json()));
        const Run r = run({path, u"--layer"_s, u"2"_s, u"--hide-special"_s, u"--worked"_s, u"--query"_s, u"cat"_s,
            u"--head"_s, u"all"_s, u"--decimals"_s, u"4"_s, u"-o"_s, u"-"_s});
        QCOMPARE(r.status, 0);
        const QString md = QString::fromUtf8(r.out);
        QCOMPARE(md.count(u"### Worked computation for “cat” (token 2 of 3), head "_s), 2);
        QVERIFY(md.contains(u", head 2\n"_s));
        QVERIFY(!md.contains(u"[CLS]"_s));
        // The weights worked out are those `compute` prints for the same options, head by head.
        const Run c = qkv::test::runCommand({u"compute"_s, path, u"--layer"_s, u"2"_s, u"--hide-special"_s});
        QCOMPARE(c.status, 0);
        const QJsonArray heads = QJsonDocument::fromJson(c.out).object().value(u"heads"_s).toArray();
        QCOMPARE(heads.size(), 2);
        const QStringList parts = md.split(u"### "_s, Qt::SkipEmptyParts);
        for (int h = 0; h < 2; ++h) {
            const QJsonArray row = heads[h].toObject().value(u"weights"_s).toArray().at(1).toArray();
            const QString given = u"- the: "_s + QString::number(row.at(0).toDouble(), 'f', 4) + u"\n- cat: "_s
                + QString::number(row.at(1).toDouble(), 'f', 4) + u"\n- sat: "_s
                + QString::number(row.at(2).toDouble(), 'f', 4) + u'\n';
            QVERIFY2(parts[h].contains(given), qPrintable(given + parts[h].left(1500)));
        }
    }

    void errors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("message");
        const QString birds = u"example:birds"_s;
        QTest::newRow("worked and numbers") << QStringList {birds, u"--worked"_s, u"--numbers"_s, u"weights"_s, u"-o"_s,
            u"-"_s} << 2 << QByteArray("qkvlab: export needs one of --view VIEW, --numbers KIND or --worked\n");
        QTest::newRow("csv") << QStringList {birds, u"--worked"_s, u"-o"_s, u"walk.csv"_s} << 2
                             << QByteArray("qkvlab: export: --worked writes md or tex, not 'csv'\n");
        QTest::newRow("bmatrix") << QStringList {birds, u"--worked"_s, u"--format"_s, u"bmatrix"_s, u"-o"_s, u"-"_s}
                                 << 2 << QByteArray("qkvlab: export: --worked writes md or tex, not 'bmatrix'\n");
        QTest::newRow("no suffix") << QStringList {birds, u"--worked"_s, u"-o"_s, u"/dev/stdout"_s} << 2
                                   << QByteArray("qkvlab: export: -o /dev/stdout: no suffix tells the format: give "
                                                 "--format md or tex\n");
        QTest::newRow("decimals 11") << QStringList {birds, u"--worked"_s, u"--decimals"_s, u"11"_s, u"-o"_s, u"-"_s}
                                     << 2
                                     << QByteArray("qkvlab: export: --decimals: expected a whole number from 0 to 10, "
                                                   "got '11'\n");
        QTest::newRow("decimals 1.5") << QStringList {birds, u"--numbers"_s, u"weights"_s, u"--decimals"_s, u"1.5"_s,
            u"-o"_s,
            u"-"_s} << 2 << QByteArray("qkvlab: export: --decimals: expected a whole number from 0 to 10, got '1.5'\n");
        QTest::newRow("decimals of a figure")
            << QStringList {birds, u"--view"_s, u"heatmap"_s, u"--decimals"_s, u"2"_s, u"-o"_s, u"a.png"_s} << 2
            << QByteArray("qkvlab: export: --decimals: only --numbers (but model), --worked and --view worked write "
                          "rounded numbers\n");
        QTest::newRow("unknown token") << QStringList {birds, u"--worked"_s, u"--query"_s, u"fly"_s, u"-o"_s, u"-"_s}
                                       << 2
                                       << QByteArray("qkvlab: export: --query: the sentence has no token 'fly' (its "
                                                     "tokens: Birds, sometimes, walk)\n");
        QTest::newRow("head 2 of 1") << QStringList {birds, u"--worked"_s, u"--head"_s, u"2"_s, u"-o"_s, u"-"_s} << 2
                                     << QByteArray("qkvlab: export: --head 2: the document has 1 head(s)\n");
        QTest::newRow("missing file") << QStringList {u"/nonexistent/a.qkv.json"_s, u"--worked"_s, u"-o"_s, u"-"_s} << 1
                                      << QByteArray("qkvlab: /nonexistent/a.qkv.json: ");
        QTest::newRow("missing folder") << QStringList {birds, u"--worked"_s, u"-o"_s, u"/nonexistent/folder/w.md"_s}
                                        << 1 << QByteArray("qkvlab: ");
    }
    void errors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QByteArray, message);
        const QByteArray mismatch = qkv::test::failureMismatch(QStringList {u"export"_s} + args, status, message);
        QVERIFY2(mismatch.isEmpty(), mismatch.constData());
        QVERIFY(!QFile::exists(u"/nonexistent/folder/w.md"_s));
    }

    // The worked figure takes --decimals too: fewer decimals, other pixels.
    void workedFigureDecimals()
    {
        QTemporaryDir dir;
        const QString two = dir.filePath(u"two.png"_s), six = dir.filePath(u"six.png"_s);
        QCOMPARE(run({u"example:birds"_s, u"--view"_s, u"worked"_s, u"--decimals"_s, u"2"_s, u"-o"_s, two}).status, 0);
        QCOMPARE(run({u"example:birds"_s, u"--view"_s, u"worked"_s, u"--decimals"_s, u"6"_s, u"-o"_s, six}).status, 0);
        QImage a(two), b(six);
        QVERIFY(!a.isNull() && !b.isNull());
        QVERIFY(a != b);
    }

    // --decimals rounds every format of --numbers, CSV too; without it CSV keeps every digit.
    void numbersDecimals()
    {
        Run r = run({u"example:birds"_s, u"--numbers"_s, u"output"_s, u"--format"_s, u"csv"_s, u"-o"_s, u"-"_s});
        QVERIFY(r.out.endsWith("walk,0.18,0.10999999999999999,0.009999999999999953\n"));
        r = run({u"example:birds"_s, u"--numbers"_s, u"output"_s, u"--format"_s, u"csv"_s, u"--decimals"_s, u"2"_s,
            u"-o"_s, u"-"_s});
        QVERIFY(r.out.endsWith("walk,0.18,0.11,0.01\n"));
        r = run({u"example:birds"_s, u"--numbers"_s, u"output"_s, u"--format"_s, u"md"_s, u"--decimals"_s, u"0"_s,
            u"-o"_s, u"-"_s});
        QVERIFY(r.out.contains("| sometimes | -1 | 0 | 0 |\n"));
        r = run({u"example:birds"_s, u"--numbers"_s, u"output"_s, u"--format"_s, u"tex"_s, u"--decimals"_s, u"3"_s,
            u"-o"_s, u"-"_s});
        QVERIFY(r.out.contains("\nsometimes & $-$0.710 & 0.290 & $-$0.060 \\\\\n")); // a minus, not a hyphen
    }

    // In float16 the worked terms are the rounded ones the engine used: each scaled score,
    // exponential and the running sum in float16, so every weight is exactly the float16 quotient
    // of its exponential by the sum shown, for the stable (the largest subtracted) and the naive
    // softmax; the text says so.
    void workedInANarrowPrecision()
    {
        for (const qkv::SoftmaxForm form : {qkv::SoftmaxForm::Stable, qkv::SoftmaxForm::Naive}) {
            qkv::Document doc = *qkv::loadDocument(u"example:animal"_s).document;
            qkv::Settings s = doc.settings();
            s.precision = qkv::Precision::Float16;
            s.normalization = qkv::Normalization::ScaledSoftmax;
            s.temperature = 0.7;
            s.softmax = form;
            doc.setSettings(s);
            const qkv::Result result = qkv::compute(doc);
            const qkv::WorkedComputation w = qkv::workedComputation(doc, result, 0, 7);
            QCOMPARE(w.divisor, qkv::roundTo(0.7 * std::sqrt(3.0), qkv::Precision::Float16));
            QCOMPARE(w.shift, form == qkv::SoftmaxForm::Naive ? 0.0 : w.keys[10].scaled); // tired's is the largest
            double sum = 0;
            for (const qkv::WorkedKey &k : w.keys) {
                QCOMPARE(k.scaled, qkv::roundTo(k.score / w.divisor, qkv::Precision::Float16));
                sum = qkv::roundTo(sum + k.exponential, qkv::Precision::Float16);
            }
            QCOMPARE(w.total, sum);
            for (const qkv::WorkedKey &k : w.keys)
                QCOMPARE(k.weight, qkv::roundTo(k.exponential / w.total, qkv::Precision::Float16));
            const QString md = qkv::workedMarkdown(w);
            QVERIFY(md.contains(u"Computed in float16: every product"_s));
            QCOMPARE(md.contains(u"The softmax is naive"_s), form == qkv::SoftmaxForm::Naive);
        }
    }

    // Against a snapshot each score and weight that reads differently there says what it was,
    // and so does the output; on the command line too (--baseline), and not with none.
    void workedAgainstASnapshot()
    {
        qkv::Document doc = *qkv::loadDocument(u"example:animal"_s).document;
        const qkv::Document before = qkv::snapshotState(doc);
        qkv::WordVectors it = doc.wordVectors(u"it"_s);
        it.q(0, 0) += 2;
        doc.setWordVectors(u"it"_s, it);
        const qkv::Result now = qkv::compute(doc), then = qkv::compute(before);
        qkv::WorkedComputation w = qkv::workedComputation(doc, now, 0, 7);
        QVERIFY(qkv::compareWorked(w, now, then, u"before"_s));
        QCOMPARE(w.then->weights.size(), std::size_t(11));
        const auto written = [](double x) { return qkv::formatWorkedNumber(x, 3, qkv::WorkedSyntax::Markdown); };
        int changed = 0;
        for (int j = 0; j < 11; ++j) {
            QCOMPARE(w.then->weights[std::size_t(j)], then.heads[0].weights(7, j));
            QCOMPARE(w.then->scores[std::size_t(j)], then.heads[0].scores(7, j));
            changed += written(now.heads[0].scores(7, j)) != written(then.heads[0].scores(7, j));
            changed += written(now.heads[0].weights(7, j)) != written(then.heads[0].weights(7, j));
        }
        QVERIFY(changed > 11);
        const QString md = qkv::workedMarkdown(w);
        // (The last step's "(was x, closer)" compares o with v, not with the snapshot.)
        const QRegularExpression was(u"\\(was [^,)]*\\)"_s);
        QCOMPARE(md.count(was), changed);
        // animal's weight: the row's "(was …)" is the snapshot's, rounded as every number is.
        QVERIFY(md.contains(u"(was "_s + written(then.heads[0].weights(7, 1)) + u')'));
        QVERIFY(md.contains(u"In “before” it was ["_s));
        // Another length is not compared.
        qkv::Document shorter = before;
        shorter.setSentence(u"The animal"_s);
        QVERIFY(!qkv::compareWorked(w, now, qkv::compute(shorter), u"short"_s));
        QVERIFY(!w.then);
        QVERIFY(!qkv::workedMarkdown(w).contains(was));

        QTemporaryDir dir;
        doc.setSnapshots({{u"before"_s, std::make_shared<const qkv::Document>(before)}});
        const QString path = dir.filePath(u"d.qkv.json"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(qkv::serializeDocument(doc));
        f.close();
        const Run against
            = run({path, u"--worked"_s, u"--query"_s, u"it"_s, u"--baseline"_s, u"before"_s, u"-o"_s, u"-"_s});
        QCOMPARE(against.status, 0);
        QCOMPARE(QString::fromUtf8(against.out).count(was), changed);
        const Run plain
            = run({path, u"--worked"_s, u"--query"_s, u"it"_s, u"--baseline"_s, u"none"_s, u"-o"_s, u"-"_s});
        QCOMPARE(plain.status, 0);
        QVERIFY(!QString::fromUtf8(plain.out).contains(was));
    }
};

QTEST_MAIN(TstWorkedExport)
#include "tst_workedexport.moc"
