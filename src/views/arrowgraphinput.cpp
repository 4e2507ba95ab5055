// The arrow graph's input: which token is under the pointer, locking a token by click or key,
// tooltips.
#include "views/arrowgraphview.h"

#include "figures/numbertext.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>

namespace qkv {

QRectF ArrowGraphView::tokenRect(int token, Side side) const
{
    return m_figure.tokenRect(rect(), figureStyle(), token, side);
}

QRectF ArrowGraphView::unlockRect() const
{
    return m_figure.unlockRect(rect(), figureStyle());
}

int ArrowGraphView::tokenAt(const QPointF &pos, Side *side) const
{
    return m_figure.tokenAt(rect(), figureStyle(), pos, side);
}

std::vector<QRectF> ArrowGraphView::labelRects() const
{
    return m_figure.labelRects(rect(), figureStyle());
}

ZoomNavigation::Target ArrowGraphView::zoomTarget()
{
    return {[this] { return m_figure.zoom(); }, [this] { return m_figure.maxZoom(); },
        [this](QPointF pos, double factor) { m_figure.zoomAround(rect(), figureStyle(), pos, factor); },
        [this](QPointF pixels) { m_figure.panBy(rect(), figureStyle(), pixels); },
        [this] { return QRectF(rect()).center(); }};
}

void ArrowGraphView::setZoom(double factor, double origin)
{
    m_figure.setZoom(factor, origin);
    update();
}

void ArrowGraphView::wheelEvent(QWheelEvent *event)
{
    m_navigation.wheel(event);
}

void ArrowGraphView::mouseReleaseEvent(QMouseEvent *event)
{
    if (!m_navigation.release(event))
        QWidget::mouseReleaseEvent(event);
}

void ArrowGraphView::userLock(int token, Side side)
{
    m_figure.setLocked(lockedToken(), side);
    m_binding.setSelection(token, side == Side::Key);
    update();
}

void ArrowGraphView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_navigation.move(event))
        return;
    Side side = Side::Query;
    const int token = tokenAt(event->position(), &side);
    setHoveredToken(token, side);
    const bool clickable = token >= 0 || unlockRect().contains(event->position());
    setCursor(clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void ArrowGraphView::mousePressEvent(QMouseEvent *event)
{
    if (m_navigation.press(event))
        return;
    if (event->button() != Qt::LeftButton)
        return;
    if (unlockRect().contains(event->position())) {
        userLock(-1, m_figure.lockedSide());
        return;
    }
    Side side = Side::Query;
    const int token = tokenAt(event->position(), &side);
    if (token >= 0)
        userLock(token == lockedToken() && side == m_figure.lockedSide() ? -1 : token, side);
}

void ArrowGraphView::leaveEvent(QEvent *)
{
    setHoveredToken(-1);
}

void ArrowGraphView::keyPressEvent(QKeyEvent *event)
{
    if (m_navigation.key(event))
        return;
    const int at = lockedToken();
    const Side side = m_figure.lockedSide();
    // The locked side's tokens: in cross-attention the key column is the second sentence's.
    const int n = static_cast<int>(ArrowGraphFigure::sideTokens(result(), side).size());
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Left:
        userLock(at < 0 ? 0 : std::max(0, at - 1), side);
        break;
    case Qt::Key_Down:
    case Qt::Key_Right:
        userLock(at < 0 ? 0 : std::min(n - 1, at + 1), side);
        break;
    case Qt::Key_Home:
        userLock(0, side);
        break;
    case Qt::Key_End:
        userLock(n - 1, side);
        break;
    case Qt::Key_Escape:
        if (at >= 0)
            m_unlocked = at;
        userLock(-1, side);
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        // Locks the token under the mouse, else the one Escape released, else the first.
        if (at < 0 && n > 0)
            userLock(hoveredToken() >= 0 ? hoveredToken() : std::clamp(m_unlocked, 0, n - 1), side);
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

bool ArrowGraphView::event(QEvent *event)
{
    if (m_navigation.gesture(event))
        return true;
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
    const auto &w = r.heads[static_cast<std::size_t>(std::clamp(currentHead(), 0, int(r.heads.size()) - 1))].weights;
    const bool arcs = graphLayout() == Layout::Arcs && !r.isCross(); // cross-attention is drawn in columns
    // The token's own name, and the names across: a query's keys, a key's queries.
    const QString &name = side == Side::Key && !arcs ? r.keys()[token] : r.tokens[token];
    const auto across = [&](bool row, int i) -> const QString & { return row ? r.keys()[i] : r.tokens[i]; };
    // The three strongest of the token's row (what it attends to) or column (who attends to it).
    const auto strongest = [&](bool row) {
        std::vector<int> order(static_cast<std::size_t>(row ? w.cols() : w.rows()));
        std::iota(order.begin(), order.end(), 0);
        const auto value = [&](int i) { return row ? w(token, i) : w(i, token); };
        const auto top = std::min<std::size_t>(3, order.size());
        std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
            [&](int a, int b) { return value(a) > value(b); });
        QStringList parts;
        for (std::size_t i = 0; i < top; ++i)
            parts << QStringLiteral("%1 %2").arg(across(row, order[i]), QString::number(value(order[i]), 'f', 2));
        return parts.join(QStringLiteral(", "));
    };
    QStringList lines;
    if (arcs || side == Side::Query)
        lines << tr("“%1” attends to %2").arg(name, strongest(true));
    if (arcs || side == Side::Key)
        lines << tr("“%1” is attended by %2").arg(name, strongest(false));
    if (m_figure.showsDifference()) {
        // The token's three largest changes since the baseline, its row's (or in columns, as a
        // key, its column's).
        const bool row = arcs || side == Side::Query;
        std::vector<ArrowGraphFigure::DrawnEdge> changed;
        for (const auto &d : m_figure.keptEdges())
            if (d.head == currentHead() && (row ? d.edge.query : d.edge.key) == token)
                changed.push_back(d);
        std::stable_sort(
            changed.begin(), changed.end(), [](const auto &a, const auto &b) { return a.edge.weight > b.edge.weight; });
        QStringList parts;
        for (std::size_t i = 0; i < std::min<std::size_t>(3, changed.size()); ++i)
            parts << QStringLiteral("%1 %2").arg(across(row, row ? changed[i].edge.key : changed[i].edge.query),
                formatChange(m_figure.change(changed[i]), 2, locale()));
        lines << (parts.isEmpty() ? tr("No change drawn since “%1”").arg(m_figure.baselineName())
                                  : tr("Changed since “%1”: %2").arg(m_figure.baselineName(), parts.join(u", ")));
    }
    lines << tr("Click to lock its arrows; arrow keys move, Esc unlocks.");
    return lines.join(QLatin1Char('\n'));
}

AnnotationSpot ArrowGraphView::annotationSpotAt(const QPointF &pos) const
{
    return {QStringLiteral("arrows"), tokenAt(pos), -1};
}

void ArrowGraphView::contextMenuEvent(QContextMenuEvent *event)
{
    execAnnotationMenu(this, m_binding.session(), annotationSpotAt(event->pos()), event->globalPos(), {},
        [this](QMenu &menu) { m_navigation.addActions(menu, tr("Show &Every Token")); });
}

} // namespace qkv
