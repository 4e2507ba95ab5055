#include "figures/distributionparts.h"
#include "figures/elide.h"
#include "figures/numbertext.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace qkv {

// The value axis with its grid, its title upright at the left, the baseline, and the legend.
void DistributionFigure::paintAxis(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    const QFontMetricsF fm(l.font);
    painter.setFont(l.font);
    for (int i = 0; i < m_bars.axis.tickCount(); ++i) {
        const qreal y = barTop(l, m_bars.axis.tick(i));
        painter.setPen(QPen(style.gridColor(), 1));
        painter.drawLine(QPointF(l.plot.left(), y), QPointF(l.plot.right(), y));
        painter.setPen(QPen(style.axisColor(), 1));
        painter.drawLine(QPointF(l.plot.left() - distribution::tickLength, y), QPointF(l.plot.left(), y));
        painter.setPen(style.palette.color(QPalette::Text));
        painter.drawText(QRectF(l.rect.left(), y - fm.height() / 2,
                             l.plot.left() - distribution::tickLength - 2 - l.rect.left(), fm.height()),
            Qt::AlignRight | Qt::AlignVCenter, m_bars.axis.label(i, style.locale));
    }
    painter.setPen(QPen(style.axisColor(), 1));
    painter.drawLine(l.plot.topLeft(), l.plot.bottomLeft());
    const qreal zero = barTop(l, 0);
    painter.drawLine(QPointF(l.plot.left(), zero), QPointF(l.plot.right(), zero));
    painter.save();
    painter.translate(l.rect.left() + figureMargin, l.plot.center().y());
    painter.rotate(-90);
    painter.setPen(style.palette.color(QPalette::Text));
    painter.drawText(QRectF(-l.plot.height() / 2, 0, l.plot.height(), fm.height()), Qt::AlignCenter,
        elided(fm, tr("attention weight"), Qt::ElideRight, l.plot.height()));
    painter.restore();
    if (l.legend.isEmpty())
        return;
    // "■ weight  ▨ masked  ┆ “before”", centred under the title.
    enum Marker { Filled, Hatched, Dashed };
    std::vector<std::pair<Marker, QString>> entries {{Filled, tr("weight")}};
    if (m_bars.anyMasked)
        entries.emplace_back(Hatched, tr("masked"));
    if (!m_bars.ghosts.isEmpty())
        entries.emplace_back(Dashed, tr("“%1”").arg(m_baselineName));
    const qreal box = fm.height() * 0.7;
    qreal width = -16;
    for (const auto &entry : entries)
        width += box + 4 + fm.horizontalAdvance(entry.second) + 16;
    qreal x = l.legend.center().x() - width / 2;
    for (const auto &[marker, name] : entries) {
        const QRectF mark(x, l.legend.center().y() - box / 2, box, box);
        painter.setPen(marker == Filled ? QPen(Qt::NoPen)
                : marker == Hatched     ? QPen(distribution::hatchBrush(style).color(), 1)
                                        : distribution::ghostPen(style));
        painter.setBrush(marker == Filled ? style.palette.brush(QPalette::Highlight)
                : marker == Hatched       ? distribution::hatchBrush(style)
                                          : QBrush(Qt::NoBrush));
        painter.drawRect(mark);
        painter.setPen(style.palette.color(QPalette::Text));
        painter.drawText(QRectF(mark.right() + 4, l.legend.top(), fm.horizontalAdvance(name) + 1, l.legend.height()),
            Qt::AlignLeft | Qt::AlignVCenter, name);
        x = mark.right() + 4 + fm.horizontalAdvance(name) + 16;
    }
}

void DistributionFigure::paintBars(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    // Smooth edges while bars are a few pixels wide; narrower, a thousand soft edges would blur
    // into one grey, so crisp.
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, l.pitch >= 4);
    const QColor bar = style.palette.color(QPalette::Highlight);
    const QBrush hatch = distribution::hatchBrush(style);
    for (int pos = 0; pos < l.bars; ++pos) {
        const int key = m_bars.order[pos];
        const qreal x = l.centre(pos) - l.barWidth / 2;
        if (m_bars.masked[key]) {
            painter.setPen(QPen(hatch.color(), 1));
            painter.setBrush(hatch);
            painter.drawRect(QRectF(QPointF(x, barTop(l, m_bars.axis.high)), QPointF(x + l.barWidth, barTop(l, 0))));
            continue;
        }
        const QRectF r = QRectF(QPointF(x, barTop(l, m_bars.values[key])), QPointF(x + l.barWidth, barTop(l, 0)));
        painter.fillRect(r.normalized(), key == m_highlightedKey ? distribution::highlightColor : bar);
    }
    // The baseline's weights over the bars: dashed outlines, or on bars too thin for one, the
    // dashed top alone.
    if (!m_bars.ghosts.isEmpty()) {
        painter.setPen(distribution::ghostPen(style));
        painter.setBrush(Qt::NoBrush);
        for (int pos = 0; pos < l.bars; ++pos) {
            const int key = m_bars.order[pos];
            if (m_bars.masked[key])
                continue;
            const qreal x = l.centre(pos) - l.barWidth / 2, top = barTop(l, m_bars.ghosts[key]);
            if (l.barWidth >= 6)
                painter.drawRect(QRectF(QPointF(x, top), QPointF(x + l.barWidth, barTop(l, 0))).normalized());
            else
                painter.drawLine(QPointF(x, top), QPointF(x + l.barWidth, top));
        }
    }
    painter.restore();
}

// The tokens under their bars; when upright and too many to fit, every step-th, but always the
// query's own (in bold) and the highlighted key's.
void DistributionFigure::paintLabels(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    const QStringList &tokens = barTokens();
    // The shown row's query (a column's key) among the bars, in bold; in cross-attention it is not
    // among them.
    const int q = result().isCross() ? -1 : query();
    const QFontMetricsF fm(l.labelFont);
    const qreal line = fm.height();
    const int step = l.vertical ? std::max(1, static_cast<int>(std::ceil(line / std::max<qreal>(l.pitch, 0.01)))) : 1;
    const QFont bold = distribution::boldFont(l.labelFont);
    const int highlightPos = static_cast<int>(m_bars.order.indexOf(m_highlightedKey));
    const int queryPos = static_cast<int>(m_bars.order.indexOf(q));
    const auto near = [step](int pos, int special) { return special >= 0 && std::abs(pos - special) < step; };
    for (int pos = 0; pos < l.bars; ++pos) {
        const bool special = pos == highlightPos || pos == queryPos;
        if (!special && (pos % step != 0 || near(pos, highlightPos) || near(pos, queryPos)))
            continue;
        const int key = m_bars.order[pos];
        QColor color = style.palette.color(m_bars.masked[key] ? QPalette::PlaceholderText : QPalette::Text);
        if (key == m_highlightedKey)
            color = style.isDark() ? distribution::highlightColor : distribution::highlightColor.darker(140);
        painter.setPen(color);
        painter.setFont(key == q ? bold : l.labelFont);
        const qreal x = l.centre(pos);
        if (l.vertical) {
            const QString text = elided(fm, tokenLabel(tokens[key]), Qt::ElideRight, l.labelLength);
            painter.save();
            painter.translate(x, l.plot.bottom() + figureLabelGap);
            painter.rotate(-90);
            painter.drawText(QRectF(-l.labelLength - 2, -line / 2, l.labelLength + 2, line),
                Qt::AlignRight | Qt::AlignVCenter, text);
            painter.restore();
        } else {
            painter.drawText(QRectF(x - l.pitch / 2, l.plot.bottom() + figureLabelGap, l.pitch, line),
                Qt::AlignHCenter | Qt::AlignTop, tokenLabel(tokens[key]));
        }
    }
}

// Every weight written above its bar while the numbers fit.
QFont DistributionFigure::valueFont(const Layout &l) const
{
    return pixelFont(l.font, std::max<qreal>(minLabelPx, QFontInfo(l.font).pixelSize() * 0.85));
}

void DistributionFigure::paintValues(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    const QFont font = valueFont(l);
    const QFontMetricsF fm(font);
    if (l.bars > distribution::valueLabelLimit || fm.horizontalAdvance(QStringLiteral("0.00")) + 2 > l.pitch)
        return;
    painter.setFont(font);
    painter.setPen(style.palette.color(QPalette::Text));
    for (int pos = 0; pos < l.bars; ++pos) {
        const int key = m_bars.order[pos];
        if (m_bars.masked[key] || key == m_highlightedKey || (key == m_hoveredKey && !style.exported))
            continue;
        // Above the bar, or above the baseline's outline where that is higher.
        const double value = m_bars.values[key];
        const qreal top = barTop(l, m_bars.ghosts.isEmpty() || value < 0 ? value : std::max(value, m_bars.ghosts[key]));
        const qreal y = value >= 0 ? top - fm.height() - 1 : top + 1;
        painter.drawText(QRectF(l.centre(pos) - l.pitch / 2, y, l.pitch, fm.height()), Qt::AlignCenter,
            formatSigned(m_bars.values[key], 2, style.locale));
    }
}

// The exact weight of one key in a small box over its bar.
void DistributionFigure::paintCallout(QPainter &painter, const Layout &l, const FigureStyle &style, int key) const
{
    const auto pos = m_bars.order.indexOf(key);
    if (pos < 0)
        return;
    const QString token = tokenLabel(barTokens()[key]);
    const QString text = m_bars.masked[key]
        ? tr("%1: masked").arg(token)
        : tr("%1: %2").arg(token, formatSigned(m_bars.values[key], 4, style.locale));
    const QFont font = distribution::boldFont(l.font);
    const QFontMetricsF fm(font);
    const qreal w = fm.horizontalAdvance(text) + 10, h = fm.height() + 4;
    const qreal value = m_bars.masked[key] ? m_bars.axis.high : std::max(0.0, m_bars.values[key]);
    const QPointF anchor(l.centre(static_cast<int>(pos)), barTop(l, value));
    QRectF box(anchor.x() - w / 2, anchor.y() - h - 4, w, h);
    box.moveLeft(std::clamp(box.left(), l.rect.left() + 2, std::max(l.rect.left() + 2, l.rect.right() - w - 2)));
    box.moveTop(std::clamp(box.top(), l.plot.top(), std::max(l.plot.top(), l.plot.bottom() - h)));
    QColor fill = style.palette.color(QPalette::Base);
    fill.setAlphaF(0.92f);
    painter.setPen(
        QPen(key == m_highlightedKey ? distribution::highlightColor : style.palette.color(QPalette::Mid), 1.5));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 3, 3);
    painter.setFont(font);
    painter.setPen(style.palette.color(QPalette::Text));
    painter.drawText(box, Qt::AlignCenter, text);
}

} // namespace qkv
