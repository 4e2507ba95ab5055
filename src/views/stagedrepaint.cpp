#include "views/stagedrepaint.h"

#include <QEvent>
#include <QWidget>

namespace qkv {

StagedRepaint::StagedRepaint(QObject *parent)
    : QObject(parent)
{
    m_next.setSingleShot(true);
    m_next.setInterval(0);
    connect(&m_next, &QTimer::timeout, this, &StagedRepaint::releaseNext);
    m_fallback.setSingleShot(true);
    m_fallback.setInterval(50);
    connect(&m_fallback, &QTimer::timeout, this, &StagedRepaint::releaseNext);
}

StagedRepaint::~StagedRepaint()
{
    // Never leave a view that cannot repaint.
    while (isHolding())
        releaseNext();
}

void StagedRepaint::hold(const QList<QWidget *> &views)
{
    for (QWidget *view : views) {
        if (!view || !view->isVisible() || !view->updatesEnabled() || m_held.contains(view))
            continue;
        if (!m_window) {
            m_window = view->window();
            m_window->installEventFilter(this);
        }
        view->setUpdatesEnabled(false);
        m_held.append(view);
    }
    if (isHolding())
        m_fallback.start();
}

bool StagedRepaint::eventFilter(QObject *watched, QEvent *event)
{
    // A repaint pass is starting: release the next view once it is over.
    if (watched == m_window && event->type() == QEvent::UpdateRequest && isHolding())
        m_next.start();
    return QObject::eventFilter(watched, event);
}

void StagedRepaint::releaseNext()
{
    m_next.stop();
    while (!m_held.isEmpty()) {
        const QPointer<QWidget> view = m_held.takeFirst();
        if (view) {
            view->setUpdatesEnabled(true); // which repaints it
            break;
        }
    }
    if (isHolding()) {
        m_fallback.start();
        return;
    }
    m_fallback.stop();
    if (m_window)
        m_window->removeEventFilter(this);
    m_window = nullptr;
    Q_EMIT released();
}

} // namespace qkv
