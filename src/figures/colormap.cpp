#include "figures/colormap.h"
#include "figures/rowpools.h"

#include "figures/colormapdata.h"
#include "figures/maxpool.h"
#include "figures/numbertext.h"
#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPaintEngine>
#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

namespace qkv {
namespace {

constexpr int mapCount = 5;

// A blue-white-red map (the RdBu end points of ColorBrewer), linear in sRGB on each side.
QRgb diverging(double t)
{
    const QColor blue(33, 102, 172), white(247, 247, 247), red(178, 24, 43);
    const QColor &a = t < 0.5 ? blue : white;
    const QColor &b = t < 0.5 ? white : red;
    const double u = t < 0.5 ? t * 2.0 : (t - 0.5) * 2.0;
    auto mix = [u](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * u)); };
    return qRgb(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

std::array<QRgb, 256> buildTable(Colormap map)
{
    std::array<QRgb, 256> table {};
    const auto fromData = [&table](const std::array<Rgb, 256> &data) {
        for (std::size_t i = 0; i < 256; ++i)
            table[i] = qRgb(data[i].r, data[i].g, data[i].b);
    };
    switch (map) {
    case Colormap::Viridis:
        fromData(viridisData);
        break;
    case Colormap::Cividis:
        fromData(cividisData);
        break;
    case Colormap::Magma:
        fromData(magmaData);
        break;
    case Colormap::Grey:
        for (std::size_t i = 0; i < 256; ++i)
            table[i] = qRgb(static_cast<int>(i), static_cast<int>(i), static_cast<int>(i));
        break;
    case Colormap::Diverging:
        // Entry 128 = round(0.5 · 255) is the white centre, so a score of exactly 0 is white.
        for (std::size_t i = 0; i < 256; ++i)
            table[i] = diverging(i <= 128 ? i / 256.0 : 0.5 + (static_cast<double>(i) - 128.0) / 254.0);
        break;
    }
    return table;
}

constexpr int vectorCellLimit = 128;
// The colour bar's gap, thickness and ticks at the desktop's text size; they grow with larger
// text (a figure for a slide), so the bar keeps its proportions to its numbers.
struct BarMetrics {
    qreal gap, thickness, tick;
    explicit BarMetrics(const QFontMetricsF &fm)
    {
        const qreal k = std::max<qreal>(1.0, fm.height() / 16);
        gap = 12 * k;
        thickness = 12 * k;
        tick = 4 * k;
    }
};

// Round values inside [low, high], about `count` of them: steps of 1, 2 or 5 × 10^k.
std::vector<double> niceTicks(double low, double high, int count, double &step)
{
    const double raw = (high - low) / std::max(1, count);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / magnitude;
    step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
    std::vector<double> ticks;
    for (double v = std::ceil(low / step) * step; v <= high + step * 1e-9; v += step)
        ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    return ticks;
}

int stepDecimals(double step)
{
    return std::clamp(static_cast<int>(-std::floor(std::log10(step) + 1e-9)), 0, 6);
}

double magnitudeOf(const ColorScale &scale)
{
    return std::max(std::abs(scale.low), std::abs(scale.high));
}

} // namespace

const std::array<QRgb, 256> &colormapTable(Colormap map)
{
    static const auto tables = [] {
        std::array<std::array<QRgb, 256>, mapCount> all {};
        for (int m = 0; m < mapCount; ++m)
            all[static_cast<std::size_t>(m)] = buildTable(static_cast<Colormap>(m));
        return all;
    }();
    return tables[static_cast<std::size_t>(std::clamp(static_cast<int>(map), 0, mapCount - 1))];
}

QRgb colormapColor(Colormap map, double t)
{
    return colormapTable(map)[static_cast<std::size_t>(colormapIndex(t))];
}

QString colormapName(Colormap map)
{
    return colormapNames().value(static_cast<int>(map));
}

QStringList colormapNames()
{
    return {QStringLiteral("viridis"), QStringLiteral("cividis"), QStringLiteral("magma"), QStringLiteral("grey"),
        QStringLiteral("diverging")};
}

QString colormapNotices()
{
    return QString::fromUtf8(colormapNoticeText) + cividisLicence();
}

QString cividisLicence()
{
    return QString::fromUtf8(cividisLicenceText);
}

int cellDecimals(double magnitude)
{
    return magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
}

qreal colorBarWidth(const ColorScale &scale, const QString &title, const QFont &font, const QLocale &locale)
{
    const QFontMetricsF fm(font);
    double step = 1;
    niceTicks(scale.low, scale.high, 10, step);
    const int decimals = std::max(stepDecimals(step), cellDecimals(magnitudeOf(scale)));
    qreal labels = 0;
    for (double v : {scale.low, scale.high, -magnitudeOf(scale)})
        labels = std::max(labels, fm.horizontalAdvance(formatSigned(v, decimals, locale)));
    const BarMetrics m(fm);
    return m.gap + std::max(m.thickness + m.tick + 3 + labels, fm.horizontalAdvance(title)) + 2;
}

void paintColorBar(QPainter &painter, const QRectF &area, const ColorScale &scale, const QString &title,
    const QPalette &palette, const QFont &font, const QLocale &locale)
{
    const QFontMetricsF fm(font);
    const qreal lh = fm.height();
    const BarMetrics m(fm);
    const QRectF bar(area.left() + m.gap, area.top() + lh * 1.6, m.thickness, area.height() - lh * 2.1);
    painter.save();
    painter.setFont(font);
    painter.setPen(palette.color(QPalette::Text));
    painter.drawText(QRectF(area.left() + m.gap, area.top(), area.width(), lh), Qt::AlignLeft | Qt::AlignTop, title);
    if (bar.height() < lh) {
        painter.restore();
        return;
    }
    // A gradient through all 256 entries: exact enough on screen, and a real vector in SVG and PDF.
    const auto &table = colormapTable(scale.map);
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i < 256; ++i)
        gradient.setColorAt(i / 255.0, QColor(table[static_cast<std::size_t>(i)]));
    painter.fillRect(bar, gradient);
    painter.setPen(palette.color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);

    double step = 1;
    const std::vector<double> ticks
        = niceTicks(scale.low, scale.high, std::clamp(static_cast<int>(bar.height() / (lh * 4)), 2, 8), step);
    // One number format for the whole bar: enough decimals for the step and for the ends.
    const int decimals = std::max(stepDecimals(step), cellDecimals(magnitudeOf(scale)));
    const auto y = [&](double v) { return bar.bottom() - scale.unit(v) * bar.height(); };
    const auto mark = [&](double v) {
        const qreal at = y(v);
        painter.drawLine(QPointF(bar.right(), at), QPointF(bar.right() + m.tick, at));
        painter.drawText(QRectF(bar.right() + m.tick + 3, at - lh / 2, area.right() - bar.right(), lh),
            Qt::AlignLeft | Qt::AlignVCenter, formatSigned(v, decimals, locale));
    };
    painter.setPen(palette.color(QPalette::Text));
    // Both ends say the exact range; round ticks fill in between where they do not crowd them.
    mark(scale.low);
    mark(scale.high);
    for (double v : ticks)
        if (std::abs(y(v) - y(scale.low)) >= 1.5 * lh && std::abs(y(v) - y(scale.high)) >= 1.5 * lh)
            mark(v);
    painter.restore();
}

ColorScale ColorScale::fit(Colormap map, double minValue, double maxValue)
{
    if (!std::isfinite(minValue) || !std::isfinite(maxValue) || minValue > maxValue)
        minValue = maxValue = 0.0;
    ColorScale s;
    s.map = map;
    if (map == Colormap::Diverging) {
        const double m = std::max({std::abs(minValue), std::abs(maxValue), 1e-12});
        s.low = -m;
        s.high = m;
    } else {
        s.low = std::min(0.0, minValue);
        s.high = std::max(maxValue, s.low + 1e-12);
    }
    return s;
}

MaskColors maskColors(const QPalette &palette)
{
    const QColor base = palette.color(QPalette::Base), text = palette.color(QPalette::Text);
    const auto mix = [&](double u) {
        return qRgb(static_cast<int>(base.red() + (text.red() - base.red()) * u),
            static_cast<int>(base.green() + (text.green() - base.green()) * u),
            static_cast<int>(base.blue() + (text.blue() - base.blue()) * u));
    };
    return {mix(0.08), mix(0.4)};
}

void paintMatrix(QPainter &painter, const QRectF &target, const SquareMatrix &values, const SquareMatrix &visible,
    const ColorScale &scale, MaskColors mask, QImage &cache, bool reuse, const std::vector<int> &staleRows,
    const RowPools *pools, QRect cells)
{
    const QRect all(0, 0, static_cast<int>(values.cols()), static_cast<int>(values.rows()));
    cells = cells.isNull() ? all : cells.intersected(all);
    const bool part = cells != all;
    const int n = cells.height(), m = cells.width();
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() == QPaintEngine::Raster || engine->type() == QPaintEngine::OpenGL2) {
        const QTransform t = painter.deviceTransform();
        const qreal s = std::hypot(t.m11(), t.m12());
        const QSize px(std::min(8192, qRound(target.width() * s)), std::min(8192, qRound(target.height() * s)));
        if (!reuse || cache.size() != px)
            matrixImageInto(cache, values, visible, scale, px, mask, cells);
        else if (!part && pools && n == m && pools->fit(n, px.width(), scale.map == Colormap::Diverging))
            pools->colour(cache, scale, mask);
        else if (!part) // a part is coloured whole whenever it changes
            recolourRows(cache, values, visible, scale, mask, staleRows);
        painter.drawImage(target, cache);
        return;
    }
    cache = QImage(); // nothing cached for vector output: the next screen paint recolours
    if (std::max(n, m) > vectorCellLimit) {
        const auto side = [](int k) { return std::min(2048, k * std::max(1, 1024 / k)); };
        QImage image;
        matrixImageInto(image, values, visible, scale, {side(m), side(n)}, mask, cells);
        painter.drawImage(target, image);
        return;
    }
    const qreal w = target.width() / m, h = target.height() / n;
    painter.save();
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < m; ++j) {
            const int r = cells.top() + i, c = cells.left() + j;
            const QRectF cell(target.left() + j * w, target.top() + i * h, w, h);
            const bool hidden = visible.size() != 0 && visible(r, c) == 0;
            // Each cell reaches a unit into the next, which covers it: touching anti-aliased edges
            // would let the background through as hairline seams in SVG viewers (rsvg, browsers).
            const QRectF painted = cell.adjusted(0, 0, j + 1 < m ? 1 : 0, i + 1 < n ? 1 : 0);
            painter.fillRect(painted, QColor(hidden ? mask.fill : scale.color(values(r, c))));
            if (!hidden)
                continue;
            // Three 45° hatch lines x + y = k · side / 2, ending on the cell's edges (no clipping,
            // which SVG output does not keep).
            painter.setPen(QPen(QColor(mask.line), std::min(w, h) / 12, Qt::SolidLine, Qt::FlatCap));
            for (int k = 1; k <= 3; ++k) {
                const qreal d = k * 0.5;
                const QPointF a = d <= 1 ? QPointF(0, d) : QPointF(d - 1, 1);
                const QPointF b = d <= 1 ? QPointF(d, 0) : QPointF(1, d - 1);
                painter.drawLine(QPointF(cell.left() + a.x() * w, cell.top() + a.y() * h),
                    QPointF(cell.left() + b.x() * w, cell.top() + b.y() * h));
            }
        }
    painter.restore();
}

std::pair<double, double> visibleRange(const SquareMatrix &values, const SquareMatrix &visible, int firstColumn)
{
    // n rows of m columns (m ≠ n in cross-attention).
    const Eigen::Index n = values.rows(), m = values.cols();
    if (n == 0 || firstColumn >= m)
        return {0.0, 0.0};
    const bool masked = visible.rows() == n && visible.cols() == m;
    const double inf = std::numeric_limits<double>::infinity();
    // One pass over memory (this is 134 MB at 4,096 tokens), its rows split over the cores:
    // column-wise accumulators, row by row.
    const int rangeParts = partsFor(double(n) * double(m), 32 * 1024, int(n));
    std::vector<Eigen::ArrayXd> hi(static_cast<std::size_t>(rangeParts)), lo(hi.size());
    inParts(rangeParts, [&](int part, int parts) {
        clearUpperVectorState();
        const auto [begin, end] = partOf(n, part, parts);
        Eigen::ArrayXd &h = hi[static_cast<std::size_t>(part)], &l = lo[static_cast<std::size_t>(part)];
        h = Eigen::ArrayXd::Constant(m, -inf);
        l = Eigen::ArrayXd::Constant(m, inf);
        for (Eigen::Index r = begin; r < end; ++r) {
            const auto v = values.row(r).array().transpose();
            if (masked) {
                const auto vis = visible.row(r).array().transpose();
                h = h.max((vis != 0).select(v, -inf));
                l = l.min((vis != 0).select(v, inf));
            } else {
                h = h.max(v);
                l = l.min(v);
            }
        }
    });
    double top = -inf, bottom = inf;
    for (std::size_t p = 0; p < hi.size(); ++p) {
        top = std::max(top, hi[p].tail(m - firstColumn).maxCoeff());
        bottom = std::min(bottom, lo[p].tail(m - firstColumn).minCoeff());
    }
    return bottom <= top ? std::pair {bottom, top} : std::pair {0.0, 0.0};
}

} // namespace qkv
