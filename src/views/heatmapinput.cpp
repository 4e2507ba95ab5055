// The heatmap's input: hover, clicks on cells and headings, arrow keys, tooltips.
#include "views/heatmapview.h"

#include "figures/tokenlabel.h"
#include "session/documentsession.h"
#include "views/accessiblegrid.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace qkv {

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    if (navigationMove(event) || m_drag.move(this, event))
        return;
    const QPoint heading = headingAt(event->position());
    setCursor(heading != QPoint(-1, -1) ? Qt::PointingHandCursor : Qt::ArrowCursor);
    QPoint cell = cellAt(event->position());
    if (cell.x() < 0)
        cell = heading; // a heading reports its column (row -1) or row (column -1)
    if (cell != m_hovered) {
        m_hovered = cell;
        update();
        Q_EMIT cellHovered(cell.y(), cell.x());
    }
}

void HeatmapView::leaveEvent(QEvent *)
{
    if (m_hovered == QPoint(-1, -1))
        return;
    m_hovered = {-1, -1};
    update();
    Q_EMIT cellHovered(-1, -1);
}

void HeatmapView::mousePressEvent(QMouseEvent *event)
{
    if (navigationPress(event))
        return;
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    // A column heading selects that key; a row heading, that query.
    if (const QPoint heading = headingAt(event->position()); heading != QPoint(-1, -1)) {
        selectToken(std::max(heading.x(), heading.y()), heading.x() >= 0);
        return;
    }
    const QPoint cell = cellAt(event->position());
    if (cell.x() < 0)
        return QWidget::mousePressEvent(event);
    const bool mask = event->modifiers() & (Qt::ControlModifier | Qt::MetaModifier);
    if (mask && session())
        session()->toggleMask({cell.y(), cell.x()});
    else if (!mask && (event->modifiers() & Qt::ShiftModifier))
        selectToken(cell.x(), true);
    else if (!mask)
        selectToken(cell.y(), false);
    // A cell has no scale of its own: a weight of 1 is four cells' height (at least 150 px).
    const auto heads = result().heads.size();
    if (!mask && session() && std::size_t(head()) < heads
        && cell.y() < result().heads[std::size_t(head())].weights.rows()
        && cell.x() < result().heads[std::size_t(head())].weights.cols()) {
        const double weight = result().heads[std::size_t(head())].weights(cell.y(), cell.x());
        const qreal perUnit = std::max<qreal>(150, 4 * cellRect(rect(), cell.y(), cell.x()).height());
        const qreal y0 = event->position().y();
        m_drag.press(event->position(), cell.y(), cell.x(), [=](QPointF p) { return weight + (y0 - p.y()) / perUnit; });
    }
    Q_EMIT cellClicked(cell.y(), cell.x(), event->modifiers());
}

void HeatmapView::mouseReleaseEvent(QMouseEvent *event)
{
    if (navigationRelease(event))
        return;
    if (const auto sought = m_drag.release(this, event))
        Q_EMIT seekRequested(sought->query, sought->key, sought->target);
    QWidget::mouseReleaseEvent(event);
}

void HeatmapView::keyPressEvent(QKeyEvent *event)
{
    if (m_navigation.key(event))
        return;
    // Up and Down move among the queries (rows), Left and Right among the keys (columns).
    const int n = static_cast<int>(result().tokens.size());
    const bool vertical = event->key() == Qt::Key_Up || event->key() == Qt::Key_Down;
    const bool key = vertical                                             ? false
        : (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right) ? true
                                                                          : selectedColumn() >= 0;
    int sel = key ? selectedColumn() : selectedRow();
    if (sel < 0 && hasCursor()) // from rows to columns or back: on from the keyboard's cell
        sel = key ? m_cursor.x() : m_cursor.y();
    int next = -1;
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Left:
        next = sel < 0 ? n - 1 : std::max(0, sel - 1);
        break;
    case Qt::Key_Down:
    case Qt::Key_Right:
        next = sel < 0 ? 0 : std::min(n - 1, sel + 1);
        break;
    case Qt::Key_Home:
        next = 0;
        break;
    case Qt::Key_End:
        next = n - 1;
        break;
    default:
        if (!cursorKey(event))
            QWidget::keyPressEvent(event);
        return;
    }
    if (next < 0)
        return;
    selectToken(next, key);
    // The keyboard's cell moves along: a new query keeps its column, a new key its row (the
    // diagonal the first time), so a keyboard reaches every cell.
    const bool fresh = !hasCursor();
    setCursorCell(key ? QPoint(next, fresh ? next : m_cursor.y()) : QPoint(fresh ? next : m_cursor.x(), next));
}

bool HeatmapView::hasCursor() const
{
    const auto n = result().tokens.size();
    return m_cursor.x() >= 0 && m_cursor.y() >= 0 && m_cursor.x() < n && m_cursor.y() < n;
}

void HeatmapView::setCursorCell(QPoint cell)
{
    m_cursor = cell;
    reveal(cell.y(), cell.x());
    update();
    if (hasCursor())
        notifyCellSelected(this, cell.y(), cell.x()); // a reader hears the cell the keys are on
}

// Space masks or unmasks the keyboard's cell (as a Ctrl-click does), Enter selects its query
// (Shift+Enter its key), Escape puts the cell away.
bool HeatmapView::cursorKey(QKeyEvent *event)
{
    const int k = event->key();
    if (k == Qt::Key_Escape && hasCursor()) {
        setCursorCell({-1, -1});
        return true;
    }
    if (!hasCursor() || (k != Qt::Key_Space && k != Qt::Key_Return && k != Qt::Key_Enter))
        return false;
    if (k == Qt::Key_Space) {
        if (session())
            session()->toggleMask({m_cursor.y(), m_cursor.x()});
        // A reader hears the cell again, "… masked" or its weight: its name changed, then the focus
        // is on it anew (Orca, told of the focus alone, skipped every other announcement).
        notifyCellRenamed(this, m_cursor.y(), m_cursor.x());
        setCursorCell(m_cursor);
    } else if (event->modifiers() & Qt::ShiftModifier) {
        selectToken(m_cursor.x(), true);
    } else {
        selectToken(m_cursor.y(), false);
    }
    return true;
}

void HeatmapView::selectToken(int token, bool asKey)
{
    if (token >= 0 && token < result().tokens.size())
        m_binding.setSelection(token, asKey);
}

bool HeatmapView::event(QEvent *event)
{
    if (m_navigation.gesture(event))
        return true;
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint cell = cellAt(help->pos()), heading = headingAt(help->pos());
        const QStringList &tokens = result().tokens;
        if (cell.x() >= 0)
            QToolTip::showText(help->globalPos(), describeCell(cell.y(), cell.x()), this);
        else if (heading.x() >= 0 && heading.x() < tokens.size())
            QToolTip::showText(help->globalPos(),
                tr("Key “%1”: click to see who attends to it").arg(tokenLabel(tokens.at(heading.x()))), this);
        else if (heading.y() >= 0 && heading.y() < tokens.size())
            QToolTip::showText(help->globalPos(),
                tr("Query “%1”: click to see what it attends to").arg(tokenLabel(tokens.at(heading.y()))), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

AnnotationSpot HeatmapView::annotationSpotAt(const QPointF &pos) const
{
    // A cell, or a token's row or column heading.
    const QPoint cell = cellAt(pos);
    if (cell.x() >= 0 && cell.y() >= 0)
        return {QStringLiteral("heatmap"), cell.y(), cell.x()};
    const QPoint heading = headingAt(pos);
    return {QStringLiteral("heatmap"), std::max(heading.x(), heading.y()), -1};
}

void HeatmapView::contextMenuEvent(QContextMenuEvent *event)
{
    const AnnotationSpot spot = annotationSpotAt(event->pos());
    std::function<void()> seek;
    if (spot.key >= 0)
        seek = [this, spot] { Q_EMIT seekRequested(spot.token, spot.key, std::nan("")); };
    execAnnotationMenu(
        this, m_binding.session(), spot, event->globalPos(), seek, [this](QMenu &menu) { addZoomActions(menu); });
}

} // namespace qkv
