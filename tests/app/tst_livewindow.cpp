// A real model run live in the window (issue 14), driven as a user drives it: open a model
// folder, type, edit a key in the Q | K | V table, undo, switch a head off, reset.
#include "app/mainwindow.h"
#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "session/documenttablemodel.h"
#include "session/transformersession.h"
#include "views/heatmapview.h"
#include "views/layersgridview.h"
#include "views/predictionview.h"
#include "views/scrubtableview.h"
#include "views/switchedoffbar.h"
#include "views/workedview.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoGroup>
#include <QUndoStack>

#include "livewindowfixture.h"
#include "named.h"

using namespace qkv;
using namespace Qt::StringLiterals;
using Kind = transformer::Intervention::Kind;

class TstLiveWindow : public QObject, test::LiveWindowFixture
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { prepare(); }
    void init() { openModel(); }
    void cleanup() { closeWindow(); }

    void openingAModelFolderRunsItOnASentence()
    {
        QVERIFY(live()->isOpen());
        QVERIFY(m_window->transformerSession()->isOpen());
        QVERIFY(child<QDockWidget>("modelDock")->isVisible());
        QVERIFY(child<QDockWidget>("predictionDock")->isVisible());
        QVERIFY(m_window->windowTitle().contains(u"gpt2"_s));
        const QString sentence = child<QLineEdit>("sentenceEdit")->text();
        QVERIFY(!sentence.isEmpty());
        const live::LiveRun direct = live::run(*m_reference, sentence);
        QCOMPARE(session()->document().tokens(), direct.attention->tokens);
        // The Prediction dock: the model's most probable next tokens, most probable first.
        QCOMPARE(predictions()->predictions().size(), std::size_t(1));
        const std::vector<PredictedBar> &bars = predictions()->predictions().front().bars;
        QCOMPARE(bars.size(), std::size_t(8));
        for (std::size_t i = 0; i < bars.size(); ++i) {
            QCOMPARE(bars[i].token, direct.predictions.front().top[i].token);
            QVERIFY(std::abs(bars[i].probability - direct.predictions.front().top[i].probability) < 1e-6);
            QVERIFY(!bars[i].before);
        }
        QVERIFY(predictions()->barRect(0, 0).width() >= predictions()->barRect(0, 7).width());
    }

    void typingRunsTheModelOnTheNewSentence()
    {
        auto *edit = child<QLineEdit>("sentenceEdit");
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, u"the dog ran on the mat . the dog"_s);
        QVERIFY(live()->isComputing());
        settle();
        QCOMPARE(live()->run()->sentence, u"the dog ran on the mat . the dog"_s);
        const live::LiveRun direct = live::run(*m_reference, u"the dog ran on the mat . the dog"_s);
        QCOMPARE(session()->document().tokens(), direct.attention->tokens);
        QCOMPARE(m_window->transformerSession()->model()->n, int(direct.ids.size()));
        QCOMPARE(predictions()->predictions().front().bars.front().token, direct.predictions.front().top.front().token);
        QCOMPARE(edit->text(), u"the dog ran on the mat . the dog"_s); // what was typed stays
        // A causal model predicts from its last token: a new sentence is read from there.
        QCOMPARE(session()->selectedToken(), int(direct.ids.size()) - 1);
        // Typing is a step a word, as in documents; undo puts the sentence back and reruns it.
        QCOMPARE(history()->count(), 9);
        QCOMPARE(history()->undoText(), u"Type “dog”"_s);
        child<QAction>("actionUndo")->trigger();
        QCOMPARE(edit->text(), u"the dog ran on the mat . the "_s);
        settle();
        QCOMPARE(live()->run()->sentence, edit->text());
        while (history()->canUndo())
            child<QAction>("actionUndo")->trigger();
        QCOMPARE(edit->text(), m_window->liveSession()->sentence());
        settle();
        QVERIFY(edit->text() != u"the dog ran on the mat . the dog"_s);
        QCOMPARE(live()->run()->sentence, edit->text());
        QCOMPARE(session()->document().tokens(), live::run(*m_reference, edit->text()).attention->tokens);
        QVERIFY(history()->isClean());
        QVERIFY(!m_window->isWindowModified());
    }

    // The status bar's bar counts the layers of a long run, and is painted with the rest of the
    // window, never on its own at each layer (QProgressBar repaints at once by itself).
    void theBusyBarCountsTheLayers()
    {
        auto *bar = child<QProgressBar>("liveBusy");
        Q_EMIT live()->computingChanged(true);
        QCOMPARE(bar->maximum(), 0); // moving until the model says how far it is
        Q_EMIT live()->progress(3, 12);
        QCOMPARE(bar->maximum(), 12);
        QCOMPARE(bar->value(), 3);
        QCOMPARE(bar->toolTip(), u"Layer 3 of 12"_s);
        QVERIFY(bar->updatesEnabled());
        Q_EMIT live()->computingChanged(false);
        QVERIFY(bar->isHidden());
    }

    // Every change of the model is a step of its history: a key edited, a head of an earlier
    // layer switched off, everything reset. Each undo and redo gives back exactly the
    // interventions, the shown numbers and the logits of that state.
    // The window's Undo, Redo, History and title follow the model's history: a layer chosen in the
    // grid, a key edited, a head switched off there and Reset All are its steps. (tst_modelworkspace
    // checks each state's numbers and logits against a direct forward pass.)
    void theWindowFollowsTheModelsHistory()
    {
        auto *grid = child<LayersGridView>("grid");
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->tileRect(grid->rect(), 1, 2).center().toPoint());
        settle();
        const ValueRef ref {Field::Key, session()->document().vectorKey(2), 2, 0, 3};
        const double old = session()->document().value(ref);
        session()->editValue(ref, old + 7);
        settle();
        Q_EMIT grid->switchRequested(0, 1, true);
        settle();
        child<QAction>("actionResetAll")->trigger();
        settle();
        QVERIFY(history() != session()->undoStack()); // the model's, not the document's
        QCOMPARE(history()->count(), 3);
        QCOMPARE(history()->text(1), u"Switch head 2 of layer 1 off"_s);
        QCOMPARE(history()->undoText(), u"Reset all layers"_s);
        QVERIFY(history()->text(0).endsWith(u" in layer 2"_s));
        QVERIFY(m_window->isWindowModified());

        auto *undo = child<QAction>("actionUndo");
        auto *redo = child<QAction>("actionRedo");
        QVERIFY(undo->text().contains(u"Reset all layers"_s));
        const double set = double(float(old + 7)); // in the model's single precision
        const auto check = [&](double value, bool off) {
            settle();
            QCOMPARE(session()->document().value(ref), value);
            QCOMPARE(grid->isSwitchedOff(0, 1), off);
        };
        undo->trigger();
        check(set, true);
        undo->trigger();
        check(set, false);
        undo->trigger();
        check(old, false);
        QVERIFY(!undo->isEnabled());
        QVERIFY(!m_window->isWindowModified());
        for (const auto &[value, off] : {std::pair {set, false}, {set, true}, {old, false}}) {
            redo->trigger();
            check(value, off);
        }
        QVERIFY(!redo->isEnabled());
        QVERIFY(m_window->isWindowModified());
    }

    void aKeyEditedInTheTableFlowsToThePrediction()
    {
        // Layer 1 (the second), head 2: the key of token 2, component 3, edited in the table.
        auto *grid = child<LayersGridView>("grid");
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->tileRect(grid->rect(), 1, 2).center().toPoint());
        settle();
        QCOMPARE(m_window->transformerSession()->view().layer, 1);
        QCOMPARE(session()->currentHead(), 2);
        auto *table = child<ScrubTableView>("wordsTable");
        auto *model = qobject_cast<DocumentTableModel *>(table->model());
        QVERIFY(model);
        const ValueRef ref {Field::Key, session()->document().vectorKey(2), 2, 0, 3};
        QModelIndex cell;
        for (int c = 0; c < model->columnCount() && !cell.isValid(); ++c)
            if (model->refAt(2, c) == ref)
                cell = model->index(2, c);
        QVERIFY(cell.isValid());
        const double old = session()->document().value(ref);
        QVERIFY(model->setData(cell, old + 40.0)); // as the cell's editor commits
        settle();

        // The reference: a whole forward pass with that key.
        const std::shared_ptr<const live::LiveRun> own = live()->baseline();
        Eigen::MatrixXf key = own->forward->layers[1].heads[2].key;
        key(2, 3) = float(old + 40.0);
        transformer::ForwardOptions options;
        options.interventions = {{1, 2, Kind::Key, key}};
        const transformer::ForwardResult expected = transformer::forward(m_reference->model(), own->ids, options);
        QCOMPARE(live()->interventions().size(), std::size_t(1));
        QVERIFY((live()->run()->forward->logits - expected.logits).cwiseAbs().maxCoeff() < 1e-5f);
        // Before → after for every bar: the model's own probability and the reference's.
        const auto probability = [this](const Eigen::MatrixXf &logits, const QString &token) {
            const Eigen::ArrayXd l = logits.row(0).transpose().cast<double>().array();
            const Eigen::ArrayXd p = (l - l.maxCoeff()).exp() / (l - l.maxCoeff()).exp().sum();
            for (int id = 0; id < int(p.size()); ++id)
                if (m_reference->tokenizer().display(id) == token)
                    return p[id];
            return -1.0;
        };
        const std::vector<PredictedBar> &bars = predictions()->predictions().front().bars;
        QVERIFY(!bars.empty());
        double changed = 0;
        for (const PredictedBar &b : bars) {
            QVERIFY(b.before.has_value());
            QVERIFY(std::abs(b.probability - probability(expected.logits, b.token)) < 1e-6);
            QVERIFY(std::abs(*b.before - probability(own->forward->logits, b.token)) < 1e-6);
            changed = std::max(changed, std::abs(b.probability - *b.before));
        }
        QVERIFY(changed > 1e-6);
        QCOMPARE(session()->document().value(ref), old + 40.0); // the edit stays shown

        // Undo takes the intervention back: the model's own prediction again.
        history()->undo();
        settle();
        QVERIFY(live()->interventions().empty());
        for (const PredictedBar &b : predictions()->predictions().front().bars)
            QVERIFY(!b.before);
        QVERIFY((live()->run()->forward->logits - own->forward->logits).cwiseAbs().maxCoeff() < 1e-6f);
    }

    void aHeadSwitchedOffChangesThePredictionAndResetBringsItBack()
    {
        const std::shared_ptr<const live::LiveRun> own = live()->run();
        auto *off = child<QAction>("actionAblateHead");
        QVERIFY(off->isEnabled());
        off->trigger(); // layer 1, head 1 (the first shown)
        settle();
        QVERIFY(child<LayersGridView>("grid")->isSwitchedOff(0, 0));
        QVERIFY(off->isChecked());
        transformer::ForwardOptions options;
        options.interventions = {{0, 0, Kind::Ablate, {}}};
        const transformer::ForwardResult expected = transformer::forward(m_reference->model(), own->ids, options);
        QVERIFY((live()->run()->forward->logits - expected.logits).cwiseAbs().maxCoeff() < 1e-5f);
        QVERIFY(predictions()->predictions().front().bars.front().before.has_value());

        // Where the user looks: a bar over the views, the head's result marked, its worked output zero.
        auto *bar = child<SwitchedOffBar>("switchedOffBar");
        QVERIFY(bar->isVisible());
        QVERIFY2(bar->text().startsWith(u"Head 1 of layer 1 is switched off"_s), qPrintable(bar->text()));
        QVERIFY(session()->document().isSwitchedOff(0));
        QVERIFY(session()->result().heads[0].switchedOff);
        QVERIFY(!session()->result().heads[1].switchedOff);
        QVERIFY(child<WorkedView>("workedView")->markdown().contains(u"Head 1 is switched off"_s));

        child<QAction>("actionResetAll")->trigger();
        settle();
        QVERIFY(!child<LayersGridView>("grid")->isSwitchedOff(0, 0));
        QVERIFY(!off->isChecked());
        QVERIFY(!bar->isVisible());
        QVERIFY((live()->run()->forward->logits - own->forward->logits).cwiseAbs().maxCoeff() < 1e-6f);

        // The bar's Switch On undoes a switch made from the Model dock's grid.
        Q_EMIT child<LayersGridView>("grid")->switchRequested(0, 0, true);
        settle();
        QVERIFY(bar->isVisible());
        QTest::mouseClick(child<QPushButton>("switchOnButton"), Qt::LeftButton);
        settle();
        QVERIFY(live()->interventions().empty());
        QVERIFY(!bar->isVisible());
    }

    void resetLayerGivesBackTheModelsOwnVectors()
    {
        const ValueRef ref {Field::Query, session()->document().vectorKey(1), 0, 0, 0};
        const double own = session()->document().value(ref);
        session()->editValue(ref, own + 2);
        settle();
        QCOMPARE(live()->interventions().size(), std::size_t(1));
        child<QAction>("actionResetLayer")->trigger();
        settle();
        QVERIFY(live()->interventions().empty());
        QCOMPARE(session()->document().value(ref), own);
    }

    void aTransformerSessionReopensAsItWasLeft()
    {
        // Layer 2, head 3, a key edited and a head of layer 1 switched off.
        auto *grid = child<LayersGridView>("grid");
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->tileRect(grid->rect(), 1, 2).center().toPoint());
        settle();
        const ValueRef ref {Field::Key, session()->document().vectorKey(1), 2, 0, 0};
        session()->editValue(ref, session()->document().value(ref) - 5);
        Q_EMIT grid->switchRequested(0, 3, true);
        settle();
        const std::vector<transformer::Intervention> interventions = live()->interventions();
        QCOMPARE(interventions.size(), std::size_t(2));
        const Eigen::MatrixXf logits = live()->run()->forward->logits;
        Document pinned = session()->document(); // a snapshot of the look, as the menu takes it
        pinned.setSnapshots({{u"edited"_s, std::make_shared<const Document>(snapshotState(pinned))}});
        pinned.setBaseline(u"edited"_s);
        session()->editDocument(pinned, u"Take Snapshot"_s);
        QCOMPARE(session()->document().baseline(), u"edited"_s);
        QTemporaryDir dir;
        const QString file = dir.filePath(u"edited.qkvmodel.json"_s);
        QVERIFY(m_window->saveLiveSession(file));
        QVERIFY(m_window->windowTitle().contains(u"edited.qkvmodel.json"_s));
        QVERIFY(history()->isClean());

        QVERIFY(m_window->openDocument(u"example:animal"_s));
        QVERIFY(!live()->isOpen());
        QVERIFY(m_window->openDocument(file));
        settle();
        QTRY_VERIFY(!live()->isComputing());
        settle();
        QVERIFY(live::sameInterventions(live()->interventions(), interventions));
        QVERIFY((live()->run()->forward->logits - logits).cwiseAbs().maxCoeff() == 0);
        QCOMPARE(m_window->transformerSession()->view().layer, 1);
        QCOMPARE(session()->currentHead(), 2);
        QVERIFY(grid->isSwitchedOff(0, 3));
        QCOMPARE(session()->document().value(ref), double(interventions.front().values(1, 0)));
        QCOMPARE(m_window->filePath(), QFileInfo(file).absoluteFilePath());
        // The look's snapshot came back with it: the same numbers, so nothing changed since.
        QCOMPARE(session()->document().baseline(), u"edited"_s);
        QCOMPARE(session()->document().snapshots().size(), std::size_t(1));
        const Result *then = session()->baselineResult(true);
        QVERIFY(then);
        QVERIFY((then->heads[2].weights - session()->result().heads[2].weights).cwiseAbs().maxCoeff() < 1e-6);

        // Without its model, the session says what is missing and nothing changes.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray json = f.readAll();
        f.close();
        json.replace(QDir(m_fixtures.path(u"gpt2"_s)).absolutePath().toUtf8(), "/no/such/model");
        json.replace("\"modelRelative\"", "\"unused\"");
        const QString moved = dir.filePath(u"moved.qkvmodel.json"_s);
        QFile out(moved);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(json);
        out.close();
        const QString before = m_window->windowTitle();
        QVERIFY(!m_window->openDocument(moved));
        QVERIFY2(m_window->lastError().contains(u"/no/such/model"_s), qPrintable(m_window->lastError()));
        QVERIFY(m_window->lastError().contains(u"not there"_s));
        QCOMPARE(m_window->windowTitle(), before);
        QVERIFY(live()->isOpen());
    }

    // A window that stopped unexpectedly with edits to a real model: the next start offers them
    // back, and restoring reruns the model with the same interventions, unsaved.
    void editsToAModelAreRecoveredAfterACrash()
    {
        const ValueRef ref {Field::Query, session()->document().vectorKey(1), 0, 0, 1};
        session()->editValue(ref, session()->document().value(ref) + 3);
        settle();
        const std::vector<transformer::Intervention> interventions = live()->interventions();
        QCOMPARE(interventions.size(), std::size_t(1));
        const Eigen::MatrixXf logits = live()->run()->forward->logits;
        Autosaver *autosaver = m_window->autosaver();
        QCOMPARE(autosaver->saveNow(), QString());
        QVERIFY(live::loadSession(autosaver->autosaveFile())); // a model session, not the layer's view
        // What a crashed window leaves: the copy under a name no running window holds a lock on.
        const QString left = QFileInfo(autosaver->autosaveFile()).path() + u"/crashed.qkv.json"_s;
        QVERIFY(QFile::copy(autosaver->autosaveFile(), left));

        MainWindow next;
        next.show();
        QTimer::singleShot(0, &next, [] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            for (QAbstractButton *b : box ? box->buttons() : QList<QAbstractButton *>())
                if (b->text() == u"Restore")
                    b->click();
        });
        next.offerRecovery();
        QTRY_VERIFY_WITH_TIMEOUT(next.liveSession()->isOpen() && !next.liveSession()->isComputing(), 20000);
        QTRY_VERIFY(next.history()->activeStack()->count() == 0 && next.isWindowModified());
        QVERIFY(live::sameInterventions(next.liveSession()->interventions(), interventions));
        QVERIFY((next.liveSession()->run()->forward->logits - logits).cwiseAbs().maxCoeff() == 0);
        QVERIFY(next.windowTitle().contains(u"Recovered"_s));
        QVERIFY(next.filePath().isEmpty());
        QVERIFY(!QFile::exists(left));
        next.history()->activeStack()->setClean();
    }

    void bertFillsTheMask()
    {
        QVERIFY(m_window->openDocument(m_fixtures.path(u"bert"_s)));
        settle();
        QVERIFY(child<QLineEdit>("sentenceEdit")->text().contains(u"[MASK]"_s));
        const std::vector<PredictionGroup> &groups = predictions()->predictions();
        QCOMPARE(groups.size(), std::size_t(1));
        QVERIFY(groups.front().title.contains(u"[MASK]"_s));
        auto *edit = child<QLineEdit>("sentenceEdit");
        edit->setFocus();
        edit->selectAll();
        QTest::keyClicks(edit, u"the cat sat"_s);
        settle();
        QVERIFY(predictions()->predictions().empty());
        QVERIFY(predictions()->message().contains(u"[MASK]"_s));
    }

    // The shown layer's settings and masks are the model's: the panel shows them read-only and an
    // edit that would change the views and not the model is refused, saying why.
    void aRunningModelsSettingsAreItsOwn()
    {
        auto *temperature = child<QDoubleSpinBox>("temperature");
        QVERIFY(!temperature->isEnabled());
        QVERIFY(!child<QComboBox>("mask")->isEnabled());
        QVERIFY(child<QComboBox>("colormap")->isEnabled());
        const Settings before = session()->document().settings();
        Settings hotter = before;
        hotter.temperature = 2;
        session()->editSettings(hotter);
        session()->toggleMask({3, 1});
        QVERIFY(session()->document().settings() == before);
        QVERIFY(session()->document().maskedCells().empty());
        QCOMPARE(session()->undoStack()->count(), 0);
        QCOMPARE(history()->count(), 0);
        QVERIFY(m_window->statusBar()->currentMessage().startsWith(u"Not applied: a running model"_s));

        QVERIFY(m_window->openDocument(u"example:animal"_s)); // a document's settings are its own
        QVERIFY(temperature->isEnabled());
        temperature->setValue(2);
        QCOMPARE(session()->document().settings().temperature, 2.0);
        QCOMPARE(history(), session()->undoStack());
    }

    // A look at a running model keeps snapshots of itself, taken as no step of the model's
    // history and kept when an intervention upstream brings new numbers: the heatmap of layer 2
    // shows what switching head 1 of layer 1 off changed there, and undo gives back no change.
    void aSnapshotComparesALookAcrossInterventions()
    {
        auto *grid = child<LayersGridView>("grid");
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->tileRect(grid->rect(), 1, 0).center().toPoint());
        settle();
        QCOMPARE(m_window->transformerSession()->view().layer, 1);
        QTimer::singleShot(0, this, [] {
            auto *ask = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(ask);
            ask->setTextValue(u"own"_s);
            ask->accept();
        });
        child<QAction>("actionTakeSnapshot")->trigger();
        QCOMPARE(session()->document().baseline(), u"own"_s);
        QCOMPARE(history()->count(), 0);
        auto *heatmap = child<HeatmapView>("heatmapView");
        QVERIFY(heatmap->figure().showsDifference());
        QVERIFY(heatmap->figure().colorScale().high < 1e-9); // nothing changed yet
        const Eigen::MatrixXd own = session()->result().heads[0].weights;

        Q_EMIT grid->switchRequested(0, 0, true);
        settle();
        QCOMPARE(history()->count(), 1);
        QCOMPARE(m_window->transformerSession()->view().layer, 1);
        QCOMPARE(session()->document().baseline(), u"own"_s);
        const Result *then = session()->baselineResult(true);
        QVERIFY(then);
        QVERIFY((then->heads[0].weights - own).cwiseAbs().maxCoeff() < 1e-5);
        const double moved = (session()->result().heads[0].weights - own).cwiseAbs().maxCoeff();
        QVERIFY2(moved > 1e-4, qPrintable(QString::number(moved)));
        QVERIFY(heatmap->figure().colorScale().high > 1e-4);

        history()->undo();
        settle();
        QCOMPARE(session()->document().baseline(), u"own"_s);
        QVERIFY((session()->result().heads[0].weights - own).cwiseAbs().maxCoeff() < 1e-5);
    }

    void anotherFileEndsTheRun()
    {
        QVERIFY(m_window->openDocument(u"example:animal"_s));
        QVERIFY(!live()->isOpen());
        QVERIFY(!m_window->transformerSession()->isOpen());
        QCOMPARE(child<QLineEdit>("sentenceEdit")->text(), session()->document().sentence());
        // No model runs: the Prediction dock does not show the closed model's last prediction.
        QVERIFY(!child<QDockWidget>("predictionDock")->isVisible());
        QVERIFY(predictions()->predictions().empty());
    }
};

QTEST_MAIN(TstLiveWindow)
#include "tst_livewindow.moc"
