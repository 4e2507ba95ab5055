// The arrow graph's words: token labels (the locked one marked) and the weights written on the
// isolated token's arrows.
#include "figures/arrowgraphfigure.h"

#include "figures/arrowgraphcache.h"
#include "figures/arrowgraphgeometry.h"
#include "figures/numbertext.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>

namespace qkv {

using namespace arrowgraph;

namespace {

// The measurements kept between paints, for a painting: it measures for a device, whose
// resolution keys them (hit tests measure for the screen, afresh).
LabelTexts *keptLabelTexts(const Geometry &g, LabelTexts &kept)
{
    return g.device ? &kept : nullptr;
}

} // namespace

void ArrowGraphFigure::paintLabels(QPainter &painter, const Geometry &g, const FigureStyle &style) const
{
    painter.save();
    painter.setFont(g.labelFont);
    QColor hoverBox = style.palette.color(QPalette::Highlight);
    hoverBox.setAlphaF(0.3f);
    const LabelMarks marks = labelMarks();
    LabelTexts *memo = keptLabelTexts(g, m_cache->labelTexts);
    // On screen (the raster engine, whole pixels) each label's layout is kept too: drawing text
    // lays it out anew every time. Vector output keeps its labels as text; a scaled or moved
    // painting (a figure exported in bands) draws it as text, which places the glyphs on the
    // device's pixels the same way at any offset.
    const QPaintEngine *engine = painter.paintEngine();
    const QTransform device = painter.deviceTransform();
    const bool keepLayouts = memo && engine && engine->type() == QPaintEngine::Raster
        && device.type() <= QTransform::TxTranslate && device.dx() == std::round(device.dx())
        && device.dy() == std::round(device.dy());
    for (const Label &l : placeLabels(g, result().tokens, result().keys(), marks, memo)) {
        painter.save();
        // Rotated labels read upwards.
        painter.translate(l.ink.center());
        const QSizeF size = g.rotated ? l.ink.size().transposed() : l.ink.size();
        const QRectF r(-size.width() / 2, -size.height() / 2, size.width(), size.height());
        if (g.rotated)
            painter.rotate(-90);
        QColor pen = style.palette.color(QPalette::Text);
        // In a figure the locked token is bold, not a selection box.
        QFont font = g.labelFont;
        const int side = static_cast<int>(l.side);
        font.setBold(style.exported && l.token == marks.locked[side]);
        painter.setFont(font);
        if (!style.exported && (l.token == marks.locked[side] || l.token == marks.hovered[side])) {
            const bool locked = l.token == marks.locked[side];
            painter.setPen(Qt::NoPen);
            painter.setBrush(locked ? style.palette.highlight() : QBrush(hoverBox));
            painter.drawRoundedRect(r.adjusted(-4, -1, 4, 1), 3, 3);
            if (locked)
                pen = style.palette.color(QPalette::HighlightedText);
        }
        painter.setPen(pen);
        if (keepLayouts && !font.bold()) {
            const QStaticText &text = memo->laidOut(l.text, g.labelFont);
            painter.drawStaticText(r.topLeft(), text); // r is the label's ink: its advance and line height
        } else {
            painter.drawText(r, Qt::AlignCenter, l.text);
        }
        painter.restore();
    }
    painter.restore();
}

LabelMarks ArrowGraphFigure::labelMarks() const
{
    LabelMarks marks;
    const bool cross = result().isCross();
    for (const Side side : {Side::Query, Side::Key}) {
        const int i = static_cast<int>(side);
        marks.locked[i] = !cross || side == m_lockedSide ? m_locked : -1;
        marks.hovered[i] = !cross || side == m_hoveredSide ? m_hovered : -1;
    }
    return marks;
}

std::vector<QRectF> ArrowGraphFigure::labelRects(const QRectF &rect, const FigureStyle &style) const
{
    std::vector<QRectF> out;
    for (const Label &l : placeLabels(geometry(rect, style), result().tokens, result().keys(), labelMarks()))
        out.push_back(l.ink);
    return out;
}

std::vector<QRectF> ArrowGraphFigure::paintWeightLabels(
    QPainter *painter, const Geometry &g, const FigureStyle &style) const
{
    // The numbers themselves, when one token's few arrows are isolated and there is room.
    std::vector<QRectF> used;
    if (focusedToken() < 0)
        return used;
    auto edges = drawnEdges();
    const QFontMetricsF fm = g.metrics(style.font);
    if (edges.empty() || edges.size() > 40 || g.step < (g.columns() ? g.lineHeight : 0))
        return used;
    std::stable_sort(edges.begin(), edges.end(),
        [](const DrawnEdge &a, const DrawnEdge &b) { return a.edge.weight > b.edge.weight; });
    const Side side = focusSide();
    QColor box = style.palette.color(QPalette::Base);
    box.setAlphaF(0.85f);
    std::array<QPointF, maxPoints> points;
    for (const DrawnEdge &d : edges) {
        const double delta = change(d);
        const QString text
            = showsDifference() ? formatChange(delta, 2, style.locale) : formatSigned(d.edge.weight, 2, style.locale);
        const qreal w = fm.horizontalAdvance(text) + 6, h = g.lineHeight;
        QPointF at;
        if (!g.columns()) {
            const int count = g.path(d.edge, d.head, points.data());
            at = points[static_cast<std::size_t>(count / 2)];
        } else if (side == Side::Query) {
            at = {g.keyX - g.arrowLength - 4 - w / 2, g.position(d.edge.key, Side::Key)};
        } else {
            at = {g.queryX + 4 + w / 2, g.position(d.edge.query, Side::Query)};
        }
        const QRectF r(at.x() - w / 2, at.y() - h / 2, w, h);
        if (!g.plot.contains(r)) // zoomed in: its edge's end is out of view
            continue;
        if (std::any_of(used.begin(), used.end(), [&](const QRectF &u) { return u.intersects(r); }))
            continue;
        used.push_back(r);
        if (!painter)
            continue;
        painter->setPen(
            QPen(showsDifference() ? changeColor(delta > 0, style.isDark()) : edgeColor(d.head, style.isDark()), 1));
        painter->setBrush(box);
        painter->drawRoundedRect(r, 3, 3);
        painter->setPen(style.palette.color(QPalette::Text));
        painter->drawText(r, Qt::AlignCenter, text);
    }
    return used;
}

AnnotationTargets ArrowGraphFigure::annotationTargets(const QRectF &rect, const FigureStyle &style) const
{
    const Geometry g = geometry(rect, style);
    return annotationTargets(g, rect, paintWeightLabels(nullptr, g, style));
}

AnnotationTargets ArrowGraphFigure::annotationTargets(
    const Geometry &g, const QRectF &rect, std::vector<QRectF> numbers) const
{
    AnnotationTargets t;
    t.bounds = rect;
    const std::vector<Label> labels
        = placeLabels(g, result().tokens, result().keys(), labelMarks(), keptLabelTexts(g, m_cache->labelTexts));
    for (const Label &l : labels)
        numbers.push_back(l.ink);
    // The header's and footer's words (the legend) too.
    numbers.push_back(g.header);
    numbers.push_back(g.footer);
    t.numbers = std::move(numbers);
    // A token's written label, or where it would be written when thinned out.
    const auto mark = [g, labels](int i, Side side) {
        if (i < 0 || i >= g.count(side) || !g.inView(i, side))
            return QRectF();
        for (const Label &l : labels)
            if (l.token == i && (l.side == side || !g.columns()))
                return l.ink.adjusted(-2, 0, 2, 0);
        return g.labelRect(i, side);
    };
    t.token = [mark](int i) { return mark(i, Side::Query); };
    if (g.columns())
        t.arrowEnd = [mark](int i) { return mark(i, Side::Key); };
    return t;
}

} // namespace qkv
