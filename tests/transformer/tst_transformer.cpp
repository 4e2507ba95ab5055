#include "checkpointfixtures.h"
#include "forward.h"

#include <QTest>

#include <cmath>

using namespace qkv::transformer;

namespace {

float maxDifference(const Eigen::MatrixXf &a, const Eigen::MatrixXf &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    return a.size() == 0 ? 0.0f : (a - b).cwiseAbs().maxCoeff();
}

// Every layer's attention of `r` against the reference's [layer][head][n][n].
void compareAttention(const ForwardResult &r, const QJsonArray &expected)
{
    QCOMPARE(r.layers.size(), std::size_t(expected.size()));
    for (int l = 0; l < expected.size(); ++l) {
        const QJsonArray heads = expected[l].toArray();
        QCOMPARE(r.layers[std::size_t(l)].heads.size(), std::size_t(heads.size()));
        for (int h = 0; h < heads.size(); ++h) {
            const float diff = maxDifference(
                r.layers[std::size_t(l)].heads[std::size_t(h)].attention, matrixFromJson(heads[h].toArray()));
            if (!(diff <= 1e-4f))
                QFAIL(qPrintable(QStringLiteral("layer %1 head %2: attention differs by %3").arg(l).arg(h).arg(diff)));
        }
    }
}

void comparePredictions(const ForwardResult &r, const QJsonArray &expected)
{
    QCOMPARE(r.predictions.size(), std::size_t(expected.size()));
    for (int i = 0; i < expected.size(); ++i) {
        const QJsonObject e = expected[i].toObject();
        const Prediction &p = r.predictions[std::size_t(i)];
        QCOMPARE(p.position, e.value(u"position"_qs).toInt());
        const std::vector<int> ids = intsFromJson(e.value(u"ids"_qs).toArray());
        const QJsonArray probabilities = e.value(u"probabilities"_qs).toArray();
        QCOMPARE(p.top.size(), ids.size());
        for (std::size_t k = 0; k < ids.size(); ++k) {
            QCOMPARE(p.top[k].id, ids[k]);
            QVERIFY2(std::abs(p.top[k].probability - probabilities[int(k)].toDouble()) <= 1e-4,
                qPrintable(QStringLiteral("prediction %1, rank %2").arg(i).arg(k)));
        }
    }
}

ForwardOptions optionsFor(const QJsonObject &reference)
{
    ForwardOptions o;
    o.predictPositions = intsFromJson(reference.value(u"mask"_qs).toArray());
    o.topK = 5;
    return o;
}

} // namespace

class TestTransformer : public QObject
{
    Q_OBJECT

private:
    CheckpointFixtures m_fixtures;
    bool m_skip = false;
    QString m_why;

    std::shared_ptr<const Model> open(const QString &name)
    {
        const OpenResult opened = Model::open(m_fixtures.path(name));
        if (!opened.model)
            qWarning("%s", qPrintable(opened.error));
        return opened.model;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_why = m_fixtures.prepare(m_skip);
        if (!m_skip)
            QVERIFY2(m_why.isEmpty(), qPrintable(m_why));
    }

    void matchesReference_data()
    {
        QTest::addColumn<QString>("model");
        for (const char *name : {"gpt2", "gpt2_f16_shards", "bert", "bert_bf16_bare", "distilbert", "llama_gqa_bf16",
                 "qwen2_bias_tied", "mistral_f16_bare"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    // Every layer's attention, the first layer's Q, K, V and the predictions, against numpy.
    void matchesReference()
    {
        if (m_skip)
            QSKIP(qPrintable(m_why));
        QFETCH(QString, model);
        const auto m = open(model);
        QVERIFY(m);
        const QJsonObject ref = m_fixtures.reference(model);
        const ForwardResult r = forward(*m, intsFromJson(ref.value(u"ids"_qs).toArray()), optionsFor(ref));
        QVERIFY2(r.done(), qPrintable(r.error));
        compareAttention(r, ref.value(u"attention"_qs).toArray());
        for (const char *part : {"query", "key", "value"}) {
            const QJsonArray layers = ref.value(QString::fromLatin1(part)).toArray();
            for (int l = 0; l < layers.size(); ++l) {
                const QJsonArray heads = layers[l].toArray();
                for (int h = 0; h < heads.size(); ++h) {
                    const HeadRecord &head = r.layers[std::size_t(l)].heads[std::size_t(h)];
                    const Eigen::MatrixXf &mine = part[0] == 'q' ? head.query : part[0] == 'k' ? head.key : head.value;
                    QVERIFY2(maxDifference(mine, matrixFromJson(heads[h].toArray())) <= 1e-4f,
                        qPrintable(QStringLiteral("%1, layer %2 head %3").arg(QLatin1String(part)).arg(l).arg(h)));
                }
            }
        }
        comparePredictions(r, ref.value(u"predictions"_qs).toArray());
        // The kept Q and K reproduce the attention: softmax(QKᵀ/√d) under the mask.
        const HeadRecord &head = r.layers.back().heads.front();
        QVERIFY(maxDifference(head.scores, head.query * head.key.transpose() / std::sqrt(float(head.query.cols())))
            <= 1e-5f);
        QVERIFY(maxDifference(head.output, head.attention * head.value) <= 1e-5f);
    }

    void ablationMatchesReference_data() { matchesReference_data(); }

    void ablationMatchesReference()
    {
        if (m_skip)
            QSKIP(qPrintable(m_why));
        QFETCH(QString, model);
        const auto m = open(model);
        QVERIFY(m);
        const QJsonObject ref = m_fixtures.reference(model);
        const QJsonObject ablated = ref.value(u"ablated"_qs).toObject();
        ForwardOptions o = optionsFor(ref);
        o.interventions.push_back(
            {ablated.value(u"layer"_qs).toInt(), ablated.value(u"head"_qs).toInt(), Intervention::Kind::Ablate, {}});
        const ForwardResult r = forward(*m, intsFromJson(ref.value(u"ids"_qs).toArray()), o);
        QVERIFY2(r.done(), qPrintable(r.error));
        compareAttention(r, ablated.value(u"attention"_qs).toArray());
        comparePredictions(r, ablated.value(u"predictions"_qs).toArray());
        // The same from the kept stream: recompute from the ablated layer.
        const ForwardResult plain = forward(*m, r.ids, optionsFor(ref));
        const ForwardResult again = recompute(*m, plain, o.interventions.front().layer, o);
        QVERIFY2(again.done(), qPrintable(again.error));
        compareAttention(again, ablated.value(u"attention"_qs).toArray());
        comparePredictions(again, ablated.value(u"predictions"_qs).toArray());
    }
};

QTEST_GUILESS_MAIN(TestTransformer)
#include "tst_transformer.moc"
