#pragma once

#include "figures/colormap.h"
#include "figures/figurestyle.h"

#include <QCoreApplication>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace qkv {

// One score of every head of a model: layers (rows, from the top) × heads (columns).
struct ScoreGrid {
    QString title; // "previous-token"
    int layers = 0;
    int heads = 0;
    std::vector<double> values; // layer-major; NaN where nothing was measured
    double at(int layer, int head) const { return values[std::size_t(layer) * std::size_t(heads) + std::size_t(head)]; }
};

// Head scores as small multiples: a grid per score, each on its own colour scale (0 to its largest
// value, or its range when a score goes below 0) with a colour bar, layers and heads numbered from
// 1, the values written in cells large enough to hold them. Draws without a widget.
class HeadScoresFigure
{
    Q_DECLARE_TR_FUNCTIONS(HeadScoresFigure)

public:
    void setGrids(std::vector<ScoreGrid> grids) { m_grids = std::move(grids); }
    const std::vector<ScoreGrid> &grids() const { return m_grids; }
    void setColormap(Colormap map) { m_colormap = map; }
    // The cell outlined in every grid (-1: none).
    void setCurrent(int layer, int head);

    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;

    struct Cell {
        int grid = -1, layer = -1, head = -1;
    };
    // The grid and cell under `pos` in paint(rect) (grid −1: none).
    Cell cellAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const;

private:
    struct Panel {
        QRectF title, cells, bar;
        ColorScale scale;
    };
    std::vector<Panel> layout(const QRectF &rect, const FigureStyle &style) const;
    ColorScale scaleOf(const ScoreGrid &grid) const;

    std::vector<ScoreGrid> m_grids;
    Colormap m_colormap = Colormap::Viridis;
    int m_layer = -1, m_head = -1;
};

} // namespace qkv
