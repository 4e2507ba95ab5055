#include "figures/heatmapfigure.h"
#include "figures/heatmaplayout.h"

#include "figures/numbertext.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

// The cell at `offset` along an axis of `count` cells `extent` long.
int cellIndex(qreal offset, int count, qreal extent)
{
    return std::clamp(static_cast<int>(std::floor(offset * count / extent)), 0, count - 1);
}

// The labels drawn along an axis for the cells [first, last) in view: every step-th (counted from
// the first cell of all, so that they stay put while the view pans), so that lines of text do not
// overlap, and always the selected one (-1: none), with its neighbours too close left out.
QList<int> shownLabels(int first, int last, qreal cell, qreal lineHeight, int selected)
{
    const int step = cell > 0 ? std::max(1, static_cast<int>(std::ceil(lineHeight / cell))) : last + 1;
    const int sel = selected >= first && selected < last ? selected : -1;
    QList<int> shown;
    for (int i = (first + step - 1) / step * step; i < last; i += step)
        if (sel < 0 || i == sel || std::abs(i - sel) * cell >= lineHeight)
            shown << i;
    if (sel >= 0 && sel % step != 0)
        shown.insert(std::lower_bound(shown.begin(), shown.end(), sel), sel);
    return shown;
}

constexpr int minValuePx = 7;

// Black or white by the cell's relative luminance, with seaborn's threshold for annotated
// heatmaps, so mid-scale cells read like the figures people know.
QColor textColorOn(QRgb cell)
{
    const auto lin = [](int c) {
        const double s = c / 255.0;
        return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    const double l = 0.2126 * lin(qRed(cell)) + 0.7152 * lin(qGreen(cell)) + 0.0722 * lin(qBlue(cell));
    return l <= 0.408 ? Qt::white : Qt::black;
}

} // namespace

HeatmapFigure::HeatmapFigure() = default;
HeatmapFigure::~HeatmapFigure() = default;

void HeatmapFigure::setData(const Result *result, int head)
{
    m_result = result;
    m_head = head;
    dataChanged();
}

const Result &HeatmapFigure::result() const
{
    static const Result none;
    return m_result ? *m_result : none;
}

const HeadResult *HeatmapFigure::headResult() const
{
    const Result &r = result();
    if (m_head < 0 || m_head >= static_cast<int>(r.heads.size()))
        return nullptr;
    const HeadResult &hr = r.heads[static_cast<std::size_t>(m_head)];
    const auto n = r.tokens.size(), m = r.keys().size();
    return hr.weights.rows() == n && hr.weights.cols() == m && n > 0 && m > 0 ? &hr : nullptr;
}

const SquareMatrix *HeatmapFigure::shownValues() const
{
    const HeadResult *h = headResult();
    if (!h)
        return nullptr;
    if (showsDifference())
        return &m_delta;
    // Without scores (a matrix of weights alone) the weights stand in.
    return m_showScores && h->scores.rows() == h->weights.rows() ? &h->scores : &h->weights;
}

void HeatmapFigure::dataChanged()
{
    ++m_serial;
    updateDifference();
}

void HeatmapFigure::updateRows(const Result *result, int head, const ChangedRows &rows)
{
    const std::size_t shown = static_cast<std::size_t>(std::max(head, 0));
    const HeadResult *h = result == m_result && head == m_head ? headResult() : nullptr;
    // The cells' image drawn for the data as it was, of the weights (scores' range is not known
    // without a pass).
    // (Zoomed in, the image is a window, coloured again whole after an edit.)
    const bool drawn = h && m_cells.key == m_serial && !m_cells.image.isNull() && m_cells.window.isNull()
        && shownValues() == &h->weights && !m_sharedScale && shown < rows.size();
    if (!drawn) {
        setData(result, head);
        return;
    }
    const HeadChange &change = rows[shown];
    const int n = static_cast<int>(h->weights.rows()), width = m_cells.image.width();
    const ColorScale before = colorScale();
    const bool magnitude = before.map == Colormap::Diverging;
    // Rows pooled for this image, which follow every edit that keeps the image.
    const bool poolsKept = m_cells.poolsKey == m_serial && m_cells.pools.fit(n, width, magnitude);
    setData(result, head);
    const SquareMatrix &weights = result->heads[shown].weights;
    if (change.rescaled() && n > width && RowPools::affordable(n, width, magnitude)) {
        // An edited key: every pixel from the rows' pools.
        if (poolsKept)
            m_cells.pools.update(weights, result->visible, change);
        else
            m_cells.pools.build(weights, result->visible, width, magnitude);
        m_cells.poolsKey = m_cells.key = m_serial;
        m_cells.fromPools = true;
        return;
    }
    const bool few = change.rows.size() * 4 <= static_cast<std::size_t>(n);
    if (poolsKept && few) { // else dropped at the paint: pooling most rows again would double its pass
        m_cells.pools.update(weights, result->visible, change);
        m_cells.poolsKey = m_serial;
    }
    const ColorScale now = colorScale();
    if (!few || now.map != before.map || now.low != before.low || now.high != before.high)
        return;
    m_cells.key = m_serial; // still right but for these rows
    std::vector<int> &stale = m_cells.staleRows;
    stale.insert(stale.end(), change.rows.begin(), change.rows.end());
    std::sort(stale.begin(), stale.end());
    stale.erase(std::unique(stale.begin(), stale.end()), stale.end());
}

void HeatmapFigure::setSelection(int row, int column)
{
    m_selectedRow = row;
    m_selectedColumn = column;
}

void HeatmapFigure::setColormap(Colormap map)
{
    m_colormap = map;
    dataChanged();
}

void HeatmapFigure::setShowScores(bool scores)
{
    m_showScores = scores;
    dataChanged();
}

void HeatmapFigure::setUnitScale(bool unit)
{
    m_unitScale = unit;
    dataChanged();
}

void HeatmapFigure::setScaleSkipsFirst(bool skip)
{
    m_skipFirst = skip;
    dataChanged();
}

void HeatmapFigure::setSharedScale(std::optional<ColorScale> scale)
{
    m_sharedScale = scale;
    dataChanged();
}

void HeatmapFigure::setValuesVisible(bool visible)
{
    m_valuesVisible = visible;
}

void HeatmapFigure::setConcealed(bool concealed)
{
    m_concealed = concealed;
}

void HeatmapFigure::paintConcealed(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    painter.fillRect(l.frame, style.palette.alternateBase());
    painter.setPen(QPen(style.palette.mid().color(), 1));
    for (int i = l.c0; i <= l.c1; ++i)
        painter.drawLine(
            QPointF(l.grid.left() + i * l.cell, l.frame.top()), QPointF(l.grid.left() + i * l.cell, l.frame.bottom()));
    for (int i = l.r0; i <= l.r1; ++i)
        painter.drawLine(
            QPointF(l.frame.left(), l.grid.top() + i * l.cell), QPointF(l.frame.right(), l.grid.top() + i * l.cell));
}

ColorScale HeatmapFigure::scaleFor(Colormap map, bool scores, bool unit, double minValue, double maxValue)
{
    if (scores)
        return ColorScale::fit(Colormap::Diverging, minValue, maxValue);
    if (unit && map != Colormap::Diverging)
        return ColorScale::fit(map, std::min(0.0, minValue), std::max(1.0, maxValue));
    return ColorScale::fit(map, minValue, maxValue);
}

QString HeatmapFigure::colorBarTitle(bool scores, bool unit, bool exported)
{
    if (scores)
        return tr("score");
    // A figure says which scale its colours use: a nearly uniform row looks contrasted on 0 … max.
    return !exported ? tr("weight") : unit ? tr("weight (0–1)") : tr("weight (0–max)");
}

ColorScale HeatmapFigure::colorScale() const
{
    if (m_scale.serial == m_serial)
        return m_scale.scale;
    m_scale.serial = m_serial;
    const SquareMatrix *v = shownValues();
    // Scores and differences are signed: the diverging map, centred at 0.
    const bool scores = v && v != &headResult()->weights;
    // Softmax weights come with their largest: the range is known without reading 134 MB at
    // 4,096 tokens (they start at 0).
    const bool skip = m_skipFirst && v && v->cols() > 1;
    const double largest = v && !scores && !skip ? headResult()->largestWeight : -1.0;
    const auto [lo, hi] = !v ? std::pair {0.0, 1.0}
        : largest >= 0       ? std::pair {0.0, largest}
                             : visibleRange(*v, result().visible, skip ? 1 : 0);
    m_scale.scale = m_sharedScale ? *m_sharedScale : scaleFor(m_colormap, scores, m_unitScale, lo, hi);
    return m_scale.scale;
}

qreal HeatmapFigure::labelAdvance(const QFont &font) const
{
    // Only new data can bring new tokens: between changes a repaint compares nothing.
    if (m_labels.serial == m_serial && m_labels.font == font)
        return m_labels.advance;
    m_labels.serial = m_serial;
    // Rows and columns alike: in cross-attention the columns are the second sentence's tokens.
    const QStringList tokens = result().isCross() ? result().tokens + result().keyTokens : result().tokens;
    if (m_labels.tokens != tokens || m_labels.font != font) {
        m_labels.tokens = tokens;
        m_labels.font = font;
        m_labels.drawn.clear();
        const QFontMetricsF fm(font);
        m_labels.advance = 0;
        for (const QString &t : m_labels.tokens)
            m_labels.advance = std::max(m_labels.advance, fm.horizontalAdvance(tokenLabel(t)));
    }
    return m_labels.advance;
}

HeatmapFigure::Layout HeatmapFigure::layout(const QRectF &rect, const FigureStyle &style) const
{
    // Callouts get a column of their own at the right: the cells are all numbers.
    // At most a quarter of the width: the callouts wrap to fit it.
    const qreal column = std::min(m_annotations.columnWidth(style), rect.width() / 4);
    const QRectF cells = rect.adjusted(0, 0, -column, 0);
    Layout l = layout(cells, style, !m_sharedScale);
    // Where the numbers would not fit, the colour bar gives way to them: they say more. Not for
    // a difference: its bar's title is what says the cells are changes, not weights.
    if (m_valuesVisible && !l.values && l.n > 0 && !m_sharedScale && !showsDifference()) {
        Layout bare = layout(cells, style, false);
        if (bare.values)
            l = bare;
    }
    // The callouts' column between the cells and the colour bar, so that no leader crosses the
    // bar's numbers.
    l.column = QRectF(l.grid.right(), rect.top(), column, rect.height());
    l.bar.translate(column, 0);
    return l;
}

HeatmapFigure::Layout HeatmapFigure::layout(const QRectF &rect, const FigureStyle &style, bool withBar) const
{
    Layout l;
    const ColorScale scale = colorScale();
    const QFont &font = style.font;
    const bool figure = style.exported;
    const SquareMatrix *values = shownValues();
    if (!values)
        return l;
    l.n = static_cast<int>(values->rows());
    l.m = static_cast<int>(values->cols());
    const QRectF area = rect.adjusted(figureMargin, figureMargin, -figureMargin, -figureMargin);
    l.barTitle = showsDifference()
        ? differenceTitle(m_showScores)
        : colorBarTitle(m_showScores && values != &headResult()->weights, m_unitScale, figure);
    const qreal barWidth = withBar ? colorBarWidth(scale, l.barTitle, font, style.locale) : 0.0;
    const qreal basePx = QFontInfo(font).pixelSize();
    l.axisTitle = figure && !m_sharedScale ? std::ceil(QFontMetricsF(font).height() * 1.3) : 0;
    const qreal width = area.width() - barWidth - l.axisTitle, height = area.height() - l.axisTitle;
    qreal px = basePx, cell = 0;
    const qreal widest = labelAdvance(font);
    // The largest square cell with which m columns and n rows (m / zoom and n / zoom when zoomed)
    // fit beside their labels.
    const double zoom = std::clamp(m_zoom, 1.0, maxZoom());
    const qreal columnsShown = l.m / zoom, rowsShown = l.n / zoom;
    const auto fitting = [&](qreal top) {
        return std::max<qreal>(0, std::min((width - l.extent) / columnsShown, (height - top) / rowsShown));
    };
    // Shrink the labels until one fits a cell (down to a readable minimum), then thin them out.
    for (int pass = 0; pass < 3; ++pass) {
        l.labelFont = pixelFont(font, px);
        const qreal advance = widest * px / basePx;
        l.extent = std::max<qreal>(0, std::min(advance + figureLabelGap + 2, 0.3 * std::min(width, height)));
        cell = fitting(l.extent);
        const qreal lineHeight = QFontMetricsF(l.labelFont).height();
        // Column labels lie level when the widest fits its cell; the grid then grows upwards.
        l.flat = advance + 4 <= cell;
        l.top = l.flat ? lineHeight * (figure ? 1.0 : 1.8) + figureLabelGap : l.extent; // the window: room for "keys →"
        cell = fitting(l.top);
        if (cell >= lineHeight || px <= minLabelPx)
            break;
        px = std::max<qreal>(minLabelPx, std::floor(px * cell / lineHeight));
    }
    // Whole pixels along the longer side, as a square grid had them.
    const qreal longer = std::max(columnsShown, rowsShown);
    l.cell = std::floor(cell * longer) / longer;
    const qreal frameWidth = l.cell * columnsShown, frameHeight = l.cell * rowsShown;
    const qreal left = area.left() + l.axisTitle + (width - l.extent - frameWidth) / 2 + l.extent;
    const qreal top = area.top() + l.axisTitle + (height - l.top - frameHeight) / 2 + l.top;
    l.frame = QRectF(std::round(left), std::round(top), frameWidth, frameHeight);
    // Zoomed, the whole matrix lies beyond the frame, the origin's cell at its top left.
    // It scrolls by whole pixels: the cells' image then moves as it is (heatmapzoom.cpp).
    const QPointF origin = zoom > 1 ? zoomOrigin() : QPointF();
    l.grid = QRectF(l.frame.left() - std::round(origin.x() * l.cell), l.frame.top() - std::round(origin.y() * l.cell),
        l.cell * l.m, l.cell * l.n);
    if (zoom <= 1)
        l.grid = l.frame;
    const auto lastCell = [](qreal end, int count) { return std::min(count, static_cast<int>(std::ceil(end - 1e-9))); };
    l.c0 = static_cast<int>(std::floor(origin.x()));
    l.r0 = static_cast<int>(std::floor(origin.y()));
    l.c1 = zoom > 1 ? lastCell(origin.x() + columnsShown, l.m) : l.m;
    l.r1 = zoom > 1 ? lastCell(origin.y() + rowsShown, l.n) : l.n;
    const qreal lineHeight = QFontMetricsF(l.labelFont).height();
    // The bar's title goes above the grid when the column labels leave room.
    const qreal barLine = QFontMetricsF(font).height();
    l.bar = QRectF(l.frame.right(), l.frame.top() - std::min(l.top + l.axisTitle, barLine * 1.6), barWidth, 0);
    l.bar.setBottom(l.frame.bottom() + std::min(barLine / 2, figureMargin));

    // In self-attention a selected token is a row and a column at once; in cross-attention a
    // query is a row only, a key a column only.
    const bool cross = result().isCross();
    const int rowSelected = m_selectedRow >= 0 || cross ? m_selectedRow : m_selectedColumn;
    const int columnSelected = m_selectedColumn >= 0 || cross ? m_selectedColumn : m_selectedRow;
    l.shown = shownLabels(l.r0, l.r1, l.cell, lineHeight, rowSelected);
    l.shownColumns = shownLabels(l.c0, l.c1, l.cell, lineHeight, columnSelected);

    l.magnitude = std::max(std::abs(scale.low), std::abs(scale.high));
    if (m_valuesVisible && l.cell >= 12) {
        // The widest number written: a difference's have a sign either way ("+0.25", "−0.25").
        const int decimals = cellDecimals(l.magnitude);
        const QString sample = showsDifference()
            ? formatChange(l.magnitude, decimals, style.locale)
            : formatSigned(scale.low < 0 ? -l.magnitude : l.magnitude, decimals, style.locale);
        qreal vpx = std::min(basePx, l.cell * 0.45);
        const qreal width = QFontMetricsF(pixelFont(font, vpx)).horizontalAdvance(sample);
        if (width > l.cell - 4)
            vpx = std::floor(vpx * (l.cell - 4) / width);
        l.values = vpx >= minValuePx;
        l.valueFont = pixelFont(font, vpx);
    }
    return l;
}

QRectF HeatmapFigure::gridRect(const QRectF &rect, const FigureStyle &style) const
{
    return layout(rect, style).grid;
}

QRectF HeatmapFigure::cellRect(const QRectF &rect, const FigureStyle &style, int row, int col) const
{
    const Layout l = layout(rect, style);
    return {l.grid.left() + col * l.cell, l.grid.top() + row * l.cell, l.cell, l.cell};
}

QPoint HeatmapFigure::cellAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const
{
    const Layout l = layout(rect, style);
    if (l.n == 0 || !l.frame.contains(pos))
        return {-1, -1};
    // The same floor(x · m / w) as the cell image, so the pixel under the mouse names its cell.
    return {cellIndex(pos.x() - l.grid.left(), l.m, l.grid.width()),
        cellIndex(pos.y() - l.grid.top(), l.n, l.grid.height())};
}

QList<QRectF> HeatmapFigure::labelRects(
    const QRectF &rect, const FigureStyle &style, Qt::Orientation orientation, QList<int> *tokens) const
{
    const Layout l = layout(rect, style);
    const qreal h = QFontMetricsF(l.labelFont).height();
    QList<QRectF> rects;
    for (int i : orientation == Qt::Vertical ? l.shown : l.shownColumns) {
        const qreal centre = (i + 0.5) * l.cell;
        if (orientation == Qt::Vertical)
            rects << QRectF(l.frame.left() - l.extent, l.grid.top() + centre - h / 2, l.extent - figureLabelGap, h);
        else if (l.flat)
            rects << QRectF(l.grid.left() + i * l.cell, l.frame.top() - l.top, l.cell, l.top - figureLabelGap);
        else
            rects << QRectF(l.grid.left() + centre - h / 2, l.frame.top() - l.top, h, l.top - figureLabelGap);
    }
    if (tokens)
        *tokens = orientation == Qt::Vertical ? l.shown : l.shownColumns;
    return rects;
}

QString HeatmapFigure::describeCell(int row, int col) const
{
    const HeadResult *h = headResult();
    const Result &r = result();
    if (!h || row < 0 || col < 0 || row >= r.tokens.size() || col >= r.keys().size())
        return {};
    if (m_concealed)
        return tr("%1 → %2: hidden until you answer").arg(r.tokens[row], r.keys()[col]);
    // Whole sentences for translators, numbers in the window's locale (a tooltip is never exported).
    const QString pair = tr("%1 → %2").arg(r.tokens[row], r.keys()[col]);
    const bool scored = h->scores.rows() == h->weights.rows();
    QString text;
    if (!r.isVisible(row, col))
        text = scored ? tr("%1: masked (left out of the row's normalization), raw score %L2")
                            .arg(pair)
                            .arg(h->scores(row, col), 0, 'g', 6)
                      : tr("%1: masked (left out of the row's normalization)").arg(pair);
    else
        text = scored ? tr("%1: weight %L2, raw score %L3")
                            .arg(pair)
                            .arg(h->weights(row, col), 0, 'g', 6)
                            .arg(h->scores(row, col), 0, 'g', 6)
                      : tr("%1: weight %L2").arg(pair).arg(h->weights(row, col), 0, 'g', 6);
    if (showsDifference() && r.isVisible(row, col)) {
        const double d = m_delta(row, col);
        const QString change = (d > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(d, 'g', 6);
        text += u'\n' + tr("Δ %1 since “%2”").arg(change, m_baselineName);
    }
    for (const RowProblem &p : h->problems)
        if (p.row == row)
            text += QStringLiteral("\n") + describe(RowWarning {m_head, row, p.issue}, r.tokens);
    return text;
}

void HeatmapFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    painter.save();
    painter.fillRect(rect, style.palette.base());
    const Layout l = layout(rect, style);
    if (l.n == 0 || l.grid.isEmpty()) {
        painter.setPen(style.palette.text().color());
        painter.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, tr("No tokens: type a sentence"));
        painter.restore();
        return;
    }
    if (m_concealed) {
        painter.save();
        if (l.zoomed())
            painter.setClipRect(l.frame, Qt::IntersectClip);
        paintConcealed(painter, l, style);
        painter.restore();
        paintLabels(painter, l, style);
        m_annotations.paint(painter, annotationTargets(l, rect), style);
        painter.restore();
        return;
    }
    const MaskColors mask = maskColors(style.palette);
    const bool same = m_cells.key == m_serial && m_cells.mask.fill == mask.fill && m_cells.mask.line == mask.line;
    if (m_cells.poolsKey != m_serial)
        m_cells.pools.clear(); // of other data: only an edited key builds them again
    if (l.zoomed()) {
        painter.save();
        painter.setClipRect(l.frame, Qt::IntersectClip);
        paintZoomedCells(painter, l, mask, same);
    } else {
        paintMatrix(painter, l.grid, *shownValues(), result().visible, colorScale(), mask, m_cells.image,
            same && m_cells.window.isNull(), m_cells.staleRows, m_cells.fromPools ? &m_cells.pools : nullptr);
        m_cells.window = QRect();
    }
    m_cells.key = m_serial;
    m_cells.mask = mask;
    m_cells.staleRows.clear();
    m_cells.fromPools = false;
    if (l.values)
        paintValues(painter, l, style.locale);
    // The selected query's row or key's column: a light and a dark line, so the outline shows on
    // every colour of every map.
    QRectF outline;
    if (m_selectedRow >= 0 && m_selectedRow < l.n)
        outline = QRectF(l.grid.left(), l.grid.top() + m_selectedRow * l.cell, l.grid.width(), l.cell);
    else if (m_selectedColumn >= 0 && m_selectedColumn < l.m)
        outline = QRectF(l.grid.left() + m_selectedColumn * l.cell, l.grid.top(), l.cell, l.grid.height());
    if (!outline.isNull()) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(Qt::white, 3));
        painter.drawRect(outline.adjusted(-1, -1, 1, 1));
        painter.setPen(QPen(Qt::black, 1));
        painter.drawRect(outline.adjusted(-1, -1, 1, 1));
    }
    if (l.zoomed())
        painter.restore(); // the frame's clip
    paintLabels(painter, l, style);
    if (l.bar.width() > 0)
        paintColorBar(painter, l.bar, colorScale(), l.barTitle, style.palette,
            pixelFont(style.font, QFontInfo(style.font).pixelSize()), style.locale);
    m_annotations.paint(painter, annotationTargets(l, rect), style);
    painter.restore();
}

void HeatmapFigure::paintValues(QPainter &painter, const Layout &l, const QLocale &locale) const
{
    const SquareMatrix &values = *shownValues();
    const Result &r = result();
    const ColorScale scale = colorScale();
    const int decimals = cellDecimals(l.magnitude);
    painter.setFont(l.valueFont);
    for (int row = l.r0; row < l.r1; ++row)
        for (int col = l.c0; col < l.c1; ++col) {
            if (!r.isVisible(row, col))
                continue;
            const double v = values(row, col);
            painter.setPen(textColorOn(scale.color(v)));
            painter.drawText(QRectF(l.grid.left() + col * l.cell, l.grid.top() + row * l.cell, l.cell, l.cell),
                Qt::AlignCenter,
                showsDifference() ? formatChange(v, decimals, locale) : formatSigned(v, decimals, locale));
        }
}

QPoint HeatmapFigure::headingAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const
{
    const Layout l = layout(rect, style);
    if (l.n == 0)
        return {-1, -1};
    const bool besideColumns = pos.x() >= l.frame.left() && pos.x() < l.frame.right();
    const bool besideRows = pos.y() >= l.frame.top() && pos.y() < l.frame.bottom();
    if (besideColumns && pos.y() < l.frame.top() && pos.y() >= l.frame.top() - l.top)
        return {cellIndex(pos.x() - l.grid.left(), l.m, l.grid.width()), -1};
    if (besideRows && pos.x() < l.frame.left() && pos.x() >= l.frame.left() - l.extent)
        return {-1, cellIndex(pos.y() - l.grid.top(), l.n, l.grid.height())};
    return {-1, -1};
}

} // namespace qkv
