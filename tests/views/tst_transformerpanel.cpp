// The Model dock's choices of a model (issue 51's part): rollout and flow offered for
// self-attention, not for cross-attention; flow disabled, and saying why, beyond the sentences a
// view can wait for; a long run's layers still computing named but not offered, and every layer
// combined not offered for a run that keeps no attention.
#include "analysis/attentionflow.h"
#include "views/transformerpanel.h"

#include <QComboBox>
#include <QStandardItemModel>
#include <QTest>

using namespace qkv;

namespace {

std::shared_ptr<ModelAttention> model(int n)
{
    auto m = std::make_shared<ModelAttention>();
    m->layers = 2;
    m->heads = 1;
    m->n = n;
    for (int t = 0; t < n; ++t)
        m->tokens << QStringLiteral("t%1").arg(t);
    m->attention.assign(std::size_t(2 * n * n), 1.0f / float(n));
    return m;
}

QStandardItem *item(QComboBox *box, int data)
{
    const int index = box->findData(data);
    return index < 0 ? nullptr : qobject_cast<QStandardItemModel *>(box->model())->item(index);
}

} // namespace

class TestTransformerPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rolloutAndFlowOffered()
    {
        TransformerPanel panel;
        auto *layers = panel.findChild<QComboBox *>(QStringLiteral("layerBox"));
        auto *heads = panel.findChild<QComboBox *>(QStringLiteral("headsBox"));
        QVERIFY(layers && heads);
        panel.setModel(model(6));
        QCOMPARE(layers->count(), 6); // 2 layers, mean, max, rollout, flow
        QVERIFY(item(layers, -3) && item(layers, -4));
        QVERIFY(item(layers, -4)->isEnabled());
        ModelView view;
        view.layer = -1;
        view.layersBy = Aggregate::Flow;
        panel.setView(view, {});
        QCOMPARE(layers->currentData().toInt(), -4);
        QVERIFY(panel.view().layersBy == Aggregate::Flow);
        QVERIFY(!heads->isEnabled()); // the heads' mean, whatever the box says
        view.layersBy = Aggregate::Rollout;
        panel.setView(view, {});
        QVERIFY(panel.view().layersBy == Aggregate::Rollout && panel.view().layer == -1);
        view.layer = 1;
        panel.setView(view, {});
        QVERIFY(heads->isEnabled());

        panel.setModel(model(analysis::interactiveFlowTokenLimit + 1));
        QVERIFY(item(layers, -3)->isEnabled());
        QVERIFY(!item(layers, -4)->isEnabled());
        QVERIFY(item(layers, -4)->toolTip().contains(QString::number(analysis::interactiveFlowTokenLimit)));
    }

    // A preview of a long run (its first layers, the model computing the others): every layer is
    // named of the whole run's, the ones still computing and the combinations of all not offered.
    void layersStillComputingNotOffered()
    {
        TransformerPanel panel;
        auto *layers = panel.findChild<QComboBox *>(QStringLiteral("layerBox"));
        QVERIFY(layers);
        std::shared_ptr<ModelAttention> preview = model(6);
        preview->layersComputing = 3;
        panel.setModel(preview);
        QCOMPARE(layers->count(), 9); // 5 layers, mean, max, rollout, flow
        QCOMPARE(layers->itemText(0), QStringLiteral("1 of 5"));
        for (int l = 0; l < 5; ++l)
            QCOMPARE(item(layers, l)->isEnabled(), l < 2);
        for (int combined : {-1, -2, -3, -4}) {
            QVERIFY(!item(layers, combined)->isEnabled());
            QVERIFY(!item(layers, combined)->toolTip().isEmpty());
        }
        ModelView view;
        view.layer = 1;
        panel.setView(view, {});
        QCOMPARE(layers->currentData().toInt(), 1);
        panel.setModel(model(6)); // a run done
        QCOMPARE(layers->count(), 6);
        QVERIFY(item(layers, 1)->isEnabled() && item(layers, -1)->isEnabled());
    }

    // A run that keeps no attention (each head computed again when shown): its layers offered, the
    // combinations of all not, saying why (they would compute every head while the window waits).
    void combinationsOfARunThatKeepsNoneNotOffered()
    {
        TransformerPanel panel;
        auto *layers = panel.findChild<QComboBox *>(QStringLiteral("layerBox"));
        QVERIFY(layers);
        const std::shared_ptr<ModelAttention> kept = model(6);
        auto recomputed = std::make_shared<ModelAttention>(*kept);
        recomputed->recomputed = std::make_shared<const RecomputedAttention>(
            [kept](int l, int h) { return FloatMatrix(kept->weights(l, h)); });
        panel.setModel(recomputed);
        QCOMPARE(layers->count(), 6);
        QVERIFY(item(layers, 0)->isEnabled() && item(layers, 1)->isEnabled());
        for (int combined : {-1, -2, -3, -4}) {
            QVERIFY(!item(layers, combined)->isEnabled());
            QVERIFY2(item(layers, combined)
                         ->toolTip()
                         .startsWith(QStringLiteral(
                             "Every layer combined needs all 2 heads' attention, and a run of 6 tokens")),
                qPrintable(item(layers, combined)->toolTip()));
        }
    }
};

QTEST_MAIN(TestTransformerPanel)
#include "tst_transformerpanel.moc"
