#include "heatmapview.h"

#include <QFontMetricsF>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace qkv {

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(160, 160);
    setMouseTracking(true);
}

void HeatmapView::setVisibility(const Eigen::MatrixXd &visible)
{
    m_visible = visible;
    update();
}

void HeatmapView::setSelectedRow(int row)
{
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    update();
}

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint cell = cellAt(event->position());
    if (cell != m_hovered) {
        m_hovered = cell;
        Q_EMIT cellHovered(cell.y(), cell.x());
    }
}

void HeatmapView::leaveEvent(QEvent *)
{
    m_hovered = {-1, -1};
    Q_EMIT cellHovered(-1, -1);
}

void HeatmapView::mousePressEvent(QMouseEvent *event)
{
    const QPoint cell = cellAt(event->position());
    if (cell.x() >= 0 && event->button() == Qt::LeftButton)
        Q_EMIT cellClicked(cell.y(), cell.x(), event->modifiers());
}

void HeatmapView::setMatrix(const Eigen::MatrixXd &values, const QStringList &tokens)
{
    m_values = values;
    m_tokens = tokens;
    update();
}

void HeatmapView::setColormap(Colormap map)
{
    m_colormap = map;
    update();
}

QRectF HeatmapView::gridRect(const QRectF &rect) const
{
    const QFontMetricsF fm(font());
    qreal label = 0;
    for (const QString &t : m_tokens)
        label = std::max(label, fm.horizontalAdvance(t));
    label = std::min(label + 8, rect.width() / 3);
    const qreal side = std::max<qreal>(0, std::min(rect.width() - label, rect.height() - label));
    // Centred in the space left of the labels, so the figure sits in the middle of the view.
    const qreal left = rect.left() + label + (rect.width() - label - side) / 2;
    return {left, rect.top() + label, side, side};
}

QPoint HeatmapView::cellAt(const QPointF &pos) const
{
    const QRectF grid = gridRect(rect());
    const auto n = m_values.rows();
    if (n == 0 || !grid.contains(pos))
        return {-1, -1};
    const qreal cell = grid.width() / static_cast<qreal>(n);
    const int col = std::clamp(static_cast<int>((pos.x() - grid.left()) / cell), 0, static_cast<int>(n - 1));
    const int row = std::clamp(static_cast<int>((pos.y() - grid.top()) / cell), 0, static_cast<int>(n - 1));
    return {col, row};
}

void HeatmapView::paintHeatmap(QPainter &painter, const QRectF &rect) const
{
    painter.fillRect(rect, palette().base());
    const int n = static_cast<int>(m_values.rows());
    if (n == 0 || m_values.cols() != n) {
        painter.setPen(palette().text().color());
        painter.drawText(rect, Qt::AlignCenter, tr("No tokens: type a sentence"));
        return;
    }
    const QRectF grid = gridRect(rect);
    // One pixel per cell, scaled without smoothing: crisp cells and O(n²) cheap work.
    // The colour scale runs from min(0, smallest) to the largest value, so small weights
    // (0.05 … 0.2 over eleven tokens) still show their differences.
    const double lo = std::min(0.0, m_values.minCoeff());
    const double hi = std::max(m_values.maxCoeff(), lo + 1e-12);
    const auto toUnit = [lo, hi](double v) { return (v - lo) / (hi - lo); };
    QImage cells(n, n, QImage::Format_RGB32);
    for (int r = 0; r < n; ++r) {
        auto *line = reinterpret_cast<QRgb *>(cells.scanLine(r));
        for (int c = 0; c < n; ++c)
            line[c] = colormapColor(m_colormap, toUnit(m_values(r, c)));
    }
    painter.drawImage(grid, cells);

    const qreal cell = grid.width() / n;
    if (m_visible.rows() == n && m_visible.cols() == n && (m_visible.array() == 0).any()) {
        // Masked cells: a neutral hatch over the (zero) colour, so "hidden" never reads as "0".
        painter.save();
        painter.setPen(Qt::NoPen);
        painter.setBrush(QBrush(palette().mid().color(), Qt::BDiagPattern));
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                if (m_visible(r, c) == 0)
                    painter.fillRect(QRectF(grid.left() + c * cell, grid.top() + r * cell, cell, cell),
                        QBrush(palette().window().color()));
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                if (m_visible(r, c) == 0)
                    painter.drawRect(QRectF(grid.left() + c * cell, grid.top() + r * cell, cell, cell));
        painter.restore();
    }
    if (m_selectedRow >= 0 && m_selectedRow < n) {
        painter.save();
        painter.setPen(QPen(palette().highlight().color(), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(
            QRectF(grid.left(), grid.top() + m_selectedRow * cell, grid.width(), cell).adjusted(1, 1, -1, -1));
        painter.restore();
    }
    painter.setPen(palette().text().color());
    const QFontMetricsF fm(painter.font());
    if (cell >= fm.height()) {
        for (int i = 0; i < n && i < m_tokens.size(); ++i) {
            const QRectF rowLabel(rect.left(), grid.top() + i * cell, grid.left() - rect.left() - 4, cell);
            painter.drawText(rowLabel, Qt::AlignRight | Qt::AlignVCenter,
                fm.elidedText(m_tokens[i], Qt::ElideRight, rowLabel.width()));
            painter.save();
            painter.translate(grid.left() + (i + 0.5) * cell, grid.top() - 4);
            painter.rotate(-90);
            painter.drawText(QRectF(0, -cell / 2, grid.top() - rect.top() - 4, cell), Qt::AlignLeft | Qt::AlignVCenter,
                fm.elidedText(m_tokens[i], Qt::ElideRight, grid.top() - rect.top() - 4));
            painter.restore();
        }
    }
    if (cell >= fm.horizontalAdvance(QStringLiteral("0.00")) + 4) {
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                if (m_visible.rows() == n && m_visible(r, c) == 0)
                    continue;
                const double v = m_values(r, c);
                painter.setPen(qGray(colormapColor(m_colormap, toUnit(v))) < 128 ? Qt::white : Qt::black);
                painter.drawText(QRectF(grid.left() + c * cell, grid.top() + r * cell, cell, cell), Qt::AlignCenter,
                    QString::number(v, 'f', 2));
            }
    }
}

void HeatmapView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintHeatmap(painter, rect());
}

} // namespace qkv
