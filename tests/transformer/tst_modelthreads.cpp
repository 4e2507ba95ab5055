// A forward pass gives the same numbers, bit for bit, whatever the number of threads it is spread
// over: its splits depend on the work alone (platform/cores.h). 1, 2, 4 and 8 threads, the last
// two more than this machine may have.
#include "platform/cores.h"
#include "transformer/forward.h"
#include "transformer/model.h"

#include "randomllama.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace qkv;
using namespace qkv::transformer;

namespace {

// "" when a and b hold the same bits; otherwise where they first differ.
QString sameBits(const Eigen::MatrixXf &a, const Eigen::MatrixXf &b, const QString &what)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return what + QStringLiteral(": shapes differ");
    if (a.size() > 0 && std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(float)) != 0) {
        for (Eigen::Index i = 0; i < a.size(); ++i)
            if (std::memcmp(a.data() + i, b.data() + i, sizeof(float)) != 0)
                return QStringLiteral("%1: element %2 is %3 and %4")
                    .arg(what)
                    .arg(i)
                    .arg(double(a.data()[i]), 0, 'g', 9)
                    .arg(double(b.data()[i]), 0, 'g', 9);
    }
    return {};
}

QString difference(const ForwardResult &a, const ForwardResult &b)
{
    if (!a.done() || !b.done() || a.layers.size() != b.layers.size())
        return QStringLiteral("not both done: %1 %2").arg(a.error, b.error);
    QStringList found;
    const auto check = [&](const Eigen::MatrixXf &x, const Eigen::MatrixXf &y, const QString &what) {
        if (const QString d = sameBits(x, y, what); !d.isEmpty())
            found << d;
    };
    check(a.embeddings, b.embeddings, u"embeddings"_qs);
    for (std::size_t l = 0; l < a.layers.size(); ++l) {
        const QString layer = QStringLiteral("layer %1").arg(l);
        check(a.layers[l].residual, b.layers[l].residual, layer + u" residual"_qs);
        for (std::size_t h = 0; h < a.layers[l].heads.size(); ++h) {
            const HeadRecord &x = a.layers[l].heads[h], &y = b.layers[l].heads[h];
            const QString head = layer + QStringLiteral(" head %1 ").arg(h);
            check(x.query, y.query, head + u"query"_qs);
            check(x.key, y.key, head + u"key"_qs);
            check(x.value, y.value, head + u"value"_qs);
            check(x.attention, y.attention, head + u"attention"_qs);
            check(x.output, y.output, head + u"output"_qs);
        }
    }
    check(a.logits, b.logits, u"logits"_qs);
    return found.join(u"; "_qs);
}

} // namespace

class TstModelThreads : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QProcess probe;
        probe.start(u"/usr/bin/python3"_qs, {u"-c"_qs, u"import numpy"_qs});
        if (!probe.waitForFinished(60000) || probe.exitCode() != 0)
            QSKIP("needs /usr/bin/python3 with numpy (Debian package python3-numpy)");
        QProcess p;
        p.start(u"/usr/bin/python3"_qs,
            {QStringLiteral(QT_TESTCASE_SOURCEDIR "/make_thread_checkpoints.py"), m_dir.path()});
        QVERIFY(p.waitForFinished(300000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        // Llama-shaped GGUF files whose matrices stay quantized, widened tile by tile in the products.
        for (const QString &preset : {u"Q4_K_M"_qs, u"Q8_0"_qs}) {
            test::LlamaShape shape;
            shape.context = 256;
            QString error;
            QVERIFY2(test::writeRandomLlamaGguf(m_dir.filePath(preset + u".gguf"_qs), shape, preset, 7, &error),
                qPrintable(error));
        }
    }
    void cleanup() { setThreadLimit(0); }

    void sameBitsAtEveryThreadCount_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("gpt2, F16") << u"gpt2"_qs;
        QTest::newRow("llama, grouped keys and values, BF16") << u"llama"_qs;
        QTest::newRow("bert, F32") << u"bert"_qs;
        QTest::newRow("llama, GGUF Q4_K_M") << u"Q4_K_M.gguf"_qs;
        QTest::newRow("llama, GGUF Q8_0") << u"Q8_0.gguf"_qs;
    }
    void sameBitsAtEveryThreadCount()
    {
        QFETCH(QString, name);
        const OpenResult opened = Model::open(m_dir.filePath(name));
        QVERIFY2(opened.model, qPrintable(opened.error));
        const Model &m = *opened.model;
        // 150 tokens: every product and the heads' loop split into several parts.
        std::vector<int> ids;
        for (int i = 0; i < 150; ++i)
            ids.push_back((i * 37 + 11) % 300);
        ForwardOptions o;
        o.predictPositions = {0, 75, 149};
        std::vector<ForwardResult> results;
        for (int threads : {1, 2, 4, 8}) {
            setThreadLimit(threads);
            results.push_back(forward(m, ids, o));
            QVERIFY2(results.back().done(), qPrintable(results.back().error));
        }
        for (std::size_t i = 1; i < results.size(); ++i) {
            const QString d = difference(results.front(), results[i]);
            QVERIFY2(d.isEmpty(), qPrintable(QStringLiteral("%1 threads against 1: %2").arg(1 << i).arg(d)));
        }
    }
};

QTEST_GUILESS_MAIN(TstModelThreads)
#include "tst_modelthreads.moc"
