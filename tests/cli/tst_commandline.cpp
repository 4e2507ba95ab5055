#include "arguments/optiontable.h"
#include "cli/appidentity.h"
#include "cli/commandline.h"
#include "document/examplenotes.h"
#include "document/examples.h"
#include "livemodel/bundledmodels.h"
#include "views/figurerenderer.h"

#include <QImage>
#include <QImageReader>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "commandrun.h"
#include "files.h"
#include "modelfixture.h"

#include <cstdio>

namespace {

using Run = qkv::test::CommandRun;

Run run(const QStringList &args)
{
    return qkv::test::runCommand(args);
}

} // namespace

class TstCommandLine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void computePrintsTheSpecifiedJson()
    {
        const Run r = run({u"compute"_qs, u"example:birds"_qs});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.isEmpty());
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject o = doc.object();
        QCOMPARE(o.value(u"tokens"_qs).toArray(), (QJsonArray {u"Birds"_qs, u"sometimes"_qs, u"walk"_qs}));
        const QJsonObject head = o.value(u"heads"_qs).toArray().first().toObject();
        for (const char *key : {"queries", "keys", "values", "scores", "weights", "output"})
            QCOMPARE(head.value(QLatin1String(key)).toArray().size(), 3);
        const QJsonArray walk = o.value(u"output"_qs).toArray().at(2).toArray();
        QVERIFY(std::abs(walk.at(0).toDouble() - 0.18) < 1e-12);
        QVERIFY(std::abs(walk.at(1).toDouble() - 0.11) < 1e-12);
        QVERIFY(std::abs(walk.at(2).toDouble() - 0.01) < 1e-12);
        QCOMPARE(o.value(u"warnings"_qs).toArray(), QJsonArray());
        // The keys come in the order SPEC §3 lists them.
        QVERIFY(r.out.indexOf("\"tokens\"") < r.out.indexOf("\"heads\""));
        QVERIFY(r.out.indexOf("\"heads\"") < r.out.lastIndexOf("\"output\""));
        QVERIFY(r.out.lastIndexOf("\"output\"") < r.out.indexOf("\"warnings\""));
    }

    void computeReportsRowWarnings()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"zero.qkv.json"_qs);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "qkvlab", "version": 1, "sentence": "a b", "dim": 1, "normalization": "sum",
                   "words": {"a": {"q": [1], "k": [1]}, "b": {"q": [1], "k": [-1]}}})");
        f.close();
        const Run r = run({u"compute"_qs, path});
        QCOMPARE(r.status, 0);
        const QJsonArray warnings = QJsonDocument::fromJson(r.out).object().value(u"warnings"_qs).toArray();
        QCOMPARE(warnings.size(), 2);
        QVERIFY(warnings.at(0).toString().startsWith(u"head 1, row 1 (a): the scores sum to 0"));
    }

    void examplesAreListed()
    {
        const Run r = run({u"examples"_qs});
        QCOMPARE(r.status, 0);
        for (const QString &name : qkv::exampleNames())
            QVERIFY(r.out.contains("example:" + name.toUtf8() + '\t'));
    }

    void examplesLongGivesEachNote()
    {
        const Run r = run({u"examples"_qs, u"--long"_qs});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.isEmpty());
        // One block an example: its line, then its note.
        QHash<QString, QString> blocks;
        for (const QString &block : QString::fromUtf8(r.out).split(u"\nexample:"_qs)) {
            const QString name = block.section(u'\t', 0, 0).remove(u"example:"_qs);
            blocks.insert(name, block.simplified());
        }
        const QStringList names = qkv::exampleNames() + qkv::live::bundledModelNames();
        QCOMPARE(blocks.size(), names.size());
        for (const QString &name : names) {
            const qkv::ExampleNote note = qkv::exampleNote(name);
            const QString block = blocks.value(name);
            QVERIFY2(!note.isEmpty() && block.contains(note.shows.simplified()), qPrintable(name));
            QVERIFY(block.contains(note.source.simplified()));
            for (const qkv::ArticleCorrection &c : note.corrections)
                QVERIFY2(
                    block.contains(c.says.simplified()) && block.contains(c.truth.simplified()), qPrintable(c.says));
        }
        QVERIFY(blocks.value(u"animal"_qs).contains(u"[0.405, 0.377, 0.323]"));
        QVERIFY(!run({u"examples"_qs}).out.contains("Source:"));
    }

    void helpAndVersion()
    {
        const Run help = run({u"--help"_qs});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.contains("qkvlab compute FILE"));
        const Run version = run({u"--version"_qs});
        QCOMPARE(version.status, 0);
        QCOMPARE(version.out, "qkvlab " + qkv::cli::applicationVersion().toUtf8() + "\n");
    }

    // The usage names every option each command takes (the table is where options are added), and
    // `qkvlab COMMAND --help` lists them with what they do.
    void usageNamesEveryOption()
    {
        const QString usage = qkv::cli::usageText();
        for (const qkv::cli::CommandRow &command : qkv::cli::commandTable()) {
            for (const QString &name : command.options)
                QVERIFY2(usage.contains(qkv::cli::optionNamed(name, command.name)->dashed()),
                    qPrintable(command.name + u": "_qs + name));
            const Run help = run(command.name.split(u' ') << u"--help"_qs);
            QCOMPARE(help.status, 0);
            QCOMPARE(QString::fromUtf8(help.out), qkv::cli::commandHelp(command.name));
            QVERIFY(help.err.isEmpty());
        }
        QVERIFY(usage.contains(u"qkvlab COMMAND --help"_qs));
    }

    void errorsGoToStderrWithAStatus_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("missing file") << QStringList {u"compute"_qs, u"/nonexistent/x.qkv.json"_qs} << 1
                                      << QByteArray("qkvlab: /nonexistent/x.qkv.json: no such file\n");
        QTest::newRow("unknown example") << QStringList {u"compute"_qs, u"example:zzz"_qs} << 1
                                         << QByteArray("qkvlab: example:zzz: no such example");
        QTest::newRow("no file") << QStringList {u"compute"_qs} << 2
                                 << QByteArray("qkvlab: compute takes exactly one FILE");
        QTest::newRow("unknown option") << QStringList {u"compute"_qs, u"example:birds"_qs, u"--frobnicate"_qs} << 2
                                        << QByteArray("qkvlab: compute: unknown option '--frobnicate'\n\nUsage:");
        QTest::newRow("examples takes nothing")
            << QStringList {u"examples"_qs, u"x"_qs} << 2 << QByteArray("qkvlab: examples takes no arguments");
    }
    void errorsGoToStderrWithAStatus()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QByteArray, message);
        const QByteArray mismatch = qkv::test::failureMismatch(args, status, message);
        QVERIFY2(mismatch.isEmpty(), mismatch.constData());
    }

    void exportNumbers()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath(u"w.csv"_qs);
        Run r = run({u"export"_qs, u"example:birds"_qs, u"--numbers"_qs, u"output"_qs, u"-o"_qs, csv});
        QCOMPARE(r.status, 0);
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.at(0), QByteArray(",o1,o2,o3"));
        QCOMPARE(lines.at(3), QByteArray("walk,0.18,0.10999999999999999,0.009999999999999953"));
        f.close();
        // An existing file is kept unless --overwrite is given.
        r = run({u"export"_qs, u"example:animal"_qs, u"--numbers"_qs, u"weights"_qs, u"-o"_qs, csv});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("exists; add --overwrite"));
        r = run({u"export"_qs, u"example:animal"_qs, u"--numbers"_qs, u"weights"_qs, u"-o"_qs, csv, u"--overwrite"_qs});
        QCOMPARE(r.status, 0);
        // Markdown of every head on standard output.
        r = run({u"export"_qs, u"example:riley"_qs, u"--numbers"_qs, u"scores"_qs, u"--format"_qs, u"md"_qs,
            u"--head"_qs, u"all"_qs, u"-o"_qs, u"-"_qs});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.startsWith("### Head 1\n\n|  | Evan's | dog |"));
    }

    // Where walk's output comes from: 0.6·v(Birds) + 0.1·v(sometimes) + 0.4·v(walk), each part's
    // share of the output (its projection over ‖o‖²), then the output, whose shares sum to 1.
    void exportContributions()
    {
        const Run r = run({u"export"_qs, u"example:birds"_qs, u"--numbers"_qs, u"contributions"_qs, u"--query"_qs,
            u"walk"_qs, u"--format"_qs, u"csv"_qs, u"--decimals"_qs, u"4"_qs, u"-o"_qs, u"-"_qs});
        QCOMPARE(r.status, 0);
        QCOMPARE(r.out,
            QByteArray(",c1,c2,c3,share\n"
                       "Birds,0.0600,0.1200,0.1800,0.5785\n"
                       "sometimes,-0.0800,0.0300,-0.0100,-0.2511\n"
                       "walk,0.2000,-0.0400,-0.1600,0.6726\n"
                       "output,0.1800,0.1100,0.0100,1.0000\n"));
        const Run bad = run({u"export"_qs, u"example:birds"_qs, u"--numbers"_qs, u"contributions"_qs, u"--query"_qs,
            u"fly"_qs, u"-o"_qs, u"x.csv"_qs});
        QCOMPARE(bad.status, 2);
        QVERIFY(bad.err.contains("no token 'fly'"));
    }

    void exportArgumentErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        const QString f = u"example:birds"_qs;
        QTest::newRow("unknown view") << QStringList {u"export"_qs, f, u"--view"_qs, u"pie"_qs, u"-o"_qs, u"a.png"_qs}
                                      << QByteArray("qkvlab: export: --view: unknown view 'pie' (one of heatmap, "
                                                    "arrows, vectors, bars, contributions, worked, heads, figure)");
        QTest::newRow("scale 0") << QStringList {u"export"_qs, f, u"--view"_qs, u"heatmap"_qs, u"--scale"_qs, u"0"_qs,
            u"-o"_qs, u"a.png"_qs}
                                 << QByteArray("qkvlab: export: --scale: expected a number from 1 to 4, got '0'");
        QTest::newRow("size 0x0") << QStringList {u"export"_qs, f, u"--view"_qs, u"heatmap"_qs, u"--size"_qs, u"0x0"_qs,
            u"-o"_qs, u"a.png"_qs} << QByteArray("qkvlab: export: --size: expected WIDTHxHEIGHT");
        QTest::newRow("size too big") << QStringList {u"export"_qs, f, u"--view"_qs, u"heatmap"_qs, u"--size"_qs,
            u"20000x10"_qs, u"-o"_qs,
            u"a.png"_qs} << QByteArray("qkvlab: export: --size: expected WIDTHxHEIGHT, each from 1 to 16384");
        QTest::newRow("no output") << QStringList {u"export"_qs, f, u"--numbers"_qs, u"weights"_qs}
                                   << QByteArray("qkvlab: export needs -o OUT");
        QTest::newRow("bad format") << QStringList {u"export"_qs, f, u"--numbers"_qs, u"weights"_qs, u"-o"_qs,
            u"x.xls"_qs} << QByteArray("qkvlab: export: --format: expected csv, md, tex or bmatrix, got 'xls'");
        QTest::newRow("no suffix") << QStringList {u"export"_qs, f, u"--numbers"_qs, u"weights"_qs, u"-o"_qs,
            u"/dev/stdout"_qs}
                                   << QByteArray("qkvlab: export: -o /dev/stdout: no suffix tells the format: give "
                                                 "--format csv, md, tex or bmatrix");
        QTest::newRow("head too high") << QStringList {u"export"_qs, f, u"--numbers"_qs, u"weights"_qs, u"--head"_qs,
            u"3"_qs, u"-o"_qs, u"-"_qs} << QByteArray("qkvlab: export: --head 3: the document has 1 head(s)");
        QTest::newRow("layout") << QStringList {u"export"_qs, f, u"--view"_qs, u"arrows"_qs, u"--layout"_qs, u"pie"_qs,
            u"-o"_qs, u"a.png"_qs}
                                << QByteArray("qkvlab: export: --layout: expected columns or arcs, got 'pie'");
        QTest::newRow("mass 0") << QStringList {u"export"_qs, f, u"--view"_qs, u"arrows"_qs, u"--mass"_qs, u"0"_qs,
            u"-o"_qs, u"a.png"_qs}
                                << QByteArray("qkvlab: export: --mass: expected a share above 0 and up to 1");
        QTest::newRow("top-k 1.5") << QStringList {u"export"_qs, f, u"--view"_qs, u"arrows"_qs, u"--top-k"_qs,
            u"1.5"_qs, u"-o"_qs, u"a.png"_qs}
                                   << QByteArray("qkvlab: export: --top-k: expected a whole number");
        QTest::newRow("threshold 2") << QStringList {u"export"_qs, f, u"--view"_qs, u"arrows"_qs, u"--threshold"_qs,
            u"2"_qs, u"-o"_qs, u"a.png"_qs}
                                     << QByteArray("qkvlab: export: --threshold: expected a number from 0 to 1");
        QTest::newRow("dims equal") << QStringList {u"export"_qs, f, u"--view"_qs, u"vectors"_qs, u"--dims"_qs,
            u"1,1"_qs, u"-o"_qs, u"a.png"_qs}
                                    << QByteArray("qkvlab: export: --dims: expected two different dimensions");
        QTest::newRow("both") << QStringList {u"export"_qs, f, u"--numbers"_qs, u"weights"_qs, u"--view"_qs,
            u"heatmap"_qs, u"-o"_qs, u"-"_qs}
                              << QByteArray("qkvlab: export needs one of --view VIEW, --numbers KIND or --worked");
    }
    void exportArgumentErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = run(args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.startsWith(message), r.err.constData());
    }

    void exportToAMissingFolderFails()
    {
        const Run r = run({u"export"_qs, u"example:birds"_qs, u"--numbers"_qs, u"weights"_qs, u"-o"_qs,
            u"/nonexistent/folder/w.csv"_qs});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("No such file or directory"));
        QVERIFY(!QFile::exists(u"/nonexistent/folder/w.csv"_qs));
    }

    void exportEveryFigure_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("format");
        for (const QString &view : qkv::figureKindNames())
            for (const char *format : {"png", "svg", "pdf"})
                QTest::addRow("%s.%s", qPrintable(view), format) << view << QString::fromLatin1(format);
    }
    void exportEveryFigure()
    {
        QFETCH(QString, view);
        QFETCH(QString, format);
        QTemporaryDir dir;
        const QString path = dir.filePath(view + u'.' + format);
        const Run r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, view, u"--query"_qs, u"it"_qs,
            u"--size"_qs, u"600x500"_qs, u"--scale"_qs, u"2"_qs, u"-o"_qs, path});
        QCOMPARE(r.status, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        if (format == u"png") {
            QImage image;
            QVERIFY(image.loadFromData(bytes));
            QCOMPARE(image.size(), QSize(1200, 1000));
            // Not a blank page: a real share of the figure is drawn (a never-shown chart would be blank).
            qsizetype inked = 0;
            for (int y = 0; y < image.height(); y += 4)
                for (int x = 0; x < image.width(); x += 4)
                    inked += image.pixelColor(x, y) != QColor(Qt::white);
            QVERIFY2(inked * 16 > image.width() * image.height() / 50, qPrintable(QString::number(inked)));
        } else if (format == u"svg") {
            QVERIFY(bytes.contains("viewBox=\"0 0 600 500\""));
            QVERIFY(bytes.contains("animal"));
        } else {
            QVERIFY(bytes.startsWith("%PDF"));
            QVERIFY(bytes.contains("/MediaBox [0 0 450.000000 375.000000]"));
        }
    }

    void exportFigureErrors()
    {
        Run r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--query"_qs, u"zebra"_qs,
            u"-o"_qs, u"x.png"_qs});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("--query: the sentence has no token 'zebra'"));
        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--colormap"_qs, u"jet"_qs, u"-o"_qs,
            u"x.png"_qs});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("--colormap: unknown colormap 'jet'"));
        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"vectors"_qs, u"--dims"_qs, u"2,4"_qs, u"-o"_qs,
            u"x.png"_qs});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("--dims 2,4: the document's vectors have d = 3 dimensions"), r.err.constData());
        r = run(
            {u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"-o"_qs, u"/nonexistent/dir/x.svg"_qs});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("No such file or directory"));
    }

    void exportOnAFullDiskKeepsTheOldFile()
    {
        const QTemporaryDir dir;
        const qkv::test::TinyDisk disk(dir.filePath(QStringLiteral("tiny")));
        if (!disk.skipReason().isEmpty())
            QSKIP(qPrintable(disk.skipReason()));
        const QString path = disk.filePath(QStringLiteral("fig.png"));
        const QStringList args {u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--size"_qs,
            u"100x100"_qs, u"-o"_qs, path, u"--overwrite"_qs};
        QCOMPARE(run(args).status, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray old = f.readAll();
        f.close();
        disk.fill();
        QStringList bigger = args;
        bigger[5] = u"2000x2000"_qs;
        const Run r = run(bigger);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("No space left on device"), r.err.constData());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), old);
    }

    void exportSvgTextAsPaths()
    {
        QTemporaryDir dir;
        const QString text = dir.filePath(u"t.svg"_qs), paths = dir.filePath(u"p.svg"_qs);
        QCOMPARE(run({u"export"_qs, u"example:birds"_qs, u"--view"_qs, u"heatmap"_qs, u"-o"_qs, text}).status, 0);
        QCOMPARE(run({u"export"_qs, u"example:birds"_qs, u"--view"_qs, u"heatmap"_qs, u"--text-as-paths"_qs, u"-o"_qs,
                         paths})
                     .status,
            0);
        QFile t(text), p(paths);
        QVERIFY(t.open(QIODevice::ReadOnly) && p.open(QIODevice::ReadOnly));
        const QByteArray a = t.readAll(), b = p.readAll();
        QVERIFY(a.contains("<text") && a.contains("sometimes"));
        QVERIFY(!b.contains("<text") && b.contains("<path"));
        QCOMPARE(b.count("sometimes"), 1); // in the <title> alone
        QVERIFY(a.count("sometimes") > 1);
    }

    // A document's annotations are in every export of their view (SVG text, PDF, PNG) and in no
    // other view's.
    void exportKeepsAnnotations()
    {
        QTemporaryDir dir;
        const QString doc = dir.filePath(u"a.qkv.json"_qs);
        QFile f(doc);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("{\"format\": \"qkvlab\", \"version\": 1, \"sentence\": \"the cat sat\", \"annotations\": ["
                           "{\"kind\": \"callout\", \"view\": \"heatmap\", \"cell\": [\"cat\", \"the\"], "
                           "\"text\": \"CalloutOnHeatmap\"}, {\"kind\": \"arrow\", \"view\": \"bars\", "
                           "\"from\": \"sat\", \"to\": \"the\", \"text\": \"ArrowOnBars\"}]}"));
        f.close();
        const auto svgOf = [&](const QString &view) {
            const QString out = dir.filePath(view + u".svg"_qs);
            const int status
                = run({u"export"_qs, doc, u"--view"_qs, view, u"--query"_qs, u"cat"_qs, u"-o"_qs, out}).status;
            QFile svg(out);
            return status == 0 && svg.open(QIODevice::ReadOnly) ? svg.readAll() : QByteArray();
        };
        const QByteArray heatmap = svgOf(u"heatmap"_qs), bars = svgOf(u"bars"_qs), arrows = svgOf(u"arrows"_qs);
        QVERIFY(heatmap.contains("CalloutOnHeatmap") && !heatmap.contains("ArrowOnBars"));
        QVERIFY(bars.contains("ArrowOnBars") && !bars.contains("CalloutOnHeatmap"));
        QVERIFY(!arrows.isEmpty() && !arrows.contains("CalloutOnHeatmap") && !arrows.contains("ArrowOnBars"));
        // The teaching figure holds the heatmap, and so its callout.
        QVERIFY(svgOf(u"figure"_qs).contains("CalloutOnHeatmap"));
    }

    // A real model's attention (issue 7): the layer and heads chosen, the tokens regrouped.
    void computeAModel()
    {
        const qkv::test::ModelFixture m(
            {u"[CLS]"_qs, u"the"_qs, u"cat"_qs, u"##s"_qs, u"sat"_qs, u"[SEP]"_qs}, 2, 2, 4);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"cats.json"_qs);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(m.json());
        f.close();
        const auto weights = [](const QByteArray &json, int head) {
            const QJsonArray rows = QJsonDocument::fromJson(json)
                                        .object()
                                        .value(u"heads"_qs)
                                        .toArray()
                                        .at(head)
                                        .toObject()
                                        .value(u"weights"_qs)
                                        .toArray();
            Eigen::MatrixXd w(rows.size(), rows.size());
            for (int i = 0; i < rows.size(); ++i)
                for (int j = 0; j < rows.size(); ++j)
                    w(i, j) = rows.at(i).toArray().at(j).toDouble();
            return w;
        };
        const auto near = [](const Eigen::MatrixXd &a, const Eigen::MatrixXd &b) {
            return a.rows() == b.rows() && a.cols() == b.cols() && (a - b).cwiseAbs().maxCoeff() < 1e-6; // float32
        };

        Run r = run({u"compute"_qs, path, u"--layer"_qs, u"2"_qs});
        QCOMPARE(r.status, 0);
        QVERIFY(near(weights(r.out, 0), m.attention(1, 0)));
        QVERIFY(near(weights(r.out, 1), m.attention(1, 1)));
        r = run({u"compute"_qs, path}); // layer 1 by default
        QVERIFY(near(weights(r.out, 1), m.attention(0, 1)));

        r = run({u"compute"_qs, u"--heads"_qs, u"mean"_qs, path});
        QCOMPARE(r.status, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(u"heads"_qs).toArray().size(), 1);
        QVERIFY(near(weights(r.out, 0), (m.attention(0, 0) + m.attention(0, 1)) / 2));

        r = run({u"compute"_qs, path, u"--hide-special"_qs, u"--merge"_qs});
        QCOMPARE(r.status, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(u"tokens"_qs).toArray(),
            (QJsonArray {u"the"_qs, u"cats"_qs, u"sat"_qs}));
        QVERIFY(std::abs(weights(r.out, 0)(0, 1) - (m.attention(0, 0)(1, 2) + m.attention(0, 0)(1, 3))) < 1e-6);

        r = run({u"compute"_qs, path, u"--special"_qs, u"[CLS] [SEP] sat"_qs});
        QCOMPARE(r.status, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(u"tokens"_qs).toArray(),
            (QJsonArray {u"the"_qs, u"cat"_qs, u"##s"_qs}));

        r = run({u"compute"_qs, path, u"--layer"_qs, u"9"_qs});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err, (u"qkvlab: "_qs + path + u": layer 9: the model has 2 layer(s)\n"_qs).toUtf8());
        r = run({u"compute"_qs, path, u"--layer"_qs, u"0"_qs});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("--layer: expected a layer from 1, mean, max, rollout or flow, got '0'"));
        // On a document the model's options are a mistake, not something to ignore.
        r = run({u"compute"_qs, u"example:birds"_qs, u"--layer"_qs, u"2"_qs});
        QCOMPARE(r.status, 1);
        QVERIFY(r.err.contains("example:birds: a QKV Lab document, not a model's attention"));

        // export takes the same options: layer 2's heatmap, hidden special tokens.
        const QString png = dir.filePath(u"layer2.png"_qs);
        const QString csv = dir.filePath(u"layer2.csv"_qs);
        r = run({u"export"_qs, path, u"--layer"_qs, u"2"_qs, u"--hide-special"_qs, u"--view"_qs, u"heatmap"_qs,
            u"-o"_qs, png});
        QCOMPARE(r.status, 0);
        QVERIFY(!QImage(png).isNull());
        r = run({u"export"_qs, path, u"--layer"_qs, u"2"_qs, u"--hide-special"_qs, u"--numbers"_qs, u"weights"_qs,
            u"-o"_qs, csv});
        QCOMPARE(r.status, 0);
        QFile table(csv);
        QVERIFY(table.open(QIODevice::ReadOnly));
        QCOMPARE(table.readAll().split('\n').at(0), QByteArray(",the,cat,##s,sat"));
    }

    void badDocumentGivesItsPlace()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"bad.qkv.json"_qs);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"qkvlab\", \"version\": 1, \"sentence\": \"a\",\n \"words\": {\"a\": {\"q\": [1, nul");
        f.close();
        const Run r = run({u"compute"_qs, path});
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err, (u"qkvlab: "_qs + path + u":2:28: syntax error: illegal value\n"_qs).toUtf8());
    }

    // A value swept from A to B, one frame of the figure each, with the value in a caption.
    void exportAnimation()
    {
        QTemporaryDir dir;
        const QString gif = dir.filePath(u"sweep.gif"_qs);
        Run r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--animate"_qs,
            u"words.animal.k[0]"_qs, u"--from"_qs, u"0"_qs, u"--to"_qs, u"3"_qs, u"--frames"_qs, u"5"_qs, u"--fps"_qs,
            u"10"_qs, u"--size"_qs, u"400x300"_qs, u"-o"_qs, gif});
        QCOMPARE(r.status, 0);
        QVERIFY2(r.err.isEmpty(), r.err.constData());
        QImageReader reader(gif);
        QCOMPARE(reader.format(), QByteArray("gif"));
        QCOMPARE(reader.imageCount(), 5);
        std::vector<QImage> frames;
        while (reader.canRead())
            frames.push_back(reader.read().convertToFormat(QImage::Format_RGB32));
        QCOMPARE(frames.size(), std::size_t(5));
        QCOMPARE(frames.front().size(), QSize(400, 300));
        QCOMPARE(reader.nextImageDelay(), 100);
        // The key of animal grows: its column of the heatmap changes from frame to frame.
        QVERIFY(frames.front() != frames.back());
        // An arrow graph as an animated WebP.
        const QString webp = dir.filePath(u"sweep.webp"_qs);
        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"arrows"_qs, u"--animate"_qs, u"words.it.q[1]"_qs,
            u"--from"_qs, u"1"_qs, u"--to"_qs, u"-1"_qs, u"--frames"_qs, u"3"_qs, u"-o"_qs, webp});
        QCOMPARE(r.status, 0);
        QFile file(webp);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray head = file.read(64);
        QVERIFY(head.startsWith("RIFF") && head.mid(8, 4) == "WEBP" && head.contains("ANIM"));

        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--animate"_qs, u"words.cat.k[0]"_qs,
            u"--from"_qs, u"0"_qs, u"--to"_qs, u"1"_qs, u"-o"_qs, dir.filePath(u"x.gif"_qs)});
        QCOMPARE(r.status, 2);
        QCOMPARE(r.err, QByteArray("qkvlab: export: --animate: words.cat.k[0]: the sentence has no word “cat”\n"));
        QVERIFY(!QFile::exists(dir.filePath(u"x.gif"_qs)));
        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--animate"_qs, u"words.it.q[0]"_qs,
            u"--from"_qs, u"0"_qs, u"-o"_qs, dir.filePath(u"x.gif"_qs)});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("--animate needs --from A and --to B"));
        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--animate"_qs, u"words.it.q[0]"_qs,
            u"--from"_qs, u"0"_qs, u"--to"_qs, u"1"_qs, u"-o"_qs, dir.filePath(u"x.png"_qs)});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("an animation is written as .gif or .webp"));
        r = run({u"export"_qs, u"example:animal"_qs, u"--view"_qs, u"heatmap"_qs, u"--frames"_qs, u"5"_qs, u"-o"_qs,
            dir.filePath(u"x.png"_qs)});
        QCOMPARE(r.status, 2);
        QVERIFY(r.err.contains("go with --animate"));
    }

    // A teacher grades saved documents in a shell loop: 0 all met, 1 not all, 2 bad input.
    void lessonCheckGrades()
    {
        Run r = run({u"lesson"_qs, u"list"_qs});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.contains("lesson:self-attention\t"));
        r = run({u"lesson"_qs, u"check"_qs, u"lesson:self-attention"_qs, u"--solutions"_qs});
        QCOMPARE(r.status, 0);
        QVERIFY(r.err.isEmpty());
        QJsonObject report = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(report.value(u"met"_qs), report.value(u"total"_qs));
        QVERIFY(report.value(u"total"_qs).toInt() >= 2);

        QTemporaryDir dir;
        const QString student = dir.filePath(u"student.qkv.json"_qs);
        QFile f(student);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(qkv::exampleBytes(u"animal"_qs));
        f.close();
        r = run({u"lesson"_qs, u"check"_qs, u"lesson:self-attention"_qs, student});
        QCOMPARE(r.status, 1);
        report = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(report.value(u"met"_qs).toInt(), 0);
        const QJsonObject first = report.value(u"exercises"_qs).toArray().first().toObject();
        QCOMPARE(first.value(u"state"_qs).toString(), u"unanswered"_qs);

        r = run({u"lesson"_qs, u"check"_qs, u"lesson:self-attention"_qs, dir.filePath(u"missing.qkv.json"_qs)});
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY(r.err.startsWith("qkvlab: " + dir.filePath(u"missing.qkv.json"_qs).toUtf8() + ": "));
        r = run({u"lesson"_qs, u"check"_qs, student, student});
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains("format: expected \"qkvlab-lesson\""), r.err.constData());
        r = run({u"lesson"_qs, u"check"_qs, u"lesson:self-attention"_qs});
        QCOMPARE(r.status, 2);
        r = run({u"lesson"_qs, u"grade"_qs});
        QCOMPARE(r.status, 2);
    }
};

QTEST_MAIN(TstCommandLine)
#include "tst_commandline.moc"
