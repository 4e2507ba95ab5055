#pragma once

#include "figures/arrowgraphfigure.h"
#include "figures/tokenlabel.h"

#include <QColor>
#include <QFont>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QHash>
#include <QRectF>
#include <QStaticText>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

// Where the arrow graph puts its tokens and edges in one painted rectangle, and the colours and
// widths of its edges. Internal to ArrowGraphFigure.
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
    int m = 0; // keys: the second sentence's tokens in cross-attention, else n
    qreal step = 0; // distance between neighbouring tokens
    qreal zoom = 1; // zoomed in: the tokens spread over zoom × the plot
    qreal scroll = 0; // zoomed in: how far the tokens moved back along their axis
    qreal queryOffset = 0, keyOffset = 0; // columns: the shorter column is centred
    int stride = 1; // every stride-th label is written
    qreal labelWidth = 0; // columns: each label column; arcs: height of the label band
    bool rotated = false; // arcs: labels written upwards
    bool boldLocked = false; // a figure writes the locked token bold: measured so, never cut
    int footerLines = 1; // 2: the caption on a line above the legend, where both do not fit on one
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
    qreal position(int i) const { return (columns() ? plot.top() : plot.left()) + (i + 0.5) * step - scroll; }
    // In columns, token i of the query or the key column.
    qreal position(int i, ArrowGraphFigure::Side side) const
    {
        return position(i) + (side == ArrowGraphFigure::Side::Key ? keyOffset : queryOffset);
    }
    int count(ArrowGraphFigure::Side side) const { return side == ArrowGraphFigure::Side::Key ? m : n; }
    // Whether [from, to] along the tokens' axis lies in the plot (zoomed in, most tokens do not).
    bool inView(qreal from, qreal to) const
    {
        return columns() ? from >= plot.top() - 0.5 && to <= plot.bottom() + 0.5
                         : from >= plot.left() - 0.5 && to <= plot.right() + 0.5;
    }
    bool inView(int i, ArrowGraphFigure::Side side) const
    {
        const qreal c = position(i, side);
        return inView(c, c);
    }

    // Where the text of a label sits, in unrotated coordinates (its footprint for rotated labels).
    QRectF labelRect(int i, ArrowGraphFigure::Side side) const
    {
        const qreal c = position(i, side);
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
        const qreal c = position(i, side);
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
            out[0] = {queryX, position(e.query, ArrowGraphFigure::Side::Query) + shift};
            out[1] = {keyX, position(e.key, ArrowGraphFigure::Side::Key) + shift};
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
    ArrowGraphFigure::Layout layout; // columns in cross-attention
    int n, m; // queries and keys
    qreal widestLabel; // in the screen's metrics of the font
    bool forward, backward, self; // which kinds of edges are drawn
    int firstHead, headCount;
    QString lockedToken; // empty: nothing locked
    QString unlockText; // "Unlock “%1” ×"
    bool boldLocked = false; // the locked token is written bold (a figure's): its label is wider
    int footerLines = 1;
    double zoom = 1; // ≥ 1: the tokens' spacing against that of all of them in the plot
    double origin = 0; // the token (fractional) at the plot's start when zoomed in
};

// Where everything goes. Text is measured for `device` (a PDF's points are not the screen's
// pixels), or for the screen when it is null.
Geometry layoutGraph(const QRectF &rect, const QFont &font, const QPaintDevice *device, const GraphShape &shape);

// A token label as written: its text (elided to fit) and where its ink goes, unrotated.
struct Label {
    int token;
    ArrowGraphFigure::Side side;
    QString text;
    QRectF ink;
};

// The tokens marked on each side (indexed by Side; -1: none): in self-attention the locked and
// the hovered token on both, in cross-attention only on the side (sentence) they belong to.
struct LabelMarks {
    int locked[2] = {-1, -1};
    int hovered[2] = {-1, -1};
};

// Token labels as elided and measured for one font, room and resolution, kept between paints:
// shaping, eliding and measuring 128 labels took a tenth of a 64-token graph's repaint.
struct LabelTexts {
    QFont font;
    qreal room = -1;
    int dpiX = 0, dpiY = 0;
    QHash<QString, std::pair<QString, qreal>> measured; // label → its elided text and advance
    QHash<QString, QStaticText> layouts; // elided text → its layout in the font

    const QStaticText &laidOut(const QString &text, const QFont &labelFont)
    {
        auto it = layouts.find(text);
        if (it == layouts.end()) {
            QStaticText laid(text);
            laid.setTextFormat(Qt::PlainText);
            laid.setPerformanceHint(QStaticText::AggressiveCaching);
            laid.prepare(QTransform(), labelFont);
            it = layouts.insert(text, laid);
        }
        return *it;
    }
};

// Every stride-th label and the locked and hovered ones (last, so they are drawn on top), minus
// the thinned-out labels they would overlap: no two labels ever overlap. The key column is
// labelled with `keys` (the second sentence's tokens in cross-attention). `memo`, when given,
// keeps the measured labels for the next call.
std::vector<Label> placeLabels(const Geometry &g, const QStringList &tokens, const QStringList &keys,
    const LabelMarks &marks, LabelTexts *memo = nullptr);

// Translucent mid-tones sink into a dark background: lift them there, by as much as keeps them
// apart for the colour-blind (at 135 % pink and sky blue met with protanopia).
inline QColor edgeColor(int head, bool dark)
{
    return dark ? ArrowGraphFigure::headColor(head).lighter(120) : ArrowGraphFigure::headColor(head);
}

// An exported figure's edges thicken with its text, so a projected slide keeps their contrast.
inline qreal lineScale(const FigureStyle &style)
{
    return style.exported ? std::max(1.0, QFontInfo(style.font).pixelSize() / 14.0) : 1.0;
}

// Shortens a polyline by `length` at its end (to make room for the arrowhead); returns the new
// point count, which is 1 when the whole line is shorter than that.
int trimEnd(QPointF *points, int count, qreal length);

} // namespace qkv::arrowgraph
