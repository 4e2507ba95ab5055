// Where things are in the arrow graph's paint(rect): a token's slot (its click target), the unlock
// button, the token under a point. The views ask this for clicks, hovers and tooltips.
#include "figures/arrowgraphfigure.h"

#include "figures/arrowgraphgeometry.h"

#include <algorithm>

namespace qkv {

QRectF ArrowGraphFigure::tokenRect(const QRectF &rect, const FigureStyle &style, int token, Side side) const
{
    const Geometry g = geometry(rect, style);
    return token >= 0 && token < g.count(side) ? g.slot(token, side) : QRectF();
}

QRectF ArrowGraphFigure::unlockRect(const QRectF &rect, const FigureStyle &style) const
{
    return geometry(rect, style).chip;
}

int ArrowGraphFigure::tokenAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos, Side *side) const
{
    const Geometry g = geometry(rect, style);
    if (g.n == 0 || !g.plot.contains(pos))
        return -1;
    Side s = Side::Query;
    qreal along = 0;
    if (g.columns()) {
        if (pos.x() > g.queryX && pos.x() < g.keyX)
            return -1;
        s = pos.x() >= g.keyX ? Side::Key : Side::Query;
        along = pos.y() - g.plot.top() - (s == Side::Key ? g.keyOffset : g.queryOffset) + g.scroll;
        // Beside the shorter column of cross-attention there is no token.
        if (along < 0 || along >= g.count(s) * g.step)
            return -1;
    } else {
        if (pos.y() < g.bandTop || pos.y() > g.bandBottom)
            return -1;
        along = pos.x() - g.plot.left() + g.scroll;
    }
    if (side)
        *side = s;
    return std::clamp(static_cast<int>(along / g.step), 0, g.count(s) - 1);
}

} // namespace qkv
