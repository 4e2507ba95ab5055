#pragma once

#include "analysis/headstatistics.h"
#include "figures/headscoresfigure.h"

#include <QWidget>

namespace qkv {

// Each score of `statistics` as a grid of its heads' means, in the order it has them.
std::vector<ScoreGrid> scoreGrids(const analysis::HeadStatistics &statistics);

// Head scores over a corpus in the window: HeadScoresFigure's grids, a head's values in a tooltip,
// a click choosing a score's head (outlined in every grid).
class HeadScoresView : public QWidget
{
    Q_OBJECT

public:
    explicit HeadScoresView(QWidget *parent = nullptr);

    void setGrids(std::vector<ScoreGrid> grids);
    const HeadScoresFigure &figure() const { return m_figure; }
    void setColormap(Colormap map);
    void setCurrent(int layer, int head);
    // Draws the grids into `rect` of any painter, as the view shows them.
    void paint(QPainter &painter, const QRectF &rect) const;
    // The grid and cell under a widget point (grid −1: none).
    HeadScoresFigure::Cell cellAt(const QPointF &pos) const;

    QSize sizeHint() const override { return {640, 420}; }

Q_SIGNALS:
    // A cell of grid `grid` (a score) was clicked.
    void cellClicked(int grid, int layer, int head);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    FigureStyle style() const;

    HeadScoresFigure m_figure;
};

} // namespace qkv
