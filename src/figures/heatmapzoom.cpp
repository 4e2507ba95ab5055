// The heatmap zoomed in: which part of the matrix its frame shows, and moving it (beside
// heatmapfigure.cpp, whose layout places the frame).
#include "figures/heatmapfigure.h"
#include "figures/heatmaplayout.h"

#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

// The matrix's size (columns, rows) for the data shown; empty without data.
QSize cellsOf(const SquareMatrix *values)
{
    return values ? QSize(static_cast<int>(values->cols()), static_cast<int>(values->rows())) : QSize();
}

} // namespace

double HeatmapFigure::maxZoom() const
{
    const QSize cells = cellsOf(shownValues());
    return std::max(1.0, std::max(cells.width(), cells.height()) / 4.0);
}

void HeatmapFigure::setZoom(double factor, QPointF origin)
{
    m_zoom = std::clamp(factor, 1.0, maxZoom());
    m_origin = origin;
    m_origin = zoomOrigin();
}

QPointF HeatmapFigure::zoomOrigin() const
{
    const QSize cells = cellsOf(shownValues());
    const double zoom = std::clamp(m_zoom, 1.0, maxZoom());
    if (cells.isEmpty() || zoom <= 1)
        return {};
    // The frame shows cells / zoom of each axis: its top left stays where the rest still fits.
    return {std::clamp(m_origin.x(), 0.0, cells.width() - cells.width() / zoom),
        std::clamp(m_origin.y(), 0.0, cells.height() - cells.height() / zoom)};
}

QRectF HeatmapFigure::frameRect(const QRectF &rect, const FigureStyle &style) const
{
    return layout(rect, style).frame;
}

QRectF HeatmapFigure::shownCells(const QRectF &rect, const FigureStyle &style) const
{
    const Layout l = layout(rect, style);
    if (l.cell <= 0)
        return {};
    return {(l.frame.left() - l.grid.left()) / l.cell, (l.frame.top() - l.grid.top()) / l.cell,
        l.frame.width() / l.cell, l.frame.height() / l.cell};
}

void HeatmapFigure::zoomAround(const QRectF &rect, const FigureStyle &style, QPointF pos, double factor)
{
    const Layout before = layout(rect, style);
    if (before.cell <= 0)
        return;
    // The point of the matrix (in cells) under `pos`, which stays under it.
    const QPointF held = (pos - before.grid.topLeft()) / before.cell;
    m_zoom = std::clamp(factor, 1.0, maxZoom());
    const Layout after = layout(rect, style); // frame and cell follow the factor, not the origin
    if (after.cell <= 0)
        return;
    m_origin = held - (pos - after.frame.topLeft()) / after.cell;
    m_origin = zoomOrigin();
}

void HeatmapFigure::panBy(const QRectF &rect, const FigureStyle &style, QPointF pixels)
{
    const Layout l = layout(rect, style);
    if (l.cell <= 0 || !l.zoomed())
        return;
    m_origin = zoomOrigin() - pixels / l.cell;
    m_origin = zoomOrigin();
}

void HeatmapFigure::reveal(const QRectF &rect, const FigureStyle &style, int row, int col)
{
    if (!zoomed())
        return;
    const QRectF shown = shownCells(rect, style);
    QPointF origin = zoomOrigin();
    if (col >= 0 && col < shown.left())
        origin.setX(col);
    else if (col >= 0 && col + 1 > shown.right())
        origin.setX(col + 1 - shown.width());
    if (row >= 0 && row < shown.top())
        origin.setY(row);
    else if (row >= 0 && row + 1 > shown.bottom())
        origin.setY(row + 1 - shown.height());
    m_origin = origin;
    m_origin = zoomOrigin();
}

void HeatmapFigure::paintZoomedCells(QPainter &painter, const Layout &l, MaskColors mask, bool same) const
{
    const SquareMatrix &values = *shownValues();
    const QPaintEngine *engine = painter.paintEngine();
    if (engine && engine->type() != QPaintEngine::Raster && engine->type() != QPaintEngine::OpenGL2) {
        // Vector output: the cells in view, each its own rectangle (or one image of them).
        const QRect part(l.c0, l.r0, l.c1 - l.c0, l.r1 - l.r0);
        const QRectF target(
            l.grid.left() + l.c0 * l.cell, l.grid.top() + l.r0 * l.cell, part.width() * l.cell, part.height() * l.cell);
        paintMatrix(
            painter, target, values, result().visible, colorScale(), mask, m_cells.image, false, {}, nullptr, part);
        m_cells.window = QRect();
        return;
    }
    // The frame shows a window of the whole matrix's image at this zoom, at device resolution; a
    // scroll moves the window by whole pixels, so the image kept is moved and only the strips
    // uncovered are coloured: a frame's work is a strip, not the frame.
    const QTransform t = painter.deviceTransform();
    const qreal s = std::hypot(t.m11(), t.m12());
    const QSize total(qRound(l.m * l.cell * s), qRound(l.n * l.cell * s));
    const QRect window(QPoint(qRound((l.frame.left() - l.grid.left()) * s), qRound((l.frame.top() - l.grid.top()) * s)),
        QSize(qRound(l.frame.width() * s), qRound(l.frame.height() * s)));
    const bool kept = same && m_cells.staleRows.empty() && !m_cells.window.isNull() && m_cells.total == total
        && m_cells.window.size() == window.size();
    if (!kept || m_cells.window.topLeft() != window.topLeft())
        matrixWindowInto(m_cells.image, values, result().visible, colorScale(), mask, total, window,
            kept ? std::optional(m_cells.window.topLeft()) : std::nullopt);
    m_cells.total = total;
    m_cells.window = window;
    m_cells.staleRows.clear();
    painter.drawImage(QRectF(l.frame.topLeft(), QSizeF(m_cells.image.size()) / s), m_cells.image);
}

QRectF HeatmapFigure::overviewRect(const QRectF &rect, const FigureStyle &style) const
{
    if (!zoomed())
        return {};
    const Layout l = layout(rect, style);
    if (!l.zoomed())
        return {};
    // A quarter of the frame's shorter side, in the matrix's proportions, inset from its corner.
    const qreal side = std::clamp(std::min(l.frame.width(), l.frame.height()) / 4, 40.0, 128.0);
    const int longer = std::max(l.n, l.m);
    const QSizeF size(std::round(side * l.m / longer), std::round(side * l.n / longer));
    const qreal inset = 6;
    return {QPointF(l.frame.right() - inset - size.width(), l.frame.bottom() - inset - size.height()), size};
}

void HeatmapFigure::paintOverview(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    const QRectF box = overviewRect(rect, style);
    const SquareMatrix *values = shownValues();
    if (box.isEmpty() || !values || m_concealed)
        return;
    const MaskColors mask = maskColors(style.palette);
    const QTransform t = painter.deviceTransform();
    const qreal s = std::hypot(t.m11(), t.m12());
    const QSize px(qRound(box.width() * s), qRound(box.height() * s));
    if (m_overview.key != m_serial || m_overview.image.size() != px || m_overview.mask.fill != mask.fill
        || m_overview.mask.line != mask.line) {
        matrixImageInto(m_overview.image, *values, result().visible, colorScale(), px, mask);
        m_overview.key = m_serial;
        m_overview.mask = mask;
    }
    painter.save();
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(style.palette.color(QPalette::Base), 3));
    painter.drawRect(box.adjusted(-1, -1, 1, 1));
    painter.drawImage(box, m_overview.image);
    painter.setPen(QPen(style.palette.color(QPalette::Mid), 1));
    painter.drawRect(box.adjusted(-0.5, -0.5, 0.5, 0.5));
    // The part in view: a light and a dark line, as the selection's outline.
    const QRectF shown = shownCells(rect, style);
    const qreal kx = box.width() / values->cols(), ky = box.height() / values->rows();
    const QRectF part(box.left() + shown.left() * kx, box.top() + shown.top() * ky,
        std::max<qreal>(2, shown.width() * kx), std::max<qreal>(2, shown.height() * ky));
    painter.setPen(QPen(Qt::white, 3));
    painter.drawRect(part);
    painter.setPen(QPen(Qt::black, 1));
    painter.drawRect(part);
    painter.restore();
}

QPointF HeatmapFigure::originFromOverview(const QRectF &rect, const FigureStyle &style, QPointF pos) const
{
    const QRectF box = overviewRect(rect, style);
    const SquareMatrix *values = shownValues();
    if (box.isEmpty() || !values)
        return zoomOrigin();
    const QRectF shown = shownCells(rect, style);
    const QPointF cell(
        (pos.x() - box.left()) * values->cols() / box.width(), (pos.y() - box.top()) * values->rows() / box.height());
    return cell - QPointF(shown.width() / 2, shown.height() / 2);
}

} // namespace qkv
