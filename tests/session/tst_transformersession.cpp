// A real model's attention held by the session on its own (no window): each look (layer, heads)
// becomes the session's document with the file's numbers, edits of a look are kept while others
// are looked at, a look the model cannot give is refused with its reason, and a model computed
// again keeps the layer, head and token looked at where the new numbers have them.
#include "document/documentio.h"
#include "modelfixture.h"
#include "session/documentsession.h"
#include "session/transformersession.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

namespace {

// [CLS] the cat ##s sat [SEP]: 2 layers × 2 heads, d = 4.
const test::ModelFixture &cats()
{
    static const test::ModelFixture f({u"[CLS]"_qs, u"the"_qs, u"cat"_qs, u"##s"_qs, u"sat"_qs, u"[SEP]"_qs}, 2, 2, 4);
    return f;
}

// The files hold float32: the shown weights agree with the fixture's to float precision.
bool near(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() && (a - b).cwiseAbs().maxCoeff() < 1e-6;
}

} // namespace

class TstTransformerSession : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<DocumentSession> m_session;
    std::unique_ptr<TransformerSession> m_transformer;

    QString write(const QString &name, const test::ModelFixture &f)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(f.json()) < 0)
            return {};
        return path;
    }
    Eigen::MatrixXd weights(int head) const
    {
        m_session->waitForResult();
        return m_session->result().heads[static_cast<std::size_t>(head)].weights;
    }
    QString why(const ModelView &v) const { return notShownInWindow(*m_transformer->model(), v); }
    ValueRef firstQuery() const { return {Field::Query, m_session->document().vectorKey(0), 0, 0, 0}; }
    ModelView layer(int l) const
    {
        ModelView v = m_transformer->view();
        v.layer = l;
        return v;
    }

private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<DocumentSession>();
        m_transformer = std::make_unique<TransformerSession>(m_session.get());
        const QString path = write(u"cats.json"_qs, cats());
        const OpenedFile opened = openFile(path);
        QVERIFY2(opened.model, qPrintable(opened.loaded.error.toString()));
        QSignalSpy changed(m_transformer.get(), &TransformerSession::modelChanged);
        m_transformer->show(opened, path);
        QCOMPARE(changed.count(), 1);
    }
    void cleanup()
    {
        m_transformer.reset();
        m_session.reset();
    }

    void theFirstLookIsLayerOneWithTheFilesNumbers()
    {
        QVERIFY(m_transformer->isOpen());
        QCOMPARE(m_transformer->view().layer, 0);
        QCOMPARE(m_session->document().tokens(), cats().tokens);
        QCOMPARE(m_session->document().settings().heads, 2);
        for (int h = 0; h < 2; ++h)
            QVERIFY(near(weights(h), cats().attention(0, h)));
    }

    void anotherLayerShowsItsOwnNumbers()
    {
        QSignalSpy viewChanged(m_transformer.get(), &TransformerSession::viewChanged);
        m_session->setCurrentHead(1);
        m_session->setSelectedToken(2);
        QCOMPARE(m_transformer->setView(layer(1)), QString());
        QCOMPARE(viewChanged.count(), 1);
        QCOMPARE(m_transformer->view().layer, 1);
        QVERIFY(near(weights(1), cats().attention(1, 1)));
        QVERIFY(!near(weights(1), cats().attention(0, 1)));
        QCOMPARE(m_session->currentHead(), 1); // the head and token looked at stay
        QCOMPARE(m_session->selectedToken(), 2);
    }

    void editsOfALookAreKeptWhileAnotherIsShown()
    {
        m_session->editValue(firstQuery(), 3.5);
        const Eigen::MatrixXd edited = weights(0);
        QVERIFY(!near(edited, cats().attention(0, 0)));
        QCOMPARE(m_transformer->setView(layer(1)), QString());
        QCOMPARE(m_transformer->editedOtherViews(), 1);
        QVERIFY(!m_transformer->shownViewWasEdited());
        QCOMPARE(m_transformer->setView(layer(0)), QString());
        QCOMPARE(m_session->document().value(firstQuery()), 3.5);
        QVERIFY(near(weights(0), edited));
        QVERIFY(m_transformer->shownViewWasEdited()); // its undo history is gone: the session says so
        QCOMPARE(m_transformer->editedOtherViews(), 0);
        m_transformer->markShownViewSaved();
        QVERIFY(!m_transformer->shownViewWasEdited());
    }

    void aLookTheModelCannotGiveIsRefusedAndNothingMoves()
    {
        const Document before = m_session->document();
        const QString why = m_transformer->setView(layer(5));
        QVERIFY2(!why.isEmpty(), "a layer the model does not have");
        QCOMPARE(m_transformer->view().layer, 0);
        QVERIFY(m_session->document() == before);
        QVERIFY(near(weights(1), cats().attention(0, 1)));
    }

    void aModelComputedAgainKeepsWhatIsLookedAt()
    {
        QCOMPARE(m_transformer->setView(layer(1)), QString());
        m_session->setCurrentHead(1);
        m_session->setSelectedToken(4);
        // The same tokens computed again by a model of one layer: layer 2 is gone, so layer 1 shows.
        const test::ModelFixture oneLayer(cats().tokens, 1, 2, 4);
        const OpenedFile again = openFile(write(u"again.json"_qs, oneLayer));
        QVERIFY(again.model);
        QSignalSpy replaced(m_transformer.get(), &TransformerSession::modelReplaced);
        m_transformer->replace(again.model, false);
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(m_transformer->view().layer, 0);
        QVERIFY(near(weights(1), oneLayer.attention(0, 1)));
        QCOMPARE(m_session->currentHead(), 1);
        QCOMPARE(m_session->selectedToken(), 4);
    }

    // Every layer combined, of a run that keeps no attention, would compute all its heads again on
    // the window's thread: refused, saying why, and a run computed again that way while such a look
    // is shown comes in at one layer.
    void everyLayerOfARunThatKeepsNoneIsRefused()
    {
        ModelView mean = layer(-1);
        mean.layersBy = Aggregate::Mean;
        QCOMPARE(m_transformer->setView(mean), QString()); // kept attention: shown
        const std::shared_ptr<const ModelAttention> kept = m_transformer->model();
        auto recomputed = std::make_shared<ModelAttention>(*kept);
        recomputed->recomputed = std::make_shared<const RecomputedAttention>(
            [kept](int l, int h) { return FloatMatrix(kept->weights(l, h)); });
        m_transformer->replace(recomputed, false);
        QCOMPARE(m_transformer->view().layer, 0);
        QVERIFY(near(weights(1), cats().attention(0, 1)));
        for (const Aggregate by : {Aggregate::Mean, Aggregate::Max, Aggregate::Rollout, Aggregate::Flow}) {
            mean.layersBy = by;
            const QString refused = m_transformer->setView(mean);
            QVERIFY2(
                refused.startsWith(u"every layer combined needs all 4 heads' attention, and a run of 6 tokens keeps "
                                   "none"_qs),
                qPrintable(refused));
            QCOMPARE(m_transformer->view().layer, 0);
        }
        QVERIFY(why(mean).endsWith(u"qkvlab compute --layer flow"_qs));
        QCOMPARE(m_transformer->setView(layer(1)), QString()); // one layer: its heads computed when shown
        QVERIFY(near(weights(1), cats().attention(1, 1)));
    }

    // A run computed again, or another layer looked at, frees the shown layer's result before the
    // new one is built (at 4,096 tokens each is gigabytes): the new layer's heads, computed when
    // asked, find it empty.
    void theShownResultGoesBeforeTheNextIsBuilt()
    {
        const std::shared_ptr<const ModelAttention> kept = m_transformer->model();
        auto recomputed = std::make_shared<ModelAttention>(*kept);
        std::vector<std::size_t> headsShownMeanwhile;
        recomputed->recomputed
            = std::make_shared<const RecomputedAttention>([&, kept, session = m_session.get()](int l, int h) {
                  headsShownMeanwhile.push_back(session->result().heads.size());
                  return FloatMatrix(kept->weights(l, h));
              });
        const Result *shown = &m_session->result();
        m_transformer->replace(recomputed, false);
        QCOMPARE(headsShownMeanwhile, std::vector<std::size_t>(2, 0));
        QCOMPARE(&m_session->result(), shown); // emptied and filled in place: the views' pointers hold
        QVERIFY(!m_session->isComputing());
        QCOMPARE(m_session->result().heads.size(), std::size_t(2));
        QVERIFY(near(weights(1), cats().attention(0, 1)));
        // Another layer looked at: the same.
        headsShownMeanwhile.clear();
        QCOMPARE(m_transformer->setView(layer(1)), QString());
        QCOMPARE(headsShownMeanwhile, std::vector<std::size_t>(2, 0));
        QVERIFY(near(weights(1), cats().attention(1, 1)));
    }

    // A run whose vectors do not give its attention (a sliding window, soft-capped scores) is shown
    // as the model's own weights: its result is computed at once, the shown one being gone.
    void aRunShownAsItsOwnWeightsComesWithItsResult()
    {
        test::ModelFixture unlike = cats();
        unlike.a[1] = Eigen::MatrixXd::Constant(6, 6, 1.0 / 6); // layer 1, head 2: not softmax(QKᵀ/√d)
        const OpenedFile again = openFile(write(u"unlike.json"_qs, unlike));
        QVERIFY(again.model);
        m_transformer->replace(again.model, false);
        QVERIFY(!m_session->isComputing());
        QVERIFY(m_session->document().settings().mode == Mode::Weights);
        QCOMPARE(m_session->result().heads.size(), std::size_t(2));
        QVERIFY(near(m_session->result().heads[1].weights, unlike.attention(0, 1)));
        QVERIFY(near(m_session->result().heads[0].weights, cats().attention(0, 0)));
    }

    void closingForgetsTheModel()
    {
        QSignalSpy changed(m_transformer.get(), &TransformerSession::modelChanged);
        m_transformer->close();
        QVERIFY(!m_transformer->isOpen());
        QCOMPARE(m_transformer->path(), QString());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m_transformer->setView(layer(1)), QString()); // nothing to look at: no change
        QCOMPARE(m_transformer->view().layer, 0);
    }
};

QTEST_GUILESS_MAIN(TstTransformerSession)
#include "tst_transformersession.moc"
