// A real model at work without a window (issue 47): opened on a sentence, typed into, its shown
// layer's vectors edited, heads switched off and layers reset as steps of one history, saved as a
// session and restored; the window's tests keep what only a window shows.
#include "document/document.h"
#include "lessons/lesson.h"
#include "livemodel/documentinterventions.h"
#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "workspace/modelworkspace.h"

#include "transformer/generation.h"
#include <QFileInfo>

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "workspacefixture.h"

using namespace qkv;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

class TstModelWorkspace : public WorkspaceFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QKV_PREPARE_CHECKPOINTS(m_fixtures);
        QString why;
        m_model = live::LiveModel::open(m_fixtures.path(u"gpt2"_s), &why);
        QVERIFY2(m_model, qPrintable(why));
    }
    void init()
    {
        newWorkspace();
        QSignalSpy running(m_workspace.get(), &ModelWorkspace::runningChanged);
        QSignalSpy shown(m_workspace.get(), &ModelWorkspace::runShown);
        QCOMPARE(m_workspace->open(m_model), u"The cat sat on the mat. The cat sat on the"_s);
        settle();
        QCOMPARE(running.count(), 1);
        QVERIFY(running.first().first().toBool());
        QVERIFY(shown.count() >= 1);
        QVERIFY(m_workspace->isRunning());
    }
    void cleanup() { closeWorkspace(); }

    // The first run is shown as the shown layer's document, read from the last token; the
    // settings are the model's.
    void openingRunsTheModel()
    {
        const live::LiveRun direct = live::run(*m_model, live()->sentence());
        QCOMPARE(m_session->document().tokens(), direct.attention->tokens);
        QCOMPARE(m_session->selectedToken(), int(direct.ids.size()) - 1);
        QCOMPARE(m_workspace->shownLayer(), 0);
        QVERIFY(m_workspace->showsOneHead());
        QVERIFY(m_workspace->valuesFixedReason().isEmpty());
        QVERIFY(!m_session->settingsFixed().isEmpty());
        QVERIFY(history()->count() == 0 && history()->isClean());
        // A second model keeps the sentence typed for the first.
        m_workspace->history()->typeSentence(u"the dog ran"_s);
        settle();
        QCOMPARE(m_workspace->open(m_model), u"the dog ran"_s);
        settle();
        QCOMPARE(history()->count(), 0);
        m_workspace->close();
        QVERIFY(!m_workspace->isRunning());
        QVERIFY(m_session->settingsFixed().isEmpty());
    }

    // A run whose later layers take a while shows the layer in view as soon as it is computed:
    // the new sentence's document of that layer, the layers still computing not offered; then
    // the whole run over the same document. A layer in view with none after it waits for the run.
    void aLongRunShowsItsLayerFirst()
    {
        live()->setPreviewAfter(0); // every run counts as long
        QSignalSpy previews(m_workspace.get(), &ModelWorkspace::previewShown);
        int layersAtPreview = -1;
        Document atPreview;
        connect(m_workspace.get(), &ModelWorkspace::previewShown, this, [&] {
            layersAtPreview = m_workspace->transformer()->model()->layers
                + 100 * m_workspace->transformer()->model()->layersComputing;
            atPreview = m_session->document();
        });
        const QString sentence = u"the dog ran after the ball"_s;
        m_workspace->history()->typeSentence(sentence);
        settle();
        const live::LiveRun direct = live::run(*m_model, sentence);
        const int layers = direct.attention->layers;
        QCOMPARE(previews.count(), 1);
        QCOMPARE(previews.first().at(0).toInt(), 1);
        QCOMPARE(previews.first().at(1).toInt(), layers);
        QCOMPARE(layersAtPreview, 1 + 100 * (layers - 1)); // 1 layer, the others computing
        QCOMPARE(atPreview.tokens(), direct.attention->tokens);
        QCOMPARE(m_workspace->transformer()->model()->layers, layers);
        QVERIFY(!live()->run()->preview);
        // The finished run's layer is the preview's; the document says it is whole now.
        for (int h = 0; h < direct.attention->heads; ++h)
            QVERIFY(m_session->document().attention(h) == atPreview.attention(h));
        QVERIFY(atPreview.description().contains(u"still computing"_s));
        QVERIFY(!m_session->document().description().contains(u"still computing"_s));
        QCOMPARE(m_session->selectedToken(), int(direct.ids.size()) - 1);
        for (int h = 0; h < direct.attention->heads; ++h)
            QVERIFY(m_workspace->transformer()->model()->weights(0, h) == direct.attention->weights(0, h));
        ModelView view = m_workspace->transformer()->view();
        view.layer = layers - 1;
        QVERIFY(m_workspace->transformer()->setView(view).isEmpty());
        m_workspace->history()->typeSentence(u"the cat ran"_s);
        settle();
        QCOMPARE(previews.count(), 1);
        QCOMPARE(m_workspace->transformer()->view().layer, layers - 1);
        QCOMPARE(m_session->document().tokens(), live::run(*m_model, u"the cat ran"_s).attention->tokens);
    }

    // Every change of the model is a step of its one history, and each undo and redo gives back
    // exactly the interventions, the shown numbers and the logits of that state.
    void everyChangeIsAStep()
    {
        const Eigen::MatrixXf own = live()->run()->forward->logits;
        ModelView view = m_workspace->transformer()->view();
        view.layer = 1;
        QVERIFY(m_workspace->transformer()->setView(view).isEmpty());
        m_session->setCurrentHead(2);
        const ValueRef ref {Field::Key, m_session->document().vectorKey(2), 2, 0, 3};
        const double old = m_session->document().value(ref);
        m_session->editValue(ref, old + 7);
        settle();
        const std::vector<transformer::Intervention> edited = live()->interventions();
        QCOMPARE(edited.size(), std::size_t(1));
        QCOMPARE(edited.front().layer, 1);
        m_workspace->switchHead(0, 1, true);
        settle();
        const std::vector<transformer::Intervention> ablated = live()->interventions();
        QCOMPARE(ablated.size(), std::size_t(2));
        QCOMPARE(m_workspace->switchedOffHeads(), (std::vector<std::pair<int, int>> {{0, 1}}));
        const double set = double(float(old + 7)); // the model's single precision
        QCOMPARE(m_session->document().value(ref), set);
        m_workspace->switchShownHead(0, true); // the shown layer's head 1
        settle();
        QVERIFY(m_workspace->isHeadOff(0));
        QCOMPARE(m_session->document().switchedOffHeads(), std::set<int> {0});
        m_workspace->resetLayer(1); // layer 2's own vectors, after layer 1's head 2 switched off
        settle();
        QVERIFY(!m_workspace->isHeadOff(0));
        QVERIFY(live::sameInterventions(live()->interventions(), live::withoutLayer(ablated, 1)));
        QVERIFY(m_session->document().value(ref) != set);
        m_workspace->resetLayer(-1);
        settle();
        QVERIFY(live()->interventions().empty());
        QCOMPARE(m_session->document().value(ref), old);
        QCOMPARE(history()->count(), 5);
        QVERIFY(history()->text(0).endsWith(u" in layer 2"_s));
        QCOMPARE(history()->text(1), u"Switch head 2 of layer 1 off"_s);
        QCOMPARE(history()->text(2), u"Switch head 1 of layer 2 off"_s);
        QCOMPARE(history()->text(3), u"Reset layer 2"_s);
        QCOMPARE(history()->text(4), u"Reset all layers"_s);
        // The document's own stack holds none of it: the model's history is the one.
        QCOMPARE(m_session->undoStack()->count(), 0);
        const std::vector<std::vector<transformer::Intervention>> states {
            {}, edited, ablated, live::withAblation(ablated, 1, 0, true), live::withoutLayer(ablated, 1), {}};
        for (int i = int(states.size()) - 2; i >= 0; --i) {
            history()->undo();
            settle();
            QVERIFY(live::sameInterventions(live()->interventions(), states[std::size_t(i)]));
            QVERIFY((live()->run()->forward->logits - logitsOf(states[std::size_t(i)])).cwiseAbs().maxCoeff() < 1e-5f);
        }
        QCOMPARE(m_session->document().value(ref), old);
        QVERIFY((live()->run()->forward->logits - own).cwiseAbs().maxCoeff() < 1e-6f);
        QVERIFY(history()->isClean());
        history()->redo();
        settle();
        QCOMPARE(m_session->document().value(ref), set);
    }

    // A look that combines the heads shows numbers no edit can hand back to the model.
    void combinedHeadsAreReadOnly()
    {
        ModelView view = m_workspace->transformer()->view();
        view.headsBy = Aggregate::Mean;
        QVERIFY(m_workspace->transformer()->setView(view).isEmpty());
        QVERIFY(!m_workspace->valuesFixedReason().isEmpty());
        QVERIFY(!m_workspace->showsOneHead());
        QVERIFY(!m_workspace->canSwitchHeadOff(0));
        const qsizetype steps = history()->count();
        m_workspace->switchShownHead(0, true); // no single head shown: the model's layer is
        settle();
        QCOMPARE(history()->count(), steps + 1);
        QCOMPARE(m_workspace->switchedOffHeads(), (std::vector<std::pair<int, int>> {{0, 0}}));
    }

private:
    // `saved` written and read back, then opened on `restored` (a workspace of its own) until its
    // first run is shown.
    void restoreInto(ModelWorkspace &restored, const live::SessionFile &saved) const
    {
        const live::SessionLoad loaded = live::parseSession(live::serializeSession(saved, {}), u"test"_s);
        QVERIFY2(loaded, qPrintable(loaded.error.toString()));
        restored.open(m_model, loaded.session->sentence);
        restored.restoreOnFirstRun(*loaded.session, true);
        QTRY_VERIFY_WITH_TIMEOUT(restored.isRunning() && !restored.live()->isComputing(), 10000);
    }

private Q_SLOTS:
    // What runs now, saved as a session and restored on a workspace of its own: the same
    // sentence, look and interventions, the history starting there.
    void aSessionRestoresAsItWasLeft()
    {
        m_workspace->history()->typeSentence(u"a cat sat on a mat . a cat"_s);
        settle();
        ModelView view = m_workspace->transformer()->view();
        view.layer = 1;
        QVERIFY(m_workspace->transformer()->setView(view).isEmpty());
        m_session->setCurrentHead(3);
        m_workspace->switchHead(0, 2, true);
        settle();
        const live::SessionFile saved = m_workspace->sessionFile();
        QCOMPARE(saved.sentence, u"a cat sat on a mat . a cat"_s);
        QCOMPARE(saved.layer, 1);
        QCOMPARE(saved.head, 3);
        DocumentSession session;
        ModelWorkspace restored(&session);
        restoreInto(restored, saved);
        session.waitForResult();
        QCOMPARE(restored.shownLayer(), 1);
        QCOMPARE(session.currentHead(), 3);
        QVERIFY(live::sameInterventions(restored.live()->interventions(), live()->interventions()));
        QVERIFY(
            (restored.live()->run()->forward->logits - live()->run()->forward->logits).cwiseAbs().maxCoeff() < 1e-6f);
        QCOMPARE(restored.history()->stack()->count(), 0); // where its history starts
        // Recovered: unsaved until saved again.
        QVERIFY(!restored.history()->stack()->isClean());
    }

    // A look at all layers combined (here the rollout) comes back as that, not as layer 1.
    void aCombinedLookRestores()
    {
        ModelView view = m_workspace->transformer()->view();
        view.layer = -1;
        view.layersBy = Aggregate::Rollout;
        QVERIFY(m_workspace->transformer()->setView(view).isEmpty());
        const live::SessionFile saved = m_workspace->sessionFile();
        QVERIFY(saved.layers == Aggregate::Rollout);
        DocumentSession session;
        ModelWorkspace restored(&session);
        restoreInto(restored, saved);
        session.waitForResult();
        QCOMPARE(restored.transformer()->view().layer, -1);
        QVERIFY(restored.transformer()->view().layersBy == Aggregate::Rollout);
        QCOMPARE(session.document().settings().heads, 1);
    }

    // A teacher's annotation on the shown layer stays through the runs that follow (it names its
    // tokens by their words).
    void annotationsStayAcrossRuns()
    {
        const Annotation box {AnnotationKind::Box, u"heatmap"_s, u"cat"_s, u"sat"_s, u"here"_s};
        m_session->editAnnotations({box}, u"Annotate"_s);
        m_workspace->history()->typeSentence(u"the cat sat down"_s);
        settle();
        QCOMPARE(m_session->document().tokens().size(), live::run(*m_model, u"the cat sat down"_s).ids.size());
        QCOMPARE(m_session->document().annotations(), std::vector<Annotation> {box});
        m_workspace->switchHead(0, 0, true);
        settle();
        QCOMPARE(m_session->document().annotations(), std::vector<Annotation> {box});
        // Each is a step of the model's one history, not of the document's stack (which the window
        // does not show while the model runs); undone, the runs after it keep it undone.
        QCOMPARE(history()->count(), 3);
        QCOMPARE(history()->text(0), u"Annotate"_s);
        QCOMPARE(m_session->undoStack()->count(), 0);
        // It goes with the session file, and comes back with it.
        const live::SessionLoad loaded
            = live::parseSession(live::serializeSession(m_workspace->sessionFile(), {}), u"test"_s);
        QVERIFY2(loaded, qPrintable(loaded.error.toString()));
        QCOMPARE(loaded.session->annotations, std::vector<Annotation> {box});
        DocumentSession session;
        ModelWorkspace restored(&session);
        restored.open(m_model, loaded.session->sentence);
        restored.restoreOnFirstRun(*loaded.session);
        QTRY_VERIFY_WITH_TIMEOUT(restored.isRunning() && !restored.live()->isComputing(), 10000);
        session.waitForResult();
        QCOMPARE(session.document().annotations(), std::vector<Annotation> {box});
        history()->undo();
        history()->undo();
        settle();
        history()->undo();
        QVERIFY(m_session->document().annotations().empty());
        history()->redo();
        QCOMPARE(m_session->document().annotations(), std::vector<Annotation> {box});
    }

    // A lesson's step on a model: its layer shown and its sentence typed (a step of the history);
    // the same sentence runs nothing again.
    void aLessonStepIsShown()
    {
        lessons::ModelStart next = m_workspace->shownStart();
        QCOMPARE(next.model, QFileInfo(m_fixtures.path(u"gpt2"_s)).absoluteFilePath());
        QCOMPARE(next.sentence, live()->sentence());
        next.layer = 1;
        QString error;
        QVERIFY(!m_workspace->showStart(next, &error)); // the same sentence: shown at once
        QVERIFY(error.isEmpty());
        QCOMPARE(m_workspace->shownLayer(), 1);
        // A step with another sentence: its token once the model has run on it.
        QSignalSpy ready(m_workspace.get(), &ModelWorkspace::lessonStepReady);
        lessons::StepState step;
        step.document = QJsonObject {{u"sentence"_s, u"the mat sat"_s}};
        step.token = u"mat"_s;
        m_workspace->enterLessonStep(step, &error);
        QCOMPARE(ready.count(), 0);
        settle();
        QCOMPARE(ready.count(), 1);
        QCOMPARE(ready.first().first().value<lessons::StepState>().token, u"mat"_s);
        QCOMPARE(m_workspace->shownStart().sentence, u"the mat sat"_s);
        QCOMPARE(m_session->document().tokens(), live::run(*m_model, u"the mat sat"_s).attention->tokens);
        QCOMPARE(history()->count(), 1);
        // Its answers go with the session file, and not to the next model.
        m_workspace->answerLesson(u"predict"_s, 0.5);
        QCOMPARE(m_workspace->sessionFile().lessonAnswers.value(u"predict"_s).toDouble(), 0.5);
        m_workspace->open(m_model, u"the cat sat on the mat"_s);
        QVERIFY(m_workspace->lessonAnswers().isEmpty());
        // A step entered before the model's first run (a lesson resumed) waits for it.
        step.document = QJsonObject {{u"sentence"_s, u"the cat sat on the mat"_s}};
        step.token = u"cat"_s;
        m_workspace->enterLessonStep(step, &error);
        QCOMPARE(ready.count(), 1);
        settle();
        QCOMPARE(ready.count(), 2);
        QCOMPARE(ready.last().first().value<lessons::StepState>().token, u"cat"_s);
    }

    // A step that names a generation shows its sentence and what the model writes after it: the
    // same text as the library writes, the same again on entering the step again, and the same
    // for a step entered before the model's first run.
    void aLessonStepWrites()
    {
        QString error;
        const auto induction = live::LiveModel::open(u"example:induction"_s, &error);
        QVERIFY2(induction, qPrintable(error));
        const QString prompt = u"the cat sat on the mat. the cat"_s;
        m_workspace->open(induction, prompt);
        settle();
        lessons::StepState step;
        step.document = QJsonObject {{u"sentence"_s, prompt}};
        step.generate = lessons::Generation {5, 0.9, 0, 1, 5};
        std::vector<int> ids = induction->encode(prompt).ids;
        const transformer::Generated g = transformer::generate(induction->model(), ids, 5, {0.9, 0, 1, 5});
        QCOMPARE(g.ids.size(), std::size_t(5));
        ids.insert(ids.end(), g.ids.begin(), g.ids.end());
        const QString text = induction->tokenizer().decode(ids);
        QVERIFY2(text.startsWith(prompt) && text != prompt, qPrintable(text));
        QSignalSpy ready(m_workspace.get(), &ModelWorkspace::lessonStepReady);
        m_workspace->enterLessonStep(step, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        settle();
        QCOMPARE(ready.count(), 1);
        QCOMPARE(live()->sentence(), text);
        QCOMPARE(live()->run()->ids, ids);
        m_workspace->enterLessonStep(step, &error); // again: the same text, nothing to run
        QCOMPARE(ready.count(), 2);
        QCOMPARE(live()->sentence(), text);
        // Before the first run (a lesson resumed at this step): the model writes once it runs.
        m_workspace->open(induction, prompt);
        m_workspace->enterLessonStep(step, &error);
        settle();
        QCOMPARE(ready.count(), 3);
        QCOMPARE(live()->sentence(), text);
        QCOMPARE(history()->count(), 1);
    }

    // A document shown in the model's place ends the run and forgets the lesson's answers, which
    // until then go with the document Save writes.
    void aDocumentEndsTheRun()
    {
        m_workspace->answerLesson(u"predict"_s, 0.25);
        const Document saved = m_workspace->documentWithAnswers();
        QCOMPARE(saved.extraKeys().value(u"lesson_answers"_s).toObject().value(u"predict"_s).toDouble(), 0.25);
        QVERIFY(!m_session->document().extraKeys().contains(u"lesson_answers"_s)); // the shown one has none
        QSignalSpy running(m_workspace.get(), &ModelWorkspace::runningChanged);
        Document doc;
        doc.setSentence(u"a b c"_s);
        m_workspace->showDocument(doc);
        QVERIFY(!m_workspace->isRunning());
        QVERIFY(!live()->isOpen() && !m_workspace->transformer()->isOpen());
        QCOMPARE(running.count(), 1);
        QCOMPARE(m_session->document().sentence(), u"a b c"_s);
        QVERIFY(m_workspace->lessonAnswers().isEmpty());
        QVERIFY(m_session->settingsFixed().isEmpty());
        QVERIFY(m_workspace->documentWithAnswers() == m_session->document());
    }

    // With no model running, a document of several heads switches its own off, one undo step of
    // the document.
    void aDocumentsHeadSwitchesOff()
    {
        Document doc;
        Settings s = doc.settings();
        s.heads = 2;
        doc.setSettings(s);
        m_workspace->showDocument(doc);
        QVERIFY(m_workspace->canSwitchHeadOff(1));
        QVERIFY(!m_workspace->isHeadOff(1));
        m_workspace->switchShownHead(1, true);
        m_session->waitForResult();
        QVERIFY(m_workspace->isHeadOff(1));
        QCOMPARE(m_session->undoStack()->undoText(), u"Switch head 2 off"_s);
        m_session->undoStack()->undo();
        QVERIFY(!m_workspace->isHeadOff(1));
    }
};

QTEST_GUILESS_MAIN(TstModelWorkspace)
#include "tst_modelworkspace.moc"
