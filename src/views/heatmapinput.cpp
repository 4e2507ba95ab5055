// The heatmap's input: hover, clicks on cells and headings, arrow keys, tooltips.
#include "views/heatmapview.h"

#include "figures/tokenlabel.h"
#include "session/documentsession.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace qkv {

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
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
    Q_EMIT cellClicked(cell.y(), cell.x(), event->modifiers());
}

void HeatmapView::keyPressEvent(QKeyEvent *event)
{
    // Up and Down move among the queries (rows), Left and Right among the keys (columns).
    const int n = static_cast<int>(result().tokens.size());
    const bool vertical = event->key() == Qt::Key_Up || event->key() == Qt::Key_Down;
    const bool key = vertical                                             ? false
        : (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right) ? true
                                                                          : selectedColumn() >= 0;
    const int sel = key ? selectedColumn() : selectedRow();
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Left:
        selectToken(sel < 0 ? n - 1 : std::max(0, sel - 1), key);
        break;
    case Qt::Key_Down:
    case Qt::Key_Right:
        selectToken(sel < 0 ? 0 : std::min(n - 1, sel + 1), key);
        break;
    case Qt::Key_Home:
        selectToken(0, key);
        break;
    case Qt::Key_End:
        selectToken(n - 1, key);
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
}

void HeatmapView::selectToken(int token, bool asKey)
{
    if (token >= 0 && token < result().tokens.size())
        m_binding.setSelection(token, asKey);
}

bool HeatmapView::event(QEvent *event)
{
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

} // namespace qkv
