#include "figures/annotationlayer.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <optional>

namespace qkv {
namespace {

constexpr qreal padding = 4;
constexpr int textFlags = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;

// Callouts wrap at about 16 average characters: short enough to sit beside a heatmap.
qreal wrapWidth(const QFontMetricsF &fm)
{
    return std::ceil(fm.averageCharWidth() * 16);
}

// The text wrapped at about 16 characters, or narrower to fit `room` (0: no limit).
QSizeF calloutSize(const QString &text, const QFontMetricsF &fm, qreal room = 0)
{
    const qreal wrap
        = room > 0 ? std::max(fm.averageCharWidth() * 4, std::min(wrapWidth(fm), room - 2 * padding)) : wrapWidth(fm);
    const QRectF r = fm.boundingRect(QRectF(0, 0, wrap, 1e6), textFlags, text);
    return {std::ceil(r.width()) + 2 * padding, std::ceil(r.height()) + 2 * padding};
}

qreal overlap(const QRectF &a, const QRectF &b)
{
    const QRectF i = a.intersected(b);
    return i.isEmpty() ? 0.0 : i.width() * i.height();
}

// The point of `r` nearest to `p`.
QPointF nearestPoint(const QRectF &r, const QPointF &p)
{
    return {std::clamp(p.x(), r.left(), r.right()), std::clamp(p.y(), r.top(), r.bottom())};
}

// Where a line from the centre of `r` towards `towards` leaves `r`.
QPointF exitPoint(const QRectF &r, const QPointF &towards)
{
    const QPointF c = r.center(), d = towards - c;
    if (std::abs(d.x()) < 1e-9 && std::abs(d.y()) < 1e-9)
        return c;
    const qreal sx = std::abs(d.x()) > 1e-9 ? (r.width() / 2) / std::abs(d.x()) : 1e300;
    const qreal sy = std::abs(d.y()) > 1e-9 ? (r.height() / 2) / std::abs(d.y()) : 1e300;
    return c + d * std::min({sx, sy, 1.0});
}

// A rectangle of `size` near `target` that covers none of `obstacles` and stays in `bounds`:
// the nearest such place on a grid over the figure (in `column`, when a figure keeps one); where
// every place covers something, the one covering least.
QRectF placeNear(const QSizeF &size, const QRectF &target, const std::vector<QRectF> &obstacles, const QRectF &bounds,
    const QRectF &column)
{
    constexpr qreal gap = 10, clearance = 3;
    const QRectF area = column.isEmpty() ? bounds : column.intersected(bounds);
    // About 60 × 60 places at most, however large the figure.
    const qreal stepX = std::max(4.0, area.width() / 60), stepY = std::max(4.0, area.height() / 60);
    const QRectF near = target.adjusted(-gap, -gap, gap, gap);
    QRectF best;
    qreal bestCost = 1e300;
    for (qreal y = area.top(); y <= std::max(area.top(), area.bottom() - size.height()); y += stepY)
        for (qreal x = area.left() + (column.isEmpty() ? 0 : gap);
             x <= std::max(area.left(), area.right() - size.width()); x += stepX) {
            const QRectF c(QPointF(x, y), size);
            qreal covered = overlap(c, near) * 4;
            // A little air all round: a frame flush against a number reads as touching it.
            const QRectF clear = c.adjusted(-clearance, -clearance, clearance, clearance);
            for (const QRectF &o : obstacles)
                covered += overlap(clear, o);
            const QPointF d = c.center() - nearestPoint(target, c.center());
            const qreal cost = covered * 1e4 + std::hypot(d.x(), d.y());
            if (cost < bestCost) {
                bestCost = cost;
                best = c;
            }
        }
    return best.isEmpty() ? QRectF(bounds.topLeft(), size) : best;
}

} // namespace

QColor annotationColor(const FigureStyle &style)
{
    return style.isDark() ? QColor(0xff, 0x9e, 0x5e) : QColor(0xd5, 0x5e, 0x00);
}

struct AnnotationLayer::Placed {
    QRectF target; // the box's or callout's target, or an arrow's start
    QRectF end; // an arrow's end
    QPainterPath arrow; // an arrow's curve
    QPointF head, headFrom; // an arrow's tip and the direction it comes from
    QRectF text; // the callout or label, empty without text
    QPolygonF leader; // from the target to the callout
};

qreal AnnotationLayer::columnWidth(const FigureStyle &style) const
{
    const QFontMetricsF fm(style.font);
    qreal width = 0;
    for (const PlacedAnnotation &a : m_annotations)
        if (!a.text.isEmpty() && a.kind != AnnotationKind::Arrow)
            width = std::max(width, calloutSize(a.text, fm).width() + 14);
    return width;
}

std::vector<AnnotationLayer::Placed> AnnotationLayer::layout(const AnnotationTargets &t, const FigureStyle &style) const
{
    const QFontMetricsF fm(style.font);
    std::vector<Placed> placed;
    std::vector<QRectF> obstacles = t.numbers;
    const auto targetOf = [&t](const PlacedAnnotation &a) -> QRectF {
        if (a.to >= 0 && a.kind != AnnotationKind::Arrow)
            return t.cell ? t.cell(a.from, a.to) : QRectF();
        return t.token ? t.token(a.from) : QRectF();
    };
    const auto arrowEndOf = [&t](const PlacedAnnotation &a) {
        const auto &end = t.arrowEnd ? t.arrowEnd : t.token;
        return a.to >= 0 && end ? end(a.to) : QRectF();
    };
    // Every target first: no callout may sit on another annotation's target.
    for (const PlacedAnnotation &a : m_annotations) {
        if (const QRectF r = targetOf(a); !r.isEmpty())
            obstacles.push_back(r);
        if (a.kind == AnnotationKind::Arrow)
            if (const QRectF r = arrowEndOf(a); !r.isEmpty())
                obstacles.push_back(r);
    }
    // Arrows first, their paths then obstacles too: a callout placed before an arrow was bowed
    // would have the arrow drawn through it.
    placed.resize(m_annotations.size());
    for (std::size_t i = 0, n = m_annotations.size(); i < 2 * n; ++i) {
        const PlacedAnnotation &a = m_annotations[i % n];
        if ((a.kind == AnnotationKind::Arrow) != (i < n))
            continue;
        Placed &p = placed[i % n];
        p.target = targetOf(a);
        if (p.target.isEmpty())
            continue;
        if (a.kind == AnnotationKind::Arrow) {
            if (t.arrowStart)
                p.target = t.arrowStart(a.from);
            p.end = arrowEndOf(a);
            if (p.end.isEmpty() || p.end == p.target) {
                p.target = {};
                continue;
            }
            const QPointF d = p.end.center() - p.target.center();
            const qreal length = std::hypot(d.x(), d.y());
            // Bowed to one side so that it does not lie along the figure's own lines: the side and
            // depth that cross the fewest numbers, leaving and reaching the tokens towards the bow.
            const QPointF normal(-d.y() / std::max(length, 1e-9), d.x() / std::max(length, 1e-9));
            const QPointF mid = (p.target.center() + p.end.center()) / 2;
            QPointF start, end0, control;
            qreal fewest = 1e300;
            for (const qreal bow : {0.45, -0.45, 0.8, -0.8, 1.2, -1.2}) {
                const QPointF c = mid + normal * std::copysign(std::max(32.0, std::abs(bow) * length), bow);
                const QPointF s0 = exitPoint(p.target, c), e0 = exitPoint(p.end, c);
                qreal n = 3 * std::abs(bow); // a gentle curve, unless a deeper one crosses less
                for (int k = 1; k < 24; ++k) {
                    const qreal u = k / 24.0;
                    const QPointF q = (1 - u) * (1 - u) * s0 + 2 * u * (1 - u) * c + u * u * e0;
                    for (const QRectF &r : t.numbers)
                        n += r.contains(q) && !r.intersects(p.target) && !r.intersects(p.end);
                    n += !t.bounds.contains(q) * 4;
                }
                if (n < fewest) {
                    fewest = n;
                    start = s0;
                    end0 = e0;
                    control = c;
                }
            }
            p.arrow.moveTo(start);
            p.arrow.quadTo(control, end0);
            p.head = end0;
            p.headFrom = control;
            for (int k = 0; k <= 16; ++k) {
                const qreal u = k / 16.0;
                const QPointF q = (1 - u) * (1 - u) * start + 2 * u * (1 - u) * control + u * u * end0;
                obstacles.emplace_back(q - QPointF(3, 3), QSizeF(6, 6));
            }
            if (!a.text.isEmpty()) {
                const QPointF apex = 0.25 * start + 0.5 * control + 0.25 * end0;
                const QSizeF size = calloutSize(a.text, fm);
                p.text = placeNear(size, QRectF(apex - QPointF(1, 1), QSizeF(2, 2)), obstacles, t.bounds, {});
                obstacles.push_back(p.text);
            }
            continue;
        }
        if (!a.text.isEmpty()) {
            // In a figure's column, as wide as the column allows (less the gap to the cells).
            const QSizeF size = calloutSize(a.text, fm, t.column.isEmpty() ? 0 : t.column.width() - 14);
            p.text = placeNear(size, p.target, obstacles, t.bounds, t.column);
            obstacles.push_back(p.text);
            if (!t.column.isEmpty() && p.text.left() >= t.column.left()) {
                // Along the target's nearer edge, a line between rows of numbers, out to the column.
                const qreal y = p.text.center().y() < p.target.center().y() ? p.target.top() : p.target.bottom();
                const QPointF out(t.column.left() + 3, y);
                p.leader << QPointF(p.target.right(), y) << out << nearestPoint(p.text, out);
            } else {
                const QPointF at = nearestPoint(p.target, p.text.center());
                p.leader << at << nearestPoint(p.text, at);
            }
        }
    }
    return placed;
}

std::vector<QRectF> AnnotationLayer::textRects(const AnnotationTargets &targets, const FigureStyle &style) const
{
    std::vector<QRectF> rects;
    for (const Placed &p : layout(targets, style))
        rects.push_back(p.text);
    return rects;
}

void AnnotationLayer::paint(QPainter &painter, const AnnotationTargets &targets, const FigureStyle &style) const
{
    if (m_annotations.empty())
        return;
    const std::vector<Placed> placed = layout(targets, style);
    const QColor accent = annotationColor(style);
    const qreal line = std::max(2.0, QFontInfo(style.font).pixelSize() / 6.0);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setFont(style.font);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const PlacedAnnotation &a = m_annotations[i];
        const Placed &p = placed[i];
        if (p.target.isEmpty())
            continue;
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(accent, line, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        if (a.kind == AnnotationKind::Box) {
            // Around the target, outside it, so that its number stays whole.
            const qreal out = line / 2 + 1;
            painter.drawRoundedRect(p.target.adjusted(-out, -out, out, out), 3, 3);
        } else if (a.kind == AnnotationKind::Arrow) {
            painter.drawPath(p.arrow);
            const QPointF d = p.head - p.headFrom;
            const qreal len = std::max(std::hypot(d.x(), d.y()), 1e-9);
            const QPointF u = d / len, n(-u.y(), u.x());
            const qreal size = 3.5 * line + 4;
            QPolygonF head;
            head << p.head << p.head - u * size + n * size * 0.45 << p.head - u * size - n * size * 0.45;
            painter.setBrush(accent);
            painter.setPen(Qt::NoPen);
            painter.drawPolygon(head);
        }
        if (p.text.isEmpty())
            continue;
        if (!p.leader.isEmpty()) {
            painter.setPen(QPen(accent, std::max(1.0, line * 0.6)));
            painter.drawPolyline(p.leader);
            painter.setBrush(accent);
            painter.setPen(Qt::NoPen);
            painter.drawEllipse(p.leader.front(), line, line);
        }
        painter.setPen(QPen(accent, std::max(1.0, line * 0.6)));
        painter.setBrush(style.palette.base());
        painter.drawRoundedRect(p.text, 4, 4);
        painter.setPen(style.palette.text().color());
        painter.drawText(p.text.adjusted(padding, padding, -padding, -padding), textFlags, a.text);
    }
    painter.restore();
}

} // namespace qkv
