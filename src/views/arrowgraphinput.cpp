// The arrow graph's input: which token is under the pointer, locking a token by click or key,
// tooltips.
#include "views/arrowgraphview.h"

#include "views/arrowgraphgeometry.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace qkv {

using namespace arrowgraph;

QRectF ArrowGraphView::tokenRect(int token, Side side) const
{
    const Geometry g = geometry(rect());
    return token >= 0 && token < g.n ? g.slot(token, side) : QRectF();
}

QRectF ArrowGraphView::unlockRect() const
{
    return geometry(rect()).chip;
}

int ArrowGraphView::tokenAt(const QPointF &pos, Side *side) const
{
    const Geometry g = geometry(rect());
    if (g.n == 0 || !g.plot.contains(pos))
        return -1;
    Side s = Side::Query;
    qreal along = 0;
    if (g.columns()) {
        if (pos.x() > g.queryX && pos.x() < g.keyX)
            return -1;
        s = pos.x() >= g.keyX ? Side::Key : Side::Query;
        along = pos.y() - g.plot.top();
    } else {
        if (pos.y() < g.bandTop || pos.y() > g.bandBottom)
            return -1;
        along = pos.x() - g.plot.left();
    }
    if (side)
        *side = s;
    return std::clamp(static_cast<int>(along / g.step), 0, g.n - 1);
}

void ArrowGraphView::userLock(int token, Side side)
{
    m_lockedSide = side;
    if (m_session) {
        m_session->setSelection(token, side == Side::Key);
    } else {
        setLockedToken(token);
    }
    update();
}

void ArrowGraphView::mouseMoveEvent(QMouseEvent *event)
{
    Side side = Side::Query;
    const int token = tokenAt(event->position(), &side);
    setHoveredToken(token, side);
    const bool clickable = token >= 0 || unlockRect().contains(event->position());
    setCursor(clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void ArrowGraphView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    if (unlockRect().contains(event->position())) {
        userLock(-1, m_lockedSide);
        return;
    }
    Side side = Side::Query;
    const int token = tokenAt(event->position(), &side);
    if (token >= 0)
        userLock(token == m_locked && side == m_lockedSide ? -1 : token, side);
}

void ArrowGraphView::leaveEvent(QEvent *)
{
    setHoveredToken(-1);
}

void ArrowGraphView::keyPressEvent(QKeyEvent *event)
{
    const int n = static_cast<int>(result().tokens.size());
    const int at = m_locked;
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Left:
        userLock(at < 0 ? 0 : std::max(0, at - 1), m_lockedSide);
        break;
    case Qt::Key_Down:
    case Qt::Key_Right:
        userLock(at < 0 ? 0 : std::min(n - 1, at + 1), m_lockedSide);
        break;
    case Qt::Key_Home:
        userLock(0, m_lockedSide);
        break;
    case Qt::Key_End:
        userLock(n - 1, m_lockedSide);
        break;
    case Qt::Key_Escape:
        userLock(-1, m_lockedSide);
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

bool ArrowGraphView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        Side side = Side::Query;
        const int token = tokenAt(help->pos(), &side);
        if (token >= 0)
            QToolTip::showText(help->globalPos(), tokenToolTip(token, side), this);
        else if (unlockRect().contains(help->pos()))
            QToolTip::showText(help->globalPos(), tr("Show every edge again (Esc)"), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QString ArrowGraphView::tokenToolTip(int token, Side side) const
{
    const Result &r = result();
    if (r.heads.empty())
        return {};
    const auto &w = r.heads[static_cast<std::size_t>(std::clamp(m_currentHead, 0, int(r.heads.size()) - 1))].weights;
    // The three strongest of the token's row (what it attends to) or column (who attends to it).
    const auto strongest = [&](bool row) {
        std::vector<int> order(static_cast<std::size_t>(w.rows()));
        std::iota(order.begin(), order.end(), 0);
        const auto value = [&](int i) { return row ? w(token, i) : w(i, token); };
        const auto top = std::min<std::size_t>(3, order.size());
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
            [&](int a, int b) { return value(a) > value(b); });
        QStringList parts;
        for (std::size_t i = 0; i < top; ++i)
            parts << QStringLiteral("%1 %2").arg(r.tokens[order[i]], QString::number(value(order[i]), 'f', 2));
        return parts.join(QStringLiteral(", "));
    };
    QStringList lines;
    if (m_layout == Layout::Arcs || side == Side::Query)
        lines << tr("“%1” attends to %2").arg(r.tokens[token], strongest(true));
    if (m_layout == Layout::Arcs || side == Side::Key)
        lines << tr("“%1” is attended by %2").arg(r.tokens[token], strongest(false));
    lines << tr("Click to lock its arrows; arrow keys move, Esc unlocks.");
    return lines.join(QLatin1Char('\n'));
}

} // namespace qkv
