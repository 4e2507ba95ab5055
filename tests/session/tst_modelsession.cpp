// A real model's attention held by the session on its own (no window): each look (layer, heads)
// becomes the session's document with the file's numbers, edits of a look are kept while others
// are looked at, a look the model cannot give is refused with its reason, and a model computed
// again keeps the layer, head and token looked at where the new numbers have them.
#include "document/documentio.h"
#include "modelfixture.h"
#include "session/documentsession.h"
#include "session/modelsession.h"

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

class TstModelSession : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<DocumentSession> m_session;
    std::unique_ptr<ModelSession> m_model;

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
    ValueRef firstQuery() const { return {Field::Query, m_session->document().vectorKey(0), 0, 0, 0}; }
    ModelView layer(int l) const
    {
        ModelView v = m_model->view();
        v.layer = l;
        return v;
    }

private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<DocumentSession>();
        m_model = std::make_unique<ModelSession>(m_session.get());
        const QString path = write(u"cats.json"_qs, cats());
        const OpenedFile opened = openFile(path);
        QVERIFY2(opened.model, qPrintable(opened.loaded.error.toString()));
        QSignalSpy changed(m_model.get(), &ModelSession::modelChanged);
        m_model->show(opened, path);
        QCOMPARE(changed.count(), 1);
    }
    void cleanup()
    {
        m_model.reset();
        m_session.reset();
    }

    void theFirstLookIsLayerOneWithTheFilesNumbers()
    {
        QVERIFY(m_model->isOpen());
        QCOMPARE(m_model->view().layer, 0);
        QCOMPARE(m_session->document().tokens(), cats().tokens);
        QCOMPARE(m_session->document().settings().heads, 2);
        for (int h = 0; h < 2; ++h)
            QVERIFY(near(weights(h), cats().attention(0, h)));
    }

    void anotherLayerShowsItsOwnNumbers()
    {
        QSignalSpy viewChanged(m_model.get(), &ModelSession::viewChanged);
        m_session->setCurrentHead(1);
        m_session->setSelectedToken(2);
        QCOMPARE(m_model->setView(layer(1)), QString());
        QCOMPARE(viewChanged.count(), 1);
        QCOMPARE(m_model->view().layer, 1);
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
        QCOMPARE(m_model->setView(layer(1)), QString());
        QCOMPARE(m_model->editedOtherViews(), 1);
        QVERIFY(!m_model->shownViewWasEdited());
        QCOMPARE(m_model->setView(layer(0)), QString());
        QCOMPARE(m_session->document().value(firstQuery()), 3.5);
        QVERIFY(near(weights(0), edited));
        QVERIFY(m_model->shownViewWasEdited()); // its undo history is gone: the session says so
        QCOMPARE(m_model->editedOtherViews(), 0);
        m_model->markShownViewSaved();
        QVERIFY(!m_model->shownViewWasEdited());
    }

    void aLookTheModelCannotGiveIsRefusedAndNothingMoves()
    {
        const Document before = m_session->document();
        const QString why = m_model->setView(layer(5));
        QVERIFY2(!why.isEmpty(), "a layer the model does not have");
        QCOMPARE(m_model->view().layer, 0);
        QVERIFY(m_session->document() == before);
    }

    void aModelComputedAgainKeepsWhatIsLookedAt()
    {
        QCOMPARE(m_model->setView(layer(1)), QString());
        m_session->setCurrentHead(1);
        m_session->setSelectedToken(4);
        // The same tokens computed again by a model of one layer: layer 2 is gone, so layer 1 shows.
        const test::ModelFixture oneLayer(cats().tokens, 1, 2, 4);
        const OpenedFile again = openFile(write(u"again.json"_qs, oneLayer));
        QVERIFY(again.model);
        QSignalSpy replaced(m_model.get(), &ModelSession::modelReplaced);
        m_model->replace(again.model, false);
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(m_model->view().layer, 0);
        QVERIFY(near(weights(1), oneLayer.attention(0, 1)));
        QCOMPARE(m_session->currentHead(), 1);
        QCOMPARE(m_session->selectedToken(), 4);
    }

    void closingForgetsTheModel()
    {
        QSignalSpy changed(m_model.get(), &ModelSession::modelChanged);
        m_model->close();
        QVERIFY(!m_model->isOpen());
        QCOMPARE(m_model->path(), QString());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m_model->setView(layer(1)), QString()); // nothing to look at: no change
        QCOMPARE(m_model->view().layer, 0);
    }
};

QTEST_GUILESS_MAIN(TstModelSession)
#include "tst_modelsession.moc"
