// One model in two precisions compared (live::compareRuns): GGUF files of the same random
// weights in F32, F16 and BF16 (the latter two the first's values rounded), run on one sentence.
// Each head's numbers against the same numbers worked out here from the two runs' attention; a
// model against itself moves nothing; BF16 (8 bits of mantissa) moves more than F16 (11); runs
// of other tokens or another shape are refused, saying why.
#include "livemodel/modeldifference.h"

#include "randomllama.h"

#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace qkv::live;
using namespace Qt::StringLiterals;

class TstModelDifference : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    const QString m_sentence = u"t300 t301 t302 t300 t301 t777"_s;

    std::shared_ptr<const LiveModel> open(const QString &preset, int layers = 2)
    {
        test::LlamaShape shape;
        shape.layers = layers;
        shape.vocab = 1000;
        shape.amplitude = 0.3f;
        const QString path = m_dir.filePath(u"%1-%2.gguf"_s.arg(preset).arg(layers));
        QString error;
        if (!QFile::exists(path) && !test::writeRandomLlamaGguf(path, shape, preset, 11, &error))
            qWarning().noquote() << error;
        std::shared_ptr<const LiveModel> model = LiveModel::open(path, &error);
        if (!model)
            qWarning().noquote() << error;
        return model;
    }

private Q_SLOTS:
    void headsAndPredictions()
    {
        const auto f32 = open(u"F32"_s), f16 = open(u"F16"_s), bf16 = open(u"BF16"_s);
        QVERIFY(f32 && f16 && bf16);
        const LiveRun a = run(*f32, m_sentence), b = run(*f16, m_sentence), c = run(*bf16, m_sentence);
        QVERIFY2(a && b && c, qPrintable(a.error + b.error + c.error));
        QCOMPARE(a.ids, b.ids);

        const ModelDifference same = compareRuns(*f32, a, a);
        QVERIFY2(same, qPrintable(same.error));
        QCOMPARE(same.largest, 0.0);
        QCOMPARE(same.predictions.size(), std::size_t(1));
        QCOMPARE(same.predictions[0].divergence, 0.0);

        const ModelDifference half = compareRuns(*f32, a, b), brain = compareRuns(*f32, a, c);
        QVERIFY2(half && brain, qPrintable(half.error + brain.error));
        QCOMPARE(half.heads.size(), std::size_t(2 * 4)); // layer by layer, head by head
        double largest = 0;
        for (const HeadDifference &h : half.heads) {
            const Eigen::MatrixXd x
                = a.forward->layers[std::size_t(h.layer)].heads[std::size_t(h.head)].attention.cast<double>();
            const Eigen::MatrixXd y
                = b.forward->layers[std::size_t(h.layer)].heads[std::size_t(h.head)].attention.cast<double>();
            double big = 0, moved = 0;
            for (Eigen::Index i = 0; i < x.rows(); ++i) {
                double row = 0;
                for (Eigen::Index j = 0; j < x.cols(); ++j) {
                    big = std::max(big, std::abs(x(i, j) - y(i, j)));
                    row += std::abs(x(i, j) - y(i, j));
                }
                moved += row / 2 / double(x.rows());
            }
            QCOMPARE(h.largest, big);
            QVERIFY(std::abs(h.moved - moved) <= 1e-12);
            largest = std::max(largest, big);
        }
        QCOMPARE(half.largest, largest);
        QVERIFY2(half.largest > 0 && half.largest < 0.05, qPrintable(QString::number(half.largest)));
        QVERIFY2(brain.largest > half.largest, "BF16's coarser rounding moves the attention more than F16's");

        // The prediction: both distributions' probabilities of each listed token, and their KL divergence.
        const PredictionDifference &p = half.predictions.front();
        const Eigen::VectorXd pa = probabilities(a, 0), pb = probabilities(b, 0);
        double kl = 0;
        for (Eigen::Index t = 0; t < pa.size(); ++t)
            kl += pa[t] * std::log(pa[t] / pb[t]);
        QVERIFY(std::abs(p.divergence - kl) <= 1e-12);
        QVERIFY(p.divergence > 0 && p.divergence < brain.predictions.front().divergence);
        QVERIFY(!p.tokens.empty());
        for (const ComparedToken &t : p.tokens) {
            QCOMPARE(t.before, pa[t.id]);
            QCOMPARE(t.after, pb[t.id]);
        }
        QCOMPARE(p.largest, (pa - pb).cwiseAbs().maxCoeff());
    }

    void refusals()
    {
        const auto f32 = open(u"F32"_s), deeper = open(u"F32"_s, 3);
        QVERIFY(f32 && deeper);
        const LiveRun a = run(*f32, m_sentence), other = run(*f32, u"t400 t401"_s), b = run(*deeper, m_sentence);
        const ModelDifference tokens = compareRuns(*f32, a, other), shape = compareRuns(*f32, a, b);
        QVERIFY(!tokens && tokens.error.contains(u"other tokens"_s));
        QVERIFY(!shape && shape.error.contains(u"layers or heads"_s));
        QVERIFY(!compareRuns(*f32, a, LiveRun {}));
    }
};

QTEST_GUILESS_MAIN(TstModelDifference)
#include "tst_modeldifference.moc"
