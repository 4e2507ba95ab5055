// The Prediction dock and the status bar's busy bar while a real model runs.
#include "app/liverundisplay.h"

#include "app/windowfiles.h"
#include "platform/cores.h"
#include "workspace/modelcomparison.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "livemodel/livemodel.h"
#include "livemodel/livesession.h"
#include "livemodel/nexttoken.h"
#include "session/documentsession.h"
#include "tokenizers/tokenizer.h"
#include "views/predictionview.h"

#include <QDockWidget>
#include <QLocale>
#include <QMainWindow>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>
#include <QToolButton>

namespace qkv {
namespace {

// QProgressBar's setRange and setValue repaint at once, and with the bar every region of the
// window waiting to be painted: a dozen times a run while the model computes, on a thread short
// of a core. Changed with its updates off, the bar is painted in the next pass, with the rest.
template<class Change>
void withoutRepaint(QProgressBar *bar, Change change)
{
    bar->setUpdatesEnabled(false);
    change();
    bar->setUpdatesEnabled(true);
}

constexpr int shownPredictions = live::nextTokenTop;
// After an edit: the top of each run, so that what the model predicted before stays in view
// however far it fell.
constexpr int comparedPredictions = 5;

// A prediction is one token, often a piece of a word: how to tell which, from the marks the
// bars show as the vocabulary holds them ("a" of "apples" is not the article "Ġa").
QString pieceLegend(const tokenizers::Tokenizer &tokenizer)
{
    switch (tokenizer.wordMarker()) {
    case tokenizers::Tokenizer::Marker::WordPiece:
        return LiveRunDisplay::tr("Each bar is one token: a word or the first piece of one; “##” marks a piece that "
                                  "continues a word.");
    case tokenizers::Tokenizer::Marker::ByteLevel:
        return LiveRunDisplay::tr(
            "Each bar is one token: “Ġ” (a space) starts a word; a token without it continues the "
            "word before it.");
    case tokenizers::Tokenizer::Marker::Metaspace:
        break;
    }
    return LiveRunDisplay::tr(
        "Each bar is one token: “▁” (a space) starts a word; a token without it continues the word "
        "before it.");
}

} // namespace

LiveRunDisplay::LiveRunDisplay(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace, WindowFiles *files)
    : QObject(window)
    , m_window(window)
    , m_ui(ui)
    , m_workspace(workspace)
    , m_busy(new QProgressBar(window))
    , m_stop(new QToolButton(window))
{
    m_pool.setMaxThreadCount(1);
    m_window->tabifyDockWidget(m_ui->settingsDock, m_ui->predictionDock);
    m_ui->settingsDock->raise();
    m_ui->predictionDock->hide();
    m_ui->menuView->insertAction(m_ui->historyDock->toggleViewAction(), m_ui->predictionDock->toggleViewAction());

    connect(files, &WindowFiles::modelOpened, this, [this](const QString &location, const QString &sentence) {
        m_ui->sentenceEdit->setText(sentence);
        m_ui->predictionView->setMessage(tr("Running %1…").arg(modelName(location)));
        m_ui->predictionDock->show();
        QTimer::singleShot(0, this, [this] { // once shown: a hidden tab cannot be raised
            m_ui->predictionDock->raise();
            // Room for the bars of a prediction compared before → after.
            m_window->resizeDocks(
                {m_ui->predictionDock}, {m_ui->predictionView->fontMetrics().height() * 19}, Qt::Vertical);
        });
    });
    connect(m_workspace, &ModelWorkspace::runShown, this, &LiveRunDisplay::showPredictions);
    connect(m_workspace->comparison(), &ModelComparison::changed, this, &LiveRunDisplay::showPredictions);
    // A causal model's prediction is read after the selected token (a generated text's step).
    // Not while a new run is being put in: the selection moves on its way (to the last token of
    // a retyped sentence), runShown follows, and a row in between cost a pass over the whole
    // vocabulary's weights on this thread at every keystroke (10-20 ms for GPT-2).
    connect(m_workspace->session(), &DocumentSession::selectedTokenChanged, this, [this] {
        if (m_workspace->isRunning() && m_workspace->showsNewestRun() && m_workspace->live()->run()->causal)
            showPredictions();
    });
    connect(m_workspace, &ModelWorkspace::runningChanged, this, [this](bool running) {
        // No model, no prediction: a closed model's last one would read as the document's.
        if (!running) {
            m_ui->predictionView->setPredictions({});
            m_ui->predictionView->setMessage(tr("No model is running: open one from the Model menu."));
            m_ui->predictionDock->hide();
        }
    });
    setUpBusy();
}

void LiveRunDisplay::setUpBusy()
{
    live::LiveSession *live = m_workspace->live();
    // A thin bar in the status bar while a sentence or an edit is being computed.
    m_busy->setObjectName(QStringLiteral("liveBusy"));
    m_busy->setRange(0, 0);
    m_busy->setTextVisible(false);
    m_busy->setMaximumSize(120, 8);
    m_busy->setAccessibleName(tr("Computing the model"));
    m_busy->hide();
    m_window->statusBar()->addPermanentWidget(m_busy);
    // Stop gives up a long computation (a large model, a long sentence); the views keep the last
    // run the model finished.
    m_stop->setObjectName(QStringLiteral("liveStop"));
    m_stop->setText(tr("Stop"));
    m_stop->setToolTip(tr("Stop computing: the views keep the last sentence the model finished"));
    m_stop->setAutoRaise(true);
    m_stop->hide();
    m_window->statusBar()->addPermanentWidget(m_stop);
    connect(m_stop, &QToolButton::clicked, live, &live::LiveSession::stop);
    // A long run's layer in view, shown before the others are computed: say what is missing.
    connect(m_workspace, &ModelWorkspace::previewShown, this, [this](int layers, int of) {
        m_previewMessage = layers == 1
            ? tr("Layer 1 of %1 is shown; the model is computing the others").arg(of)
            : tr("Layers 1 to %1 of %2 are shown; the model is computing the others").arg(layers).arg(of);
        m_window->statusBar()->showMessage(m_previewMessage);
        m_ui->predictionView->setMessage(tr("The prediction comes with the last layer"));
    });
    connect(m_workspace, &ModelWorkspace::runShown, this, [this] {
        if (!m_previewMessage.isEmpty() && m_window->statusBar()->currentMessage() == m_previewMessage)
            m_window->statusBar()->clearMessage();
        m_previewMessage.clear();
    });
    connect(live, &live::LiveSession::stopped, this, [this] {
        m_window->statusBar()->showMessage(tr("Stopped: the views show the last sentence the model finished"), 8000);
    });
    // Layer by layer once the model says how far it is; a moving bar before that.
    connect(live, &live::LiveSession::progress, this, [this](int done, int layers) {
        withoutRepaint(m_busy, [&] {
            m_busy->setRange(0, layers);
            m_busy->setValue(done);
        });
        m_busy->setToolTip(tr("Layer %1 of %2").arg(done).arg(layers));
    });

    // Only a run one can notice is announced: a bar and greyed predictions that flash for the
    // few milliseconds a small model takes are noise (and a relayout of the status bar).
    auto *busyDelay = new QTimer(this);
    busyDelay->setSingleShot(true);
    busyDelay->setInterval(150);
    connect(busyDelay, &QTimer::timeout, this, [this] {
        m_busy->show();
        m_stop->show();
        m_ui->predictionView->setStale(true);
    });
    connect(live, &live::LiveSession::computingChanged, this, [this, busyDelay](bool computing) {
        if (computing) {
            withoutRepaint(m_busy, [this] { m_busy->setRange(0, 0); }); // moving until the model says how far
            busyDelay->start();
            announceMemory();
            return;
        }
        busyDelay->stop();
        m_busy->hide();
        m_stop->hide();
        m_ui->predictionView->setStale(false);
    });
    connect(live, &live::LiveSession::failed, this, [this](const QString &error) {
        // Kept until the next message (a run shown says what it shows): the views are empty meanwhile.
        m_window->statusBar()->showMessage(tr("The model cannot run on this: %1").arg(error));
        m_ui->predictionView->setMessage(error);
    });
}

void LiveRunDisplay::announceMemory()
{
    const live::LiveSession *live = m_workspace->live();
    if (!live->model())
        return;
    const qint64 tokens = qint64(live->model()->encode(live->sentence()).ids.size());
    const live::AttentionMemory memory = live::attentionMemory(live->model()->model().config(), tokens);
    if (memory.bytes < (qint64(64) << 20)) // a sentence's: nothing worth a word
        return;
    const QLocale locale;
    m_window->statusBar()->showMessage(
        (memory.recomputed    ? tr("%1 tokens: %2 weights would take %3 even in float16, so each head's attention is "
                                      "computed again from its queries and keys when shown")
                : memory.half ? tr("%1 tokens: every head's attention is kept, %2 weights in float16 (%3)")
                              : tr("%1 tokens: every head's attention is kept, %2 weights in float32 (%3)"))
            .arg(locale.toString(tokens), locale.toString(memory.weights),
                locale.formattedDataSize(memory.bytes, 0, QLocale::DataSizeSIFormat)));
}

void LiveRunDisplay::showPredictions()
{
    const std::shared_ptr<const live::LiveRun> run = m_workspace->live()->run();
    std::shared_ptr<const live::LiveRun> before = m_workspace->live()->baseline();
    if (!run || m_workspace->showsPreview()) // the last run's prediction is not the text's shown
        return;
    const live::LiveModel &model = *m_workspace->live()->model();
    const QStringList &tokens = run->predictionTokens();
    if (run->predictions.empty()) {
        m_ui->predictionView->setMessage(run->causal
                ? tr("This checkpoint has no language-model head: nothing to predict.")
                : tr("Type %1 in the sentence to see what the model puts there.")
                      .arg(model.tokenizer().maskId() ? model.tokenizer().display(*model.tokenizer().maskId())
                                                      : QStringLiteral("[MASK]")));
        return;
    }
    // Another file of the model compared: its predictions are the "before" (the baseline of the
    // views too); else the model's own run before the interventions.
    const std::shared_ptr<const live::LiveRun> other = m_workspace->comparison()->run();
    if (other)
        before = other;
    const bool compared = before && before != run && before->ids == run->ids && before->target == run->target
        && (other || !run->forward->interventions.empty());
    if (run->causal && !run->attention->decoder) {
        // After the selected token (the last when none is): what the model would write there, and
        // the token the text goes on with.
        const int selected = m_workspace->selectedModelToken();
        const int position = selected >= 0 && selected < int(run->ids.size()) ? selected : int(run->ids.size()) - 1;
        const std::shared_ptr<const live::NextToken> after = nextTokenOf(run, position);
        const std::shared_ptr<const live::NextToken> previous = compared ? nextTokenOf(before, position) : nullptr;
        if (!after || (compared && !previous))
            return; // computed off this thread: shown when it is in
        if (std::optional<PredictionGroup> group = nextTokenGroup(*run, *after, previous.get())) {
            if (other)
                group->title
                    = tr("%1 (from %2)").arg(group->title, modelName(m_workspace->comparison()->other()->location()));
            const bool marked = std::ranges::any_of(group->bars, &PredictedBar::written);
            m_ui->predictionView->setPredictions({std::move(*group)});
            m_ui->predictionView->setLegend(pieceLegend(model.tokenizer())
                + (marked ? u' ' + tr("The framed bar is the token the text goes on with.") : QString()));
            return;
        }
    }
    std::vector<PredictionGroup> groups;
    for (int i = 0; i < int(run->predictions.size()); ++i) {
        const live::Prediction &p = run->predictions[std::size_t(i)];
        PredictionGroup group;
        const QString at = tokens.value(p.position);
        group.title = run->attention->decoder ? tr("Next target token after “%1”").arg(at)
            : run->causal                     ? tr("Next token after “%1”").arg(at)
                                              : tr("%1 at token %2").arg(at).arg(p.position + 1);
        if (other)
            group.title
                = tr("%1 (from %2)").arg(group.title, modelName(m_workspace->comparison()->other()->location()));
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

std::shared_ptr<const live::NextToken> LiveRunDisplay::nextTokenOf(
    const std::shared_ptr<const live::LiveRun> &run, int position)
{
    if (run->lastNext && run->lastNext->position == position) // computed with the run
        return run->lastNext;
    // Reading a generated text step by step asks for the same few rows again and again.
    for (const CachedNext &c : m_nextTokens)
        if (c.run.lock() == run && c.position == position)
            return c.next;
    const std::shared_ptr<const live::LiveModel> model = m_workspace->live()->model();
    if (live::keptNextToken(*run, position)) // a softmax of logits the run kept: at once
        return keepNextToken(run, position, live::nextTokenAfter(*model, *run, position, shownPredictions));
    if (!m_computingNext) {
        m_computingNext = true;
        m_pool.start([this, model, run, position] {
            runBelowWindow();
            live::NextToken next = live::nextTokenAfter(*model, *run, position, shownPredictions);
            QMetaObject::invokeMethod(
                this,
                [this, run, position, next = std::move(next)]() mutable {
                    m_computingNext = false;
                    keepNextToken(run, position, std::move(next));
                    showPredictions(); // of the row wanted now, which may be another
                },
                Qt::QueuedConnection);
        });
    }
    return nullptr;
}

std::shared_ptr<const live::NextToken> LiveRunDisplay::keepNextToken(
    const std::shared_ptr<const live::LiveRun> &run, int position, live::NextToken next)
{
    if (m_nextTokens.size() >= 4)
        m_nextTokens.erase(m_nextTokens.begin());
    m_nextTokens.push_back({run, position, std::make_shared<const live::NextToken>(std::move(next))});
    return m_nextTokens.back().next;
}

std::optional<PredictionGroup> LiveRunDisplay::nextTokenGroup(
    const live::LiveRun &run, const live::NextToken &after, const live::NextToken *previous)
{
    const live::LiveModel &model = *m_workspace->live()->model();
    if (!after || (previous && !*previous))
        return std::nullopt;
    PredictionGroup group;
    group.title = tr("Next token after “%1”").arg(run.predictionTokens().value(after.position));
    if (previous) {
        for (const live::ComparedToken &t : live::compareTops(
                 model, previous->probabilities, previous->top, after.probabilities, after.top, comparedPredictions))
            group.bars.push_back({t.token, t.after, t.before, t.id});
    } else {
        for (const live::PredictedToken &t : after.top)
            group.bars.push_back({t.token, t.probability, std::nullopt, t.id});
    }
    // The token the text goes on with: marked, and below the likeliest with its rank when not among them.
    if (after.written >= 0) {
        const auto bar = std::ranges::find(group.bars, after.written, &PredictedBar::id);
        if (bar != group.bars.end()) {
            bar->written = true;
        } else {
            PredictedBar written {model.tokenizer().display(after.written), after.probabilities[after.written],
                std::nullopt, after.written, true, live::rankOf(after.probabilities, after.written)};
            if (previous)
                written.before = previous->probabilities[after.written];
            group.bars.push_back(std::move(written));
        }
    }
    return group;
}

} // namespace qkv
