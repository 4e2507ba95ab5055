// Snapshots in the window: Tools → Snapshots takes one (the views then show what changes from
// it), chooses the baseline the views compare against, or deletes one. Each is one undo step.
#include "app/mainwindow.h"

#include "ui_mainwindow.h"

#include "app/sidebysidedock.h"

#include "session/documentsession.h"
#include "views/heatmapview.h"

#include <QActionGroup>
#include <QInputDialog>
#include <QMenu>
#include <QStatusBar>

namespace qkv {

void MainWindow::setUpSnapshots(QMenu *tools)
{
    QMenu *menu = tools->addMenu(tr("&Snapshots"));
    menu->setObjectName(QStringLiteral("menuSnapshots"));
    QAction *take = menu->addAction(tr("&Take Snapshot…"));
    take->setObjectName(QStringLiteral("actionTakeSnapshot"));
    take->setStatusTip(tr("Pin the numbers as they are now; the heatmap then shows what changes from them"));
    connect(take, &QAction::triggered, this, [this] {
        bool ok = false;
        const QString name = QInputDialog::getText(this, tr("Take Snapshot"), tr("Name of the snapshot:"),
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
            statusBar()->showMessage(why, 8000);
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
    auto *sides = new SideBySideDock(
        m_session, [this](FigureKind kind) { return figureOptions(kind); }, this);
    QAction *show = addTabbedDock(sides, Qt::BottomDockWidgetArea, m_ui->barsDock, QStringLiteral("actionSideBySide"),
        tr("Side by Side (&A | B)"));
    show->setStatusTip(tr("Any view of the baseline snapshot (A) beside the same view now (B)"));
    menu->addAction(show);
}

void MainWindow::takeSnapshot(const QString &name)
{
    Document doc = m_session->document();
    std::vector<Snapshot> snapshots = doc.snapshots();
    // A name taken again pins the new state under it.
    std::erase_if(snapshots, [&](const Snapshot &s) { return s.name == name; });
    if (snapshots.size() >= static_cast<std::size_t>(limits::maxSnapshots)) {
        statusBar()->showMessage(tr("A document holds at most %1 snapshots: delete one first (Tools → Snapshots).")
                                     .arg(limits::maxSnapshots),
            8000);
        return;
    }
    snapshots.push_back({name, std::make_shared<const Document>(snapshotState(doc))});
    doc.setSnapshots(std::move(snapshots));
    doc.setBaseline(name);
    m_session->editDocument(doc, tr("Take Snapshot “%1”").arg(name));
    if (m_session->document().baseline() == name)
        statusBar()->showMessage(
            tr("Snapshot “%1” taken: the heatmap shows what changes from it (Tools → Snapshots → Compare With).")
                .arg(name),
            8000);
}

void MainWindow::compareWith(const QString &name)
{
    Document doc = m_session->document();
    doc.setBaseline(name);
    m_session->editDocument(doc, name.isEmpty() ? tr("Stop Comparing") : tr("Compare With “%1”").arg(name));
}

} // namespace qkv
