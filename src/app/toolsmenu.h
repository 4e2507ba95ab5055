#pragma once

#include "panels/exportdialog.h"

#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

namespace Ui {
class MainWindow;
}

namespace qkv {

class DocumentSession;
class GoalSeekDialog;

// The explorer's tools in the window: Tools → Goal Seek… (also a heatmap cell or a distribution
// bar dragged to a weight, or their context menu), Tools → Invariances, Tools → Snapshots (take
// one, compare with one, delete one: each an undo step) with the Side by Side dock, and the
// Contributions view (where the selected query's output comes from) beside the bar chart.
class ToolsMenu : public QObject
{
    Q_OBJECT

public:
    ToolsMenu(QMainWindow *window, Ui::MainWindow *ui, DocumentSession *session,
        ExportDialog::WindowFigureOptions figureOptions);

    // `dock` hidden as a tab beside `beside`; its toggle action (named, titled) raises it when shown.
    static QAction *addTabbedDock(QMainWindow *window, QDockWidget *dock, Qt::DockWidgetArea area, QDockWidget *beside,
        const QString &actionName, const QString &text);

private:
    void setUpSnapshots(QMenu *tools);
    void takeSnapshot(const QString &name);
    void compareWith(const QString &name);
    // Goal Seek on a cell, with a weight to seek (NaN: the dialog keeps its own).
    void openGoalSeek(int query, int key, double target);

    QMainWindow *m_window;
    Ui::MainWindow *m_ui;
    DocumentSession *m_session;
    ExportDialog::WindowFigureOptions m_figureOptions;
    GoalSeekDialog *m_goalSeek = nullptr;
};

} // namespace qkv
