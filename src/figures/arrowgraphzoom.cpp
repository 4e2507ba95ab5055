// The arrow graph zoomed in along the tokens' axis: which tokens are in view and moving them
// (beside arrowgraphgeometry.cpp, which places them).
#include "figures/arrowgraphfigure.h"

#include "figures/arrowgraphgeometry.h"

#include <algorithm>

namespace qkv {
namespace {

// The tokens along the axis: the longer side's (queries or keys).
int lengthOf(const Result &r)
{
    return static_cast<int>(std::max(r.tokens.size(), r.keys().size()));
}

} // namespace

double ArrowGraphFigure::maxZoom() const
{
    return std::max(1.0, lengthOf(result()) / 8.0);
}

void ArrowGraphFigure::setZoom(double factor, double origin)
{
    m_zoom = std::clamp(factor, 1.0, maxZoom());
    m_origin = origin;
    m_origin = zoomOrigin();
}

double ArrowGraphFigure::zoomOrigin() const
{
    const double zoom = std::clamp(m_zoom, 1.0, maxZoom()), n = lengthOf(result());
    return zoom > 1 ? std::clamp(m_origin, 0.0, n - n / zoom) : 0.0;
}

std::pair<double, double> ArrowGraphFigure::shownTokens(const QRectF &rect, const FigureStyle &style) const
{
    const Geometry g = geometry(rect, style);
    if (g.step <= 0)
        return {0.0, 0.0};
    return {g.scroll / g.step, (g.columns() ? g.plot.height() : g.plot.width()) / g.step};
}

void ArrowGraphFigure::zoomAround(const QRectF &rect, const FigureStyle &style, QPointF pos, double factor)
{
    const Geometry before = geometry(rect, style);
    if (before.step <= 0)
        return;
    // The place along the axis (in tokens) under `pos`, which stays under it.
    const auto along
        = [](const Geometry &g, QPointF p) { return g.columns() ? p.y() - g.plot.top() : p.x() - g.plot.left(); };
    const double held = (along(before, pos) + before.scroll) / before.step;
    m_zoom = std::clamp(factor, 1.0, maxZoom());
    const Geometry after = geometry(rect, style); // the step follows the factor, not the origin
    if (after.step <= 0)
        return;
    m_origin = held - along(after, pos) / after.step;
    m_origin = zoomOrigin();
}

void ArrowGraphFigure::panBy(const QRectF &rect, const FigureStyle &style, QPointF pixels)
{
    const Geometry g = geometry(rect, style);
    if (g.step <= 0 || g.zoom <= 1)
        return;
    // A wheel turned without Shift scrolls arcs too: their only axis is across.
    const qreal move = g.columns() ? pixels.y() : pixels.x() != 0 ? pixels.x() : pixels.y();
    m_origin = zoomOrigin() - move / g.step;
    m_origin = zoomOrigin();
}

void ArrowGraphFigure::reveal(const QRectF &rect, const FigureStyle &style, int token)
{
    if (m_zoom <= 1 || token < 0)
        return;
    const auto [first, count] = shownTokens(rect, style);
    double origin = zoomOrigin();
    if (token < first)
        origin = token;
    else if (token + 1 > first + count)
        origin = token + 1 - count;
    m_origin = origin;
    m_origin = zoomOrigin();
}

} // namespace qkv
