// The explorer's tools in the window: Tools → Goal Seek…, a heatmap cell or a distribution bar
// dragged to a weight (or its context menu) opening goal-seek on it, Tools → Invariances, and the
// Contributions view (where the selected query's output comes from) beside the bar chart.
#include "app/goalseekdialog.h"
#include "app/invariancedock.h"
#include "app/mainwindow.h"

#include "ui_mainwindow.h"

#include "session/documentsession.h"
#include "views/contributionsview.h"

#include <QDockWidget>
#include <QMenuBar>

#include <cmath>

namespace qkv {

void MainWindow::setUpExplorer()
{
    auto *menu = new QMenu(tr("&Tools"), this);
    menu->setObjectName(QStringLiteral("menuTools"));
    menuBar()->insertMenu(m_ui->menuHelp->menuAction(), menu);
    QAction *seek = menu->addAction(tr("&Goal Seek…"));
    seek->setObjectName(QStringLiteral("actionGoalSeek"));
    seek->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    seek->setStatusTip(tr("Find the smallest change of a query or a key that gives a cell the weight you choose"));
    connect(seek, &QAction::triggered, this, [this] {
        // The selected query's row, at the key the bar chart points at (or the selected key).
        const int token = std::max(0, m_session->selectedToken());
        const int query = m_session->isKeySelected() ? 0 : token;
        const int highlighted = m_ui->distribution->highlightedKey();
        const int key = m_session->isKeySelected() ? token : highlighted >= 0 ? highlighted : query;
        openGoalSeek(query, key, std::nan(""));
    });
    // A tab over the settings, as the lesson: beside the views it would take their width.
    auto *invariances = new InvarianceDock(m_session, this);
    addDockWidget(Qt::RightDockWidgetArea, invariances);
    tabifyDockWidget(m_ui->settingsDock, invariances);
    invariances->hide();
    QAction *show = invariances->toggleViewAction();
    show->setObjectName(QStringLiteral("actionInvariances"));
    show->setText(tr("&Invariances"));
    connect(show, &QAction::triggered, invariances, [invariances](bool on) {
        if (on)
            invariances->raise(); // the front tab, over the example's note
    });
    menu->addAction(show);
    m_ui->menuView->addAction(show);
    setUpSnapshots(menu);
    auto *contributions = new QDockWidget(tr("Contributions"), this);
    contributions->setObjectName(QStringLiteral("contributionsDock"));
    auto *view = new ContributionsView(contributions);
    view->setObjectName(QStringLiteral("contributions"));
    view->setSession(m_session);
    contributions->setWidget(view);
    addDockWidget(Qt::BottomDockWidgetArea, contributions);
    tabifyDockWidget(m_ui->distributionDock, contributions);
    m_ui->distributionDock->raise();
    m_ui->menuView->addAction(contributions->toggleViewAction());
    connect(m_ui->heatmap, &HeatmapView::seekRequested, this, &MainWindow::openGoalSeek);
    connect(m_ui->distribution, &DistributionView::seekRequested, this, &MainWindow::openGoalSeek);
}

void MainWindow::openGoalSeek(int query, int key, double target)
{
    if (!m_goalSeek)
        m_goalSeek = new GoalSeekDialog(m_session, this);
    m_goalSeek->show();
    m_goalSeek->raise();
    m_goalSeek->activateWindow();
    m_goalSeek->seek(query, key, std::isnan(target) ? std::nullopt : std::optional(target));
}

} // namespace qkv
