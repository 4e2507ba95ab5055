#include "app/modelopening.h"

#include "panels/windowprogress.h"

#include <QApplication>
#include <QEventLoop>
#include <QProgressDialog>
#include <QThread>
#include <QTimer>
#include <QWindow>

#include <atomic>
#include <utility>

namespace qkv::app {

namespace {

struct Text {
    Q_DECLARE_TR_FUNCTIONS(ModelOpening)
};

// While the model opens, the user's input goes to the progress dialog alone: before the dialog
// appears (its first 300 ms) the window would otherwise take clicks and keys, and could start a
// second open inside this one.
class OnlyTo : public QObject
{
public:
    explicit OnlyTo(const QWidget *dialog)
        : m_dialog(dialog)
    { }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonRelease:
        case QEvent::MouseButtonDblClick:
        case QEvent::KeyPress:
        case QEvent::KeyRelease:
        case QEvent::ShortcutOverride:
        case QEvent::Shortcut:
        case QEvent::Wheel: {
            // Input reaches the dialog's window first, then its widgets.
            if (const auto *window = qobject_cast<const QWindow *>(watched))
                return window != m_dialog->windowHandle();
            const auto *widget = qobject_cast<const QWidget *>(watched);
            return !(widget && (widget == m_dialog || m_dialog->isAncestorOf(widget)));
        }
        default:
            return false;
        }
    }

private:
    const QWidget *m_dialog;
};

} // namespace

std::shared_ptr<const live::LiveModel> openModelShowingProgress(
    QWidget *parent, const QString &location, QString *error)
{
    std::atomic<qint64> done = 0, total = 0;
    std::atomic<bool> stop = false;
    std::shared_ptr<const live::LiveModel> model;
    QString failure;
    std::unique_ptr<QThread> worker(QThread::create([&] {
        model = live::LiveModel::open(location, &failure, [&](qint64 d, qint64 t) {
            done = d;
            total = t;
            return !stop;
        });
    }));

    QProgressDialog dialog(Text::tr("Opening the model %1 …").arg(location), Text::tr("Stop"), 0, 1000, parent);
    dialog.setWindowTitle(Text::tr("Opening a model"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(300);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&] {
        stop = true;
        dialog.setLabelText(Text::tr("Stopping …"));
    });
    WaitCursor waiting;
    QTimer tick;
    tick.setInterval(50);
    QObject::connect(&tick, &QTimer::timeout, &dialog, [&] {
        if (const qint64 t = total; t > 0)
            dialog.setValue(static_cast<int>(1000 * done / t));
        if (dialog.isVisible())
            waiting.done();
    });
    OnlyTo onlyToDialog(&dialog);
    qApp->installEventFilter(&onlyToDialog);
    QEventLoop loop;
    QObject::connect(worker.get(), &QThread::finished, &loop, &QEventLoop::quit);
    worker->start();
    tick.start();
    dialog.setValue(0); // the dialog appears once 300 ms have passed
    loop.exec(QEventLoop::ExcludeSocketNotifiers);
    worker->wait();
    qApp->removeEventFilter(&onlyToDialog);
    waiting.done();
    if (!model)
        *error = stop ? QString() : failure;
    return model;
}

} // namespace qkv::app
