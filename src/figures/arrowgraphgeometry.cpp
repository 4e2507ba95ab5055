#include "figures/arrowgraphgeometry.h"
#include "figures/elide.h"

#include <QFontInfo>
#include <QPaintDevice>

#include <algorithm>
#include <cmath>

namespace qkv::arrowgraph {

Geometry layoutGraph(const QRectF &rect, const QFont &font, const QPaintDevice *device, const GraphShape &shape)
{
    const QFontMetricsF screen(font);
    const QFontMetricsF fm = device ? QFontMetricsF(font, device) : screen;
    Geometry g;
    g.device = device;
    g.layout = shape.layout;
    g.area = rect;
    g.n = shape.n;
    g.m = shape.m;
    g.lineHeight = fm.height();
    g.boldLocked = shape.boldLocked;
    g.header = QRectF(rect.left(), rect.top(), rect.width(), g.lineHeight + 10);
    g.footerLines = shape.footerLines;
    const qreal footerHeight = g.lineHeight + 8 + (g.footerLines - 1) * (g.lineHeight + 4);
    g.footer = QRectF(rect.left(), rect.bottom() - footerHeight, rect.width(), footerHeight);
    g.plot = QRectF(
        rect.left() + 4, g.header.bottom(), rect.width() - 8, std::max(0.0, g.footer.top() - g.header.bottom()));
    if (!shape.lockedToken.isEmpty()) {
        g.chipText = shape.unlockText.arg(elided(fm, shape.lockedToken, Qt::ElideRight, rect.width() / 5));
        const qreal w = fm.horizontalAdvance(g.chipText) + 16, h = g.lineHeight + 4;
        const qreal x = g.columns() ? rect.center().x() - w / 2 : rect.right() - w - 4;
        g.chip = QRectF(x, g.header.center().y() - h / 2, w, h);
    }
    if (g.n == 0 || g.m == 0)
        return g;
    const int longer = std::max(g.n, g.m);
    g.step = (g.columns() ? g.plot.height() : g.plot.width()) / longer;
    // Zoomed in, the tokens spread over zoom × the plot, `origin` tokens before its start.
    g.zoom = std::max(1.0, shape.zoom);
    g.step *= g.zoom;
    g.scroll = std::clamp(shape.origin, 0.0, longer - longer / g.zoom) * g.step;
    if (g.columns()) {
        g.queryOffset = (longer - g.n) * g.step / 2;
        g.keyOffset = (longer - g.m) * g.step / 2;
    }
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

std::vector<Label> placeLabels(
    const Geometry &g, const QStringList &tokens, const QStringList &keys, const LabelMarks &marks, LabelTexts *memo)
{
    using Side = ArrowGraphFigure::Side;
    std::vector<Label> out;
    if (g.n == 0)
        return out;
    const QFontMetricsF fm = g.metrics(g.labelFont);
    const qreal room = g.columns() ? g.labelWidth - 4 : g.rotated ? g.labelWidth - 6 : g.step;
    if (memo) {
        const int dpiX = g.device ? g.device->logicalDpiX() : 0, dpiY = g.device ? g.device->logicalDpiY() : 0;
        // Measured otherwise, or grown over many sentences: start again.
        if (memo->font != g.labelFont || memo->room != room || memo->dpiX != dpiX || memo->dpiY != dpiY
            || memo->measured.size() > 2 * (tokens.size() + keys.size()) + 64)
            *memo = LabelTexts {g.labelFont, room, dpiX, dpiY, {}, {}};
    }
    const auto measured = [&](const QString &label) {
        if (memo) {
            if (const auto it = memo->measured.constFind(label); it != memo->measured.cend())
                return *it;
        }
        QString text = elided(fm, label, Qt::ElideRight, room);
        const qreal advance = fm.horizontalAdvance(text);
        std::pair<QString, qreal> m {std::move(text), advance};
        if (memo)
            memo->measured.insert(label, m);
        return m;
    };
    QFont boldFont = g.labelFont;
    boldFont.setBold(true);
    const QFontMetricsF bold = g.metrics(boldFont);
    const auto make = [&](int i, Side side) {
        const QString &token = side == Side::Key ? keys[i] : tokens[i];
        // The locked label of a figure is bold: measured (and elided) bold, or its ends are cut.
        const bool isBold = g.boldLocked && i == marks.locked[static_cast<int>(side)];
        auto [text, w] = isBold ? std::pair {elided(bold, tokenLabel(token), Qt::ElideRight, room), qreal(0)}
                                : measured(tokenLabel(token));
        if (isBold)
            w = bold.horizontalAdvance(text);
        const qreal h = g.labelHeight;
        const QRectF r = g.labelRect(i, side);
        QRectF ink(r.center().x() - w / 2, r.center().y() - h / 2, w, h);
        if (g.columns())
            ink.moveLeft(side == Side::Query ? r.right() - w : r.left());
        else if (g.rotated)
            ink = QRectF(r.center().x() - h / 2, r.center().y() - w / 2, h, w);
        return Label {i, side, std::move(text), ink};
    };
    for (const Side side : g.columns() ? std::vector<Side> {Side::Query, Side::Key} : std::vector<Side> {Side::Query}) {
        // The locked label wins over a hovered neighbour it would overlap.
        const int count = g.count(side);
        const int locked = marks.locked[static_cast<int>(side)], hovered = marks.hovered[static_cast<int>(side)];
        std::vector<Label> marked;
        if (locked >= 0 && locked < count)
            marked.push_back(make(locked, side));
        if (hovered >= 0 && hovered < count && hovered != locked) {
            Label l = make(hovered, side);
            if (marked.empty() || !marked.front().ink.intersects(l.ink.adjusted(-2, -1, 2, 1)))
                marked.insert(marked.begin(), std::move(l));
        }
        // Zoomed in, only the labels that fit in the plot whole.
        const auto fits = [&](const Label &l) {
            return g.inView(g.columns() ? l.ink.top() : l.ink.left(), g.columns() ? l.ink.bottom() : l.ink.right());
        };
        std::erase_if(marked, [&](const Label &l) { return !fits(l); });
        for (int i = 0; i < count; i += g.stride) {
            if (g.zoom > 1 && !g.inView(i, side))
                continue;
            Label l = make(i, side);
            if (!fits(l))
                continue;
            const QRectF margin = l.ink.adjusted(-2, -1, 2, 1);
            if (std::none_of(marked.begin(), marked.end(), [&](const Label &m) { return m.ink.intersects(margin); }))
                out.push_back(std::move(l));
        }
        out.insert(out.end(), marked.begin(), marked.end());
    }
    return out;
}

int trimEnd(QPointF *points, int count, qreal length)
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
