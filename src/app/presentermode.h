#pragma once

#include <QByteArray>
#include <QObject>

#include <vector>

class QAction;
class QDockWidget;
class QMainWindow;

namespace Ui {
class MainWindow;
}

namespace qkv {

class DocumentSession;
class LessonController;
class ZoomController;

// View → Presenter Mode (F5, Escape leaves): the window full screen for a projector, text larger
// (a zoom of its own, remembered), the high-contrast theme, only the views the lesson's step (or
// the presenter) shows, the lesson as a slim caption, and the token under the mouse selected in
// every view, as a laser pointer would show it.
class PresenterMode : public QObject
{
    Q_OBJECT

public:
    // `hidden`: the docks put away while presenting (beside the window's own side docks).
    PresenterMode(QMainWindow *window, Ui::MainWindow *ui, DocumentSession *session, ZoomController *zoom,
        LessonController *lessons, std::vector<QDockWidget *> hidden);

    void setPresenting(bool on);
    bool isPresenting() const { return m_presenting; }

private:
    QMainWindow *m_window;
    Ui::MainWindow *m_ui;
    DocumentSession *m_session;
    ZoomController *m_zoom;
    LessonController *m_lessons;
    std::vector<QDockWidget *> m_hidden;
    QAction *m_action;
    bool m_presenting = false;
    struct {
        QByteArray state, geometry;
        int zoomStep = 0;
        bool maximized = false;
    } m_before; // the window as it was, for when presenting ends
};

} // namespace qkv
