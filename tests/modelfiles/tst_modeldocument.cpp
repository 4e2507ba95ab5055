#include "attention/engine.h"
#include "modelfiles/modeldocument.h"

#include <QTest>

#include <random>

using namespace qkv;

namespace {

// A model whose attention is exactly softmax(QKᵀ/√d) of its own random Q and K (causal when
// asked), as a real model's self-attention is: what the document must reproduce.
ModelAttention syntheticModel(int layers, int heads, int n, int dim, bool causal, unsigned seed = 7)
{
    ModelAttention m;
    m.layers = layers;
    m.heads = heads;
    m.n = n;
    m.dim = dim;
    for (int i = 0; i < n; ++i)
        m.tokens << (i == 0  ? QStringLiteral("[CLS]")
                : i % 3 == 2 ? QStringLiteral("##ing")
                             : QStringLiteral("w%1").arg(i));
    std::mt19937 random(seed);
    std::normal_distribution<float> normal;
    const auto blocks = static_cast<std::size_t>(layers * heads);
    m.queries.resize(blocks * n * dim);
    m.keys.resize(blocks * n * dim);
    m.values.resize(blocks * n * dim);
    for (auto *v : {&m.queries, &m.keys, &m.values})
        for (float &x : *v)
            x = normal(random);
    m.attention.resize(blocks * n * n);
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h) {
            Eigen::MatrixXd s = m.queryVectors(l, h).cast<double>() * m.keyVectors(l, h).cast<double>().transpose()
                / std::sqrt(double(dim));
            if (causal)
                s.triangularView<Eigen::StrictlyUpper>().setConstant(-1e300);
            s = (s.colwise() - s.rowwise().maxCoeff()).array().exp();
            s.array().colwise() /= s.rowwise().sum().array();
            Eigen::Map<FloatMatrix>(m.attention.data() + (l * heads + h) * n * n, n, n) = s.cast<float>();
        }
    return m;
}

} // namespace

// A real model's attention as a document: recomputed from its own vectors where it can be, as
// given (grouped, combined) otherwise.
class TstModelDocument : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectorsRecomputeTheModelsAttention_data()
    {
        QTest::addColumn<bool>("causal");
        QTest::newRow("encoder") << false;
        QTest::newRow("decoder") << true;
    }
    void vectorsRecomputeTheModelsAttention()
    {
        QFETCH(bool, causal);
        const ModelAttention m = syntheticModel(3, 2, 6, 4, causal);
        ModelView view;
        view.layer = 1;
        QVERIFY(usesModelVectors(m, view));
        const auto md = modelDocument(m, view, QStringLiteral("tiny.npz"));
        QVERIFY(md);
        const Document &doc = md->document;
        QVERIFY(doc.settings().mode == Mode::Direct);
        QVERIFY(doc.settings().vectors == VectorScope::PerToken);
        QCOMPARE(doc.settings().heads, 2);
        QCOMPARE(doc.settings().dim, 4);
        QVERIFY(doc.settings().mask == (causal ? MaskKind::Causal : MaskKind::None));
        QCOMPARE(doc.tokens(), m.tokens);
        QVERIFY2(md->recomputeError < 1e-6, qPrintable(QString::number(md->recomputeError)));
        const Result r = compute(doc);
        QCOMPARE_LT((r.heads[1].weights - m.weights(1, 1).cast<double>()).cwiseAbs().maxCoeff(), 1e-6);
        QCOMPARE(r.heads[0].queries(3, 2), double(m.queryVectors(1, 0)(3, 2)));
        QVERIFY(doc.title().contains(QStringLiteral("layer 2 of 3")));
        // Dragging a real query changes its row, and only its row.
        Document edited = doc;
        edited.setValue(ValueRef {Field::Query, edited.vectorKey(4), 0, 0, 0}, 3.0);
        const Result after = compute(edited);
        QVERIFY(after.heads[0].weights.row(4) != r.heads[0].weights.row(4));
        QCOMPARE(after.heads[0].weights.row(2), r.heads[0].weights.row(2));
    }

    // A sliding window (or Gemma 2's capped scores) makes the model's attention other than
    // softmax(QKᵀ/√d) of its vectors: the document shows the model's, saying why.
    void attentionTheVectorsDoNotGiveIsShownAsGiven()
    {
        ModelAttention m = syntheticModel(2, 2, 6, 4, true);
        for (int h = 0; h < 2; ++h) { // layer 1 slides: each query sees itself and the one before
            Eigen::Map<FloatMatrix> a(m.attention.data() + (2 + h) * 36, 6, 6);
            Eigen::MatrixXd s = m.queryVectors(1, h).cast<double>() * m.keyVectors(1, h).cast<double>().transpose() / 2;
            for (int i = 0; i < 6; ++i) {
                const int from = std::max(0, i - 1);
                const Eigen::VectorXd e
                    = (s.row(i).segment(from, i + 1 - from).array() - s.row(i).segment(from, i + 1 - from).maxCoeff())
                          .exp();
                a.row(i).setZero();
                a.row(i).segment(from, i + 1 - from) = (e / e.sum()).transpose().cast<float>();
            }
        }
        ModelView view;
        view.layer = 1;
        const auto md = modelDocument(m, view, QStringLiteral("gemma.npz"));
        QVERIFY(md);
        QVERIFY(md->document.settings().mode == Mode::Weights);
        QVERIFY(!md->result);
        QCOMPARE_GT(md->recomputeError, 1e-3);
        QVERIFY2(md->document.description().contains(QStringLiteral("sliding window")),
            qPrintable(md->document.description()));
        for (int h = 0; h < 2; ++h)
            QCOMPARE_LT((md->document.attention(h) - m.weights(1, h).cast<double>()).cwiseAbs().maxCoeff(), 1e-7);
        QCOMPARE(compute(md->document).heads[0].queries(3, 2), double(m.queryVectors(1, 0)(3, 2)));
        view.layer = 0; // the layer before does not slide: recomputed from the vectors as ever
        const auto full = modelDocument(m, view, QStringLiteral("gemma.npz"));
        QVERIFY(full && full->document.settings().mode == Mode::Direct);
    }

    void combinedHeadsAreGivenWeights()
    {
        const ModelAttention m = syntheticModel(2, 3, 5, 4, false);
        ModelView view;
        view.headsBy = Aggregate::Mean;
        QVERIFY(!usesModelVectors(m, view));
        const auto md = modelDocument(m, view, QStringLiteral("tiny.npz"));
        QVERIFY(md);
        QVERIFY(md->document.settings().mode == Mode::Weights);
        QCOMPARE(md->document.settings().heads, 1);
        QCOMPARE(md->recomputeError, -1.0);
        const Eigen::MatrixXd mean
            = (m.weights(0, 0).cast<double>() + m.weights(0, 1).cast<double>() + m.weights(0, 2).cast<double>()) / 3;
        QCOMPARE_LT((md->document.attention(0) - mean).cwiseAbs().maxCoeff(), 1e-6);
        view.layer = -1;
        view.headsBy = Aggregate::Max;
        const auto all = modelDocument(m, view, QStringLiteral("tiny.npz"));
        QVERIFY(all && all->document.title().contains(QStringLiteral("mean of 2 layers")));
        // The title says what the numbers are: each layer's heads by their max, then the layers' mean.
        const auto maxHeads = [&](int l) {
            return std::max({m.weights(l, 0)(1, 2), m.weights(l, 1)(1, 2), m.weights(l, 2)(1, 2)});
        };
        QCOMPARE_LT(std::abs(all->document.attention(0)(1, 2) - (double(maxHeads(0)) + maxHeads(1)) / 2), 1e-6);
        view.layersBy = Aggregate::Max;
        const auto max = modelDocument(m, view, QStringLiteral("tiny.npz"));
        QVERIFY(max && max->document.title().contains(QStringLiteral("max of 2 layers")));
        QCOMPARE(max->document.attention(0)(1, 2), double(std::max(maxHeads(0), maxHeads(1))));
    }

    void mergedPiecesSumColumnsAndAverageRows()
    {
        const ModelAttention m = syntheticModel(1, 1, 6, 2, false);
        // [CLS] w1 ##ing w3 w4 ##ing: hidden [CLS]; "w1"+"##ing" and "w4"+"##ing" merged.
        ModelView view;
        view.hideSpecial = true;
        view.merge = SubwordStyle::WordPiece;
        const auto md = modelDocument(m, view, QStringLiteral("tiny.npz"));
        QVERIFY(md);
        const Document &doc = md->document;
        QCOMPARE(doc.tokens(), (QStringList {QStringLiteral("w1ing"), QStringLiteral("w3"), QStringLiteral("w4ing")}));
        QVERIFY(doc.settings().mode == Mode::Weights);
        const Eigen::MatrixXd a = m.weights(0, 0).cast<double>();
        const double expected = (a(1, 4) + a(1, 5) + a(2, 4) + a(2, 5)) / 2; // rows 1, 2 averaged; columns 4, 5 summed
        QCOMPARE_LT(std::abs(doc.attention(0)(0, 2) - expected), 1e-6);
        // What went to the hidden [CLS] is missing from each row.
        QCOMPARE_LT(std::abs(doc.attention(0).row(1).sum() - (1 - a(3, 0))), 1e-6);
        // The values stand in as the mean of the pieces'.
        QCOMPARE_LT(std::abs(compute(doc).heads[0].values(2, 1)
                        - (m.valueVectors(0, 0)(4, 1) + m.valueVectors(0, 0)(5, 1)) / 2.0),
            1e-6);
    }

    void tokensWithSpacesStayOneToken()
    {
        ModelAttention m = syntheticModel(1, 1, 3, 2, false);
        m.tokens = QStringList {QStringLiteral("a b"), QString(), QStringLiteral("c")};
        const auto md = modelDocument(m, ModelView {}, QStringLiteral("t.npz"));
        QVERIFY(md);
        QCOMPARE(
            md->document.tokens(), (QStringList {QStringLiteral("a␣b"), QStringLiteral("∅"), QStringLiteral("c")}));
    }

    void beyondTheLimitsSaysWhy()
    {
        ModelAttention m = syntheticModel(1, 1, 2, 2, false);
        m.tokens = QStringList {QStringLiteral("[CLS]"), QStringLiteral("[SEP]")};
        ModelView view;
        view.hideSpecial = true;
        QString error;
        QVERIFY(!modelDocument(m, view, QStringLiteral("t.npz"), &error));
        QCOMPARE(error, QStringLiteral("no tokens are left to show"));
    }
};

QTEST_GUILESS_MAIN(TstModelDocument)
#include "tst_modeldocument.moc"
