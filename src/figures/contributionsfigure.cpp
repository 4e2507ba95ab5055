#include "figures/contributionsfigure.h"

#include "figures/elide.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <numeric>

namespace qkv {

namespace {

// Okabe and Ito's colours, told apart with every kind of colour vision; grey for the rest.
const QColor keyColours[ContributionsFigure::maxColoured]
    = {QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9), QColor(0x00, 0x9E, 0x73), QColor(0xF0, 0xE4, 0x42),
        QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0xCC, 0x79, 0xA7)};
const QColor othersColour(0xA0, 0xA0, 0xA0);
constexpr qreal barsMargin = 8;

} // namespace

struct ContributionsFigure::Layout {
    QRectF title, plot, legend;
    QFont font;
    qreal pitch = 0; // from one dimension's bar to the next
    qreal line = 0;
};

void ContributionsFigure::setData(const Result *result, int head)
{
    m_result = result;
    m_head = head;
    m_stale = true;
}

void ContributionsFigure::setWo(std::optional<Eigen::MatrixXd> wo)
{
    m_wo = std::move(wo);
    m_stale = true;
}

void ContributionsFigure::setQuery(int token)
{
    m_query = token;
    m_stale = true;
}

int ContributionsFigure::query() const
{
    const int n = m_result ? static_cast<int>(m_result->tokens.size()) : 0;
    return n == 0 ? -1 : (m_query >= 0 && m_query < n ? m_query : 0);
}

const Contributions &ContributionsFigure::contributions() const
{
    update();
    return m_parts;
}

QList<int> ContributionsFigure::colouredKeys() const
{
    update();
    return m_coloured;
}

void ContributionsFigure::update() const
{
    if (!m_stale)
        return;
    m_stale = false;
    m_parts = {};
    m_coloured.clear();
    m_shown.resize(0, 0);
    const int q = query();
    if (q < 0 || m_head < 0 || m_head >= static_cast<int>(m_result->heads.size()))
        return;
    m_parts = m_wo ? contributionsThroughWo(*m_result, *m_wo, q)
                   : qkv::contributions(m_result->heads[std::size_t(m_head)], q);
    // The largest shares (by size: a part against the output matters as much) get colours.
    std::vector<int> order(std::size_t(m_parts.parts.rows()));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [this](int a, int b) { return std::abs(m_parts.share(a)) > std::abs(m_parts.share(b)); });
    const auto d = m_parts.parts.cols();
    m_shown = Eigen::MatrixXd::Zero(maxColoured + 1, d);
    for (int key : order) {
        if (m_parts.parts.row(key).isZero(0))
            continue; // no weight, or a zero value: nothing to stack
        if (m_coloured.size() < maxColoured) {
            m_shown.row(m_coloured.size()) = m_parts.parts.row(key);
            m_coloured << key;
        } else {
            m_shown.row(maxColoured) += m_parts.parts.row(key);
        }
    }
    double low = 0, high = 0;
    for (Eigen::Index k = 0; k < d; ++k) {
        low = std::min({low, m_shown.col(k).cwiseMin(0.0).sum(), m_parts.output(k)});
        high = std::max({high, m_shown.col(k).cwiseMax(0.0).sum(), m_parts.output(k)});
    }
    m_axis = niceAxis(low, high > low ? high : low + 1);
}

ContributionsFigure::Layout ContributionsFigure::layout(const QRectF &rect, const FigureStyle &style) const
{
    update();
    Layout l;
    l.font = style.font;
    const QFontMetricsF fm(l.font);
    l.line = fm.height();
    QFont bold = l.font;
    bold.setBold(true);
    l.title = QRectF(
        rect.left() + barsMargin, rect.top() + barsMargin, rect.width() - 2 * barsMargin, QFontMetricsF(bold).height());
    // The legend at the right: a swatch and "token  58 %" a line.
    qreal legendWidth = fm.horizontalAdvance(tr("output o")) + 2 * l.line;
    if (m_result)
        for (int key : m_coloured)
            legendWidth = std::max(legendWidth,
                fm.horizontalAdvance(tokenLabel(m_result->keys()[key]) + QStringLiteral("  −100 %")) + 2 * l.line);
    legendWidth = std::min(legendWidth, rect.width() * 0.4);
    qreal axisLabels = 0;
    for (int i = 0; i < m_axis.tickCount(); ++i)
        axisLabels = std::max(axisLabels, fm.horizontalAdvance(m_axis.label(i, style.locale)));
    const qreal left = rect.left() + barsMargin + axisLabels + 6;
    const qreal right = rect.right() - barsMargin - legendWidth - barsMargin;
    l.plot = QRectF(QPointF(left, l.title.bottom() + barsMargin + l.line / 2),
        QPointF(std::max(left + 1, right), rect.bottom() - barsMargin - l.line - 4));
    l.legend = QRectF(QPointF(right + barsMargin, l.plot.top()), QPointF(rect.right() - barsMargin, l.plot.bottom()));
    const auto d = m_parts.parts.cols();
    l.pitch = d > 0 ? l.plot.width() / qreal(d) : 0;
    return l;
}

qreal ContributionsFigure::yOf(const QRectF &rect, const FigureStyle &style, double v) const
{
    const Layout l = layout(rect, style);
    return l.plot.bottom() - (v - m_axis.low) / (m_axis.high - m_axis.low) * l.plot.height();
}

void ContributionsFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    const Layout l = layout(rect, style);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    const QColor text = style.palette.color(QPalette::Text);
    QFont bold = l.font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(text);
    const int q = query();
    if (q < 0 || m_parts.parts.size() == 0) {
        painter.drawText(rect, Qt::AlignCenter, tr("Type a sentence to see where its outputs come from."));
        painter.restore();
        return;
    }
    painter.drawText(l.title, Qt::AlignLeft | Qt::AlignVCenter,
        m_wo ? tr("Where the output of “%1” comes from, through W_O (every head): o = Σ a·v·W_O")
                   .arg(tokenLabel(m_result->tokens[q]))
             : tr("Where the output of “%1” comes from (head %2): o = Σ a·v")
                   .arg(tokenLabel(m_result->tokens[q]))
                   .arg(m_head + 1));
    painter.setFont(l.font);
    const QFontMetricsF fm(l.font);
    const auto y
        = [&](double v) { return l.plot.bottom() - (v - m_axis.low) / (m_axis.high - m_axis.low) * l.plot.height(); };
    // Grid and value axis.
    for (int i = 0; i < m_axis.tickCount(); ++i) {
        const qreal ty = y(m_axis.tick(i));
        painter.setPen(QPen(style.gridColor(), 1));
        painter.drawLine(QPointF(l.plot.left(), ty), QPointF(l.plot.right(), ty));
        painter.setPen(text);
        painter.drawText(QRectF(rect.left(), ty - l.line / 2, l.plot.left() - 4 - rect.left(), l.line),
            Qt::AlignRight | Qt::AlignVCenter, m_axis.label(i, style.locale));
    }
    // One stacked bar a dimension: each part from where the previous one of its sign ended.
    const auto d = m_parts.parts.cols();
    const qreal width = std::max<qreal>(1, l.pitch * 0.7);
    const int labelEvery
        = std::max(1, int(std::ceil(fm.horizontalAdvance(QStringLiteral("o000")) / std::max<qreal>(l.pitch, 1))));
    for (Eigen::Index k = 0; k < d; ++k) {
        const qreal x = l.plot.left() + (qreal(k) + 0.5) * l.pitch;
        double up = 0, down = 0;
        for (Eigen::Index part = 0; part < m_shown.rows(); ++part) {
            const double v = m_shown(part, k);
            if (v == 0)
                continue;
            double &from = v > 0 ? up : down;
            const QRectF bar(QPointF(x - width / 2, y(from + v)), QPointF(x + width / 2, y(from)));
            painter.fillRect(bar.normalized(), part < maxColoured ? keyColours[part] : othersColour);
            from += v;
        }
        // The output: a bold line across its bar at o_k, and a diamond on it.
        const qreal oy = y(m_parts.output(k));
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setPen(QPen(text, 2));
        painter.drawLine(QPointF(x - width / 2 - 2, oy), QPointF(x + width / 2 + 2, oy));
        painter.setRenderHint(QPainter::Antialiasing, false);
        if (k % labelEvery == 0) {
            painter.setPen(text);
            painter.drawText(QRectF(x - l.pitch * labelEvery / 2, l.plot.bottom() + 4, l.pitch * labelEvery, l.line),
                Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("o%1").arg(k + 1));
        }
    }
    painter.setPen(QPen(style.axisColor(), 1));
    painter.drawLine(QPointF(l.plot.left(), y(0)), QPointF(l.plot.right(), y(0)));
    painter.drawLine(l.plot.topLeft(), l.plot.bottomLeft());

    // The legend: each coloured key with its share, the others together, the output's mark.
    qreal ly = l.legend.top();
    const auto entry = [&](const QColor &colour, const QString &label, bool line) {
        const QRectF swatch(l.legend.left(), ly + l.line * 0.2, l.line * 0.8, l.line * 0.6);
        if (line) {
            painter.setPen(QPen(text, 2));
            painter.drawLine(QPointF(swatch.left(), swatch.center().y()), QPointF(swatch.right(), swatch.center().y()));
        } else {
            painter.fillRect(swatch, colour);
        }
        painter.setPen(text);
        painter.drawText(QRectF(swatch.right() + l.line * 0.4, ly, l.legend.right() - swatch.right(), l.line),
            Qt::AlignLeft | Qt::AlignVCenter,
            elided(fm, label, Qt::ElideMiddle, l.legend.right() - swatch.right() - l.line * 0.4));
        ly += l.line * 1.2;
    };
    const auto percent
        = [&](double share) { return style.locale.toString(share * 100, 'f', 0) + QStringLiteral(" %"); };
    for (int i = 0; i < m_coloured.size(); ++i)
        entry(keyColours[i],
            QStringLiteral("%1  %2").arg(
                tokenLabel(m_result->keys()[m_coloured[i]]), percent(m_parts.share(m_coloured[i]))),
            false);
    if (!m_shown.row(maxColoured).isZero(0)) {
        double others = m_parts.share.sum();
        for (int key : m_coloured)
            others -= m_parts.share(key);
        entry(othersColour, tr("other keys  %1").arg(percent(others)), false);
    }
    entry(text, tr("output o"), true);
    painter.restore();
}

} // namespace qkv
