// The heatmap's token labels: the queries down the left, the keys (the second sentence's in
// cross-attention) along the top, and the axis titles; beside heatmapfigure.cpp.
#include "figures/heatmapfigure.h"
#include "figures/heatmaplayout.h"

#include "figures/elide.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

namespace qkv {

void HeatmapFigure::paintLabels(QPainter &painter, const Layout &l, const FigureStyle &style) const
{
    const Result &r = result();
    const QFontMetricsF fm(l.labelFont);
    const qreal lh = fm.height();
    const qreal width = l.extent - figureLabelGap;
    std::vector<char> problem(static_cast<std::size_t>(l.n));
    for (const RowProblem &p : headResult()->problems)
        if (p.row >= 0 && p.row < l.n)
            problem[static_cast<std::size_t>(p.row)] = 1;
    const bool figure = style.exported;
    const QColor text = style.palette.color(QPalette::Text);
    const QColor warning = style.isDark() ? QColor(255, 120, 110) : QColor(190, 30, 30);
    QFont bold = l.labelFont;
    bold.setBold(true);
    const QColor highlighted = style.palette.color(QPalette::HighlightedText);
    if (m_labels.drawnFont != l.labelFont || m_labels.drawnWidth != width) {
        m_labels.drawn.clear();
        m_labels.drawnFont = l.labelFont;
        m_labels.drawnWidth = width;
    }
    // Token `index` of labelAdvance's list (the rows', then in cross-attention the columns').
    const auto drawn = [&](int index, const QString &token) -> const Labels::Drawn & {
        auto it = m_labels.drawn.find(index);
        if (it == m_labels.drawn.end()) {
            QString label = elided(fm, tokenLabel(token), Qt::ElideRight, width);
            const qreal advance = fm.horizontalAdvance(label);
            it = m_labels.drawn.insert(index, {std::move(label), advance});
        }
        return *it;
    };
    // A figure's selected token is bold, so wider: elided to fit in bold, not spilling out.
    const QFontMetricsF boldMetrics(bold);
    const auto boldLabel
        = [&](const QString &token) { return elided(boldMetrics, tokenLabel(token), Qt::ElideRight, width); };
    // A row's problem colours its token's label; in self-attention its column's too.
    const auto plain = [&](int i, bool column) {
        return (!column || !r.isCross()) && i < l.n && problem[static_cast<std::size_t>(i)] ? warning : text;
    };
    // The selected query is marked among the rows, a selected key among the columns; in a
    // figure the selected token is bold, not a selection box. Zoomed, the labels of the cells
    // cut by the frame's edges are cut there too.
    painter.save();
    if (l.zoomed())
        painter.setClipRect(QRectF(l.frame.left() - l.extent, l.frame.top(), l.extent, l.frame.height()));
    for (int i : l.shown) {
        const auto &[label, advance] = drawn(i, r.tokens[i]);
        const qreal centre = (i + 0.5) * l.cell;
        const bool rowSelected = i == m_selectedRow;
        const QRectF rowLabel(l.frame.left() - l.extent, l.grid.top() + centre - lh / 2, width, lh);
        painter.setFont(figure && rowSelected ? bold : l.labelFont);
        if (rowSelected && !figure)
            painter.fillRect(
                QRectF(rowLabel.right() - advance - 3, rowLabel.top(), advance + 5, lh), style.palette.highlight());
        painter.setPen(rowSelected && !figure ? highlighted : plain(i, false));
        painter.drawText(
            rowLabel, Qt::AlignRight | Qt::AlignVCenter, figure && rowSelected ? boldLabel(r.tokens[i]) : label);
    }
    if (l.zoomed())
        painter.setClipRect(QRectF(l.frame.left(), l.frame.top() - l.top, l.frame.width(), l.top));
    for (int i : l.shownColumns) {
        const auto &[label, advance] = drawn(r.isCross() ? l.n + i : i, r.keys()[i]);
        const qreal centre = (i + 0.5) * l.cell;
        const bool columnSelected = i == m_selectedColumn;
        painter.setFont(figure && columnSelected ? bold : l.labelFont);
        painter.setPen(columnSelected && !figure ? highlighted : plain(i, true));
        if (l.flat) {
            const QRectF columnLabel(l.grid.left() + i * l.cell, l.frame.top() - l.top, l.cell, l.top - figureLabelGap);
            if (columnSelected && !figure)
                painter.fillRect(
                    QRectF(columnLabel.center().x() - advance / 2 - 3, columnLabel.bottom() - lh, advance + 6, lh),
                    style.palette.highlight());
            painter.drawText(columnLabel, Qt::AlignHCenter | Qt::AlignBottom, label);
            continue;
        }
        // Column labels read upwards from the grid; rotated, so they never collide sideways.
        painter.save();
        painter.translate(l.grid.left() + centre, l.frame.top() - figureLabelGap);
        painter.rotate(-90);
        if (columnSelected && !figure)
            painter.fillRect(QRectF(-2, -lh / 2, advance + 5, lh), style.palette.highlight());
        painter.drawText(QRectF(0, -lh / 2, width, lh), Qt::AlignLeft | Qt::AlignVCenter,
            figure && columnSelected ? boldLabel(r.keys()[i]) : label);
        painter.restore();
    }
    painter.restore();
    if (figure && l.axisTitle > 0) {
        // Axis titles, as a plot has them: "key" over the columns, "query" up the rows.
        painter.setFont(style.font);
        painter.setPen(text);
        const qreal band = l.axisTitle;
        painter.drawText(QRectF(l.frame.left(), l.frame.top() - l.top - band, l.frame.width(), band),
            Qt::AlignHCenter | Qt::AlignVCenter, tr("key"));
        painter.save();
        painter.translate(l.frame.left() - l.extent - band / 2, l.frame.center().y());
        painter.rotate(-90);
        painter.drawText(
            QRectF(-l.frame.height() / 2, -band / 2, l.frame.height(), band), Qt::AlignCenter, tr("query"));
        painter.restore();
        return;
    }
    // Which axis is which, in the corner the labels leave free.
    const QRectF corner(l.frame.left() - l.extent, l.frame.top() - l.top, width, l.top - figureLabelGap);
    const QString keys = tr("keys →"), queries = tr("queries ↓");
    QFont italic = pixelFont(l.labelFont, l.labelFont.pixelSize() * 0.85);
    italic.setItalic(true);
    const QFontMetricsF im(italic);
    if (!figure && italic.pixelSize() >= minLabelPx && corner.height() >= 2 * im.height()
        && corner.width() >= std::max(im.horizontalAdvance(keys), im.horizontalAdvance(queries))) {
        painter.setFont(italic);
        painter.setPen(style.palette.color(QPalette::PlaceholderText));
        painter.drawText(corner, Qt::AlignRight | Qt::AlignBottom, queries);
        painter.drawText(corner.adjusted(0, 0, 0, -im.height()), Qt::AlignRight | Qt::AlignBottom, keys);
    }
}

} // namespace qkv
