#include "app/headsanalysis.h"

#include "livemodel/livesession.h"
#include "panels/headsdialog.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include <QMainWindow>

namespace qkv {

HeadsAnalysis::HeadsAnalysis(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace)
    : QObject(window)
    , m_window(window)
    , m_workspace(workspace)
    , m_action(new QAction(tr("&Analyse Heads…"), window))
{
    m_action->setObjectName(QStringLiteral("actionAnalyseHeads"));
    m_action->setStatusTip(tr("Score every head of the model over a corpus of sentences: previous-token, "
                              "induction, entropy, attention to the first token…"));
    ui->menuModel->insertAction(ui->actionAblateHead, m_action);
    ui->menuModel->insertSeparator(ui->actionAblateHead);
    connect(m_action, &QAction::triggered, this, &HeadsAnalysis::show);
    // Running once its first run is shown.
    connect(m_workspace, &ModelWorkspace::runningChanged, this, &HeadsAnalysis::update);
    connect(m_workspace, &ModelWorkspace::runShown, this, &HeadsAnalysis::update);
    update();
}

void HeadsAnalysis::show()
{
    if (!m_dialog) {
        m_dialog = new HeadsDialog(m_window);
        connect(m_dialog, &HeadsDialog::passageChosen, m_workspace, &ModelWorkspace::showPassage);
    }
    update();
    m_dialog->show();
    m_dialog->raise();
    m_dialog->activateWindow();
}

void HeadsAnalysis::update()
{
    const bool running = m_workspace->isRunning();
    m_action->setEnabled(running);
    if (m_dialog && !m_dialog->isRunning())
        m_dialog->setModel(running ? m_workspace->live()->model() : nullptr);
}

} // namespace qkv
