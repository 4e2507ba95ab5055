// The undo history of a running model: typing in bursts, the edits of one drag as one step,
// a drag that ends where it began as none, and undo putting back sentence and interventions
// together. Runs the model built into the program.
#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "session/livehistory.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

using namespace qkv;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

class TstLiveHistory : public QObject
{
    Q_OBJECT

private:
    std::shared_ptr<const live::LiveModel> m_model;
    std::unique_ptr<live::LiveSession> m_live;
    std::unique_ptr<LiveHistory> m_history;

    QUndoStack *stack() const { return m_history->stack(); }
    // Layer 1's first head's query with one number moved by `by`.
    transformer::Intervention movedQuery(float by) const
    {
        Eigen::MatrixXf q = m_live->baseline()->forward->layers[0].heads[0].query;
        q(1, 2) += by;
        return {0, 0, Kind::Query, q};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QString why;
        m_model = live::LiveModel::open(u"example:induction"_s, &why);
        QVERIFY2(m_model, qPrintable(why));
    }

    void init()
    {
        m_live = std::make_unique<live::LiveSession>();
        m_history = std::make_unique<LiveHistory>(m_live.get());
        m_live->open(m_model, u"the cat sat on the mat"_s);
        m_live->waitForRun();
    }

    void cleanup()
    {
        m_history.reset();
        m_live.reset();
    }

    void typingIsAStepAWord()
    {
        for (const QString &typed : {u"the cat sat on the mat ."_s, u"the cat sat on the mat . t"_s,
                 u"the cat sat on the mat . th"_s, u"the cat sat on the mat . the"_s,
                 u"the cat sat on the mat . the "_s, u"the cat sat on the mat . the c"_s})
            m_history->typeSentence(typed);
        QCOMPARE(stack()->count(), 2); // up to "the ", then "c": a new word after a space
        QCOMPARE(stack()->text(0), u"Type “. the”"_s); // what was typed, not the whole sentence
        QCOMPARE(stack()->undoText(), u"Type “c”"_s);
        QCOMPARE(m_live->sentence(), u"the cat sat on the mat . the c"_s);
        QSignalSpy restored(m_history.get(), &LiveHistory::sentenceRestored);
        stack()->undo();
        QCOMPARE(m_live->sentence(), u"the cat sat on the mat . the "_s);
        QCOMPARE(restored.count(), 1);
        QCOMPARE(restored.back().front().toString(), m_live->sentence());
        m_live->waitForRun();
        QCOMPARE(m_live->run()->sentence, m_live->sentence());
        stack()->undo();
        QCOMPARE(m_live->sentence(), u"the cat sat on the mat"_s);
        QVERIFY(stack()->isClean());
    }

    void aDragIsOneStepAndADragBackIsNone()
    {
        m_history->changeInterventions({movedQuery(1)}, u"Drag"_s, 7);
        m_history->changeInterventions({movedQuery(2)}, u"Drag"_s, 7);
        QCOMPARE(stack()->count(), 1);
        QVERIFY(live::sameInterventions(m_live->interventions(), {movedQuery(2)}));
        m_history->changeInterventions({movedQuery(3)}, u"Drag"_s, 8); // another drag
        QCOMPARE(stack()->count(), 2);
        m_history->changeInterventions({movedQuery(2)}, u"Drag"_s, 8); // back where it began
        QCOMPARE(stack()->count(), 1);
        QVERIFY(live::sameInterventions(m_live->interventions(), {movedQuery(2)}));
        m_history->changeInterventions({movedQuery(2)}, u"Typed"_s); // no change, no step
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QVERIFY(m_live->interventions().empty());
        stack()->redo();
        QVERIFY(live::sameInterventions(m_live->interventions(), {movedQuery(2)}));
        m_live->waitForRun();
        QVERIFY(m_live->run()->forward->layers[0].heads[0].query == movedQuery(2).values);
    }

    void typingDropsReplacedNumbersAndUndoBringsThemBack()
    {
        m_history->changeInterventions(live::withAblation({movedQuery(1)}, 1, 2, true), u"Edit"_s);
        m_history->typeSentence(u"the dog"_s);
        QCOMPARE(m_live->interventions().size(), std::size_t(1)); // the ablation stays
        QVERIFY(live::isAblated(m_live->interventions(), 1, 2));
        m_live->waitForRun();
        QVERIFY(*m_live->run());
        stack()->undo();
        QCOMPARE(m_live->sentence(), u"the cat sat on the mat"_s);
        QCOMPARE(m_live->interventions().size(), std::size_t(2));
        m_live->waitForRun();
        QVERIFY(m_live->run()->forward->layers[0].heads[0].query == movedQuery(1).values);
    }

    // A long history keeps each matrix once: steps share what an edit did not change.
    void stepsShareWhatTheyDidNotChange()
    {
        std::vector<transformer::Intervention> state {movedQuery(1)};
        m_history->changeInterventions(state, u"Edit"_s);
        for (int k = 0; k < 10; ++k) {
            state = live::withAblation(state, 1, k % 4, k % 8 < 4);
            m_history->changeInterventions(state, u"Switch"_s);
        }
        QCOMPARE(stack()->count(), 11);
        // The edited query once (not in each of 22 states), and each ablation as it came.
        QVERIFY2(m_history->interventionsHeld() <= 11, qPrintable(QString::number(m_history->interventionsHeld())));
        while (stack()->canUndo())
            stack()->undo();
        QVERIFY(m_live->interventions().empty());
        while (stack()->canRedo())
            stack()->redo();
        QVERIFY(live::sameInterventions(m_live->interventions(), state));
    }

    void anotherModelStartsAnotherHistory()
    {
        m_history->changeInterventions(live::withAblation({}, 0, 0, true), u"Off"_s);
        QCOMPARE(stack()->count(), 1);
        m_live->open(m_model, u"a b c"_s);
        QCOMPARE(stack()->count(), 0);
        m_history->changeInterventions(live::withAblation({}, 0, 0, true), u"Off"_s);
        m_live->close();
        QCOMPARE(stack()->count(), 0);
        m_history->typeSentence(u"nothing runs"_s); // no model: no step
        QCOMPARE(stack()->count(), 0);
    }
};

QTEST_GUILESS_MAIN(TstLiveHistory)
#include "tst_livehistory.moc"
