#include "views/weightdrag.h"

#include <QApplication>
#include <QMouseEvent>
#include <QToolTip>
#include <QWidget>

#include <cmath>

namespace qkv {

void WeightDrag::press(QPointF pos, int query, int key, ValueAt valueAt)
{
    m_start = pos;
    m_query = query;
    m_key = key;
    m_valueAt = std::move(valueAt);
    m_dragging = false;
}

bool WeightDrag::move(QWidget *view, const QMouseEvent *event)
{
    if (m_query < 0 || !(event->buttons() & Qt::LeftButton))
        return false;
    if (!m_dragging && std::abs(event->position().y() - m_start.y()) < QApplication::startDragDistance())
        return false;
    m_dragging = true;
    QToolTip::showText(event->globalPosition().toPoint(),
        QApplication::translate("qkv::WeightDrag", "Seek weight %1: release to see the change")
            .arg(m_valueAt(event->position()), 0, 'f', 3),
        view);
    return true;
}

std::optional<WeightDrag::Sought> WeightDrag::release(QWidget *, const QMouseEvent *event)
{
    const bool dragged = m_dragging && m_query >= 0;
    const Sought sought {m_query, m_key, dragged ? m_valueAt(event->position()) : 0.0};
    m_query = m_key = -1;
    m_dragging = false;
    if (!dragged)
        return std::nullopt;
    QToolTip::hideText();
    return sought;
}

} // namespace qkv
