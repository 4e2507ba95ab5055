#include "figures/headsgridfigure.h"

#include "figures/elide.h"
#include "figures/numbertext.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

constexpr qreal gap = 10;

} // namespace

struct HeadsGridFigure::Layout {
    int heads = 0;
    int columns = 1;
    qreal tile = 0;
    qreal caption = 0; // height of the caption line above each tile
    QPointF origin;
    QRectF bar;
    QFont font;

    QRectF square(int head) const
    {
        const int col = head % columns, row = head / columns;
        return {origin.x() + col * (tile + gap), origin.y() + row * (tile + caption + gap) + caption, tile, tile};
    }
};

HeadsGridFigure::HeadsGridFigure() = default;
HeadsGridFigure::~HeadsGridFigure() = default;

void HeadsGridFigure::setData(const Result *result)
{
    m_result = result;
    dataChanged();
}

const Result &HeadsGridFigure::result() const
{
    static const Result none;
    return m_result ? *m_result : none;
}

void HeadsGridFigure::setCurrent(int head, int token)
{
    m_currentHead = head;
    m_selectedToken = token;
}

void HeadsGridFigure::setColormap(Colormap map)
{
    m_colormap = map;
    dataChanged();
}

void HeadsGridFigure::setShowScores(bool scores)
{
    m_showScores = scores;
    dataChanged();
}

void HeadsGridFigure::setScaleSkipsFirst(bool skip)
{
    m_skipFirst = skip;
    dataChanged();
}

void HeadsGridFigure::setUnitScale(bool unit)
{
    m_unitScale = unit;
    dataChanged();
}

void HeadsGridFigure::dataChanged()
{
    ++m_serial;
}

int HeadsGridFigure::tokenCount() const
{
    const Result &r = result();
    const auto n = r.tokens.size(), m = r.keys().size();
    for (const HeadResult &h : r.heads)
        if (h.weights.rows() != n || h.weights.cols() != m)
            return 0;
    return r.heads.empty() || m == 0 ? 0 : static_cast<int>(n);
}

int HeadsGridFigure::keyCount() const
{
    return tokenCount() > 0 ? static_cast<int>(result().keys().size()) : 0;
}

const SquareMatrix &HeadsGridFigure::shownValues(const HeadResult &head) const
{
    return m_showScores && head.scores.rows() == head.weights.rows() ? head.scores : head.weights;
}

ColorScale HeadsGridFigure::colorScale() const
{
    if (m_scale.serial == m_serial)
        return m_scale.scale;
    m_scale.serial = m_serial;
    double lo = 0, hi = tokenCount() > 0 ? -INFINITY : 1;
    bool scores = false;
    if (tokenCount() > 0)
        for (const HeadResult &h : result().heads) {
            const SquareMatrix &v = shownValues(h);
            scores |= &v == &h.scores;
            const auto [vlo, vhi] = visibleRange(v, result().visible, m_skipFirst && v.cols() > 1 ? 1 : 0);
            lo = std::min(lo, vlo);
            hi = std::max(hi, vhi);
        }
    m_scale.scale = HeatmapFigure::scaleFor(m_colormap, scores, m_unitScale, lo, hi);
    return m_scale.scale;
}

HeadsGridFigure::Layout HeadsGridFigure::layout(const QRectF &rect, const FigureStyle &style) const
{
    Layout l;
    if (tokenCount() == 0)
        return l;
    l.heads = static_cast<int>(result().heads.size());
    l.font = style.font;
    l.font.setPixelSize(QFontInfo(style.font).pixelSize());
    l.caption = QFontMetricsF(l.font).height() + 6; // room for the current head's outline
    const QString title = HeatmapFigure::colorBarTitle(m_showScores, m_unitScale, style.exported);
    const qreal barWidth = colorBarWidth(colorScale(), title, l.font, style.locale);
    const QRectF area = rect.adjusted(figureMargin, figureMargin, -figureMargin - barWidth, -figureMargin);
    // The column count that gives the largest tiles.
    for (int cols = 1; cols <= l.heads; ++cols) {
        const int rows = (l.heads + cols - 1) / cols;
        const qreal tile
            = std::min((area.width() - (cols - 1) * gap) / cols, (area.height() - (rows - 1) * gap) / rows - l.caption);
        if (tile > l.tile) {
            l.tile = std::floor(tile);
            l.columns = cols;
        }
    }
    const int rows = (l.heads + l.columns - 1) / l.columns;
    const qreal width = l.columns * l.tile + (l.columns - 1) * gap;
    const qreal height = rows * (l.tile + l.caption) + (rows - 1) * gap;
    l.origin = QPointF(
        std::round(area.left() + (area.width() - width) / 2), std::round(area.top() + (area.height() - height) / 2));
    l.bar = QRectF(l.origin.x() + width, l.origin.y(), barWidth, height);
    return l;
}

QRectF HeadsGridFigure::tileRect(const QRectF &rect, const FigureStyle &style, int head) const
{
    const Layout l = layout(rect, style);
    return head >= 0 && head < l.heads ? l.square(head) : QRectF();
}

int HeadsGridFigure::headAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const
{
    const Layout l = layout(rect, style);
    for (int h = 0; h < l.heads; ++h)
        if (l.square(h).adjusted(0, -l.caption, 0, 0).contains(pos))
            return h;
    return -1;
}

void HeadsGridFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    painter.save();
    painter.fillRect(rect, style.palette.base());
    const Layout l = layout(rect, style);
    const int n = tokenCount();
    if (l.heads == 0 || l.tile < 1) {
        painter.setPen(style.palette.text().color());
        painter.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, tr("No tokens: type a sentence"));
        painter.restore();
        return;
    }
    const Result &r = result();
    const ColorScale scale = colorScale();
    if (style.exported) {
        paintExportedTiles(painter, l, style);
        paintColorBar(painter, l.bar, scale, HeatmapFigure::colorBarTitle(m_showScores, m_unitScale, true),
            style.palette, l.font, style.locale);
        painter.restore();
        return;
    }
    const MaskColors mask = maskColors(style.palette);
    const bool reuse = m_tiles.key == m_serial && m_tiles.images.size() == r.heads.size()
        && m_tiles.mask.fill == mask.fill && m_tiles.mask.line == mask.line;
    m_tiles.images.resize(r.heads.size());
    m_tiles.key = m_serial;
    m_tiles.mask = mask;
    const int current = m_currentHead, selected = m_selectedToken;
    painter.setFont(l.font);
    for (int h = 0; h < l.heads; ++h) {
        const QRectF square = l.square(h);
        paintMatrix(painter, square, shownValues(r.heads[static_cast<std::size_t>(h)]), r.visible, scale, mask,
            m_tiles.images[static_cast<std::size_t>(h)], reuse);
        if (selected >= 0 && selected < n) {
            const qreal cell = square.height() / n;
            const QRectF row(square.left(), square.top() + selected * cell, square.width(), cell);
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(Qt::white, 2));
            painter.drawRect(row.adjusted(-0.5, -0.5, 0.5, 0.5));
            painter.setPen(QPen(Qt::black, 1));
            painter.drawRect(row.adjusted(-0.5, -0.5, 0.5, 0.5));
        }
        paintTileBoxes(painter, square, n, style);
        QFont captionFont = l.font;
        captionFont.setBold(h == current);
        painter.setFont(captionFont);
        painter.setPen(style.palette.color(QPalette::Text));
        painter.drawText(QRectF(square.left(), square.top() - l.caption, square.width(), l.caption),
            Qt::AlignHCenter | Qt::AlignTop,
            (r.heads[static_cast<std::size_t>(h)].switchedOff ? tr("head %1 · off") : tr("head %1")).arg(h + 1));
        if (h == current) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(style.palette.color(QPalette::Highlight), 3));
            painter.drawRect(square.adjusted(-3, -3, 3, 3));
        }
    }
    paintColorBar(
        painter, l.bar, scale, m_showScores ? tr("score") : tr("weight"), style.palette, l.font, style.locale);
    painter.restore();
}

void HeadsGridFigure::setAnnotations(std::vector<PlacedAnnotation> annotations)
{
    // Boxes alone: a document's reader refuses anything else on this view.
    std::erase_if(
        annotations, [](const PlacedAnnotation &a) { return a.kind != AnnotationKind::Box || !a.text.isEmpty(); });
    m_exportedTile.setAnnotations(annotations);
    m_annotations.set(std::move(annotations));
}

void HeadsGridFigure::paintTileBoxes(QPainter &painter, const QRectF &square, int n, const FigureStyle &style) const
{
    const int m = keyCount();
    if (m_annotations.isEmpty() || n == 0 || m == 0)
        return;
    // A tile is square: in cross-attention its n × m cells are not.
    const qreal cell = square.height() / n, width = square.width() / m;
    AnnotationTargets t;
    t.bounds = square;
    t.token = [square, cell, n](int i) {
        return i >= 0 && i < n ? QRectF(square.left(), square.top() + i * cell, square.width(), cell) : QRectF();
    };
    t.cell = [square, cell, width, n, m](int row, int col) {
        return row >= 0 && col >= 0 && row < n && col < m
            ? QRectF(square.left() + col * width, square.top() + row * cell, width, cell)
            : QRectF();
    };
    m_annotations.paint(painter, t, style);
}

void HeadsGridFigure::paintExportedTiles(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    HeatmapFigure &tile = m_exportedTile;
    tile.setColormap(m_colormap);
    tile.setShowScores(m_showScores);
    tile.setUnitScale(m_unitScale);
    tile.setScaleSkipsFirst(m_skipFirst);
    tile.setSharedScale(colorScale());
    tile.setSelection(m_selectedToken, -1);
    const Result &r = result();
    const QFontMetricsF fm(l.font);
    for (int h = 0; h < l.heads; ++h) {
        const QRectF square = l.square(h);
        tile.setData(&r, h);
        tile.paint(painter, square, style);
        // "head 3 · it → animal 0.62": where the head's strongest weight goes (self-attention's
        // square heads). Read where it lies: a float copy and the entropy of every row
        // (summarizeHead) were most of a 4,096-token export.
        const auto &w = r.heads[static_cast<std::size_t>(h)].weights;
        Eigen::Index from = 0, to = 0;
        const bool self = w.rows() > 0 && w.rows() == w.cols();
        const double strongest = self ? w.maxCoeff(&from, &to) : 0.0;
        const bool off = r.heads[static_cast<std::size_t>(h)].switchedOff;
        const QString caption = off ? tr("head %1 · off").arg(h + 1)
            : !self                 ? tr("head %1").arg(h + 1)
                                    : tr("head %1 · %2 → %3 %4")
                          .arg(QString::number(h + 1), tokenLabel(r.tokens[from]), tokenLabel(r.keys()[to]),
                              formatSigned(strongest, 2, style.locale));
        painter.setFont(l.font);
        painter.setPen(style.palette.color(QPalette::Text));
        const QRectF line(square.left(), square.top() - l.caption, square.width(), l.caption);
        painter.drawText(line, Qt::AlignHCenter | Qt::AlignTop, elided(fm, caption, Qt::ElideRight, line.width()));
    }
}

} // namespace qkv
