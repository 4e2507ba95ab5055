#include "views/zoomnavigation.h"

#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QNativeGestureEvent>
#include <QWheelEvent>
#include <QWidget>

#include <cmath>

namespace qkv {

ZoomNavigation::ZoomNavigation(QWidget *view, Target target)
    : m_view(view)
    , m_target(std::move(target))
{ }

void ZoomNavigation::zoomBy(double steps, std::optional<QPointF> pos)
{
    m_target.zoomAround(pos.value_or(m_target.centre()), m_target.zoom() * std::pow(std::sqrt(2.0), steps));
    m_view->update();
}

void ZoomNavigation::reset()
{
    m_target.zoomAround(m_target.centre(), 1);
    m_view->update();
}

bool ZoomNavigation::wheel(QWheelEvent *event)
{
    const QPoint angle = event->angleDelta();
    // Ctrl+wheel zooms at the pointer, a notch (120) a half step of √2.
    if (event->modifiers() & (Qt::ControlModifier | Qt::MetaModifier)) {
        zoomBy(angle.y() / 240.0, event->position());
        event->accept();
        return true;
    }
    if (!zoomed()) {
        event->ignore(); // everything is in view: a scroll area around the view may scroll
        return true;
    }
    // A touchpad reports pixels; a wheel notch moves three lines' worth.
    QPointF move = !event->pixelDelta().isNull() ? QPointF(event->pixelDelta()) : QPointF(angle) * (48.0 / 120.0);
    if (event->modifiers() & Qt::ShiftModifier && move.x() == 0)
        move = {move.y(), 0};
    m_target.panBy(move);
    m_view->update();
    event->accept();
    return true;
}

bool ZoomNavigation::gesture(QEvent *event)
{
    if (event->type() != QEvent::NativeGesture)
        return false;
    auto *pinch = static_cast<QNativeGestureEvent *>(event);
    if (pinch->gestureType() != Qt::ZoomNativeGesture)
        return false;
    m_target.zoomAround(pinch->position(), m_target.zoom() * (1 + pinch->value()));
    m_view->update();
    return true;
}

bool ZoomNavigation::press(QMouseEvent *event)
{
    if (event->button() != Qt::MiddleButton || !zoomed())
        return false;
    m_panning = true;
    m_from = event->position();
    m_view->setCursor(Qt::ClosedHandCursor);
    return true;
}

bool ZoomNavigation::move(QMouseEvent *event)
{
    if (!m_panning)
        return false;
    m_target.panBy(event->position() - m_from);
    m_from = event->position();
    m_view->update();
    return true;
}

bool ZoomNavigation::release(QMouseEvent *event)
{
    if (!m_panning)
        return false;
    m_panning = false;
    m_view->setCursor(Qt::ArrowCursor);
    event->accept();
    return true;
}

bool ZoomNavigation::key(QKeyEvent *event)
{
    // Plain keys: Ctrl with them scales the whole window's text (View → Zoom).
    if (event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1);
        return true;
    case Qt::Key_Minus:
        zoomBy(-1);
        return true;
    case Qt::Key_0:
        reset();
        return true;
    default:
        return false;
    }
}

void ZoomNavigation::addActions(QMenu &menu, const QString &everything)
{
    // Only where zooming shows more: a document longer than a handful of tokens.
    if (m_target.maxZoom() <= 1)
        return;
    QAction *in = menu.addAction(QMenu::tr("Zoom &In"), m_view, [this] { zoomBy(1); });
    in->setObjectName(QStringLiteral("zoomIn"));
    in->setShortcut(QKeySequence(Qt::Key_Plus));
    in->setEnabled(m_target.zoom() < m_target.maxZoom());
    QAction *out = menu.addAction(QMenu::tr("Zoom &Out"), m_view, [this] { zoomBy(-1); });
    out->setObjectName(QStringLiteral("zoomOut"));
    out->setShortcut(QKeySequence(Qt::Key_Minus));
    out->setEnabled(zoomed());
    QAction *all = menu.addAction(everything, m_view, [this] { reset(); });
    all->setObjectName(QStringLiteral("zoomReset"));
    all->setShortcut(QKeySequence(Qt::Key_0));
    all->setEnabled(zoomed());
    menu.addSeparator();
}

} // namespace qkv
