#pragma once

#include "export/figurekind.h"
#include "panels/exportdialog.h"

#include <QDockWidget>
#include <QImage>

class QComboBox;
class QTimer;

namespace qkv {

class DocumentSession;

// Tools → Snapshots → Side by Side (A | B): any view of the baseline snapshot (A) beside the same
// view now (B), drawn as its figure (the window's view options, the session's head and selected
// token) and drawn again after every edit, selection, head or snapshot change. Without a baseline
// it says how to choose one.
class SideBySideDock : public QDockWidget
{
    Q_OBJECT

public:
    SideBySideDock(
        DocumentSession *session, ExportDialog::WindowFigureOptions windowOptions, QWidget *parent = nullptr);

    void setKind(FigureKind kind);
    FigureKind kind() const;
    // What the panel shows now (the figure, or the hint without a baseline), at the panel's size.
    QImage image() const { return m_image; }
    // Draws again now rather than after the coalescing timer (tests, and a shown panel).
    void refresh();

private:
    void schedule();

    DocumentSession *m_session;
    ExportDialog::WindowFigureOptions m_windowOptions;
    QComboBox *m_kind = nullptr;
    QWidget *m_canvas = nullptr;
    QTimer *m_timer = nullptr;
    QImage m_image;
};

} // namespace qkv
