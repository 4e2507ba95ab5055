#pragma once

#include "figures/arrowgraphfigure.h"
#include "figures/tokenlabel.h"

#include <QColor>
#include <QFont>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QRectF>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

// Where the arrow graph puts its tokens and edges in one painted rectangle, and the colours and
// widths of its edges. Internal to ArrowGraphFigure; header-only.
namespace qkv::arrowgraph {

// The most points one edge is flattened into (an arc).
constexpr int maxPoints = 41; // ≥ 33 for a loop
constexpr qreal labelGap = 6;

struct Geometry {
    ArrowGraphFigure::Layout layout = ArrowGraphFigure::Layout::Columns;
    QRectF area, header, footer, plot;
    QRectF edgeRect; // where edges can be drawn: the raster's extent
    QRectF chip; // the unlock button, empty while nothing is locked
    QString chipText;
    int n = 0;
    qreal step = 0; // distance between neighbouring tokens
    int stride = 1; // every stride-th label is written
    qreal labelWidth = 0; // columns: each label column; arcs: height of the label band
    bool rotated = false; // arcs: labels written upwards
    qreal queryX = 0, keyX = 0; // columns: where edges start and end
    qreal bandTop = 0, bandBottom = 0; // arcs: the label band
    qreal roomAbove = 0, roomBelow = 0; // arcs: height available to arcs
    qreal arrowLength = 0; // 0: tokens too dense for arrowheads
    int firstHead = 0, headCount = 1; // the heads shown
    qreal headSpread = 0; // distance between the parallel edges of neighbouring heads
    qreal lineHeight = 0; // of the widget's font: header, footer, numbers
    QFont labelFont; // the token labels' font, smaller when tokens are dense
    const QPaintDevice *device = nullptr; // what text is measured for; the screen when null
    qreal labelHeight = 0;

    QFontMetricsF metrics(const QFont &font) const
    {
        return device ? QFontMetricsF(font, device) : QFontMetricsF(font);
    }
    bool columns() const { return layout == ArrowGraphFigure::Layout::Columns; }
    qreal position(int i) const { return (columns() ? plot.top() : plot.left()) + (i + 0.5) * step; }

    // Where the text of a label sits, in unrotated coordinates (its footprint for rotated labels).
    QRectF labelRect(int i, ArrowGraphFigure::Side side) const
    {
        const qreal c = position(i);
        if (columns()) {
            const qreal x = side == ArrowGraphFigure::Side::Query ? plot.left() : keyX + labelGap;
            return {x, c - labelHeight / 2, labelWidth, labelHeight};
        }
        if (rotated)
            return {c - labelHeight / 2, bandTop, labelHeight, bandBottom - bandTop};
        return {c - step / 2, bandTop, step, bandBottom - bandTop};
    }

    // The whole slot of a token on one side: what a click hits.
    QRectF slot(int i, ArrowGraphFigure::Side side) const
    {
        const qreal c = position(i);
        if (columns()) {
            const qreal x = side == ArrowGraphFigure::Side::Query ? area.left() : keyX;
            return {x, c - step / 2, queryX - area.left(), step};
        }
        return {c - step / 2, bandTop, step, bandBottom - bandTop};
    }

    qreal loopRadius() const { return std::clamp(step * 0.3, 1.5, 8.0); }

    // Arcs grow with the distance they span, so longer arcs nest over shorter ones.
    qreal arcHeight(qreal span, bool above) const
    {
        const qreal room = above ? roomAbove : roomBelow;
        const qreal widest = step * (n - 1);
        // room · (span / widest)^¾, without the cost of pow() for every edge of every paint.
        const qreal root = widest > 0 ? std::sqrt(std::min(1.0, span / widest)) : 0;
        return room * root * std::sqrt(root);
    }

    // Several heads' edges between the same tokens run side by side instead of on top of each
    // other, where their colours would only mix.
    qreal headOffset(int head) const { return ((head - firstHead) - (headCount - 1) / 2.0) * headSpread; }

    // The edge as a polyline from its query to its key.
    int path(const Edge &e, int head, QPointF *out) const
    {
        const qreal shift = headOffset(head);
        if (columns()) {
            out[0] = {queryX, position(e.query) + shift};
            out[1] = {keyX, position(e.key) + shift};
            return 2;
        }
        const qreal xq = position(e.query) + shift, xk = position(e.key) + shift;
        if (e.query == e.key) {
            // A small loop on the side that has room.
            const bool above = roomAbove > 0;
            const qreal r = loopRadius();
            const qreal base = above ? bandTop : bandBottom;
            const qreal cy = above ? base - r : base + r;
            constexpr int segments = 32;
            for (int i = 0; i <= segments; ++i) {
                const double a = 2 * std::numbers::pi * i / segments;
                out[i] = {xq + r * std::sin(a), cy + (above ? r : -r) * std::cos(a)};
            }
            return segments + 1;
        }
        const bool above = e.key > e.query;
        const qreal base = above ? bandTop : bandBottom;
        const qreal h = arcHeight(std::abs(xk - xq), above) * (above ? -1 : 1);
        // Chords of a circle of radius r stray r·π²/(8·segments²) from it: under a third of a pixel.
        const double radius = std::max(std::abs(xk - xq) / 2, std::abs(h));
        const int segments = std::clamp(static_cast<int>(std::ceil(1.9 * std::sqrt(radius))), 4, maxPoints - 1);
        // Half an ellipse, its angle advanced by a rotation rather than a sin/cos per point.
        const double stepCos = std::cos(std::numbers::pi / segments), stepSin = std::sin(std::numbers::pi / segments);
        double c = 1, sn = 0;
        for (int i = 0; i <= segments; ++i) {
            out[i] = {xq + (xk - xq) * (1 - c) / 2, base + h * sn};
            const double next = c * stepCos - sn * stepSin;
            sn = sn * stepCos + c * stepSin;
            c = next;
        }
        return segments + 1;
    }
};

// What the layout depends on besides the rectangle and the font.
struct GraphShape {
    ArrowGraphFigure::Layout layout;
    int n;
    qreal widestLabel; // in the screen's metrics of the font
    bool forward, backward, self; // which kinds of edges are drawn
    int firstHead, headCount;
    QString lockedToken; // empty: nothing locked
    QString unlockText; // "Unlock “%1” ×"
};

// Where everything goes. Text is measured for `device` (a PDF's points are not the screen's
// pixels), or for the screen when it is null.
inline Geometry layoutGraph(const QRectF &rect, const QFont &font, const QPaintDevice *device, const GraphShape &shape)
{
    const QFontMetricsF screen(font);
    const QFontMetricsF fm = device ? QFontMetricsF(font, device) : screen;
    Geometry g;
    g.device = device;
    g.layout = shape.layout;
    g.area = rect;
    g.n = shape.n;
    g.lineHeight = fm.height();
    g.header = QRectF(rect.left(), rect.top(), rect.width(), g.lineHeight + 10);
    g.footer = QRectF(rect.left(), rect.bottom() - g.lineHeight - 8, rect.width(), g.lineHeight + 8);
    g.plot = QRectF(
        rect.left() + 4, g.header.bottom(), rect.width() - 8, std::max(0.0, g.footer.top() - g.header.bottom()));
    if (!shape.lockedToken.isEmpty()) {
        g.chipText = shape.unlockText.arg(fm.elidedText(shape.lockedToken, Qt::ElideRight, rect.width() / 5));
        const qreal w = fm.horizontalAdvance(g.chipText) + 16, h = g.lineHeight + 4;
        const qreal x = g.columns() ? rect.center().x() - w / 2 : rect.right() - w - 4;
        g.chip = QRectF(x, g.header.center().y() - h / 2, w, h);
    }
    if (g.n == 0)
        return g;
    g.step = (g.columns() ? g.plot.height() : g.plot.width()) / g.n;
    // Dense tokens get a smaller label font (down to 70 %) before labels are thinned out.
    // Font heights do not follow the point size exactly, so shrink in steps until a label fits.
    g.labelFont = font;
    g.labelHeight = g.lineHeight;
    for (qreal shrink = 0.95; g.labelHeight + 1 > g.step && shrink > 0.67 && font.pointSizeF() > 0; shrink -= 0.05) {
        g.labelFont.setPointSizeF(font.pointSizeF() * shrink);
        g.labelHeight = g.metrics(g.labelFont).height();
    }
    const qreal widest = shape.widestLabel * g.labelHeight / screen.height();
    const int stride = std::max(1, static_cast<int>(std::ceil((g.labelHeight + 1) / g.step)));
    if (g.columns()) {
        g.labelWidth = std::min(widest + 10, rect.width() * 0.22);
        g.queryX = g.plot.left() + g.labelWidth + labelGap;
        g.keyX = g.plot.right() - g.labelWidth - labelGap;
        g.edgeRect = QRectF(g.queryX - 2, g.plot.top(), g.keyX - g.queryX + 4, g.plot.height());
        g.stride = stride;
    } else {
        g.rotated = widest + 6 > g.step;
        g.labelWidth = g.rotated ? std::min(widest + 10, g.plot.height() * 0.3) : g.labelHeight + 8;
        const qreal room = std::max(0.0, g.plot.height() - g.labelWidth);
        // Arcs to later tokens go above the sentence, to earlier ones below, and the room goes to
        // the sides in use: a causal mask leaves only the loops (token to itself) above.
        const qreal loops = shape.self ? std::min(room, 4 * g.loopRadius() + 4) : 0;
        const qreal above = shape.forward ? (shape.backward ? room / 2 : room) : shape.backward ? loops : room / 2;
        g.bandTop = g.plot.top() + above;
        g.bandBottom = g.bandTop + g.labelWidth;
        g.roomAbove = std::max(0.0, g.bandTop - g.plot.top() - 8);
        g.roomBelow = std::max(0.0, g.plot.bottom() - g.bandBottom - 8);
        g.edgeRect = g.plot;
        g.stride = g.rotated ? stride : 1;
    }
    // Arrowheads while they fit between neighbouring tokens; below that the layout's own
    // convention (left to right, above forward) tells the direction.
    g.arrowLength = g.step >= 6 ? std::min(10.0, g.step * 0.8) : 0;
    g.firstHead = shape.firstHead;
    g.headCount = shape.headCount;
    g.headSpread = g.headCount > 1 ? std::min(4.0, g.step * 0.6 / g.headCount) : 0;
    return g;
}

// A token label as written: its text (elided to fit) and where its ink goes, unrotated.
struct Label {
    int token;
    ArrowGraphFigure::Side side;
    QString text;
    QRectF ink;
};

// Every stride-th label and the locked and hovered ones (last, so they are drawn on top), minus
// the thinned-out labels they would overlap: no two labels ever overlap.
inline std::vector<Label> placeLabels(const Geometry &g, const QStringList &tokens, int locked, int hovered)
{
    using Side = ArrowGraphFigure::Side;
    std::vector<Label> out;
    if (g.n == 0)
        return out;
    const QFontMetricsF fm = g.metrics(g.labelFont);
    const qreal room = g.columns() ? g.labelWidth - 4 : g.rotated ? g.labelWidth - 6 : g.step;
    const auto make = [&](int i, Side side) {
        const QString text = fm.elidedText(tokenLabel(tokens[i]), Qt::ElideRight, room);
        const qreal w = fm.horizontalAdvance(text), h = g.labelHeight;
        const QRectF r = g.labelRect(i, side);
        QRectF ink(r.center().x() - w / 2, r.center().y() - h / 2, w, h);
        if (g.columns())
            ink.moveLeft(side == Side::Query ? r.right() - w : r.left());
        else if (g.rotated)
            ink = QRectF(r.center().x() - h / 2, r.center().y() - w / 2, h, w);
        return Label {i, side, text, ink};
    };
    for (const Side side : g.columns() ? std::vector<Side> {Side::Query, Side::Key} : std::vector<Side> {Side::Query}) {
        // The locked label wins over a hovered neighbour it would overlap.
        std::vector<Label> marked;
        if (locked >= 0 && locked < g.n)
            marked.push_back(make(locked, side));
        if (hovered >= 0 && hovered < g.n && hovered != locked) {
            Label l = make(hovered, side);
            if (marked.empty() || !marked.front().ink.intersects(l.ink.adjusted(-2, -1, 2, 1)))
                marked.insert(marked.begin(), std::move(l));
        }
        for (int i = 0; i < g.n; i += g.stride) {
            Label l = make(i, side);
            const QRectF margin = l.ink.adjusted(-2, -1, 2, 1);
            if (std::none_of(marked.begin(), marked.end(), [&](const Label &m) { return m.ink.intersects(margin); }))
                out.push_back(std::move(l));
        }
        out.insert(out.end(), marked.begin(), marked.end());
    }
    return out;
}

// Translucent mid-tones sink into a dark background: lift them there.
inline QColor edgeColor(int head, bool dark)
{
    return dark ? ArrowGraphFigure::headColor(head).lighter(135) : ArrowGraphFigure::headColor(head);
}

// An exported figure's edges thicken with its text, so a projected slide keeps their contrast.
inline qreal lineScale(const FigureStyle &style)
{
    return style.exported ? std::max(1.0, QFontInfo(style.font).pixelSize() / 14.0) : 1.0;
}

// Shortens a polyline by `length` at its end (to make room for the arrowhead); returns the new
// point count, which is 1 when the whole line is shorter than that.
inline int trimEnd(QPointF *points, int count, qreal length)
{
    while (count >= 2) {
        const QPointF d = points[count - 1] - points[count - 2];
        const qreal seg = std::hypot(d.x(), d.y());
        if (seg >= length) {
            points[count - 1] -= d * (length / std::max(seg, 1e-9));
            return count;
        }
        length -= seg;
        --count;
    }
    return count;
}

} // namespace qkv::arrowgraph
