#pragma once

#include <QString>

#include <memory>

class QProgressDialog;
class QWidget;

namespace qkv {

// Long work in the window, step by step on the GUI thread (an animation's frames, drawn by the
// figures' widgets): a window-modal progress dialog with a Stop button, shown once the work has
// taken 300 ms, that keeps the window painting and answering between steps.
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
    bool stopped() const;

private:
    std::unique_ptr<QProgressDialog> m_dialog;
};

} // namespace qkv
