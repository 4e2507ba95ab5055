// The arrow graph's frame: the column headings or the arcs' legend, the unlock button, and the
// footer's caption with its legend of heads, of gained and lost weight, or of edge widths.
#include "figures/arrowgraphcache.h"
#include "figures/arrowgraphgeometry.h"
#include "figures/edgesink.h"
#include "figures/elide.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

namespace qkv {

using namespace arrowgraph;

void ArrowGraphFigure::paintFrame(QPainter &painter, const Geometry &g, const FigureStyle &style) const
{
    const Cache &c = *m_cache;
    const QFontMetricsF fm = g.metrics(painter.font());
    QColor muted = style.palette.color(QPalette::Text);
    muted.setAlphaF(0.65f);
    painter.setPen(muted);
    const QRectF header = g.header.adjusted(6, 0, -6, 0);
    if (g.columns()) {
        painter.drawText(QRectF(header.left(), header.top(), g.labelWidth, header.height()),
            Qt::AlignRight | Qt::AlignVCenter, tr("query"));
        painter.drawText(QRectF(g.keyX + labelGap, header.top(), g.labelWidth, header.height()),
            Qt::AlignLeft | Qt::AlignVCenter, tr("key"));
        if (g.chip.isEmpty())
            painter.drawText(header, Qt::AlignCenter,
                c.difference ? tr("a → b: how a's attention to b changed since “%1”").arg(m_baselineName)
                             : tr("a → b: a attends to b"));
    } else {
        const QString legend = c.difference
            ? tr("a → b: how a's attention to b changed since “%1” · above: to a later word · below: to an earlier "
                 "word")
                  .arg(m_baselineName)
            : tr("a → b: a attends to b · above: to a later word · below: to an earlier word");
        const qreal room = (g.chip.isEmpty() ? header.right() : g.chip.left() - 8) - header.left();
        painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, elided(fm, legend, Qt::ElideRight, room));
    }
    if (!g.chip.isEmpty()) {
        painter.setPen(QPen(style.palette.color(QPalette::Highlight), 1.5));
        painter.setBrush(style.palette.color(QPalette::Button));
        painter.drawRoundedRect(g.chip, g.chip.height() / 2, g.chip.height() / 2);
        painter.setPen(style.palette.color(QPalette::ButtonText));
        painter.drawText(g.chip, Qt::AlignCenter, g.chipText);
    }

    paintFooter(&painter, g, fm, style);
}

QStringList ArrowGraphFigure::footerCaption(const FigureStyle &style) const
{
    const Cache &c = *m_cache;
    const QString kept = style.locale.toString(qint64(c.edges.size())), of = style.locale.toString(c.considered);
    QStringList caption {
        c.difference ? tr("%1 of %2 changed edges").arg(kept, of) : tr("%1 of %2 edges").arg(kept, of)};
    if (c.difference && !c.edges.empty())
        caption << tr("largest change ±%1").arg(style.locale.toString(c.scale, 'g', 2));
    if (m_filter.threshold > 0)
        caption << (c.difference ? tr("|Δ| ≥ %1") : tr("weight ≥ %1")).arg(style.locale.toString(m_filter.threshold));
    if (m_filter.topK > 0)
        caption << tr("top %1 per query").arg(m_filter.topK);
    if (m_filter.mass < 1)
        caption << tr("%1% of each row").arg(style.locale.toString(m_filter.mass * 100));
    if (c.ink < 1)
        caption << tr("opacity × %1 (dense)").arg(style.locale.toString(c.ink, 'g', 2));
    const int heads = static_cast<int>(result().heads.size());
    if (heads > 1 && !c.multiColour)
        caption << (result().heads[static_cast<std::size_t>(c.firstHead)].switchedOff
                ? tr("head %1 of %2, switched off")
                : tr("head %1 of %2"))
                       .arg(c.firstHead + 1)
                       .arg(heads);
    return caption;
}

// The footer's legend at the right of its last line, the caption at its left, or on lines of its
// own above when both do not fit on one (a figure reserves them: Geometry::footerLines). Returns
// the lines the footer needs; without a painter it only measures.
int ArrowGraphFigure::paintFooter(
    QPainter *painter, const Geometry &g, const QFontMetricsF &fm, const FigureStyle &style) const
{
    const Cache &c = *m_cache;
    const int heads = static_cast<int>(result().heads.size());
    const QRectF footer = g.footer.adjusted(6, 0, -6, 0);
    const QRectF last(footer.left(), footer.bottom() - g.lineHeight - 8, footer.width(), g.lineHeight + 8);
    std::vector<std::pair<QColor, QString>> swatches;
    if (c.difference) {
        swatches
            = {{changeColor(true, style.isDark()), tr("gained")}, {changeColor(false, style.isDark()), tr("lost")}};
    } else if (c.multiColour) {
        for (int h = 0; h < heads; ++h)
            swatches.emplace_back(edgeColor(h, style.isDark()), tr("head %1").arg(h + 1));
    }
    qreal legendLeft = paintSwatches(painter, last, fm, style, swatches, g.lineHeight * 0.7);
    // Every colour of one kind: widths and opacities are what a figure still has to explain.
    if (style.exported && (!c.multiColour || c.difference))
        legendLeft = paintWeightLegend(
            painter, QRectF(last.left(), last.top(), legendLeft - last.left(), last.height()), fm, style);
    // Wrapped only between its parts: "head 1 of 2" stays whole.
    QStringList parts = footerCaption(style);
    for (QString &part : parts)
        part.replace(u' ', QChar(0x00A0));
    const QString caption = parts.join(QStringLiteral(" · "));
    const qreal width = fm.horizontalAdvance(caption);
    const int lines = width <= legendLeft - last.left() - 8 ? 1 : width <= footer.width() ? 2 : 3;
    if (!painter)
        return lines;
    QColor muted = style.palette.color(QPalette::Text);
    muted.setAlphaF(0.65f);
    painter->setPen(muted);
    if (lines == 1 || g.footerLines < 2) {
        const QRectF line(last.left(), last.top(), legendLeft - last.left() - 8, last.height());
        painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, elided(fm, caption, Qt::ElideRight, line.width()));
    } else {
        const QRectF above(footer.left(), footer.top(), footer.width(), last.top() - footer.top());
        painter->drawText(above, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, caption);
    }
    return lines;
}

qreal ArrowGraphFigure::paintSwatches(QPainter *painter, const QRectF &footer, const QFontMetricsF &fm,
    const FigureStyle &style, const std::vector<std::pair<QColor, QString>> &swatches, qreal swatch) const
{
    // Right to left, the last first, as many as fit in the footer's right 60 %.
    QColor muted = style.palette.color(QPalette::Text);
    muted.setAlphaF(0.65f);
    qreal left = footer.right();
    for (auto s = swatches.rbegin(); s != swatches.rend(); ++s) {
        const qreal w = swatch + 4 + fm.horizontalAdvance(s->second) + 10;
        if (left - w < footer.left() + footer.width() * 0.4)
            break;
        left -= w;
        if (!painter)
            continue;
        painter->fillRect(QRectF(left, footer.center().y() - swatch / 2, swatch, swatch), s->first);
        painter->setPen(muted);
        painter->drawText(
            QRectF(left + swatch + 4, footer.top(), w, footer.height()), Qt::AlignLeft | Qt::AlignVCenter, s->second);
    }
    return left;
}

qreal ArrowGraphFigure::paintWeightLegend(
    QPainter *painter, const QRectF &footer, const QFontMetricsF &fm, const FigureStyle &style) const
{
    // What width and opacity mean: sample edges of three weights, right-aligned in the footer.
    const Cache &c = *m_cache;
    const qreal sample = fm.height() * 1.6;
    qreal x = footer.right();
    QColor muted = style.palette.color(QPalette::Text);
    muted.setAlphaF(0.65f);
    for (const double share : {1.0, 0.5, 0.1}) {
        const double weight = share * c.scale;
        const QString label = style.locale.toString(weight, 'g', 2);
        x -= fm.horizontalAdvance(label) + 10;
        if (painter) {
            painter->setPen(muted);
            painter->drawText(QRectF(x, footer.top(), fm.horizontalAdvance(label) + 10, footer.height()),
                Qt::AlignLeft | Qt::AlignVCenter, label);
        }
        x -= sample + 4;
        if (!painter)
            continue;
        const QColor ink = c.difference ? changeColor(true, style.isDark()) : edgeColor(c.firstHead, style.isDark());
        const EdgeStyle edge = edgeStyle(weight, c.scale, ink.rgb());
        QColor colour = QColor::fromRgb(edge.colour);
        colour.setAlphaF(static_cast<float>(edge.alpha));
        painter->setPen(QPen(colour, edge.width * lineScale(style), Qt::SolidLine, Qt::FlatCap));
        painter->drawLine(QPointF(x, footer.center().y()), QPointF(x + sample, footer.center().y()));
    }
    const QString title = c.difference ? tr("|Δ|:") : tr("weight:");
    x -= fm.horizontalAdvance(title) + 8;
    if (painter) {
        painter->setPen(muted);
        painter->drawText(QRectF(x, footer.top(), fm.horizontalAdvance(title) + 8, footer.height()),
            Qt::AlignLeft | Qt::AlignVCenter, title);
    }
    return x;
}

} // namespace qkv
