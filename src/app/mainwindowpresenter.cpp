// View → Presenter Mode (F5, Escape leaves): the window full screen for a projector, text larger
// (a zoom of its own, remembered), the high-contrast theme, only the views the lesson's step (or
// the presenter) shows, the lesson as a slim caption, and the token under the mouse selected in
// every view, as a laser pointer would show it.
#include "app/examplenotedock.h"
#include "app/helpdock.h"
#include "app/lessondock.h"
#include "app/mainwindow.h"
#include "app/zoomcontroller.h"

#include "ui_mainwindow.h"

#include "session/documentsession.h"

#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

namespace qkv {

void MainWindow::setUpPresenter()
{
    m_presenterAction = new QAction(tr("&Presenter Mode"), this);
    m_presenterAction->setObjectName(QStringLiteral("actionPresenter"));
    m_presenterAction->setCheckable(true);
    m_presenterAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_presenterAction->setStatusTip(
        tr("Full screen for a projector: large text, high contrast, the lesson as a caption"));
    m_ui->menuView->addAction(m_presenterAction);
    addAction(m_presenterAction); // F5 works while the menu bar is hidden
    auto *leave = new QAction(this);
    leave->setObjectName(QStringLiteral("actionLeavePresenter"));
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setEnabled(false); // Escape keeps its meaning in the views until presenting
    addAction(leave);
    connect(leave, &QAction::triggered, m_presenterAction, [this] { m_presenterAction->setChecked(false); });
    connect(m_presenterAction, &QAction::toggled, this, [this, leave](bool on) {
        leave->setEnabled(on);
        setPresenting(on);
    });
    // The laser pointer: what the mouse is over is selected everywhere.
    connect(m_ui->heatmapView, &HeatmapView::cellHovered, this, [this](int row, int col) {
        if (m_presenting && (row >= 0 || col >= 0))
            m_session->setSelection(row >= 0 ? row : col, row < 0);
    });
    connect(m_ui->arrowsView, &ArrowGraphView::tokenHovered, this, [this](int token) {
        if (m_presenting && token >= 0)
            m_session->setSelectedToken(token);
    });
    connect(m_ui->barsView, &DistributionView::keyHovered, this, [this](int key) {
        // A row's bars are keys; a key's column stays on the key while its bars are pointed at.
        if (m_presenting && key >= 0 && !m_ui->barsView->showsColumn())
            m_session->setSelectedKey(key);
    });
}

void MainWindow::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    QSettings settings;
    if (on) {
        m_beforePresenting = {saveState(), saveGeometry(), m_zoom->step(), isMaximized()};
        // A zoom of its own, remembered: a projector wants larger text than the desk.
        // By default a quarter larger on a small projector (720 lines), half as large again on more.
        const int fallback = screen() && screen()->geometry().height() <= 800 ? 2 : 4;
        m_zoom->setStep(settings.value(QStringLiteral("presenter/zoomStep"), fallback).toInt());
        applyTheme(Theme::HighContrast);
        for (QWidget *bar : std::initializer_list<QWidget *> {menuBar(), m_ui->toolBar, statusBar()})
            bar->hide();
        for (QDockWidget *dock : {m_ui->settingsDock, m_ui->historyDock, m_ui->modelDock, m_ui->predictionDock,
                 static_cast<QDockWidget *>(m_noteDock), static_cast<QDockWidget *>(m_helpDock)})
            dock->hide();
        if (m_lessonDock->hasLesson()) {
            removeDockWidget(m_lessonDock);
            addDockWidget(Qt::TopDockWidgetArea, m_lessonDock); // a caption across the whole width
            m_lessonDock->setCompact(true);
            m_lessonDock->show();
            if (!m_lessonViews.isEmpty())
                showLessonViews(m_lessonViews);
        }
        // The screen's size first: without a window manager (a kiosk, a test) full screen alone
        // keeps the window's size.
        if (const QScreen *screen = this->screen())
            setGeometry(screen->geometry());
        showFullScreen();
        // A caption, not a page; once the window has its full-screen size.
        if (m_lessonDock->hasLesson())
            QTimer::singleShot(50, this, [this] {
                if (m_presenting)
                    resizeDocks({m_lessonDock}, {height() / 5}, Qt::Vertical);
            });
    } else {
        settings.setValue(QStringLiteral("presenter/zoomStep"), m_zoom->step());
        m_lessonDock->setCompact(false);
        showNormal();
        restoreState(m_beforePresenting.state);
        restoreGeometry(m_beforePresenting.geometry);
        if (m_beforePresenting.maximized)
            showMaximized();
        m_zoom->setStep(m_beforePresenting.zoomStep);
        applyTheme(static_cast<Theme>(std::clamp(settings.value(QStringLiteral("window/theme"), 0).toInt(), 0, 3)));
        for (QWidget *bar : std::initializer_list<QWidget *> {menuBar(), m_ui->toolBar, statusBar()})
            bar->show();
    }
}

} // namespace qkv
