#include "panels/windowprogress.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QGuiApplication>
#include <QProgressDialog>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace qkv {

WaitCursor::WaitCursor()
{
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
}

void WaitCursor::done()
{
    if (std::exchange(m_on, false))
        QGuiApplication::restoreOverrideCursor();
}

WindowProgress::WindowProgress(QWidget *parent, const QString &label, int total)
    : m_dialog(std::make_unique<QProgressDialog>(
        label, QCoreApplication::translate("WindowProgress", "Stop"), 0, std::max(1, total), parent))
{
    m_dialog->setObjectName(QStringLiteral("windowProgress"));
    m_dialog->setWindowTitle(label);
    m_dialog->setWindowModality(Qt::WindowModal);
    m_dialog->setMinimumDuration(300);
    m_dialog->setAutoReset(false);
    m_dialog->setValue(0); // starts the 300 ms clock
}

WindowProgress::~WindowProgress() = default;

bool WindowProgress::advance(int done)
{
    // A window-modal dialog's setValue lets the event loop run: painting, and the Stop button.
    m_dialog->setValue(std::min(done, m_dialog->maximum()));
    dropCursorOnceShown();
    return !stopped();
}

void WindowProgress::setMaximum(int total)
{
    m_dialog->setMaximum(std::max(1, total));
}

void WindowProgress::dropCursorOnceShown()
{
    if (m_dialog->isVisible())
        m_waiting.done(); // its Stop button wants the arrow
}

bool WindowProgress::stopped() const
{
    return m_dialog->wasCanceled(); // the Stop button, or cancel()
}

void WindowProgress::setBusy(const QString &label)
{
    m_dialog->setLabelText(label);
    m_dialog->setRange(0, 0);
    QCoreApplication::processEvents();
}

void startOnWorker(std::function<void()> work)
{
    QThreadPool::globalInstance()->start(std::move(work));
}

bool WindowProgress::waitUntil(const std::function<bool()> &done)
{
    if (done())
        return true;
    m_dialog->setRange(0, 0);
    QEventLoop loop;
    QTimer poll; // a worker cannot safely reach this loop: it is asked instead
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
        else
            dropCursorOnceShown();
    });
    QObject::connect(m_dialog.get(), &QProgressDialog::canceled, &loop, &QEventLoop::quit);
    poll.start(10);
    loop.exec();
    return !stopped();
}

} // namespace qkv
