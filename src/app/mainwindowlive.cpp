// A real transformer run live in the window: the sentence box re-runs it as one types, edits of
// the shown layer's queries, keys and values (and heads switched off) flow through every later
// layer to the Prediction dock, which compares with the model's own prediction.
#include "app/mainwindow.h"

#include "app/lessondock.h"
#include "app/modelopening.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "document/documentio.h"
#include "lessons/lesson.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/documentinterventions.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "tokenizers/tokenizer.h"
#include "transformer/hubcache.h"
#include "views/layersgridview.h"
#include "views/predictionview.h"
#include "views/stagedrepaint.h"
#include "views/switchedoffbar.h"
#include "views/transformerpanel.h"

#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>
#include <QUndoGroup>

namespace qkv {
namespace {

constexpr int shownPredictions = 8;
// After an edit: the top of each run, so that what the model predicted before stays in view
// however far it fell.
constexpr int comparedPredictions = 5;

// A prediction is one token, often a piece of a word: how to tell which, from the marks the
// bars show as the vocabulary holds them ("a" of "apples" is not the article "Ġa").
QString pieceLegend(const tokenizers::Tokenizer &tokenizer)
{
    switch (tokenizer.wordMarker()) {
    case tokenizers::Tokenizer::Marker::WordPiece:
        return MainWindow::tr("Each bar is one token: a word or the first piece of one; “##” marks a piece that "
                              "continues a word.");
    case tokenizers::Tokenizer::Marker::ByteLevel:
        return MainWindow::tr("Each bar is one token: “Ġ” (a space) starts a word; a token without it continues the "
                              "word before it.");
    case tokenizers::Tokenizer::Marker::Metaspace:
        break;
    }
    return MainWindow::tr("Each bar is one token: “▁” (a space) starts a word; a token without it continues the word "
                          "before it.");
}

} // namespace

void MainWindow::setUpLive()
{
    // While a real model runs, the backup is its session: recovery reruns the model with the edits.
    m_autosaver->setContent([this] {
        return m_live->isOpen() ? liveSessionBytes(m_autosaver->autosaveFile())
                                : serializeDocument(m_session->document());
    });
    tabifyDockWidget(m_ui->settingsDock, m_ui->predictionDock);
    m_ui->settingsDock->raise();
    m_ui->predictionDock->hide();
    m_ui->menuView->insertAction(m_ui->historyDock->toggleViewAction(), m_ui->predictionDock->toggleViewAction());
    m_ui->actionOpenModel->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));

    // A thin bar in the status bar while a sentence or an edit is being computed.
    m_liveBusy = new QProgressBar(this);
    m_liveBusy->setObjectName(QStringLiteral("liveBusy"));
    m_liveBusy->setRange(0, 0);
    m_liveBusy->setTextVisible(false);
    m_liveBusy->setMaximumSize(120, 8);
    m_liveBusy->setAccessibleName(tr("Computing the model"));
    m_liveBusy->hide();
    statusBar()->addPermanentWidget(m_liveBusy);
    // Stop gives up a long computation (a large model, a long sentence); the views keep the last
    // run the model finished.
    m_liveStop = new QToolButton(this);
    m_liveStop->setObjectName(QStringLiteral("liveStop"));
    m_liveStop->setText(tr("Stop"));
    m_liveStop->setToolTip(tr("Stop computing: the views keep the last sentence the model finished"));
    m_liveStop->setAutoRaise(true);
    m_liveStop->hide();
    statusBar()->addPermanentWidget(m_liveStop);
    connect(m_liveStop, &QToolButton::clicked, m_live, &live::LiveSession::stop);
    connect(m_live, &live::LiveSession::stopped, this,
        [this] { statusBar()->showMessage(tr("Stopped: the views show the last sentence the model finished"), 8000); });
    // Layer by layer once the model says how far it is; a moving bar before that.
    connect(m_live, &live::LiveSession::progress, this, [this](int done, int layers) {
        m_liveBusy->setRange(0, layers);
        m_liveBusy->setValue(done);
        m_liveBusy->setToolTip(tr("Layer %1 of %2").arg(done).arg(layers));
    });

    connect(m_ui->actionOpenModel, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString folder = QFileDialog::getExistingDirectory(
            this, tr("Open model folder"), QSettings().value(QStringLiteral("files/modelFolder")).toString());
        if (folder.isEmpty())
            return;
        QSettings().setValue(QStringLiteral("files/modelFolder"), QFileInfo(folder).absolutePath());
        openLiveModel(folder);
    });
    connect(m_ui->menuModel, &QMenu::aboutToShow, this, &MainWindow::buildModelMenu);
    connect(m_workspace, &ModelWorkspace::runShown, this, [this] {
        showPredictions();
        updateModelActions();
    });
    connect(m_workspace, &ModelWorkspace::lessonStepReady, this, &MainWindow::selectLessonTokens);
    connect(m_workspace, &ModelWorkspace::showFailed, this,
        [this](const QString &error) { showError(tr("Cannot show the model"), error); });
    // The tables, strip and predictions repaint in the pass after a run; the figures, the slowest
    // to paint, each in a pass of its own after that.
    connect(m_workspace, &ModelWorkspace::aboutToReplaceRun, this, [this] {
        m_stagedRepaint->hold(
            {m_ui->arrowsView, m_ui->heatmapView, m_ui->barsView, m_ui->workedView, m_ui->vectorsView});
    });
    // Only a run one can notice is announced: a bar and greyed predictions that flash for the
    // few milliseconds a small model takes are noise (and a relayout of the status bar).
    auto *busyDelay = new QTimer(this);
    busyDelay->setSingleShot(true);
    busyDelay->setInterval(150);
    connect(busyDelay, &QTimer::timeout, this, [this] {
        m_liveBusy->show();
        m_liveStop->show();
        m_ui->predictionView->setStale(true);
    });
    connect(m_live, &live::LiveSession::computingChanged, this, [this, busyDelay](bool computing) {
        if (computing) {
            m_liveBusy->setRange(0, 0);
            busyDelay->start();
            return;
        }
        busyDelay->stop();
        m_liveBusy->hide();
        m_liveStop->hide();
        m_ui->predictionView->setStale(false);
    });
    connect(m_live, &live::LiveSession::failed, this, [this](const QString &error) {
        statusBar()->showMessage(tr("The model cannot run on this: %1").arg(error), 8000);
        m_ui->predictionView->setMessage(error);
    });
    // Undo, Redo and the History dock follow the model's history while one runs.
    connect(m_workspace, &ModelWorkspace::runningChanged, this, [this](bool running) {
        m_history->setActiveStack(running ? m_liveHistory->stack() : m_session->undoStack());
        m_ui->settingsPanel->setFixed(m_session->settingsFixed());
        // No model, no prediction: a closed model's last one would read as the document's.
        if (!running) {
            m_ui->predictionView->setPredictions({});
            m_ui->predictionView->setMessage(tr("No model is running: open one from the Model menu."));
            m_ui->predictionDock->hide();
        }
    });
    connect(m_liveHistory, &LiveHistory::sentenceRestored, m_ui->sentenceEdit, &QLineEdit::setText);

    connect(m_ui->actionAblateHead, &QAction::triggered, this,
        [this](bool off) { m_workspace->switchShownHead(m_session->currentHead(), off); });
    connect(m_ui->switchedOffBar, &SwitchedOffBar::switchOnRequested, this,
        [this](int head) { m_workspace->switchShownHead(head, false); });
    connect(m_ui->transformerPanel->grid(), &LayersGridView::switchRequested, m_workspace, &ModelWorkspace::switchHead);
    connect(m_ui->actionResetLayer, &QAction::triggered, this,
        [this] { m_workspace->resetLayer(m_workspace->shownLayer()); });
    connect(m_ui->actionResetAll, &QAction::triggered, this, [this] { m_workspace->resetLayer(-1); });
    for (auto signal : {&TransformerSession::viewChanged, &TransformerSession::modelChanged})
        connect(m_transformer, signal, this, &MainWindow::updateModelActions);
    connect(m_session, &DocumentSession::currentHeadChanged, this, &MainWindow::updateModelActions);
    // A head switched off or on in a document, or another document.
    for (auto signal :
        {&DocumentSession::documentReset, &DocumentSession::shapeChanged, &DocumentSession::valuesChanged})
        connect(m_session, signal, this, &MainWindow::updateModelActions);
    m_ui->switchedOffBar->setSession(m_session);
    updateModelActions();
}

bool MainWindow::openLiveModel(const QString &location, const QString &sentence)
{
    QString error;
    std::shared_ptr<const live::LiveModel> model = app::openModelShowingProgress(this, location, &error);
    if (!model && error.isEmpty()) {
        statusBar()->showMessage(tr("Opening the model was stopped; nothing changed."), 5000);
        return false;
    }
    if (!model) {
        showError(tr("Could not open the model"), error);
        return false;
    }
    const QString text = m_workspace->open(std::move(model), sentence);
    m_ui->sentenceEdit->setText(text);
    m_ui->predictionView->setMessage(tr("Running %1…").arg(modelName(location)));
    m_ui->predictionDock->show();
    QTimer::singleShot(0, this, [this] { // once shown: a hidden tab cannot be raised
        m_ui->predictionDock->raise();
        // Room for the bars of a prediction compared before → after.
        resizeDocks({m_ui->predictionDock}, {m_ui->predictionView->fontMetrics().height() * 19}, Qt::Vertical);
    });
    m_file.setUnsaved(modelName(location));
    if (!live::isBundledModel(location))
        addRecentFile(location.startsWith(u"hf:") ? location : QFileInfo(location).absoluteFilePath());
    updateTitle();
    showExampleNote(location);
    return true;
}

bool MainWindow::openLiveSession(const QString &file, bool recovered)
{
    const live::SessionLoad loaded = live::loadSession(file);
    if (!loaded) {
        showError(tr("Could not open the model session"), loaded.error.toString());
        return false;
    }
    const live::SessionFile &s = *loaded.session;
    const QString location = live::locateModel(s, file);
    if (location.isEmpty()) {
        showError(tr("The model is missing"),
            tr("%1 was saved with the model in %2, which is not there (nor at %3 beside the file). "
               "Put the model folder back there and open the session again; nothing was changed.")
                .arg(QDir::toNativeSeparators(file), QDir::toNativeSeparators(s.model),
                    QDir::toNativeSeparators(s.modelRelative)));
        return false;
    }
    if (!openLiveModel(location, s.sentence))
        return false;
    m_workspace->restoreOnFirstRun(s, recovered);
    if (recovered) { // unsaved, and so marked once its edits are shown: saving asks where
        m_file.setUnsaved(tr("Recovered %1").arg(modelName(location)));
    } else {
        m_file.setFile(file);
        addRecentFile(m_file.path());
    }
    updateTitle();
    return true;
}

QByteArray MainWindow::liveSessionBytes(const QString &file) const
{
    return live::serializeSession(m_workspace->sessionFile(), file);
}

bool MainWindow::saveLiveSession(const QString &file)
{
    return saveBytes(file, liveSessionBytes(file));
}

void MainWindow::showPredictions()
{
    const std::shared_ptr<const live::LiveRun> run = m_live->run(), before = m_live->baseline();
    if (!run)
        return;
    const live::LiveModel &model = *m_live->model();
    const QStringList &tokens = run->attention->tokens;
    if (run->predictions.empty()) {
        m_ui->predictionView->setMessage(run->causal
                ? tr("This checkpoint has no language-model head: nothing to predict.")
                : tr("Type %1 in the sentence to see what the model puts there.")
                      .arg(model.tokenizer().maskId() ? model.tokenizer().display(*model.tokenizer().maskId())
                                                      : QStringLiteral("[MASK]")));
        return;
    }
    const bool compared = !run->forward->interventions.empty() && before && before != run && before->ids == run->ids;
    std::vector<PredictionGroup> groups;
    for (int i = 0; i < int(run->predictions.size()); ++i) {
        const live::Prediction &p = run->predictions[std::size_t(i)];
        PredictionGroup group;
        const QString at = tokens.value(p.position);
        group.title
            = run->causal ? tr("Next token after “%1”").arg(at) : tr("%1 at token %2").arg(at).arg(p.position + 1);
        if (compared) {
            for (const live::ComparedToken &t : live::compare(model, *before, *run, i, comparedPredictions))
                group.bars.push_back({t.token, t.after, t.before});
        } else {
            for (std::size_t k = 0; k < std::min<std::size_t>(shownPredictions, p.top.size()); ++k)
                group.bars.push_back({p.top[k].token, p.top[k].probability, std::nullopt});
        }
        groups.push_back(std::move(group));
    }
    m_ui->predictionView->setPredictions(std::move(groups));
    m_ui->predictionView->setLegend(pieceLegend(model.tokenizer()));
}

void MainWindow::updateModelActions()
{
    const int layer = m_workspace->shownLayer(), head = m_session->currentHead();
    const bool oneHead = m_workspace->showsOneHead();
    m_ui->actionAblateHead->setEnabled(m_workspace->canSwitchHeadOff(head));
    m_ui->actionAblateHead->setChecked(m_workspace->isHeadOff(head));
    m_ui->actionAblateHead->setText(oneHead       ? tr("Switch &Head %1 of Layer %2 Off").arg(head + 1).arg(layer + 1)
            : m_workspace->canSwitchHeadOff(head) ? tr("Switch &Head %1 Off").arg(head + 1)
                                                  : tr("Switch Head Off"));
    m_ui->switchedOffBar->setWhere(layer >= 0 ? tr("of layer %1").arg(layer + 1) : QString());
    if (const QString fixed = m_workspace->valuesFixedReason(); fixed != m_session->valuesFixed()) {
        m_session->setValuesFixed(fixed);
        refresh(); // the tables' note
    }
    const bool running = m_workspace->isRunning();
    m_ui->actionResetLayer->setEnabled(running && layer >= 0);
    m_ui->actionResetAll->setEnabled(running && !m_live->interventions().empty());
    m_ui->transformerPanel->grid()->setSwitchedOff(m_workspace->switchedOffHeads(), running);
}

void MainWindow::buildModelMenu()
{
    // The models of the Hugging Face cache, looked for each time the menu opens (headers only).
    for (QAction *a : m_ui->menuModel->actions()) {
        if (a->property("cachedModel").isValid()) {
            m_ui->menuModel->removeAction(a);
            a->deleteLater();
        }
    }
    QAction *before = m_ui->menuModel->actions().value(1); // the separator after Open Model…
    const std::vector<transformer::CachedModel> cached = transformer::listCachedModels();
    const auto add = [&](QAction *a) {
        a->setProperty("cachedModel", true);
        m_ui->menuModel->insertAction(before, a);
    };
    auto *heading = new QAction(
        cached.empty() ? tr("No models in the Hugging Face cache") : tr("In the Hugging Face cache:"), m_ui->menuModel);
    heading->setEnabled(false);
    add(heading);
    for (const transformer::CachedModel &m : cached) {
        auto *a = new QAction(
            tr("%1  (%2, %3 layers × %4 heads)").arg(m.name, m.family).arg(m.layers).arg(m.heads), m_ui->menuModel);
        a->setStatusTip(m.folder);
        const QString location = QStringLiteral("hf:") + m.name;
        connect(a, &QAction::triggered, this, [this, location] {
            if (maybeSave())
                openLiveModel(location);
        });
        add(a);
    }
}

} // namespace qkv
