// The explorer's tools in the window: Goal Seek, Invariances, Snapshots, Side by Side and the
// Contributions view.
#include "app/toolsmenu.h"

#include "panels/goalseekdialog.h"
#include "panels/invariancedock.h"
#include "panels/sidebysidedock.h"
#include "views/viewregistry.h"

#include "ui_mainwindow.h"

#include "document/snapshot.h"
#include "session/documentsession.h"
#include "views/contributionsview.h"
#include "views/heatmapview.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

#include <cmath>

namespace qkv {

ToolsMenu::ToolsMenu(
    QMainWindow *window, Ui::MainWindow *ui, DocumentSession *session, ExportDialog::WindowFigureOptions figureOptions)
    : QObject(window)
    , m_window(window)
    , m_ui(ui)
    , m_session(session)
    , m_figureOptions(std::move(figureOptions))
{
    auto *menu = new QMenu(tr("&Tools"), window);
    menu->setObjectName(QStringLiteral("menuTools"));
    m_window->menuBar()->insertMenu(m_ui->menuHelp->menuAction(), menu);
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
    auto *invariances = new InvarianceDock(m_session, m_window);
    QAction *show = addTabbedDock(m_window, invariances, Qt::RightDockWidgetArea, m_ui->settingsDock,
        QStringLiteral("actionInvariances"), tr("&Invariances"));
    menu->addAction(show);
    m_ui->menuView->addAction(show);
    setUpSnapshots(menu);
    auto *contributions = new QDockWidget(tr("Contributions"), m_window);
    contributions->setObjectName(viewRow(FigureKind::Contributions)->placeName());
    auto *view = new ContributionsView(contributions);
    view->setObjectName(viewRow(FigureKind::Contributions)->widgetName());
    view->setSession(m_session);
    contributions->setWidget(view);
    m_window->addDockWidget(Qt::BottomDockWidgetArea, contributions);
    m_window->tabifyDockWidget(m_ui->barsDock, contributions);
    m_ui->barsDock->raise();
    m_ui->menuView->addAction(contributions->toggleViewAction());
    connect(m_ui->heatmapView, &HeatmapView::seekRequested, this, &ToolsMenu::openGoalSeek);
    connect(m_ui->barsView, &DistributionView::seekRequested, this, &ToolsMenu::openGoalSeek);
}

QAction *ToolsMenu::addTabbedDock(QMainWindow *window, QDockWidget *dock, Qt::DockWidgetArea area, QDockWidget *beside,
    const QString &actionName, const QString &text)
{
    window->addDockWidget(area, dock);
    window->tabifyDockWidget(beside, dock);
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

void ToolsMenu::openGoalSeek(int query, int key, double target)
{
    if (!m_goalSeek)
        m_goalSeek = new GoalSeekDialog(m_session, m_window);
    m_goalSeek->show();
    m_goalSeek->raise();
    m_goalSeek->activateWindow();
    m_goalSeek->seek(query, key, std::isnan(target) ? std::nullopt : std::optional(target));
}

void ToolsMenu::setUpSnapshots(QMenu *tools)
{
    QMenu *menu = tools->addMenu(tr("&Snapshots"));
    menu->setObjectName(QStringLiteral("menuSnapshots"));
    QAction *take = menu->addAction(tr("&Take Snapshot…"));
    take->setObjectName(QStringLiteral("actionTakeSnapshot"));
    take->setStatusTip(tr("Pin the numbers as they are now; the heatmap then shows what changes from them"));
    connect(take, &QAction::triggered, this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(m_window, tr("Take Snapshot"), tr("Name of the snapshot:"),
            QLineEdit::Normal, nextSnapshotName(m_session->document().snapshots()), &ok)
                                 .trimmed();
        if (ok && !name.isEmpty())
            takeSnapshot(name);
    });
    QMenu *compare = menu->addMenu(tr("&Compare With"));
    compare->setObjectName(QStringLiteral("menuCompareWith"));
    QMenu *remove = menu->addMenu(tr("&Delete Snapshot"));
    remove->setObjectName(QStringLiteral("menuDeleteSnapshot"));
    // Rebuilt each time they open: the snapshots are the document's, and undo changes them.
    connect(compare, &QMenu::aboutToShow, this, [this, compare] {
        compare->clear();
        auto *group = new QActionGroup(compare);
        const Document &doc = m_session->document();
        QAction *none = compare->addAction(tr("Nothing"));
        none->setCheckable(true);
        none->setChecked(doc.baseline().isEmpty());
        group->addAction(none);
        connect(none, &QAction::triggered, this, [this] { compareWith({}); });
        for (const Snapshot &s : doc.snapshots()) {
            QAction *a = compare->addAction(s.name);
            a->setCheckable(true);
            a->setChecked(s.name == doc.baseline());
            group->addAction(a);
            connect(a, &QAction::triggered, this, [this, name = s.name] { compareWith(name); });
        }
    });
    // A baseline of another sentence length is not drawn against: say why, at each new result.
    connect(m_session, &DocumentSession::resultChanged, this, [this] {
        if (const QString why = m_ui->heatmapView->figure().differenceRefusal(); !why.isEmpty())
            m_window->statusBar()->showMessage(why, 8000);
    });
    connect(remove, &QMenu::aboutToShow, this, [this, remove] {
        remove->clear();
        for (const Snapshot &s : m_session->document().snapshots())
            connect(remove->addAction(s.name), &QAction::triggered, this, [this, name = s.name] {
                Document doc = m_session->document();
                std::vector<Snapshot> kept = doc.snapshots();
                std::erase_if(kept, [&](const Snapshot &k) { return k.name == name; });
                doc.setSnapshots(std::move(kept));
                m_session->editDocument(doc, tr("Delete Snapshot “%1”").arg(name));
            });
        if (remove->isEmpty())
            remove->addAction(tr("No snapshots"))->setEnabled(false);
    });
    menu->addSeparator();
    // Below the views, as a tab beside the bar chart: the two halves want the window's width.
    auto *sides = new SideBySideDock(m_session, m_figureOptions, m_window);
    QAction *show = addTabbedDock(m_window, sides, Qt::BottomDockWidgetArea, m_ui->barsDock,
        QStringLiteral("actionSideBySide"), tr("Side by Side (&A | B)"));
    show->setStatusTip(tr("Any view of the baseline snapshot (A) beside the same view now (B)"));
    menu->addAction(show);
}

void ToolsMenu::takeSnapshot(const QString &name)
{
    Document doc = m_session->document();
    std::vector<Snapshot> snapshots = doc.snapshots();
    // A name taken again pins the new state under it.
    std::erase_if(snapshots, [&](const Snapshot &s) { return s.name == name; });
    if (snapshots.size() >= static_cast<std::size_t>(limits::maxSnapshots)) {
        m_window->statusBar()->showMessage(
            tr("A document holds at most %1 snapshots: delete one first (Tools → Snapshots).")
                .arg(limits::maxSnapshots),
            8000);
        return;
    }
    snapshots.push_back({name, std::make_shared<const Document>(snapshotState(doc))});
    doc.setSnapshots(std::move(snapshots));
    doc.setBaseline(name);
    m_session->editDocument(doc, tr("Take Snapshot “%1”").arg(name));
    if (m_session->document().baseline() == name)
        m_window->statusBar()->showMessage(
            tr("Snapshot “%1” taken: the heatmap shows what changes from it (Tools → Snapshots → Compare With).")
                .arg(name),
            8000);
}

void ToolsMenu::compareWith(const QString &name)
{
    Document doc = m_session->document();
    doc.setBaseline(name);
    m_session->editDocument(doc, name.isEmpty() ? tr("Stop Comparing") : tr("Compare With “%1”").arg(name));
}

} // namespace qkv
