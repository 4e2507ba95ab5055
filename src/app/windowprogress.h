#pragma once

#include <QString>

#include <functional>
#include <memory>

class QProgressDialog;
class QWidget;

namespace qkv {

// A wait cursor while the GUI thread works itself, until done() or the end of the scope: until
// a progress dialog is there to say more (its Stop button wants the arrow).
class WaitCursor
{
public:
    WaitCursor();
    ~WaitCursor() { done(); }
    WaitCursor(const WaitCursor &) = delete;
    WaitCursor &operator=(const WaitCursor &) = delete;
    void done();

private:
    bool m_on = true;
};

// Long work in the window, step by step on the GUI thread (an animation's frames, drawn by the
// figures' widgets) or on a worker (one large figure): a window-modal progress dialog with a Stop button, shown once
// the work has taken 300 ms, that keeps the window painting and answering between steps.
class WindowProgress
{
public:
    WindowProgress(QWidget *parent, const QString &label, int total);
    ~WindowProgress();
    WindowProgress(const WindowProgress &) = delete;
    WindowProgress &operator=(const WindowProgress &) = delete;

    // After `done` of the total: false once Stop was pressed.
    bool advance(int done);
    // A step that cannot say how far it is (encoding the frames): the label, the bar busy.
    void setBusy(const QString &label);
    // Work on another thread: the window keeps answering until `done` says it is finished
    // (true) or Stop is pressed (false).
    bool waitUntil(const std::function<bool()> &done);
    bool stopped() const;

private:
    std::unique_ptr<QProgressDialog> m_dialog;
};

} // namespace qkv
