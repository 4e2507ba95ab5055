// The arrow graph's words: token labels (the locked one marked) and the weights written on the
// isolated token's arrows.
#include "figures/arrowgraphfigure.h"

#include "figures/arrowgraphgeometry.h"
#include "figures/numbertext.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <array>

namespace qkv {

using namespace arrowgraph;

void ArrowGraphFigure::paintLabels(QPainter &painter, const Geometry &g, const FigureStyle &style) const
{
    painter.save();
    painter.setFont(g.labelFont);
    QColor hoverBox = style.palette.color(QPalette::Highlight);
    hoverBox.setAlphaF(0.3f);
    for (const Label &l : placeLabels(g, result().tokens, m_locked, m_hovered)) {
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
        font.setBold(style.exported && l.token == m_locked);
        painter.setFont(font);
        if (!style.exported && (l.token == m_locked || l.token == m_hovered)) {
            const bool locked = l.token == m_locked;
            painter.setPen(Qt::NoPen);
            painter.setBrush(locked ? style.palette.highlight() : QBrush(hoverBox));
            painter.drawRoundedRect(r.adjusted(-4, -1, 4, 1), 3, 3);
            if (locked)
                pen = style.palette.color(QPalette::HighlightedText);
        }
        painter.setPen(pen);
        painter.drawText(r, Qt::AlignCenter, l.text);
        painter.restore();
    }
    painter.restore();
}

std::vector<QRectF> ArrowGraphFigure::labelRects(const QRectF &rect, const FigureStyle &style) const
{
    std::vector<QRectF> out;
    for (const Label &l : placeLabels(geometry(rect, style), result().tokens, m_locked, m_hovered))
        out.push_back(l.ink);
    return out;
}

void ArrowGraphFigure::paintWeightLabels(QPainter &painter, const Geometry &g, const FigureStyle &style) const
{
    // The numbers themselves, when one token's few arrows are isolated and there is room.
    if (focusedToken() < 0)
        return;
    auto edges = drawnEdges();
    const QFontMetricsF fm = g.metrics(painter.font());
    if (edges.empty() || edges.size() > 40 || g.step < (g.columns() ? g.lineHeight : 0))
        return;
    std::stable_sort(edges.begin(), edges.end(),
        [](const DrawnEdge &a, const DrawnEdge &b) { return a.edge.weight > b.edge.weight; });
    const Side side = focusSide();
    QColor box = style.palette.color(QPalette::Base);
    box.setAlphaF(0.85f);
    std::vector<QRectF> used;
    std::array<QPointF, maxPoints> points;
    for (const DrawnEdge &d : edges) {
        const QString text = formatSigned(d.edge.weight, 2, style.locale);
        const qreal w = fm.horizontalAdvance(text) + 6, h = g.lineHeight;
        QPointF at;
        if (!g.columns()) {
            const int count = g.path(d.edge, d.head, points.data());
            at = points[static_cast<std::size_t>(count / 2)];
        } else if (side == Side::Query) {
            at = {g.keyX - g.arrowLength - 4 - w / 2, g.position(d.edge.key)};
        } else {
            at = {g.queryX + 4 + w / 2, g.position(d.edge.query)};
        }
        const QRectF r(at.x() - w / 2, at.y() - h / 2, w, h);
        if (std::any_of(used.begin(), used.end(), [&](const QRectF &u) { return u.intersects(r); }))
            continue;
        used.push_back(r);
        painter.setPen(QPen(edgeColor(d.head, style.isDark()), 1));
        painter.setBrush(box);
        painter.drawRoundedRect(r, 3, 3);
        painter.setPen(style.palette.color(QPalette::Text));
        painter.drawText(r, Qt::AlignCenter, text);
    }
}

} // namespace qkv
