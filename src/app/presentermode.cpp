// View → Presenter Mode: the window for a projector, and back as it was.
#include "app/presentermode.h"

#include "app/lessoncontroller.h"
#include "app/theme.h"
#include "app/zoomcontroller.h"

#include "ui_mainwindow.h"

#include "session/documentsession.h"

#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>

namespace qkv {

PresenterMode::PresenterMode(QMainWindow *window, Ui::MainWindow *ui, DocumentSession *session, ZoomController *zoom,
    LessonController *lessons, std::vector<QDockWidget *> hidden)
    : QObject(window)
    , m_window(window)
    , m_ui(ui)
    , m_session(session)
    , m_zoom(zoom)
    , m_lessons(lessons)
    , m_hidden(std::move(hidden))
    , m_action(new QAction(tr("&Presenter Mode"), window))
{
    m_action->setObjectName(QStringLiteral("actionPresenter"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::Key_F5));
    m_action->setStatusTip(tr("Full screen for a projector: large text, high contrast, the lesson as a caption"));
    m_ui->menuView->addAction(m_action);
    m_window->addAction(m_action); // F5 works while the menu bar is hidden
    auto *leave = new QAction(m_window);
    leave->setObjectName(QStringLiteral("actionLeavePresenter"));
    leave->setShortcut(QKeySequence(Qt::Key_Escape));
    leave->setEnabled(false); // Escape keeps its meaning in the views until presenting
    m_window->addAction(leave);
    connect(leave, &QAction::triggered, m_action, [this] { m_action->setChecked(false); });
    connect(m_action, &QAction::toggled, this, [this, leave](bool on) {
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

void PresenterMode::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    QSettings settings;
    if (on) {
        m_before = {m_window->saveState(), m_window->saveGeometry(), m_zoom->step(), m_window->isMaximized()};
        // A zoom of its own, remembered: a projector wants larger text than the desk.
        // By default a quarter larger on a small projector (720 lines), half as large again on more.
        const int fallback = m_window->screen() && m_window->screen()->geometry().height() <= 800 ? 2 : 4;
        m_zoom->setStep(settings.value(QStringLiteral("presenter/zoomStep"), fallback).toInt());
        applyTheme(Theme::HighContrast);
        for (QWidget *bar :
            std::initializer_list<QWidget *> {m_window->menuBar(), m_ui->toolBar, m_window->statusBar()})
            bar->hide();
        for (QDockWidget *dock : {m_ui->settingsDock, m_ui->historyDock, m_ui->modelDock, m_ui->predictionDock})
            dock->hide();
        for (QDockWidget *dock : m_hidden)
            dock->hide();
        m_lessons->setPresenting(true);
        // The screen's size first: without a window manager (a kiosk, a test) full screen alone
        // keeps the window's size.
        if (const QScreen *screen = m_window->screen())
            m_window->setGeometry(screen->geometry());
        m_window->showFullScreen();
    } else {
        settings.setValue(QStringLiteral("presenter/zoomStep"), m_zoom->step());
        m_lessons->setPresenting(false);
        m_window->showNormal();
        m_window->restoreState(m_before.state);
        m_window->restoreGeometry(m_before.geometry);
        if (m_before.maximized)
            m_window->showMaximized();
        m_zoom->setStep(m_before.zoomStep);
        applyTheme(static_cast<Theme>(std::clamp(settings.value(QStringLiteral("window/theme"), 0).toInt(), 0, 3)));
        for (QWidget *bar :
            std::initializer_list<QWidget *> {m_window->menuBar(), m_ui->toolBar, m_window->statusBar()})
            bar->show();
    }
}

} // namespace qkv
