#include "views/headscoresview.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <cmath>

namespace qkv {

std::vector<ScoreGrid> scoreGrids(const analysis::HeadStatistics &s)
{
    std::vector<ScoreGrid> grids;
    for (const analysis::HeadScore score : s.scores()) {
        ScoreGrid grid {analysis::headScoreName(score), s.layers(), s.heads(), {}};
        for (int l = 0; l < s.layers(); ++l)
            for (int h = 0; h < s.heads(); ++h)
                grid.values.push_back(s.mean(score, l, h));
        grids.push_back(std::move(grid));
    }
    return grids;
}

HeadScoresView::HeadScoresView(QWidget *parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setMinimumSize(240, 160);
    setFocusPolicy(Qt::ClickFocus);
}

void HeadScoresView::setGrids(std::vector<ScoreGrid> grids)
{
    m_figure.setGrids(std::move(grids));
    update();
}

void HeadScoresView::setColormap(Colormap map)
{
    m_figure.setColormap(map);
    update();
}

void HeadScoresView::setCurrent(int layer, int head)
{
    m_figure.setCurrent(layer, head);
    update();
}

FigureStyle HeadScoresView::style() const
{
    FigureStyle s;
    s.palette = palette();
    s.font = font();
    s.locale = locale();
    return s;
}

void HeadScoresView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, style());
}

HeadScoresFigure::Cell HeadScoresView::cellAt(const QPointF &pos) const
{
    return m_figure.cellAt(QRectF(rect()), style(), pos);
}

void HeadScoresView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    paint(painter, QRectF(rect()));
}

void HeadScoresView::mousePressEvent(QMouseEvent *event)
{
    const HeadScoresFigure::Cell cell = cellAt(event->position());
    if (cell.grid < 0)
        return QWidget::mousePressEvent(event);
    setCurrent(cell.layer, cell.head);
    Q_EMIT cellClicked(cell.grid, cell.layer, cell.head);
}

bool HeadScoresView::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    const HeadScoresFigure::Cell cell = cellAt(help->pos());
    if (cell.grid < 0) {
        QToolTip::hideText();
        return true;
    }
    const ScoreGrid &grid = m_figure.grids()[std::size_t(cell.grid)];
    const double value = grid.at(cell.layer, cell.head);
    QToolTip::showText(help->globalPos(),
        tr("Layer %1, head %2: %3 %4")
            .arg(cell.layer + 1)
            .arg(cell.head + 1)
            .arg(grid.title, std::isnan(value) ? tr("not measured") : locale().toString(value, 'f', 4)),
        this);
    return true;
}

} // namespace qkv
