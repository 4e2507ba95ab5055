// The explorer's tools in the window: Tools → Goal Seek…, a heatmap cell or a distribution bar
// dragged to a weight (or its context menu) opening goal-seek on it, Tools → Invariances, and the
// Contributions view (where the selected query's output comes from) beside the bar chart.
#include "app/goalseekdialog.h"
#include "app/invariancedock.h"
#include "app/mainwindow.h"
#include "views/viewregistry.h"

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
        const int highlighted = m_ui->barsView->highlightedKey();
        const int key = m_session->isKeySelected() ? token : highlighted >= 0 ? highlighted : query;
        openGoalSeek(query, key, std::nan(""));
    });
    // A tab over the settings, as the lesson: beside the views it would take their width.
    auto *invariances = new InvarianceDock(m_session, this);
    QAction *show = addTabbedDock(invariances, Qt::RightDockWidgetArea, m_ui->settingsDock,
        QStringLiteral("actionInvariances"), tr("&Invariances"));
    menu->addAction(show);
    m_ui->menuView->addAction(show);
    setUpSnapshots(menu);
    auto *contributions = new QDockWidget(tr("Contributions"), this);
    contributions->setObjectName(viewRow(FigureKind::Contributions)->placeName());
    auto *view = new ContributionsView(contributions);
    view->setObjectName(viewRow(FigureKind::Contributions)->widgetName());
    view->setSession(m_session);
    contributions->setWidget(view);
    addDockWidget(Qt::BottomDockWidgetArea, contributions);
    tabifyDockWidget(m_ui->barsDock, contributions);
    m_ui->barsDock->raise();
    m_ui->menuView->addAction(contributions->toggleViewAction());
    connect(m_ui->heatmapView, &HeatmapView::seekRequested, this, &MainWindow::openGoalSeek);
    connect(m_ui->barsView, &DistributionView::seekRequested, this, &MainWindow::openGoalSeek);
}

QAction *MainWindow::addTabbedDock(
    QDockWidget *dock, Qt::DockWidgetArea area, QDockWidget *beside, const QString &actionName, const QString &text)
{
    addDockWidget(area, dock);
    tabifyDockWidget(beside, dock);
    dock->hide();
    QAction *show = dock->toggleViewAction();
    show->setObjectName(actionName);
    show->setText(text);
    connect(show, &QAction::triggered, dock, [dock](bool on) {
        if (on)
            dock->raise(); // the front tab
    });
    return show;
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
