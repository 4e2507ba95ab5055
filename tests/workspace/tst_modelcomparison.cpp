// A model against another file of itself, without a window (ModelComparison): GGUF files of the
// same random weights in F32 and F16 (the F16 one the F32 values rounded). The other file runs
// every sentence and edit shown; its numbers of the shown look are the views' baseline (a
// snapshot named after it, no step of the history), following the sentence, the layer and the
// interventions; stopping takes the snapshot away; a file of another shape is refused (other tokens:
// tst_modeldifference).
#include "document/snapshot.h"
#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "workspace/continuationbaseline.h"
#include "workspace/modelcomparison.h"
#include "workspace/modelworkspace.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "randomllama.h"

using namespace qkv;
using namespace Qt::StringLiterals;

class TstModelComparison : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<DocumentSession> m_session;
    std::unique_ptr<ModelWorkspace> m_workspace;

    std::shared_ptr<const live::LiveModel> open(const QString &preset, int layers = 2, int vocab = 1000)
    {
        test::LlamaShape shape;
        shape.layers = layers;
        shape.vocab = vocab;
        shape.amplitude = 0.3f;
        const QString path = m_dir.filePath(u"%1-%2-%3.gguf"_s.arg(preset).arg(layers).arg(vocab));
        QString error;
        if (!QFile::exists(path) && !test::writeRandomLlamaGguf(path, shape, preset, 11, &error))
            qWarning().noquote() << error;
        std::shared_ptr<const live::LiveModel> model = live::LiveModel::open(path, &error);
        if (!model)
            qWarning().noquote() << error;
        return model;
    }
    ModelComparison *comparison() const { return m_workspace->comparison(); }
    void settle()
    {
        QTRY_VERIFY_WITH_TIMEOUT(!m_workspace->live()->isComputing(), 20000);
        comparison()->waitForRun();
        m_session->waitForResult();
    }
    // The baseline's attention for `head` of the shown look (recomputed in double from the
    // snapshot's queries and keys: 1e-6 from the run's float32) against `theirs`, by default the
    // other file's run.
    double baselineGap(int layer, int head, std::shared_ptr<const live::LiveRun> theirs = nullptr) const
    {
        const Result *baseline = m_session->baselineResult(true);
        if (!theirs)
            theirs = comparison()->run();
        if (!baseline || !theirs)
            return -1;
        const Eigen::MatrixXd want
            = theirs->forward->layers[std::size_t(layer)].heads[std::size_t(head)].attention.cast<double>();
        const Eigen::MatrixXd &have = baseline->heads[std::size_t(head)].weights;
        return have.rows() == want.rows() ? (have - want).cwiseAbs().maxCoeff() : 1e9;
    }

private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<DocumentSession>();
        m_workspace = std::make_unique<ModelWorkspace>(m_session.get());
        const auto model = open(u"F32"_s);
        QVERIFY(model);
        m_workspace->open(model, u"t300 t301 t302 t300 t301"_s);
        QTRY_VERIFY_WITH_TIMEOUT(!m_workspace->live()->isComputing(), 20000);
        m_session->waitForResult();
    }
    void cleanup()
    {
        m_workspace.reset();
        m_session.reset();
    }

    void theOtherFileIsTheBaseline()
    {
        const int steps = m_workspace->history()->stack()->count();
        QSignalSpy changed(comparison(), &ModelComparison::changed);
        QCOMPARE(comparison()->start(open(u"F16"_s)), QString());
        settle();
        QVERIFY(comparison()->isComparing());
        QVERIFY(changed.count() >= 2); // started, then its run shown
        const QString name = comparison()->snapshotName();
        QCOMPARE(name, u"Compared: F16-2-1000.gguf"_s);
        QCOMPARE(m_session->document().baseline(), name);
        const double gap = baselineGap(0, 1);
        QVERIFY2(gap >= 0 && gap < 1e-5, qPrintable(QString::number(gap)));
        // F16's rounding moved the attention, a little.
        const double moved = (m_session->result().heads[1].weights - m_session->baselineResult(true)->heads[1].weights)
                                 .cwiseAbs()
                                 .maxCoeff();
        QVERIFY2(moved > 0 && moved < 0.05, qPrintable(QString::number(moved)));

        // Another layer shown: the baseline is the other file's numbers of that layer.
        ModelView view = m_workspace->transformer()->view();
        view.layer = 1;
        QCOMPARE(m_workspace->transformer()->setView(view), QString());
        settle();
        QCOMPARE(m_session->document().baseline(), name);
        QVERIFY2(baselineGap(1, 2) < 1e-5, qPrintable(QString::number(baselineGap(1, 2))));

        // A new sentence: the other file runs it too.
        m_workspace->live()->setSentence(u"t400 t401 t402"_s);
        settle();
        QCOMPARE(comparison()->run()->sentence, u"t400 t401 t402"_s);
        QCOMPARE(m_session->baselineResult(true)->heads[0].weights.rows(), m_session->result().heads[0].weights.rows());
        QVERIFY(baselineGap(1, 0) < 1e-5);

        // A head switched off: the other file runs with it off too.
        m_workspace->switchHead(0, 3, true);
        settle();
        QVERIFY(comparison()->run());
        QCOMPARE(comparison()->run()->forward->interventions.size(), std::size_t(1));

        // Comparing took no step of the history (the switched-off head is one).
        QCOMPARE(m_workspace->history()->stack()->count(), steps + 1);

        comparison()->stop();
        QVERIFY(!comparison()->isComparing());
        QVERIFY(m_session->document().baseline().isEmpty());
        QVERIFY(!findSnapshot(m_session->document().snapshots(), name));
    }

    // A generated text written again after an edit, against its first continuation: the first
    // run is the baseline of every look, until a text of another length is shown.
    void aFirstContinuationIsTheBaseline()
    {
        const std::shared_ptr<const live::LiveRun> first = m_workspace->live()->run();
        m_workspace->switchHead(0, 1, true);
        m_workspace->history()->replaceSentence(u"t300 t301 t302 t303 t304"_s, u"Generate"_s);
        settle();
        ContinuationBaseline baseline(m_workspace.get());
        baseline.compare(first);
        QVERIFY(baseline.isComparing());
        const QString name = ContinuationBaseline::snapshotName();
        QCOMPARE(m_session->document().baseline(), name);
        m_session->waitForResult();
        QVERIFY2(baselineGap(0, 1, first) < 1e-5, qPrintable(QString::number(baselineGap(0, 1, first))));
        // The head switched off and the other tokens moved the attention of the last rows.
        const double moved = (m_session->result().heads[1].weights - m_session->baselineResult(true)->heads[1].weights)
                                 .cwiseAbs()
                                 .maxCoeff();
        QVERIFY2(moved > 1e-3, qPrintable(QString::number(moved)));

        ModelView view = m_workspace->transformer()->view();
        view.layer = 1;
        QCOMPARE(m_workspace->transformer()->setView(view), QString());
        settle();
        QCOMPARE(m_session->document().baseline(), name);
        QVERIFY2(baselineGap(1, 2, first) < 1e-5, qPrintable(QString::number(baselineGap(1, 2, first))));

        // Another length: nothing to compare by place.
        m_workspace->live()->setSentence(u"t400 t401 t402"_s);
        settle();
        QVERIFY(!baseline.isComparing());
        QVERIFY(m_session->document().baseline().isEmpty());
        QVERIFY(!findSnapshot(m_session->document().snapshots(), name));
    }

    void anotherModelIsRefused()
    {
        const QString why = comparison()->start(open(u"F32"_s, 3));
        QVERIFY2(why.contains(u"3 layers"_s) && why.contains(u"not files of one model"_s), qPrintable(why));
        QVERIFY(!comparison()->isComparing());
        QVERIFY(comparison()->start(open(u"F16"_s, 2, 1200)).contains(u"1200 tokens"_s));
        QVERIFY(m_session->document().baseline().isEmpty());
    }
};

QTEST_MAIN(TstModelComparison)
#include "tst_modelcomparison.moc"
