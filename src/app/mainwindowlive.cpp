// A real transformer run live in the window: the sentence box re-runs it as one types; edits of
// the shown layer's queries, keys and values, heads switched off and layers reset are steps of the
// workspace's history, which Undo, Redo and the History dock follow while the model runs.
#include "app/mainwindow.h"

#include "app/comparisonmenu.h"
#include "app/generatemenu.h"
#include "app/headsanalysis.h"
#include "app/liverundisplay.h"
#include "app/sentencefilemenu.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "livemodel/livesession.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "views/layersgridview.h"
#include "views/predictionview.h"
#include "views/stagedrepaint.h"
#include "views/switchedoffbar.h"
#include "views/transformerpanel.h"

#include <QLineEdit>
#include <QUndoGroup>

namespace qkv {

void MainWindow::setUpLive()
{
    new LiveRunDisplay(this, m_ui.get(), m_workspace, m_files);
    new ComparisonMenu(this, m_ui.get(), m_workspace);
    new HeadsAnalysis(this, m_ui.get(), m_workspace);
    new GenerateMenu(this, m_ui.get(), m_workspace);
    new SentenceFileMenu(this, m_ui.get(), m_workspace);
    connect(m_workspace, &ModelWorkspace::runShown, this, &MainWindow::updateModelActions);
    connect(m_workspace, &ModelWorkspace::showFailed, this,
        [this](const QString &error) { m_files->showError(tr("Cannot show the model"), error); });
    // Nothing big repaints in the pass that takes a run in: the tables and strips, then the
    // predictions and the model's panel, then each figure (the slowest to paint), each in a pass of
    // its own after it, so that the window reads input between any two.
    connect(m_workspace, &ModelWorkspace::aboutToReplaceRun, this, [this] {
        m_stagedRepaint->hold(
            {m_ui->tables, m_ui->tokenStrip, m_ui->keyTokenStrip, m_ui->predictionView, m_ui->transformerPanel,
                m_ui->arrowsView, m_ui->heatmapView, m_ui->barsView, m_ui->workedView, m_ui->vectorsView});
    });
    // Undo, Redo and the History dock follow the model's history while one runs.
    connect(m_workspace, &ModelWorkspace::runningChanged, this, [this](bool running) {
        m_history->setActiveStack(running ? m_liveHistory->stack() : m_session->undoStack());
        m_ui->settingsPanel->setFixed(m_session->settingsFixed());
    });
    connect(m_liveHistory, &LiveHistory::sentenceRestored, m_ui->sentenceEdit, &QLineEdit::setText);
    connect(m_liveHistory, &LiveHistory::targetRestored, m_ui->crossEdit, &QLineEdit::setText);

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

} // namespace qkv
