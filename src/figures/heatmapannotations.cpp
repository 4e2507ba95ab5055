// The heatmap's annotation targets, beside its layout (heatmapfigure.cpp).
#include "figures/heatmapfigure.h"
#include "figures/heatmaplayout.h"

#include <QFontMetricsF>

namespace qkv {

AnnotationTargets HeatmapFigure::annotationTargets(const QRectF &rect, const FigureStyle &style) const
{
    return annotationTargets(layout(rect, style), rect);
}

AnnotationTargets HeatmapFigure::annotationTargets(const Layout &l, const QRectF &rect) const
{
    AnnotationTargets t;
    t.bounds = rect;
    if (l.n == 0)
        return t;
    t.column = l.column;
    const qreal labelHeight = QFontMetricsF(l.labelFont).height();
    // Zoomed, what lies beyond the frame has no target: its annotations wait until it is in view.
    t.token = [l, labelHeight](int i) {
        if (i < l.r0 || i >= l.r1)
            return QRectF();
        const qreal top = l.grid.top() + i * l.cell;
        // The row with its label: the label's line when the cells are thinner than it.
        const qreal h = std::max(l.cell, std::min(labelHeight, l.cell * 3));
        return QRectF(l.frame.left() - l.extent, top + l.cell / 2 - h / 2, l.extent + l.frame.width(), h);
    };
    t.cell = [l](int row, int col) {
        if (row < l.r0 || col < l.c0 || row >= l.r1 || col >= l.c1)
            return QRectF();
        return QRectF(l.grid.left() + col * l.cell, l.grid.top() + row * l.cell, l.cell, l.cell);
    };
    // The cells, their labels and the colour bar's scale are all numbers or words a reader needs.
    t.numbers.push_back(l.frame.adjusted(-l.extent, -l.top, 0, 0));
    if (l.bar.width() > 0)
        t.numbers.push_back(l.bar);
    return t;
}

} // namespace qkv
