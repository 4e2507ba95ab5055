#include "modelfiles/attentionreaders.h"
#include "tensorchecks.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace tensorchecks;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

// The plain JSON form of a model's attention, and the choice of reader by file name.
class TstAttentionJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loads()
    {
        const QByteArray json = "{\"tokens\": [\"a\", \"b\"], \"model\": \"kept aside\",\n"
                                " \"attention\": [[[[1, 0], [0.25, 0.75]]]],\n"
                                " \"queries\": [[[[1.5], [-2]]]], \"keys\": [[[[0], [1e-3]]]], \"values\": "
                                "[[[[3], [4]]]]}";
        const TensorFile r = readAttentionJson(json, u"a.json"_qs);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.names, (QStringList {u"tokens"_qs, u"attention"_qs, u"queries"_qs, u"keys"_qs, u"values"_qs}));
        QCOMPARE(r.find(u"tokens"_qs)->strings, (QStringList {u"a"_qs, u"b"_qs}));
        QCOMPARE(r.find(u"attention"_qs)->shapeString(), u"(1, 1, 2, 2)"_qs);
        QVERIFY(difference(r.find(u"attention"_qs)->data, {1, 0, 0.25f, 0.75f}).isEmpty());
        QVERIFY(difference(r.find(u"queries"_qs)->data, {1.5f, -2}).isEmpty());
        QVERIFY(difference(r.find(u"keys"_qs)->data, {0, 1e-3f}).isEmpty());
        QCOMPARE(r.find(u"values"_qs)->shapeString(), u"(1, 1, 2, 1)"_qs);
    }

    void errorsNameThePath_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("null weight") << QByteArray("{\"attention\": [[[[1, 0], [0, 1]], [[1, 0], [0, null]]]]}")
                                     << u"attention[0][1][1][1]: expected a finite number, got null"_qs;
        QTest::newRow("string weight") << QByteArray("{\"attention\": [[1, \"0\"], [0, 1]]}")
                                       << u"attention[0][1]: expected a finite number, got a string"_qs;
        QTest::newRow("ragged") << QByteArray("{\"attention\": [[1, 0], [1]]}")
                                << u"attention[1]: expected 2 items like the lists before it, got 1"_qs;
        QTest::newRow("list where a number was") << QByteArray("{\"attention\": [[1, 0], [[1], 0]]}")
                                                 << u"attention[1][0]: expected a finite number, got a list"_qs;
        QTest::newRow("number where a list was")
            << QByteArray("{\"attention\": [[1, 0], 3]}") << u"attention[1]: expected a list of 2, got the number 3"_qs;
        QTest::newRow("beyond float") << QByteArray("{\"attention\": [[1e39]]}")
                                      << u"attention[0][0]: 1e+39 is beyond the range of a 32-bit float"_qs;
        QTest::newRow("not lists") << QByteArray("{\"attention\": 1}")
                                   << u"attention: expected nested lists of numbers, got the number 1"_qs;
        QTest::newRow("token not a string") << QByteArray("{\"tokens\": [\"a\", 2], \"attention\": [[1]]}")
                                            << u"tokens[1]: expected a string, got the number 2"_qs;
        QTest::newRow("tokens not a list")
            << QByteArray("{\"tokens\": \"a b\"}") << u"tokens: expected a list of strings, got a string"_qs;
        QTest::newRow("a document") << QByteArray("{\"format\": \"qkvlab\", \"version\": 1, \"sentence\": \"a\"}")
                                    << u"this is a QKV Lab document, not a model's attention: open it as a document"_qs;
        QTest::newRow("top-level list") << QByteArray("[[1]]")
                                        << u"expected a JSON object with \"tokens\" and \"attention\""_qs;
        // Seen writing fuzz_attentionjson (its allocation limit fails on it): the shape read down the
        // first items claims 640³ numbers (1 GiB of floats, within the budget) in 4 KB, and they
        // were reserved before the rest was read.
        const auto zeros = [](int n) { return QByteArray("0,").repeated(n - 1) + '0'; };
        QTest::newRow("shape of 640³ in 4 KB") << "{\"attention\": [[[" + zeros(640) + "]," + zeros(639) + "],"
                + zeros(639) + "]}" << u"attention[0][1]: expected a list of 640, got the number 0"_qs;
        QByteArray deep(40, '[');
        QTest::newRow("too deep") << "{\"attention\": " + deep + "1" + QByteArray(40, ']') + "}"
                                  << u"attention: more than 32 levels of lists"_qs;
    }
    void errorsNameThePath()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        const TensorFile r = readAttentionJson(json, u"a.json"_qs);
        QVERIFY(!r);
        QCOMPARE(r.error, u"a.json: "_qs + message);
    }

    void syntaxErrorsHaveLineAndColumn()
    {
        const TensorFile r = readAttentionJson("{\n  \"attention\": [[1, 0],\n   [0 1]]\n}", u"a.json"_qs);
        QCOMPARE(r.error, u"a.json:3:8: syntax error: missing value separator"_qs);
    }

    void filesAreChosenByName()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString json = dir.filePath(u"m.JSON"_qs);
        QVERIFY(writeFile(json, "{\"attention\": [[1]]}"));
        const TensorFile r = readTensorFile(json);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.find(u"attention"_qs)->shapeString(), u"(1, 1)"_qs);

        const QString npy = dir.filePath(u"m.npy"_qs);
        QVERIFY(writeFile(npy, "\x93NUMPY\x01"));
        QCOMPARE(
            readTensorFile(npy).error, npy + u": format version: needs 2 bytes at offset 6, but there are only 7"_qs);
        for (const QString &name : {u"e.npy"_qs, u"e.npz"_qs, u"e.safetensors"_qs, u"e.json"_qs}) {
            QVERIFY(writeFile(dir.filePath(name), {}));
            const TensorFile empty = readTensorFile(dir.filePath(name));
            QVERIFY(!empty);
            QVERIFY2(empty.error.startsWith(dir.filePath(name) + u":"_qs), qPrintable(empty.error));
        }
        QCOMPARE(readTensorFile(dir.filePath(u"missing.npz"_qs)).error,
            dir.filePath(u"missing.npz"_qs) + u": no such file"_qs);
        QCOMPARE(readTensorFile(dir.path()).error, dir.path() + u": is a folder, not a file"_qs);
        QVERIFY(writeFile(dir.filePath(u"m.txt"_qs), "x"));
        QCOMPARE(readTensorFile(dir.filePath(u"m.txt"_qs)).error,
            dir.filePath(u"m.txt"_qs) + u": expected a .npy, .npz, .safetensors or .json file"_qs);

        QFile huge(dir.filePath(u"huge.json"_qs));
        QVERIFY(huge.open(QIODevice::WriteOnly));
        QVERIFY(huge.resize(100LL << 20)); // sparse: nothing is written or read
        huge.close();
        QCOMPARE(readTensorFile(huge.fileName()).error,
            huge.fileName()
                + u": a JSON file of 100 MiB is more than the 64 MiB read; save large attention as .npz"_qs);
    }
};

QTEST_GUILESS_MAIN(TstAttentionJson)
#include "tst_attentionjson.moc"
