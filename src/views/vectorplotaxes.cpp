// The vector plot's axes: ranges that keep the origin and the points in view (one unit for both
// axes in the window, each its own in a figure), and ticks at exact multiples of a round step.
#include "views/vectorplotview.h"

#include "figures/numbertext.h"
#include "views/chartstyle.h"
#include "views/vectorplotroles.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

constexpr qreal tickSpacingPx = 70; // at the desktop's text size; wider with larger text

// 1, 2 or 5 times a power of ten: ticks people can read.
double niceStep(double raw)
{
    if (!(raw > 0) || !std::isfinite(raw))
        return 1;
    const double base = std::pow(10.0, std::floor(std::log10(raw)));
    const double f = raw / base;
    return base * (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10);
}

} // namespace

using namespace vectorplot;

QStringList VectorPlotView::tickLabels(Qt::Orientation axis) const
{
    return (axis == Qt::Horizontal ? m_axisX : m_axisY)->categoriesLabels();
}

void VectorPlotView::setTicks(QCategoryAxis *axis, double low, double high, double step) const
{
    const int decimals = std::clamp(static_cast<int>(-std::floor(std::log10(step))), 0, 6);
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    axis->setRange(low, high);
    axis->setStartValue(low);
    for (auto k = static_cast<qint64>(std::ceil(low / step)); k * step <= high; ++k)
        axis->append(formatSigned(static_cast<double>(k) * step, decimals, locale()), static_cast<double>(k) * step);
}

void VectorPlotView::syncRanges(QSizeF size) const
{
    const bool fresh = m_ranges.dirty || size != m_ranges.size;
    if (m_drag.active || (!fresh && !m_ranges.check))
        return;
    // The origin is always in view: the direction from it is what a dot product sees. Every
    // output counts, not only the selected one's: the axes then stay when the selection moves.
    std::array<bool, 3> drawn {};
    for (Role role : roles)
        drawn[idx(role)] = isDrawn(role);
    const QRectF box = m_drawn.cloud.extent(drawn, isDrawn(Role::Value));
    double x0 = box.left(), x1 = box.right(), y0 = box.top(), y1 = box.bottom();
    double span = std::max(x1 - x0, y1 - y0);
    if (!(span > 1e-9)) { // nothing but the origin: a unit square around it
        x0 = y0 = -1, x1 = y1 = 1, span = 2;
    }
    // A figure fills its area with the points (each axis its own unit); the window keeps one unit.
    const double padX = 0.08 * (m_figure && x1 - x0 > 1e-9 ? x1 - x0 : span);
    const double padY = 0.08 * (m_figure && y1 - y0 > 1e-9 ? y1 - y0 : span);
    x0 -= padX, x1 += padX, y0 -= padY, y1 += padY;
    m_ranges.check = false;
    // After an edit the axes stay while the points still fit and fill them, so they do not jump
    // on every keystroke (and the chart need not be laid out again).
    if (!fresh) {
        const double xs = m_axisX->max() - m_axisX->min(), ys = m_axisY->max() - m_axisY->min();
        const bool inside
            = x0 >= m_axisX->min() && x1 <= m_axisX->max() && y0 >= m_axisY->min() && y1 <= m_axisY->max();
        if (inside && std::max((x1 - x0) / xs, (y1 - y0) / ys) >= 0.5)
            return;
    }
    m_ranges.dirty = false;
    m_ranges.size = size;
    if (m_chart->geometry().size() != size)
        chartstyle::layoutChart(m_chart, size);
    // One unit is as long across as up, so angles between vectors look like angles. New ranges
    // can widen the tick labels and so shrink the plot: then once more.
    QSizeF used;
    for (int pass = 0; pass < 2 && m_chart->plotArea().size() != used; ++pass) {
        const QRectF plot = m_chart->plotArea();
        used = plot.size();
        const double w = std::max<qreal>(plot.width(), 1), h = std::max<qreal>(plot.height(), 1);
        const double perPixel = std::max((x1 - x0) / w, (y1 - y0) / h);
        const double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
        for (QCategoryAxis *axis : {m_axisX, m_axisY}) {
            const bool across = axis == m_axisX;
            const double unit = m_figure ? (across ? x1 - x0 : y1 - y0) / (across ? w : h) : perPixel;
            const double c = across ? cx : cy, half = unit * (across ? w : h) / 2;
            setTicks(axis, c - half, c + half, niceStep(unit * tickSpacingPx * textGrowth()));
        }
        m_zeroX->replace({QPointF(m_axisX->min(), 0), QPointF(m_axisX->max(), 0)});
        m_zeroY->replace({QPointF(0, m_axisY->min()), QPointF(0, m_axisY->max())});
        chartstyle::layoutChart(m_chart, size);
    }
}

} // namespace qkv
