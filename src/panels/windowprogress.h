#pragma once

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

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
// figures' widgets) or on a worker (one large figure): a window-modal progress dialog with a Stop
// button, shown once the work has taken 300 ms, that keeps the window painting and answering
// between steps. Until the dialog shows, the pointer is a wait cursor.
class WindowProgress
{
public:
    WindowProgress(QWidget *parent, const QString &label, int total);
    ~WindowProgress();
    WindowProgress(const WindowProgress &) = delete;
    WindowProgress &operator=(const WindowProgress &) = delete;

    // After `done` of the total: false once Stop was pressed.
    bool advance(int done);
    void setMaximum(int total);
    // A step that cannot say how far it is (encoding the frames): the label, the bar busy.
    void setBusy(const QString &label);
    // Work on another thread: the window keeps answering until `done` says it is finished
    // (true) or Stop is pressed (false).
    bool waitUntil(const std::function<bool()> &done);
    bool stopped() const;

private:
    void dropCursorOnceShown();

    std::unique_ptr<QProgressDialog> m_dialog;
    WaitCursor m_waiting;
};

// Runs `work` on a thread of the global pool (which the application waits for when it quits).
void startOnWorker(std::function<void()> work);

// `work` on a worker thread under `progress`: its result, or nullopt once Stop is pressed. The
// work then ends unseen, so it must own (or hold) everything it reads.
template<typename T>
std::optional<T> runOnWorker(WindowProgress &progress, std::function<T()> work)
{
    struct Outcome {
        std::optional<T> value;
        std::atomic<bool> done = false;
    };
    const auto outcome = std::make_shared<Outcome>();
    startOnWorker([outcome, work = std::move(work)] {
        outcome->value = work();
        outcome->done = true;
    });
    if (!progress.waitUntil([&outcome] { return outcome->done.load(); }))
        return std::nullopt;
    return std::move(outcome->value);
}

// The same under a progress dialog of its own, labelled `label`.
template<typename T>
std::optional<T> runOnWorker(QWidget *parent, const QString &label, std::function<T()> work)
{
    WindowProgress progress(parent, label, 0);
    return runOnWorker(progress, std::move(work));
}

} // namespace qkv
