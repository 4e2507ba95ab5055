#include "heatmapview.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <algorithm>

namespace qkv {

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(160, 160);
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
    return {rect.left() + label, rect.top() + label, side, side};
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
    QImage cells(n, n, QImage::Format_RGB32);
    for (int r = 0; r < n; ++r) {
        auto *line = reinterpret_cast<QRgb *>(cells.scanLine(r));
        for (int c = 0; c < n; ++c)
            line[c] = colormapColor(m_colormap, m_values(r, c));
    }
    painter.drawImage(grid, cells);

    const qreal cell = grid.width() / n;
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
                const double v = m_values(r, c);
                painter.setPen(qGray(colormapColor(m_colormap, v)) < 128 ? Qt::white : Qt::black);
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
