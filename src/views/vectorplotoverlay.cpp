// What the vector plot draws over the chart: the selected word's arrows, the legend where no point
// is, the words' labels and, while dragging, the new coordinates.
#include "views/vectorplotview.h"

#include "attention/contributions.h"
#include "figures/labelplacer.h"
#include "views/chartstyle.h"
#include "views/vectorplotroles.h"

#include <QChart>
#include <QFontMetricsF>
#include <QPainter>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>

namespace qkv {

using namespace vectorplot;

// o = Σ a·v drawn as its parts head to tail from the origin, the largest share first (the rest
// as one last step): the chain ends on the output, each arrow a key's a·v in the picture.
void VectorPlotView::paintContributionChain(QPainter &painter, const QTransform &t, int group) const
{
    const HeadResult *h = VectorCloud::headOf(result(), head());
    const QList<int> &tokens = m_drawn.cloud.groups()[group].tokens;
    if (!h || tokens.isEmpty() || !m_drawn.cloud.has(Role::Query, group))
        return;
    const Contributions c = contributions(*h, tokens.first());
    std::vector<int> order;
    for (int key = 0; key < int(c.parts.rows()); ++key)
        if (!c.parts.row(key).isZero(0))
            order.push_back(key);
    std::stable_sort(
        order.begin(), order.end(), [&c](int a, int b) { return std::abs(c.share(a)) > std::abs(c.share(b)); });
    constexpr int longest = 12;
    const auto steps = Eigen::Index(std::min<std::size_t>(order.size(), longest));
    Eigen::MatrixXd chain = Eigen::MatrixXd::Zero(steps + 2, c.parts.cols());
    for (Eigen::Index s = 0; s < steps; ++s)
        chain.row(s + 1) = chain.row(s) + c.parts.row(order[std::size_t(s)]);
    chain.row(steps + 1) = c.output.transpose();
    const QList<QPointF> points = m_drawn.cloud.place(chain);
    const QColor colour = outputColor(chartstyle::isDark(palette()));
    painter.setBrush(colour);
    for (qsizetype s = 0; s + 1 < points.size(); ++s) {
        const QPointF from = t.map(points[s]), to = t.map(points[s + 1]);
        const QPointF along = to - from;
        const qreal length = std::hypot(along.x(), along.y());
        if (length < 3)
            continue;
        painter.setPen(QPen(colour, 1.2));
        painter.drawLine(from, to);
        // A small head at each part's end, so the chain reads as a sum.
        const QPointF unit = along / length, normal(-unit.y(), unit.x());
        const qreal size = std::min<qreal>(7, length / 2);
        painter.setPen(Qt::NoPen);
        painter.drawPolygon(
            QPolygonF {to, to - unit * size + normal * size * 0.45, to - unit * size - normal * size * 0.45});
    }
}

void VectorPlotView::paintOverlay(QPainter &painter, QSizeF size) const
{
    const QPalette pal = palette();
    const bool dark = chartstyle::isDark(pal);
    const QRectF plot = m_chart->plotArea();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.setFont(font());
    const bool anyShown = std::any_of(roles.begin(), roles.end(), [this](Role r) { return isDrawn(r); });
    if (m_drawn.cloud.groups().isEmpty() || !anyShown) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(plot, Qt::AlignCenter | Qt::TextWordWrap,
            m_drawn.cloud.groups().isEmpty() ? tr("Type a sentence to see its vectors.")
                                             : tr("No role shown: right-click to show queries, keys or values."));
        return;
    }
    const QTransform t = valueToPixel();
    const int selectedGroup = groupOf(selectedPoint());
    // The selected word's vectors as arrows from the origin, its points ringed.
    if (selectedGroup >= 0) {
        const QPointF origin = t.map(QPointF(0, 0));
        painter.save();
        painter.setClipRect(plot);
        for (Role role : roles) {
            if (!isDrawn(role) || !m_drawn.cloud.has(role, selectedGroup))
                continue;
            const QPointF p = t.map(m_drawn.cloud.points(role)[selectedGroup]);
            painter.setPen(QPen(roleColor(role, dark), 1.5, Qt::DashLine));
            painter.drawLine(origin, p);
            painter.setPen(QPen(pal.color(QPalette::Text), 2));
            painter.setBrush(Qt::NoBrush);
            const qreal r = m_series[idx(role)]->markerSize() / 2 + 4;
            painter.drawEllipse(p, r, r);
        }
        if (isOutputDrawn()) {
            // o = Σ a·v: from the origin like the others, and a diamond where attention put it.
            const QPointF o = t.map(m_drawn.cloud.outputs()[selectedGroup]);
            painter.setPen(QPen(outputColor(dark), 1.5, Qt::DashLine));
            painter.drawLine(origin, o);
            const qreal r = m_series[idx(Role::Value)]->markerSize() * 0.7;
            painter.setPen(QPen(pal.color(QPalette::Base), 1));
            painter.setBrush(outputColor(dark));
            painter.drawPolygon(
                QPolygonF {o + QPointF(0, -r), o + QPointF(r, 0), o + QPointF(0, r), o + QPointF(-r, 0)});
            paintContributionChain(painter, t, selectedGroup);
        }
        painter.restore();
    }

    const QRectF legend = legendRect(size);
    paintLegend(painter, legend);
    std::vector<QRectF> words = paintLabels(painter, size, legend);
    words.push_back(legend);
    paintAnnotations(painter, size, std::move(words));
    if (m_drag.active)
        paintDragValue(painter);
}

std::vector<QRectF> VectorPlotView::paintLabels(QPainter &painter, QSizeF size, const QRectF &legend) const
{
    std::vector<QRectF> written;
    const QPalette pal = palette();
    const bool dark = chartstyle::isDark(pal);
    const QRectF plot = m_chart->plotArea();
    const QTransform t = valueToPixel();
    const int selectedGroup = groupOf(selectedPoint());
    const QFontMetricsF fm(font());
    QFont bold = font();
    bold.setBold(true);
    const qreal h = fm.height();
    LabelPlacer placer(QRectF(QPointF(0, 0), size).intersected(plot.adjusted(-4, -4, 4, 4)));
    placer.block(legend);
    // The selected word's labels first, on a backing so they read even over dense points; then
    // every marker is an obstacle, so no other label hides a point.
    const auto placeLabels = [&](int g) {
        const bool selected = g == selectedGroup;
        const QString text = VectorCloud::labelText(m_drawn.cloud.groups()[g]);
        std::vector<QPointF> labelled; // where this word's labels already are
        for (Role role : roles) {
            if (!isDrawn(role) || !m_drawn.cloud.has(role, g))
                continue;
            const QPointF p = t.map(m_drawn.cloud.points(role)[g]);
            const auto near = [&p](const QPointF &q) { return QLineF(p, q).length() < 2; };
            if (std::any_of(labelled.begin(), labelled.end(), near))
                continue; // one marker shows: one label, named by every role there
            labelled.push_back(p);
            // Roles of this word whose points coincide with this one share its label, "too (q = v)"
            // (an earlier role there would have taken this one's place).
            QStringList same {roleLetter(role)};
            for (Role other : roles)
                if (other != role && isDrawn(other) && m_drawn.cloud.has(other, g)
                    && near(t.map(m_drawn.cloud.points(other)[g])))
                    same << roleLetter(other);
            const QString shown
                = same.size() > 1 ? QStringLiteral("%1 (%2)").arg(text, same.join(QStringLiteral(" = "))) : text;
            const qreal w
                = (same.size() > 1 ? fm.horizontalAdvance(shown) : m_drawn.labelWidths[g]) * (selected ? 1.1 : 1.0) + 4;
            const qreal r = m_series[idx(role)]->markerSize() / 2 + (selected ? 7 : 3);
            // Right, left, above, below; then the diagonals and farther out, so a crowded word
            // still finds a place instead of being dropped.
            std::vector<QRectF> candidates {QRectF(p.x() + r, p.y() - h / 2, w, h),
                QRectF(p.x() - r - w, p.y() - h / 2, w, h), QRectF(p.x() - w / 2, p.y() - r - h, w, h),
                QRectF(p.x() - w / 2, p.y() + r, w, h)};
            for (const qreal k : {1.0, 2.0})
                for (const QPointF d : {QPointF(1, -1), QPointF(-1, -1), QPointF(1, 1), QPointF(-1, 1)})
                    candidates.push_back(QRectF(p.x() + d.x() * k * r + (d.x() < 0 ? -w : 0),
                        p.y() + d.y() * k * r + (d.y() < 0 ? -h : 0), w, h));
            for (const QRectF &c : candidates) {
                if (!placer.place(c))
                    continue;
                if (selected) {
                    QColor backing = pal.color(QPalette::Base);
                    backing.setAlphaF(0.85f);
                    painter.fillRect(c, backing);
                }
                const QColor color = same.size() > 1 ? pal.color(QPalette::Text) : roleColor(role, dark);
                painter.setPen(dark || same.size() > 1 ? color : color.darker(130));
                painter.setFont(selected ? bold : font());
                painter.drawText(c, Qt::AlignCenter, shown);
                written.push_back(c);
                break;
            }
        }
    };
    if (selectedGroup >= 0)
        placeLabels(selectedGroup);
    if (isOutputDrawn()) {
        const QPointF o = t.map(m_drawn.cloud.outputs()[selectedGroup]);
        const QString text = tr("o(%1)").arg(VectorCloud::labelText(m_drawn.cloud.groups()[selectedGroup]));
        const qreal w = fm.horizontalAdvance(text) * 1.1 + 4, r = m_series[idx(Role::Value)]->markerSize() * 0.7 + 4;
        placer.block(QRectF(o - QPointF(r, r), QSizeF(2 * r, 2 * r)));
        for (const QRectF &c : {QRectF(o.x() + r, o.y() - h / 2, w, h), QRectF(o.x() - r - w, o.y() - h / 2, w, h),
                 QRectF(o.x() - w / 2, o.y() - r - h, w, h), QRectF(o.x() - w / 2, o.y() + r, w, h)}) {
            if (!placer.place(c))
                continue;
            painter.setPen(dark ? outputColor(dark) : outputColor(dark).darker(130));
            painter.setFont(bold);
            painter.drawText(c, Qt::AlignCenter, text);
            written.push_back(c);
            break;
        }
    }
    for (Role role : roles) {
        if (!isDrawn(role))
            continue;
        const qreal r = m_series[idx(role)]->markerSize() / 2;
        for (int g = 0; g < m_drawn.cloud.groups().size(); ++g)
            if (m_drawn.cloud.has(role, g))
                placer.block(QRectF(t.map(m_drawn.cloud.points(role)[g]) - QPointF(r, r), QSizeF(2 * r, 2 * r)));
    }
    for (int g = 0; g < m_drawn.cloud.groups().size(); ++g)
        if (g != selectedGroup)
            placeLabels(g);
    return written;
}

QString VectorPlotView::outputName()
{
    return tr("output o");
}

QStringList VectorPlotView::legendNames() const
{
    QStringList names;
    for (Role role : roles)
        if (isDrawn(role))
            names << roleName(role);
    if (isOutputDrawn())
        names << outputName();
    return names;
}

QRectF VectorPlotView::legendRect(QSizeF size) const
{
    sync(size);
    const QFontMetricsF fm(font());
    const qreal swatch = fm.height() * 0.7, gap = 6, pad = 5;
    qreal rowWidth = 0, columnWidth = 0;
    int entries = 0;
    for (const QString &name : legendNames()) {
        const qreal w = swatch + 4 + fm.horizontalAdvance(name);
        rowWidth += (entries ? gap * 2 : 0) + w;
        columnWidth = std::max(columnWidth, w);
        ++entries;
    }
    const QRectF plot = m_chart->plotArea();
    if (entries == 0 || m_drawn.cloud.groups().isEmpty() || plot.width() < 60 || plot.height() < 40)
        return {};
    // One row when it fits the plot, else one entry a line.
    const bool row = rowWidth + 2 * pad <= plot.width() * 0.9;
    const QSizeF box = row ? QSizeF(rowWidth + 2 * pad, fm.height() + 2 * pad)
                           : QSizeF(columnWidth + 2 * pad, entries * fm.height() + 2 * pad);
    const QRectF inner = plot.adjusted(4, 4, -4, -4);
    const std::array<QPointF, 4> corners {QPointF(inner.right() - box.width(), inner.top()), inner.topLeft(),
        QPointF(inner.right() - box.width(), inner.bottom() - box.height()),
        QPointF(inner.left(), inner.bottom() - box.height())};
    // The corner covering the fewest points (then the fewest selected ones), top right first.
    const QTransform t = valueToPixel();
    const int selected = groupOf(selectedPoint());
    QRectF best;
    int bestCount = std::numeric_limits<int>::max();
    for (const QPointF &corner : corners) {
        const QRectF candidate(corner, box);
        const QRectF reach = candidate.adjusted(-8, -8, 8, 8);
        int count = 0;
        for (Role role : roles) {
            if (!isDrawn(role))
                continue;
            const QList<QPointF> &points = m_drawn.cloud.points(role);
            for (int g = 0; g < points.size(); ++g)
                if (m_drawn.cloud.has(role, g) && reach.contains(t.map(points[g])))
                    count += g == selected ? 1000 : 1;
        }
        if (count < bestCount) {
            best = candidate;
            bestCount = count;
        }
    }
    return best;
}

QString VectorPlotView::roleName(Role role)
{
    return role == Role::Query ? tr("query q") : role == Role::Key ? tr("key k") : tr("value v");
}

void VectorPlotView::paintLegend(QPainter &painter, const QRectF &box) const
{
    if (box.isEmpty())
        return;
    const QPalette pal = palette();
    const bool dark = chartstyle::isDark(pal);
    const QFontMetricsF fm(font());
    const qreal swatch = fm.height() * 0.7, gap = 6, pad = 5;
    QColor fill = pal.color(QPalette::Base);
    fill.setAlphaF(0.85f);
    painter.save();
    painter.setPen(QPen(chartstyle::gridColor(pal), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 3, 3);
    painter.setFont(font());
    const bool row = box.height() < 2 * fm.height();
    QPointF at = box.topLeft() + QPointF(pad, pad);
    for (Role role : roles) {
        if (!isDrawn(role))
            continue;
        const QRectF mark(at.x(), at.y() + (fm.height() - swatch) / 2, swatch, swatch);
        painter.setPen(QPen(pal.color(QPalette::Base), 1));
        painter.setBrush(roleColor(role, dark));
        const QScatterSeries::MarkerShape shape = m_series[idx(role)]->markerShape();
        if (shape == QScatterSeries::MarkerShapeCircle)
            painter.drawEllipse(mark);
        else if (shape == QScatterSeries::MarkerShapeTriangle)
            painter.drawPolygon(
                QPolygonF {QPointF(mark.center().x(), mark.top()), mark.bottomRight(), mark.bottomLeft()});
        else
            painter.drawRect(mark);
        const QString name = roleName(role);
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QPointF(mark.right() + 4, at.y() + fm.ascent()), name);
        if (row)
            at.rx() += swatch + 4 + fm.horizontalAdvance(name) + 2 * gap;
        else
            at.ry() += fm.height();
    }
    if (isOutputDrawn()) {
        const QRectF mark(at.x(), at.y() + (fm.height() - swatch) / 2, swatch, swatch);
        painter.setPen(QPen(pal.color(QPalette::Base), 1));
        painter.setBrush(outputColor(dark));
        painter.drawPolygon(QPolygonF {QPointF(mark.center().x(), mark.top()), QPointF(mark.right(), mark.center().y()),
            QPointF(mark.center().x(), mark.bottom()), QPointF(mark.left(), mark.center().y())});
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(QPointF(mark.right() + 4, at.y() + fm.ascent()), outputName());
    }
    painter.restore();
}

// While dragging: the dragged vector's new coordinates, in a box at the bottom left.
void VectorPlotView::paintDragValue(QPainter &painter) const
{
    const QPalette pal = palette();
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF fm(font());
    const qreal h = fm.height();
    const QPointF v = plottedValue(m_drag.point);
    const QString text
        = tr("%1 of “%2” → (%3, %4)")
              .arg(roleLetter(m_drag.point.role), m_drawn.cloud.groups().value(groupOf(m_drag.point.token)).word)
              .arg(locale().toString(v.x(), 'f', 3), locale().toString(v.y(), 'f', 3));
    QRectF box(plot.left() + 6, plot.bottom() - h - 10, fm.horizontalAdvance(text) + 12, h + 4);
    QColor fill = pal.color(QPalette::Base);
    fill.setAlphaF(0.9f);
    painter.setPen(QPen(pal.color(QPalette::Mid), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 3, 3);
    painter.setPen(pal.color(QPalette::Text));
    painter.setFont(font());
    painter.drawText(box, Qt::AlignCenter, text);
}

} // namespace qkv
