#include "figures/headscoresfigure.h"

#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

namespace qkv {
namespace {

// Rows and columns of panels for `count` grids in `rect`: the arrangement whose panels come
// closest to the grids' own shape.
std::pair<int, int> arrangement(int count, const QRectF &rect, double gridAspect)
{
    int bestColumns = 1;
    double bestWaste = INFINITY;
    for (int columns = 1; columns <= count; ++columns) {
        const int rows = (count + columns - 1) / columns;
        const double panelAspect = (rect.width() / columns) / (rect.height() / rows);
        const double waste = std::abs(std::log(panelAspect / gridAspect)) + 0.05 * (rows * columns - count);
        if (waste < bestWaste) {
            bestWaste = waste;
            bestColumns = columns;
        }
    }
    return {(count + bestColumns - 1) / bestColumns, bestColumns};
}

} // namespace

void HeadScoresFigure::setCurrent(int layer, int head)
{
    m_layer = layer;
    m_head = head;
}

ColorScale HeadScoresFigure::scaleOf(const ScoreGrid &grid) const
{
    double low = INFINITY, high = -INFINITY;
    for (const double v : grid.values) {
        if (!std::isnan(v)) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    }
    if (!std::isfinite(low))
        low = high = 0;
    ColorScale scale = ColorScale::fit(m_colormap, low, high);
    if (!(scale.high - scale.low > 1e-9 * std::max(1.0, std::abs(scale.low)))) // one value everywhere: 0 … 1
        scale.high = scale.low + 1;
    return scale;
}

std::vector<HeadScoresFigure::Panel> HeadScoresFigure::layout(const QRectF &rect, const FigureStyle &style) const
{
    std::vector<Panel> panels;
    if (m_grids.empty())
        return panels;
    const ScoreGrid &first = m_grids.front();
    const double aspect = double(std::max(1, first.heads)) / double(std::max(1, first.layers));
    const auto [rows, columns] = arrangement(int(m_grids.size()), rect, aspect);
    const QFontMetricsF metrics(style.font);
    const qreal line = metrics.height(), gap = figureLabelGap;
    const qreal labelWidth = metrics.horizontalAdvance(QString::number(std::max(1, first.layers))) + gap;
    for (std::size_t g = 0; g < m_grids.size(); ++g) {
        const int row = int(g) / columns, column = int(g) % columns;
        const QRectF cell(rect.left() + rect.width() * column / columns, rect.top() + rect.height() * row / rows,
            rect.width() / columns, rect.height() / rows);
        const QRectF inner = cell.adjusted(figureMargin, figureMargin, -figureMargin, -figureMargin);
        Panel p;
        p.scale = scaleOf(m_grids[g]);
        const qreal bar = colorBarWidth(p.scale, QString(), style.font, style.locale);
        p.title = QRectF(inner.left(), inner.top(), inner.width(), line);
        // Room for the layer numbers on the left and the head numbers below.
        QRectF area(inner.left() + labelWidth + line, p.title.bottom() + gap, inner.width() - labelWidth - line - bar,
            inner.height() - line - gap - 2 * line - gap);
        const ScoreGrid &grid = m_grids[g];
        const qreal side = std::max<qreal>(
            0, std::min(area.width() / std::max(1, grid.heads), area.height() / std::max(1, grid.layers)));
        p.cells = QRectF(area.left(), area.top(), side * grid.heads, side * grid.layers);
        p.bar = QRectF(p.cells.right(), p.cells.top(), bar, p.cells.height());
        panels.push_back(p);
    }
    return panels;
}

void HeadScoresFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    const std::vector<Panel> panels = layout(rect, style);
    const QFontMetricsF metrics(style.font);
    const QColor text = style.palette.color(QPalette::Text);
    const MaskColors mask = maskColors(style.palette);
    painter.save();
    painter.setFont(style.font);
    for (std::size_t g = 0; g < panels.size(); ++g) {
        const Panel &p = panels[g];
        const ScoreGrid &grid = m_grids[g];
        painter.setPen(text);
        QFont bold = style.font;
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(p.title, Qt::AlignLeft | Qt::AlignVCenter, grid.title);
        painter.setFont(style.font);
        if (grid.layers <= 0 || grid.heads <= 0 || p.cells.isEmpty())
            continue;
        const qreal side = p.cells.width() / grid.heads;
        const int decimals = 2;
        const bool numbers = side >= metrics.horizontalAdvance(style.locale.toString(0.99, 'f', decimals)) + 4
            && side >= metrics.height();
        for (int l = 0; l < grid.layers; ++l) {
            for (int h = 0; h < grid.heads; ++h) {
                // Edges on whole pixels, so that neighbours meet without a seam.
                const QRectF cell(QPointF(std::round(p.cells.left() + h * side), std::round(p.cells.top() + l * side)),
                    QPointF(std::round(p.cells.left() + (h + 1) * side), std::round(p.cells.top() + (l + 1) * side)));
                const double v = grid.at(l, h);
                const QColor fill = std::isnan(v) ? QColor::fromRgb(mask.fill) : QColor::fromRgb(p.scale.color(v));
                painter.fillRect(cell, fill);
                if (numbers && !std::isnan(v)) {
                    painter.setPen(fill.lightness() > 140 ? Qt::black : Qt::white);
                    painter.drawText(cell, Qt::AlignCenter, style.locale.toString(v, 'f', decimals));
                }
            }
        }
        painter.setPen(text);
        // Layer numbers down the left, head numbers along the bottom, every few when crowded.
        const int every = std::max(1, int(std::ceil(metrics.height() / std::max<qreal>(side, 1))));
        for (int l = 0; l < grid.layers; l += every)
            painter.drawText(QRectF(p.cells.left() - 200, p.cells.top() + l * side, 200 - figureLabelGap, side),
                Qt::AlignRight | Qt::AlignVCenter, QString::number(l + 1));
        const int everyHead = std::max(
            1, int(std::ceil((metrics.horizontalAdvance(QString::number(grid.heads)) + 4) / std::max<qreal>(side, 1))));
        for (int h = 0; h < grid.heads; h += everyHead)
            painter.drawText(
                QRectF(p.cells.left() + h * side, p.cells.bottom() + figureLabelGap, side, metrics.height()),
                Qt::AlignHCenter | Qt::AlignTop, QString::number(h + 1));
        painter.drawText(QRectF(p.cells.left(), p.cells.bottom() + figureLabelGap + metrics.height(), p.cells.width(),
                             metrics.height()),
            Qt::AlignHCenter | Qt::AlignTop, tr("head"));
        painter.save();
        painter.translate(p.cells.left() - figureLabelGap - metrics.horizontalAdvance(QString::number(grid.layers)) - 2,
            p.cells.center().y());
        painter.rotate(-90);
        painter.drawText(QRectF(-p.cells.height() / 2, -metrics.height(), p.cells.height(), metrics.height()),
            Qt::AlignCenter, tr("layer"));
        painter.restore();
        if (m_layer >= 0 && m_layer < grid.layers && m_head >= 0 && m_head < grid.heads) {
            painter.setPen(QPen(style.palette.color(QPalette::Highlight), 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(QRectF(p.cells.left() + m_head * side, p.cells.top() + m_layer * side, side, side));
        }
        paintColorBar(painter, p.bar, p.scale, QString(), style.palette, style.font, style.locale);
    }
    painter.restore();
}

HeadScoresFigure::Cell HeadScoresFigure::cellAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const
{
    const std::vector<Panel> panels = layout(rect, style);
    for (std::size_t g = 0; g < panels.size(); ++g) {
        const Panel &p = panels[g];
        if (!p.cells.contains(pos) || m_grids[g].heads <= 0)
            continue;
        const qreal side = p.cells.width() / m_grids[g].heads;
        return {int(g), std::min(m_grids[g].layers - 1, int((pos.y() - p.cells.top()) / side)),
            std::min(m_grids[g].heads - 1, int((pos.x() - p.cells.left()) / side))};
    }
    return {};
}

} // namespace qkv
