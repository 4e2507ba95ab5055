#include "modelfiles/modelaggregate.h"
#include "modelfiles/modelattention.h"
#include "numpyfixtures.h"
#include "tensorchecks.h"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace tensorchecks;

Q_DECLARE_METATYPE(qkv::TensorFile)

namespace {

Tensor floats(const QString &name, std::vector<qint64> shape, float offset = 0)
{
    Tensor t;
    t.name = name;
    t.shape = std::move(shape);
    const std::vector<float> values = ramp(t.count());
    t.data.assign(values.begin(), values.end());
    for (float &x : t.data)
        x += offset;
    return t;
}

Tensor text(const QString &name, const QStringList &strings)
{
    Tensor t;
    t.name = name;
    t.text = true;
    t.strings = strings;
    t.shape = {qint64(strings.size())};
    return t;
}

TensorFile file(std::vector<Tensor> tensors)
{
    TensorFile f;
    for (const Tensor &t : tensors)
        f.names << t.name;
    f.tensors = std::move(tensors);
    return f;
}

const QStringList four {u"a"_qs, u"b"_qs, u"c"_qs, u"d"_qs};

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// `values` holds the ramp the fixtures write (plus `offset`): the file's order, kept.
QString checkValues(const FloatValues &values, qint64 count, float offset = 0)
{
    std::vector<float> expected = ramp(count);
    for (float &x : expected)
        x += offset;
    return difference(values, expected);
}

FloatMatrix matrix2(float a, float b, float c, float d)
{
    FloatMatrix m(2, 2);
    m << a, b, c, d;
    return m;
}

} // namespace

class TstModelAttention : public QObject
{
    Q_OBJECT

private:
    numpyfixtures::Folder m_fixtures;

private Q_SLOTS:
    void initTestCase()
    {
        const QString failed = m_fixtures.prepare();
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void shapes_data()
    {
        QTest::addColumn<QList<qint64>>("shape");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::newRow("[n, n]") << QList<qint64> {4, 4} << 1 << 1;
        QTest::newRow("[1, n, n]") << QList<qint64> {1, 4, 4} << 1 << 1;
        QTest::newRow("[heads, n, n]") << QList<qint64> {3, 4, 4} << 1 << 3;
        QTest::newRow("[layers, heads, n, n]") << QList<qint64> {2, 3, 4, 4} << 2 << 3;
        QTest::newRow("batch first") << QList<qint64> {1, 2, 3, 4, 4} << 2 << 3;
        QTest::newRow("torch.stack of batch-1 outputs") << QList<qint64> {2, 1, 3, 4, 4} << 2 << 3;
    }
    void shapes()
    {
        QFETCH(QList<qint64>, shape);
        QFETCH(int, layers);
        QFETCH(int, heads);
        for (const QString &name : {u"attention"_qs, u"attentions"_qs}) {
            QString error;
            const auto m
                = interpretModelAttention(file({floats(name, {shape.begin(), shape.end()}), text(u"tokens"_qs, four)}),
                    u"m.npz"_qs, {}, {}, &error);
            QVERIFY2(m, qPrintable(error));
            QCOMPARE(m->layers, layers);
            QCOMPARE(m->heads, heads);
            QCOMPARE(m->n, 4);
            QCOMPARE(m->tokens, four);
            QVERIFY(!m->hasVectors());
            const QString diff = checkValues(m->attention, layers * heads * 16);
            QVERIFY2(diff.isEmpty(), qPrintable(diff));
        }
    }

    void vectors()
    {
        QString error;
        const auto m = interpretModelAttention(
            file({floats(u"attention"_qs, {1, 2, 3, 4, 4}), floats(u"queries"_qs, {2, 3, 4, 5}),
                floats(u"keys"_qs, {2, 3, 4, 5}, 1), floats(u"values"_qs, {1, 2, 3, 4, 5}, 2)}),
            u"m.npz"_qs, four, u"side.txt"_qs, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->dim, 5);
        QVERIFY(checkValues(m->queries, 120).isEmpty());
        QVERIFY(checkValues(m->keys, 120, 1).isEmpty());
        QVERIFY(checkValues(m->values, 120, 2).isEmpty());
        // Each head's matrix is its block of the buffer.
        QCOMPARE(m->weights(1, 2)(3, 1), ramp(96)[((1 * 3 + 2) * 4 + 3) * 4 + 1]);
        QCOMPARE(m->weights(0, 1).rows(), 4);
        QCOMPARE(m->queryVectors(1, 0)(2, 4), ramp(120)[((1 * 3 + 0) * 4 + 2) * 5 + 4]);
        QCOMPARE(m->keyVectors(0, 2).cols(), 5);
        QCOMPARE(m->valueVectors(1, 2)(3, 4), ramp(120).back() + 2);
    }

    void refused_data()
    {
        QTest::addColumn<TensorFile>("tensors");
        QTest::addColumn<QStringList>("sideTokens"); // empty: none found
        QTest::addColumn<QString>("message");
        const Tensor tokens = text(u"tokens"_qs, four);
        const Tensor a = floats(u"attention"_qs, {3, 4, 4});
        QTest::newRow("no attention") << file({floats(u"foo"_qs, {4, 4}), tokens}) << QStringList()
                                      << u"no array named \"attention\" (or \"attentions\"); the file holds \"foo\", "
                                         "\"tokens\""_qs;
        QTest::newRow("nothing at all") << file({}) << QStringList()
                                        << u"no array named \"attention\" (or \"attentions\"); the file holds none"_qs;
        const QString ranks = u" is not [n, n], [heads, n, n] or [layers, heads, n, n] (a batch dimension of 1 may "
                              "come first)"_qs;
        QTest::newRow("one dimension") << file({floats(u"attention"_qs, {16}), tokens}) << QStringList()
                                       << u"attention: shape (16,)"_qs + ranks;
        QTest::newRow("five dimensions, no batch") << file({floats(u"attention"_qs, {2, 2, 3, 4, 4}), tokens})
                                                   << QStringList() << u"attention: shape (2, 2, 3, 4, 4)"_qs + ranks;
        QTest::newRow("not square") << file({floats(u"attention"_qs, {3, 4, 5}), tokens}) << QStringList()
                                    << u"attention: shape (3, 4, 5) is not square in its last two dimensions"_qs;
        QTest::newRow("empty") << file({floats(u"attention"_qs, {0, 4, 4}), tokens}) << QStringList()
                               << u"attention: shape (0, 4, 4) holds no attention"_qs;
        QTest::newRow("strings as attention") << file({text(u"attention"_qs, four), tokens}) << QStringList()
                                              << u"attention: expected numbers, got strings"_qs;
        Tensor tooMany;
        tooMany.name = u"attention"_qs;
        tooMany.shape = {8193, 8193}; // never copied: refused on its shape
        QTest::newRow("too many tokens") << file({tooMany, tokens}) << QStringList()
                                         << u"attention: 8193 tokens is more than the 8192 this version handles"_qs;
        QTest::newRow("fewer tokens") << file({a, text(u"tokens"_qs, four.mid(1))}) << QStringList()
                                      << u"attention: shape (3, 4, 4) is for 4 tokens, but \"tokens\" has 3"_qs;
        QTest::newRow("fewer side-car tokens")
            << file({a}) << four.mid(1) << u"attention: shape (3, 4, 4) is for 4 tokens, but /d/side.txt has 3"_qs;
        QTest::newRow("no tokens anywhere") << file({a}) << QStringList()
                                            << u"no tokens: the file holds no \"tokens\" array, and there is no "
                                               "/d/m.npz.tokens.txt or /d/tokens.txt (one token per line)"_qs;
        QTest::newRow("numeric tokens") << file({a, floats(u"tokens"_qs, {4})}) << QStringList()
                                        << u"tokens: expected strings (a NumPy string array), got numbers of shape "
                                           "(4,)"_qs;
        Tensor square = tokens;
        square.shape = {2, 2};
        QTest::newRow("tokens in two dimensions")
            << file({a, square}) << QStringList() << u"tokens: expected one list of strings, got shape (2, 2)"_qs;
        QTest::newRow("only queries") << file({a, tokens, floats(u"queries"_qs, {3, 4, 2})}) << QStringList()
                                      << u"the file has only some of \"queries\", \"keys\" and \"values\"; give all "
                                         "three or none"_qs;
        QTest::newRow("queries of other layers")
            << file({a, tokens, floats(u"queries"_qs, {2, 3, 4, 2}), floats(u"keys"_qs, {3, 4, 2}),
                   floats(u"values"_qs, {3, 4, 2})})
            << QStringList()
            << u"queries: shape (2, 3, 4, 2) does not match the attention's layers, heads and tokens (1, 3, 4)"_qs;
        QTest::newRow("values of another length")
            << file({a, tokens, floats(u"queries"_qs, {3, 4, 2}), floats(u"keys"_qs, {3, 4, 2}),
                   floats(u"values"_qs, {3, 4, 3})})
            << QStringList() << u"values: shape (3, 4, 3) has vectors of 3 numbers, but the queries have 2"_qs;
        QTest::newRow("keys as strings") << file({floats(u"attention"_qs, {4, 4}), tokens,
            floats(u"queries"_qs, {4, 2}), text(u"keys"_qs, four), floats(u"values"_qs, {4, 2})})
                                         << QStringList() << u"keys: expected numbers, got strings"_qs;
    }
    void refused()
    {
        QFETCH(TensorFile, tensors);
        QFETCH(QStringList, sideTokens);
        QFETCH(QString, message);
        QString error;
        const std::optional<QStringList> side
            = sideTokens.isEmpty() ? std::nullopt : std::optional<QStringList>(sideTokens);
        QVERIFY(!interpretModelAttention(tensors, u"/d/m.npz"_qs, side, u"/d/side.txt"_qs, &error));
        QCOMPARE(error, u"/d/m.npz: "_qs + message);
    }

    void numpyFile()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        QString error;
        const auto m = loadModelAttention(m_fixtures.filePath(u"model.npz"_qs), &error);
        QVERIFY2(m, qPrintable(error)); // the int64 input_ids beside the arrays are not read
        QCOMPARE(m->tokens, (QStringList {u"<s>"_qs, u"Ġcat"_qs, u"s"_qs, u"</s>"_qs}));
        QCOMPARE(m->layers, 2);
        QCOMPARE(m->heads, 3);
        QCOMPARE(m->dim, 2);
        QVERIFY(checkValues(m->attention, 96).isEmpty());
        QVERIFY(checkValues(m->queries, 48).isEmpty());
        QVERIFY(checkValues(m->keys, 48).isEmpty());
        QVERIFY(checkValues(m->values, 48).isEmpty());
    }

    void sideCarTokens()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        const QString npy = m_fixtures.filePath(u"heads.npy"_qs);
        const QString own = npy + u".tokens.txt"_qs, shared = m_fixtures.filePath(u"tokens.txt"_qs);
        QString error;
        QVERIFY(!loadModelAttention(npy, &error));
        QCOMPARE(error,
            npy + u": no tokens: the file holds no \"tokens\" array, and there is no "_qs + own + u" or "_qs + shared
                + u" (one token per line)"_qs);

        QVERIFY(writeFile(shared, "w\nx\ny\nz\n"));
        auto m = loadModelAttention(npy, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->tokens, (QStringList {u"w"_qs, u"x"_qs, u"y"_qs, u"z"_qs}));
        QCOMPARE(m->heads, 3);
        QVERIFY(checkValues(m->attention, 48).isEmpty());

        // The file's own side-car comes first; Windows line ends and a missing last newline are fine.
        QVERIFY(writeFile(own, "[CLS]\r\nÜber\r\n日本\r\n ##s"));
        m = loadModelAttention(npy, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->tokens, (QStringList {u"[CLS]"_qs, u"Über"_qs, u"日本"_qs, u" ##s"_qs}));

        QVERIFY(writeFile(own, "a\n\nb\nc\n"));
        QVERIFY(!loadModelAttention(npy, &error));
        QCOMPARE(error, own + u":2: empty line; the file has one token per line"_qs);
        QVERIFY(writeFile(own, "a\nb\nc\n"));
        QVERIFY(!loadModelAttention(npy, &error));
        QCOMPARE(error, npy + u": array: shape (3, 4, 4) is for 4 tokens, but "_qs + own + u" has 3"_qs);
        QFile::remove(own);
        QFile::remove(shared);
    }

    // The exporter's write_qkv_npz, called exactly as after a model run, round-trips.
    void exporterOutput_data()
    {
        QTest::addColumn<bool>("compress");
        QTest::newRow("stored") << false;
        QTest::newRow("compressed") << true;
    }
    void exporterOutput()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        QFETCH(bool, compress);
        const QString out = m_fixtures.filePath(u"exported.npz"_qs);
        QProcess p;
        QStringList args {numpyfixtures::sourceDir() + u"/tests/data/readers/export_fixture.py"_qs, out};
        if (compress)
            args << u"--compress"_qs;
        p.start(numpyfixtures::python, args);
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QString error;
        const auto m = loadModelAttention(out, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->tokens, (QStringList {u"[CLS]"_qs, u"hel"_qs, u"##lo"_qs, u"[SEP]"_qs}));
        QCOMPARE(m->layers, 2);
        QCOMPARE(m->heads, 3);
        QCOMPARE(m->n, 4);
        QCOMPARE(m->dim, 2);
        QVERIFY(checkValues(m->attention, 96).isEmpty());
        QVERIFY(checkValues(m->queries, 48).isEmpty());
        QVERIFY(checkValues(m->keys, 48, 1).isEmpty());
        QVERIFY(checkValues(m->values, 48, 2).isEmpty());
    }

    void jsonAndSafetensorsFiles()
    {
        QTemporaryDir dir;
        const QString json = dir.filePath(u"m.json"_qs);
        QVERIFY(
            writeFile(json, "{\"tokens\": [\"a\", \"b\"], \"attention\": [[[1, 0], [0.5, 0.5]], [[0, 1], [1, 0]]]}"));
        QString error;
        auto m = loadModelAttention(json, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->heads, 2);
        QVERIFY(m->weights(0, 1) == matrix2(0, 1, 1, 0));

        QByteArray header = "{\"attention\":{\"dtype\":\"BF16\",\"shape\":[2,2],\"data_offsets\":[0,8]},"
                            "\"__metadata__\":{\"tokens\":\"[\\\"x\\\", \\\"y\\\"]\"}}";
        QByteArray bytes;
        appendLe(bytes, quint64(header.size()));
        bytes += header;
        for (quint16 bits : {0x3f80, 0x0000, 0x3f00, 0x3f00}) // 1, 0, 0.5, 0.5
            appendLe(bytes, bits);
        const QString safetensors = dir.filePath(u"m.safetensors"_qs);
        QVERIFY(writeFile(safetensors, bytes));
        m = loadModelAttention(safetensors, &error);
        QVERIFY2(m, qPrintable(error));
        QCOMPARE(m->tokens, (QStringList {u"x"_qs, u"y"_qs}));
        QVERIFY(m->weights(0, 0) == matrix2(1, 0, 0.5f, 0.5f));

        QVERIFY(!loadModelAttention(dir.filePath(u"none.npz"_qs), &error));
        QCOMPARE(error, dir.filePath(u"none.npz"_qs) + u": no such file"_qs);
    }

    void aggregates()
    {
        ModelAttention m;
        m.layers = 2;
        m.heads = 2;
        m.n = 2;
        for (const FloatMatrix &w : {matrix2(1, 0, 0.5f, 0.5f), matrix2(0, 1, 0.25f, 0.75f), matrix2(0.5f, 0.5f, 1, 0),
                 matrix2(0.75f, 0.25f, 0, 1)})
            m.attention.insert(m.attention.end(), w.data(), w.data() + 4);
        QVERIFY(aggregateHeads(m, 0, Aggregate::Mean) == matrix2(0.5f, 0.5f, 0.375f, 0.625f));
        QVERIFY(aggregateHeads(m, 0, Aggregate::Max) == matrix2(1, 1, 0.5f, 0.75f));
        QVERIFY(aggregateHeads(m, 1, Aggregate::Mean) == matrix2(0.625f, 0.375f, 0.5f, 0.5f));
        QVERIFY(aggregateLayers(m, 0, Aggregate::Mean) == matrix2(0.75f, 0.25f, 0.75f, 0.25f));
        QVERIFY(aggregateLayers(m, 1, Aggregate::Max) == matrix2(0.75f, 1, 0.25f, 1));
        QVERIFY(aggregateAll(m, Aggregate::Mean) == matrix2(0.5625f, 0.4375f, 0.4375f, 0.5625f));
        QVERIFY(aggregateAll(m, Aggregate::Max) == matrix2(1, 1, 1, 1));
        // Heads within each layer first, then the layers.
        QVERIFY(aggregateAll(m, Aggregate::Mean, Aggregate::Max) == matrix2(0.625f, 0.5f, 0.5f, 0.625f));
        QVERIFY(aggregateAll(m, Aggregate::Max, Aggregate::Mean) == matrix2(0.875f, 0.75f, 0.75f, 0.875f));
        QVERIFY(aggregateAll(m, Aggregate::Max, Aggregate::Max) == aggregateAll(m, Aggregate::Max));
    }

    // Not a timed test: prints how long 512 tokens × 12 layers × 12 heads take to load, when
    // QKV_MEASURE_LOAD is set (it writes a 150 MB file).
    void measureLargeLoad()
    {
        if (qEnvironmentVariableIsEmpty("QKV_MEASURE_LOAD"))
            QSKIP("set QKV_MEASURE_LOAD=1 to measure loading 512 tokens × 12 layers × 12 heads");
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        const QString out = m_fixtures.filePath(u"large.npz"_qs);
        const QString script = u"import numpy as np, sys\n"
                               "rng = np.random.default_rng(0)\n"
                               "a = rng.random((12, 12, 512, 512), dtype=np.float32)\n"
                               "a /= a.sum(-1, keepdims=True)\n"
                               "q = rng.standard_normal((12, 12, 512, 64), dtype=np.float32)\n"
                               "np.savez(sys.argv[1], attention=a, queries=q, keys=q, values=q,\n"
                               "         tokens=np.array(['t%d' % i for i in range(512)]))\n"_qs;
        QProcess p;
        p.start(numpyfixtures::python, {u"-c"_qs, script, out});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        for (int round = 0; round < 3; ++round) {
            QElapsedTimer timer;
            timer.start();
            QString error;
            const auto m = loadModelAttention(out, &error);
            const qint64 ms = timer.elapsed();
            QVERIFY2(m, qPrintable(error));
            qInfo("loaded %d layers × %d heads × %d tokens (+ Q, K, V of %d) in %lld ms", m->layers, m->heads, m->n,
                m->dim, ms);
        }
    }
};

QTEST_GUILESS_MAIN(TstModelAttention)
#include "tst_modelattention.moc"
