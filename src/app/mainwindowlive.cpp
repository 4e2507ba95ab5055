// A real transformer run live in the window: the sentence box re-runs it as one types, edits of
// the shown layer's queries, keys and values (and heads switched off) flow through every later
// layer to the Prediction dock, which compares with the model's own prediction.
#include "app/mainwindow.h"

#include "app/lessondock.h"
#include "app/modelopening.h"

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

// A first sentence that shows what the model does: a repeated phrase for a causal LM (its
// induction heads light up), a [MASK] to fill for BERT.
QString firstSentence(const live::LiveModel &model)
{
    if (!model.exampleSentence().isEmpty())
        return model.exampleSentence();
    if (model.model().config().causal())
        return QStringLiteral("The cat sat on the mat. The cat sat on the");
    const std::optional<int> mask = model.tokenizer().maskId();
    const QString token = mask ? model.tokenizer().display(*mask) : QStringLiteral("[MASK]");
    return QStringLiteral("The cat sat on the %1.").arg(token);
}

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
    connect(m_live, &live::LiveSession::runChanged, this, &MainWindow::showLiveRun);
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
    connect(m_session, &DocumentSession::valuesEdited, this, &MainWindow::editLiveModel);
    // Undo, Redo and the History dock follow the model's history while one runs.
    connect(m_live, &live::LiveSession::modelChanged, this, [this] {
        const bool running = m_live->isOpen();
        m_history->setActiveStack(running ? m_liveHistory->stack() : m_session->undoStack());
        // The shown layer's settings and masks are the model's: an edit of them would change
        // the views and not the model.
        const QString fixed = running
            ? tr("a running model computes its attention its own way; edit its queries, keys and values, or switch "
                 "heads off")
            : QString();
        m_session->setSettingsFixed(fixed);
        m_ui->settingsPanel->setFixed(fixed);
        // No model, no prediction: a closed model's last one would read as the document's.
        if (!running) {
            m_ui->predictionView->setPredictions({});
            m_ui->predictionView->setMessage(tr("No model is running: open one from the Model menu."));
            m_ui->predictionDock->hide();
        }
    });
    connect(m_liveHistory, &LiveHistory::sentenceRestored, m_ui->sentenceEdit, &QLineEdit::setText);

    const auto changeInterventions = [this](const QString &text, auto change) {
        if (m_live->isOpen() && m_transformer->isOpen())
            m_liveHistory->changeInterventions(change(m_live->interventions()), text);
    };
    const auto switchHead = [changeInterventions](int layer, int head, bool off) {
        changeInterventions(off ? tr("Switch head %1 of layer %2 off").arg(head + 1).arg(layer + 1)
                                : tr("Switch head %1 of layer %2 on").arg(head + 1).arg(layer + 1),
            [&](auto current) { return live::withAblation(std::move(current), layer, head, off); });
    };
    // A running model's head is switched off in the model (an intervention); a document's in the
    // document, whose concatenated output then has zeros in its place.
    const auto switchShownHead = [this, switchHead](int head, bool off) {
        if (m_live->isOpen() && m_transformer->isOpen()) {
            switchHead(m_transformer->view().layer, head, off);
            return;
        }
        Document doc = m_session->document();
        std::set<int> heads = doc.switchedOffHeads();
        if (off)
            heads.insert(head);
        else
            heads.erase(head);
        doc.setSwitchedOffHeads(heads);
        m_session->editDocument(
            doc, off ? tr("Switch head %1 off").arg(head + 1) : tr("Switch head %1 on").arg(head + 1));
    };
    connect(m_ui->actionAblateHead, &QAction::triggered, this,
        [this, switchShownHead](bool off) { switchShownHead(m_session->currentHead(), off); });
    connect(m_ui->switchedOffBar, &SwitchedOffBar::switchOnRequested, this,
        [switchShownHead](int head) { switchShownHead(head, false); });
    connect(m_ui->transformerPanel->grid(), &LayersGridView::switchRequested, this, switchHead);
    connect(m_ui->actionResetLayer, &QAction::triggered, this, [this, changeInterventions] {
        const int layer = m_transformer->view().layer;
        changeInterventions(tr("Reset layer %1").arg(layer + 1),
            [&](auto current) { return live::withoutLayer(std::move(current), layer); });
    });
    connect(m_ui->actionResetAll, &QAction::triggered, this, [changeInterventions] {
        changeInterventions(
            tr("Reset all layers"), [](auto current) { return live::withoutLayer(std::move(current), -1); });
    });
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
    // The sentence typed for the last model stays, unless a masked LM would have nothing to fill.
    QString text = sentence;
    if (text.isEmpty() && m_live->isOpen()) {
        text = m_live->sentence();
        const std::optional<int> mask = model->tokenizer().maskId();
        if (!model->model().config().causal() && mask && !text.contains(model->tokenizer().display(*mask)))
            text.clear();
    }
    if (text.isEmpty())
        text = firstSentence(*model);
    m_transformer->close();
    m_shownRun.reset();
    m_pendingSession.reset();
    m_recoveredUnsaved = false;
    if (model->shownLayer() >= 0) { // the head the model's author points to
        m_pendingSession = std::make_shared<live::SessionFile>();
        m_pendingSession->layer = model->shownLayer();
        m_pendingSession->head = model->shownHead();
    }
    m_live->open(std::move(model), text);
    m_ui->sentenceEdit->setText(text);
    m_ui->predictionView->setMessage(tr("Running %1…").arg(app::modelName(location)));
    m_ui->predictionDock->show();
    QTimer::singleShot(0, this, [this] { // once shown: a hidden tab cannot be raised
        m_ui->predictionDock->raise();
        // Room for the bars of a prediction compared before → after.
        resizeDocks({m_ui->predictionDock}, {m_ui->predictionView->fontMetrics().height() * 19}, Qt::Vertical);
    });
    m_file.setUnsaved(app::modelName(location));
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
    m_pendingSession = std::make_shared<live::SessionFile>(s);
    if (recovered) { // unsaved, and so marked once its edits are shown: saving asks where
        m_recoveredUnsaved = true;
        m_file.setUnsaved(tr("Recovered %1").arg(app::modelName(location)));
    } else {
        m_file.setFile(file);
        addRecentFile(m_file.path());
    }
    updateTitle();
    return true;
}

QByteArray MainWindow::liveSessionBytes(const QString &file) const
{
    live::SessionFile s;
    s.model = m_live->model()->location();
    if (!s.model.startsWith(u"hf:") && !live::isBundledModel(s.model)) // names stay names
        s.model = QFileInfo(s.model).absoluteFilePath();
    s.sentence = m_live->sentence();
    s.layer = std::max(m_transformer->view().layer, 0);
    s.head = m_session->currentHead();
    s.interventions = m_live->interventions();
    if (lessonOnModel())
        s.lessonAnswers = m_lessonAnswers;
    s.snapshots = m_session->document().snapshots();
    s.baseline = m_session->document().baseline();
    return live::serializeSession(s, file);
}

bool MainWindow::saveLiveSession(const QString &file)
{
    return saveBytes(file, liveSessionBytes(file));
}

void MainWindow::showLiveRun()
{
    const std::shared_ptr<const live::LiveRun> run = m_live->run();
    if (!run || !run->attention)
        return;
    const QString location = m_live->model()->location();
    if (!m_transformer->isOpen() || m_transformer->path() != location || !m_shownRun) {
        const OpenedFile opened = openModelAttention(run->attention, {}, location, app::modelName(location));
        if (!opened.loaded) {
            showError(tr("Cannot show the model"), opened.loaded.error.toString());
            return;
        }
        m_transformer->show(opened, location);
        // A causal LM predicts from its last token: that row is the one to read first.
        if (run->causal)
            m_session->setSelectedToken(int(run->ids.size()) - 1);
    } else {
        // The tables, strip and predictions repaint in the pass after this; the figures, the
        // slowest to paint, each in a pass of its own after that.
        m_stagedRepaint->hold(
            {m_ui->arrowsView, m_ui->heatmapView, m_ui->barsView, m_ui->workedView, m_ui->vectorsView});
        const bool newSentence = run->ids != m_shownRun->ids;
        m_transformer->replace(run->attention, showsRun(*run));
        // A new sentence of a causal LM is read from its last token, which the prediction is
        // about; an edit of the same sentence keeps the word the person selected.
        if (newSentence && run->causal)
            m_session->setSelectedToken(int(run->ids.size()) - 1);
    }
    m_shownRun = run;
    if (const std::shared_ptr<live::SessionFile> s = std::exchange(m_pendingSession, nullptr)) {
        // A session file's look and edits, once its model has run on its sentence.
        ModelView view = m_transformer->view();
        view.layer = std::min(s->layer, m_transformer->model()->layers - 1);
        m_transformer->setView(view);
        m_session->setCurrentHead(std::min(s->head, m_transformer->model()->heads - 1));
        if (!s->snapshots.empty()) { // the look's, kept by it across the run its edits start
            Document doc = m_session->document();
            doc.setSnapshots(s->snapshots);
            doc.setBaseline(s->baseline);
            m_session->editDocument(doc, tr("Snapshots"));
        }
        if (!s->interventions.empty()) // where the history starts, not a step of it
            m_live->setInterventions(s->interventions);
    }
    // A lesson step's token, once the model has run on the step's sentence.
    if (m_pendingLessonState && run->sentence == m_live->sentence())
        selectLessonTokens(*std::exchange(m_pendingLessonState, nullptr));
    if (m_recoveredUnsaved && live::sameInterventions(run->forward->interventions, m_live->interventions())) {
        m_recoveredUnsaved = false; // the recovered edits are shown
        m_liveHistory->stack()->resetClean();
    }
    showPredictions();
    updateModelActions();
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

bool MainWindow::showsRun(const live::LiveRun &run) const
{
    // The shown layer's document stays when it already shows the run's numbers of its layer:
    // the same tokens, nothing changed before the layer, and the layer's replaced queries, keys
    // and values those the document holds (an edit made in it; not one undone).
    const int layer = m_transformer->view().layer;
    if (layer < 0 || !m_shownRun || run.ids != m_shownRun->ids)
        return false;
    transformer::ForwardOptions now;
    now.interventions = run.forward->interventions;
    if (transformer::firstChangedLayer(*m_shownRun->forward, now) < layer)
        return false;
    std::set<int> off; // the layer's heads switched off, which its document marks
    for (const transformer::Intervention &i : now.interventions)
        if (i.kind == transformer::Intervention::Kind::Ablate && i.layer == layer)
            off.insert(i.head);
    if (off != m_session->document().switchedOffHeads())
        return false;
    const std::vector<transformer::Intervention> shown
        = usesModelVectors(*m_transformer->model(), m_transformer->view())
        ? live::interventionsFromDocument(m_session->document(), layer, *m_shownRun)
        : live::layerEdits(m_shownRun->forward->interventions, layer);
    return live::sameInterventions(shown, live::layerEdits(now.interventions, layer));
}

void MainWindow::editLiveModel(int dragId)
{
    // An edit of the shown layer's vectors is an intervention on that layer, a step of the
    // model's history named as the document named it.
    if (!m_live->isOpen() || !m_transformer->isOpen() || !m_shownRun
        || m_transformer->path() != m_live->model()->location()
        || !usesModelVectors(*m_transformer->model(), m_transformer->view()))
        return;
    const int layer = m_transformer->view().layer;
    std::vector<transformer::Intervention> next = live::withLayerEdits(
        m_live->interventions(), layer, live::interventionsFromDocument(m_session->document(), layer, *m_shownRun));
    const QUndoStack *edits = m_session->undoStack();
    const QUndoCommand *step = edits->command(edits->index() - 1);
    const QString text = step ? step->text() : tr("Edit values");
    m_liveHistory->changeInterventions(std::move(next), tr("%1 in layer %2").arg(text).arg(layer + 1), dragId);
}

void MainWindow::updateModelActions()
{
    const bool running = m_live->isOpen() && m_transformer->isOpen();
    const int layer = m_transformer->view().layer, head = m_session->currentHead();
    const bool oneHead = running && layer >= 0 && !m_transformer->view().headsBy;
    // A document of several heads switches its own off (a model's layer shown from a file too).
    const bool documentHead = !running && m_session->document().settings().heads > 1;
    m_ui->actionAblateHead->setEnabled(oneHead || documentHead);
    m_ui->actionAblateHead->setChecked(oneHead ? live::isAblated(m_live->interventions(), layer, head)
                                               : documentHead && m_session->document().isSwitchedOff(head));
    m_ui->actionAblateHead->setText(oneHead ? tr("Switch &Head %1 of Layer %2 Off").arg(head + 1).arg(layer + 1)
            : documentHead                  ? tr("Switch &Head %1 Off").arg(head + 1)
                                            : tr("Switch Head Off"));
    m_ui->switchedOffBar->setWhere(
        m_transformer->isOpen() && layer >= 0 ? tr("of layer %1").arg(layer + 1) : QString());
    // A look that combines the model's numbers shows them read-only: an edit would not reach the model.
    const QString fixed = running && !usesModelVectors(*m_transformer->model(), m_transformer->view())
        ? tr("this view combines the model's numbers (word pieces merged, special tokens hidden, or heads or layers "
             "combined), so its attention comes from no single query and key and an edit would not reach the model. "
             "Show one layer's heads on the model's own tokens (Model dock) to edit them.")
        : QString();
    if (fixed != m_session->valuesFixed()) {
        m_session->setValuesFixed(fixed);
        refresh(); // the tables' note
    }
    m_ui->actionResetLayer->setEnabled(running && layer >= 0);
    m_ui->actionResetAll->setEnabled(running && !m_live->interventions().empty());
    std::vector<std::pair<int, int>> off;
    if (running)
        for (const transformer::Intervention &i : m_live->interventions())
            if (i.kind == transformer::Intervention::Kind::Ablate)
                off.emplace_back(i.layer, i.head);
    m_ui->transformerPanel->grid()->setSwitchedOff(std::move(off), running);
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
