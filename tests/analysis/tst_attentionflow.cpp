// Attention rollout and flow (issue 51): a two-token model worked by hand, random models (one
// causal) against an independent reference (numpy's rollout and networkx's Edmonds-Karp maximum
// flows, as the paper's code computes them) to 1e-9, the same floats on one thread as on many, a
// model's view of them (refused for cross-attention), a cancelled flow empty.
#include "analysis/attentionflow.h"
#include "analysis/rollout.h"
#include "modelfiles/modeldocument.h"
#include "platform/cores.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <random>

using namespace qkv;
using namespace qkv::analysis;

namespace {

// A model of `layers` × `heads` random attention rows (each a distribution), causal when asked.
ModelAttention randomModel(int layers, int heads, int n, bool causal, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    ModelAttention m;
    m.layers = layers;
    m.heads = heads;
    m.n = n;
    for (int t = 0; t < n; ++t)
        m.tokens << QStringLiteral("t%1").arg(t);
    m.attention.resize(std::size_t(layers * heads * n * n));
    for (int block = 0; block < layers * heads; ++block)
        for (int j = 0; j < n; ++j) {
            float *row = m.attention.data() + (block * n + j) * n;
            float sum = 0;
            for (int i = 0; i < n; ++i)
                sum += row[i] = causal && i > j ? 0.0f : u(rng) * u(rng);
            for (int i = 0; i < n; ++i)
                row[i] /= sum;
        }
    return m;
}

Matrix matrixOf(const QJsonArray &rows)
{
    Matrix m(rows.size(), rows.size());
    for (int j = 0; j < rows.size(); ++j)
        for (int i = 0; i < rows.size(); ++i)
            m(j, i) = rows[j].toArray()[i].toDouble();
    return m;
}

} // namespace

class TestAttentionFlow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { setThreadLimit(0); }

    // One head attending [[1, 0], [½, ½]] in each of two layers: with the residual connection
    // Â = [[1, 0], [¼, ¾]]. Rollout Â·Â: row 2 = [¼ + ¾·¼, ¾·¾] = [0.4375, 0.5625]. Flow from the
    // second output: to the first input ¼ through either middle token (1→0→0 and 1→1→0, each
    // held to ¼), ½ in all; to the second ¾ (1→1→1); over their sum 1¼: [0.4, 0.6].
    void workedByHand()
    {
        ModelAttention m;
        m.layers = 2;
        m.heads = 1;
        m.n = 2;
        m.tokens = QStringList {QStringLiteral("a"), QStringLiteral("b")};
        m.attention = {1, 0, 0.5f, 0.5f, 1, 0, 0.5f, 0.5f};
        const std::vector<Matrix> layers = residualLayers(m);
        QCOMPARE(layers.size(), std::size_t(2));
        QCOMPARE(layers[0](1, 0), 0.25);
        QCOMPARE(layers[0](1, 1), 0.75);
        const Matrix r = rollout(layers);
        QCOMPARE(r(0, 0), 1.0);
        QCOMPARE(r(0, 1), 0.0);
        QCOMPARE(r(1, 0), 0.4375);
        QCOMPARE(r(1, 1), 0.5625);
        const Matrix f = attentionFlow(layers);
        QCOMPARE(f(0, 0), 1.0);
        QCOMPARE(f(0, 1), 0.0);
        QVERIFY(std::abs(f(1, 0) - 0.4) < 1e-15);
        QVERIFY(std::abs(f(1, 1) - 0.6) < 1e-15);
    }

    void againstReference_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("n");
        QTest::addColumn<bool>("causal");
        QTest::newRow("bidirectional 3 × 2 heads, 7 tokens") << 3 << 2 << 7 << false;
        QTest::newRow("causal 4 × 3 heads, 9 tokens") << 4 << 3 << 9 << true;
        QTest::newRow("one layer, 5 tokens") << 1 << 4 << 5 << false;
    }

    void againstReference()
    {
        QFETCH(int, layers);
        QFETCH(int, heads);
        QFETCH(int, n);
        QFETCH(bool, causal);
        const QString python = QStringLiteral("/usr/bin/python3");
        if (QProcess::execute(python, {QStringLiteral("-c"), QStringLiteral("import networkx, numpy")}) != 0)
            QSKIP("the reference needs /usr/bin/python3 with numpy and networkx (python3-networkx)");
        const ModelAttention m = randomModel(layers, heads, n, causal, unsigned(layers * 100 + n));
        QJsonArray attention;
        for (int l = 0; l < layers; ++l) {
            QJsonArray layer;
            for (int h = 0; h < heads; ++h) {
                QJsonArray rows;
                for (int j = 0; j < n; ++j) {
                    QJsonArray row;
                    for (int i = 0; i < n; ++i)
                        row.append(double(m.weights(l, h)(j, i)));
                    rows.append(row);
                }
                layer.append(rows);
            }
            attention.append(layer);
        }
        QTemporaryDir dir;
        QFile in(dir.filePath(QStringLiteral("in.json")));
        QVERIFY(in.open(QIODevice::WriteOnly));
        in.write(QJsonDocument(QJsonObject {{QStringLiteral("attention"), attention}}).toJson());
        in.close();
        QProcess reference;
        reference.start(
            python, {QStringLiteral(QKV_FLOW_REFERENCE), in.fileName(), dir.filePath(QStringLiteral("out.json"))});
        QVERIFY(reference.waitForFinished(60000));
        QVERIFY2(reference.exitCode() == 0, reference.readAllStandardError().constData());
        QFile out(dir.filePath(QStringLiteral("out.json")));
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QJsonObject want = QJsonDocument::fromJson(out.readAll()).object();

        const std::vector<Matrix> augmented = residualLayers(m);
        const Matrix r = rollout(augmented), f = attentionFlow(augmented);
        const Matrix wantRollout = matrixOf(want[QStringLiteral("rollout")].toArray());
        const Matrix wantFlow = matrixOf(want[QStringLiteral("flow")].toArray());
        QVERIFY2((r - wantRollout).cwiseAbs().maxCoeff() < 1e-9,
            qPrintable(QString::number((r - wantRollout).cwiseAbs().maxCoeff())));
        QVERIFY2((f - wantFlow).cwiseAbs().maxCoeff() < 1e-9,
            qPrintable(QString::number((f - wantFlow).cwiseAbs().maxCoeff())));
        // Rows of both are distributions; a causal model's output never draws on a later input.
        for (int j = 0; j < n; ++j) {
            QVERIFY(std::abs(r.row(j).sum() - 1) < 1e-12);
            QVERIFY(std::abs(f.row(j).sum() - 1) < 1e-12);
            for (int i = j + 1; causal && i < n; ++i) {
                QCOMPARE(r(j, i), 0.0);
                QCOMPARE(f(j, i), 0.0);
            }
        }
    }

    // The rows are split over the cores: the same floats whatever the thread count.
    void sameOnEveryThreadCount()
    {
        const std::vector<Matrix> layers = residualLayers(randomModel(6, 2, 24, false, 9));
        setThreadLimit(1);
        const Matrix one = attentionFlow(layers);
        setThreadLimit(8);
        const Matrix many = attentionFlow(layers);
        QVERIFY(one == many);
    }

    // As a view of the model: one matrix (the whole model's) titled as what it is; refused for
    // cross-attention and, for flow, beyond the sentences a view can wait for.
    void shownAsTheModelsAttention()
    {
        const ModelAttention m = randomModel(3, 2, 6, true, 4);
        ModelView view;
        view.layer = -1;
        view.layersBy = Aggregate::Rollout;
        QString error;
        const auto rolled = modelDocument(m, view, QStringLiteral("m"), &error);
        QVERIFY2(rolled, qPrintable(error));
        QCOMPARE(rolled->document.settings().heads, 1);
        QVERIFY(rolled->document.title().contains(QStringLiteral("rollout through 3 layers")));
        const Matrix want = rollout(residualLayers(m));
        const Result r = compute(rolled->document);
        QVERIFY((r.heads[0].weights - want).cwiseAbs().maxCoeff() < 1e-6);
        view.layersBy = Aggregate::Flow;
        const auto flowed = modelDocument(m, view, QStringLiteral("m"), &error);
        QVERIFY2(flowed, qPrintable(error));
        QVERIFY((compute(flowed->document).heads[0].weights - attentionFlow(residualLayers(m))).cwiseAbs().maxCoeff()
            < 1e-6);

        ModelAttention cross = randomModel(1, 1, 2, false, 1);
        cross.keyTokens = QStringList {QStringLiteral("x"), QStringLiteral("y")};
        QVERIFY(!modelDocument(cross, view, QStringLiteral("c"), &error));
        QVERIFY2(error.contains(QStringLiteral("cross-attention")), qPrintable(error));
        const ModelAttention longer = randomModel(1, 1, interactiveFlowTokenLimit + 1, false, 2);
        QVERIFY(!modelDocument(longer, view, QStringLiteral("l"), &error));
        QVERIFY2(error.contains(QStringLiteral("up to %1 tokens").arg(interactiveFlowTokenLimit)), qPrintable(error));
    }

    void cancelledFlowIsEmpty()
    {
        const std::atomic<bool> cancel {true};
        QCOMPARE(attentionFlow(residualLayers(randomModel(2, 1, 4, false, 3)), &cancel).size(), Eigen::Index(0));
    }
};

QTEST_GUILESS_MAIN(TestAttentionFlow)
#include "tst_attentionflow.moc"
