#include "commandline.h"
#include "examples.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using qkv::app::runCommandLine;

namespace {

struct Run {
    int status;
    QByteArray out, err;
};

// Runs the command line with its output captured in temporary files.
Run run(const QStringList &args)
{
    FILE *out = std::tmpfile();
    FILE *err = std::tmpfile();
    const int status = runCommandLine(QStringList {u"qkvlab"_qs} + args, out, err);
    auto slurp = [](FILE *f) {
        QByteArray bytes;
        std::rewind(f);
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
            bytes.append(buffer, static_cast<qsizetype>(n));
        std::fclose(f);
        return bytes;
    };
    return {status, slurp(out), slurp(err)};
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

    void helpAndVersion()
    {
        const Run help = run({u"--help"_qs});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.contains("qkvlab compute FILE"));
        const Run version = run({u"--version"_qs});
        QCOMPARE(version.status, 0);
        QCOMPARE(version.out, QByteArray("qkvlab " QKV_VERSION "\n"));
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
        QTest::newRow("unknown option") << QStringList {u"--frobnicate"_qs} << 2
                                        << QByteArray("qkvlab: unknown command '--frobnicate'");
        QTest::newRow("examples takes nothing")
            << QStringList {u"examples"_qs, u"x"_qs} << 2 << QByteArray("qkvlab: examples takes no arguments");
    }
    void errorsGoToStderrWithAStatus()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QByteArray, message);
        const Run r = run(args);
        QCOMPARE(r.status, status);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith(message), r.err.constData());
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
};

QTEST_MAIN(TstCommandLine)
#include "tst_commandline.moc"
