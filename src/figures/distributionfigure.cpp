#include "figures/distributionfigure.h"
#include "figures/distributionparts.h"

#include "attention/difference.h"
#include "figures/elide.h"
#include "figures/numbertext.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qkv {

DistributionFigure::DistributionFigure() = default;
DistributionFigure::~DistributionFigure() = default;

void DistributionFigure::setData(const Result *result, int head)
{
    m_result = result;
    m_head = head;
    changed();
}

const Result &DistributionFigure::result() const
{
    static const Result none;
    return m_result ? *m_result : none;
}

void DistributionFigure::setQuery(int token, bool column)
{
    m_query = token;
    m_column = column;
    changed();
}

int DistributionFigure::query() const
{
    const int n = static_cast<int>((m_column ? result().keys() : result().tokens).size());
    return n == 0 ? -1 : (m_query >= 0 && m_query < n ? m_query : 0);
}

const QStringList &DistributionFigure::barTokens() const
{
    return m_column ? result().tokens : result().keys();
}

double DistributionFigure::weightAt(const SquareMatrix &weights, int bar) const
{
    return m_column ? weights(bar, query()) : weights(query(), bar);
}

bool DistributionFigure::maskedAt(const Result &r, int bar) const
{
    return m_column ? !r.isVisible(bar, query()) : !r.isVisible(query(), bar);
}

void DistributionFigure::setSorted(bool sorted)
{
    m_sorted = sorted;
    changed();
}

void DistributionFigure::setHighlightedKey(int key)
{
    m_highlightedKey = key;
}

void DistributionFigure::setHoveredKey(int key)
{
    m_hoveredKey = key;
}

const HeadResult *DistributionFigure::headResult() const
{
    const Result &r = result();
    if (m_head < 0 || m_head >= static_cast<int>(r.heads.size()))
        return nullptr;
    const HeadResult &hr = r.heads[static_cast<std::size_t>(m_head)];
    const auto n = r.tokens.size(), m = r.keys().size();
    return n > 0 && m > 0 && hr.weights.rows() == n && hr.weights.cols() == m ? &hr : nullptr;
}

void DistributionFigure::update() const
{
    if (m_bars.serial == m_serial)
        return;
    m_bars.serial = m_serial;
    const HeadResult *h = headResult();
    const Result &r = result();
    const int n = h ? static_cast<int>(barTokens().size()) : 0; // a bar per key, or per query of a column
    m_bars.order.resize(n);
    std::iota(m_bars.order.begin(), m_bars.order.end(), 0);
    m_bars.values.fill(0.0, n);
    m_bars.masked.fill(false, n);
    m_bars.anyMasked = false;
    double low = 0, high = 0;
    for (int k = 0; k < n; ++k) {
        m_bars.masked[k] = maskedAt(r, k);
        m_bars.anyMasked = m_bars.anyMasked || m_bars.masked[k];
        m_bars.values[k] = m_bars.masked[k] ? 0.0 : weightAt(h->weights, k);
        low = std::min(low, m_bars.values[k]);
        high = std::max(high, m_bars.values[k]);
    }
    m_bars.ghosts.clear();
    if (m_baseline && n > 0 && Difference::refusal(r, *m_baseline, m_head, {}).isEmpty()) {
        const SquareMatrix &then = m_baseline->heads[static_cast<std::size_t>(m_head)].weights;
        m_bars.ghosts.fill(0.0, n);
        for (int k = 0; k < n; ++k) {
            m_bars.ghosts[k] = maskedAt(*m_baseline, k) ? 0.0 : weightAt(then, k);
            low = std::min(low, m_bars.ghosts[k]);
            high = std::max(high, m_bars.ghosts[k]);
        }
    }
    low = std::min(low, m_spanLow);
    high = std::max(high, m_spanHigh);
    if (m_sorted) {
        std::stable_sort(m_bars.order.begin(), m_bars.order.end(), [this](int a, int b) {
            if (m_bars.masked[a] != m_bars.masked[b])
                return m_bars.masked[b];
            return m_bars.values[a] > m_bars.values[b];
        });
    }
    m_bars.axis = niceAxis(low, high > low ? high * 1.04 : low + 1);
    // A weight of 1 (one key takes all) would round the axis up to 1.5: weights end at 1.
    if (low >= 0 && high <= 1 && m_bars.axis.high > 1)
        m_bars.axis = {0, 1, 0.2, 1};
}

void DistributionFigure::setValueSpan(double low, double high)
{
    m_spanLow = low;
    m_spanHigh = high;
    changed();
}

void DistributionFigure::setBaseline(const Result *baseline, const QString &name)
{
    m_baseline = baseline;
    m_baselineName = baseline ? name : QString();
    changed();
}

QList<double> DistributionFigure::baselineValues() const
{
    update();
    return m_bars.ghosts;
}

QList<int> DistributionFigure::barOrder() const
{
    update();
    return m_bars.order;
}

QList<double> DistributionFigure::barValues() const
{
    update();
    QList<double> values;
    for (int key : m_bars.order)
        values << m_bars.values[key];
    return values;
}

DistributionFigure::Layout DistributionFigure::layout(const QRectF &rect, const FigureStyle &style) const
{
    update();
    Layout l;
    l.rect = rect;
    l.font = style.font;
    l.labelFont = style.font;
    l.bars = static_cast<int>(m_bars.order.size());
    const QFontMetricsF fm(l.font), titleMetrics(distribution::boldFont(l.font));
    const qreal line = fm.height();
    l.title = QRectF(
        rect.left() + figureMargin, rect.top() + figureMargin, rect.width() - 2 * figureMargin, titleMetrics.height());
    qreal top = l.title.bottom() + figureMargin;
    if (m_bars.anyMasked || !m_bars.ghosts.isEmpty()) {
        l.legend = QRectF(rect.left() + figureMargin, top, rect.width() - 2 * figureMargin, line);
        top = l.legend.bottom() + figureMargin;
    }
    qreal axisLabels = 0;
    for (int i = 0; i < m_bars.axis.tickCount(); ++i)
        axisLabels = std::max(axisLabels, fm.horizontalAdvance(m_bars.axis.label(i, style.locale)));
    const qreal left = rect.left() + figureMargin + line + figureLabelGap + axisLabels + distribution::tickLength + 2;
    const qreal right = std::max(left + 1, rect.right() - 10);
    l.pitch = l.bars > 0 ? (right - left) / l.bars : 0;
    l.barWidth = l.pitch * (l.bars > 100 ? 1.0 : 0.8);

    // Token labels across while the widest fits its bar, else upright (smaller when even one
    // line is taller than a bar is wide), at most 30 % of the height.
    if (m_labels.bars != l.bars || m_labels.font != l.font || m_labels.tokens != barTokens()) {
        m_labels.tokens = barTokens();
        m_labels.bars = l.bars;
        m_labels.font = l.font;
        m_labels.widest = 0;
        for (int k = 0; k < l.bars; ++k)
            m_labels.widest = std::max(m_labels.widest, fm.horizontalAdvance(tokenLabel(barTokens()[k])));
    }
    qreal extent = 0;
    if (l.bars > 0 && m_labels.widest + 6 <= l.pitch) {
        extent = line + figureLabelGap;
        l.labelLength = m_labels.widest;
    } else if (l.bars > 0) {
        l.vertical = true;
        qreal widest = m_labels.widest;
        const qreal basePx = QFontInfo(l.font).pixelSize();
        if (line > l.pitch && basePx > minLabelPx) {
            l.labelFont = pixelFont(l.font, std::max<qreal>(minLabelPx, std::floor(basePx * l.pitch / line)));
            widest *= QFontInfo(l.labelFont).pixelSize() / basePx;
        }
        l.labelLength = std::min(widest, 0.3 * rect.height());
        extent = l.labelLength + figureLabelGap + 2;
    }
    const qreal bottom = std::max(top + line, rect.bottom() - figureMargin - extent);
    l.plot = QRectF(QPointF(left, top + line / 2), QPointF(right, bottom));
    return l;
}

qreal DistributionFigure::barTop(const Layout &l, double value) const
{
    const double span = m_bars.axis.high - m_bars.axis.low;
    return l.plot.bottom() - (value - m_bars.axis.low) / span * l.plot.height();
}

double DistributionFigure::valueAt(const QRectF &rect, const FigureStyle &style, qreal y) const
{
    const Layout l = layout(rect, style);
    if (l.plot.height() <= 0)
        return 0;
    return m_bars.axis.low + (l.plot.bottom() - y) / l.plot.height() * (m_bars.axis.high - m_bars.axis.low);
}

QRectF DistributionFigure::barRect(const QRectF &rect, const FigureStyle &style, int key) const
{
    const Layout l = layout(rect, style);
    const auto pos = m_bars.order.indexOf(key);
    if (pos < 0)
        return {};
    const qreal value = m_bars.masked[key] ? m_bars.axis.high : m_bars.values[key];
    const qreal x = l.centre(static_cast<int>(pos)) - l.barWidth / 2;
    return QRectF(QPointF(x, barTop(l, value)), QPointF(x + l.barWidth, barTop(l, 0))).normalized();
}

int DistributionFigure::barAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const
{
    const Layout l = layout(rect, style);
    // The whole column counts, labels included: a weight of 0.01 is still easy to hit.
    if (l.bars == 0 || pos.x() < l.plot.left() || pos.x() > l.plot.right() || pos.y() < l.plot.top()
        || pos.y() > rect.bottom())
        return -1;
    const int p = static_cast<int>(std::floor((pos.x() - l.plot.left()) / l.pitch));
    return p >= 0 && p < l.bars ? m_bars.order[p] : -1;
}

QString DistributionFigure::describeBar(int key) const
{
    const HeadResult *h = headResult();
    const Result &r = result();
    if (!h || key < 0 || key >= barTokens().size())
        return {};
    // The cell: the query and key of this bar, whichever of them the bars run over.
    const int q = m_column ? key : query(), k = m_column ? query() : key;
    const QString pair = tr("%1 → %2").arg(tokenLabel(r.tokens[q]), tokenLabel(r.keys()[k]));
    if (!r.isVisible(q, k))
        return tr("%1: masked (left out of the row's normalization)").arg(pair);
    // In the window's locale: a tooltip is never exported.
    QString text = h->scores.rows() != h->weights.rows()
        ? tr("%1: weight %L2").arg(pair).arg(h->weights(q, k), 0, 'g', 6)
        : tr("%1: weight %L2 (raw score %L3)")
              .arg(pair)
              .arg(h->weights(q, k), 0, 'g', 6)
              .arg(h->scores(q, k), 0, 'g', 6);
    update();
    if (!m_bars.ghosts.isEmpty())
        text += u'\n' + tr("%L1 in “%2”").arg(m_bars.ghosts[key], 0, 'g', 6).arg(m_baselineName);
    return text;
}

void DistributionFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    painter.save();
    painter.fillRect(rect, style.palette.base());
    painter.setClipRect(rect, Qt::IntersectClip);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const Layout l = layout(rect, style);
    const Result &r = result();
    const int q = query();
    // A head switched off attends as drawn; the title says that its output goes nowhere.
    const bool off = l.bars && r.heads[static_cast<std::size_t>(m_head)].switchedOff;
    QString title = tr("No attention to show");
    if (l.bars) {
        const QString head = off ? tr("head %1, switched off").arg(m_head + 1) : tr("head %1").arg(m_head + 1);
        title = m_column
            ? tr("Who attends to “%1” (key %2, %3)").arg(tokenLabel(r.keys()[q]), QString::number(q + 1), head)
            : tr("What “%1” attends to (query %2, %3)").arg(tokenLabel(r.tokens[q]), QString::number(q + 1), head);
        if (m_sorted)
            title = tr("%1, sorted by weight").arg(title);
    }
    const QFont bold = distribution::boldFont(l.font);
    painter.setFont(bold);
    painter.setPen(style.palette.color(QPalette::Text));
    painter.drawText(
        l.title, Qt::AlignHCenter | Qt::AlignTop, elided(QFontMetricsF(bold), title, Qt::ElideRight, l.title.width()));
    if (l.bars == 0) {
        painter.setFont(l.font);
        painter.setPen(style.palette.color(QPalette::PlaceholderText));
        painter.drawText(
            l.plot, Qt::AlignCenter | Qt::TextWordWrap, tr("Type a sentence to see its attention weights."));
        painter.restore();
        return;
    }
    paintAxis(painter, l, style);
    paintBars(painter, l, style);
    paintLabels(painter, l, style);
    paintValues(painter, l, style);
    if (m_highlightedKey >= 0 && m_highlightedKey < l.bars)
        paintCallout(painter, l, style, m_highlightedKey);
    if (m_hoveredKey >= 0 && m_hoveredKey < l.bars && m_hoveredKey != m_highlightedKey && !style.exported)
        paintCallout(painter, l, style, m_hoveredKey);
    if (const HeadResult *h = headResult()) {
        painter.setFont(l.font);
        painter.setPen(style.palette.color(QPalette::Text));
        for (const RowProblem &p : h->problems)
            if (p.row == q && !m_column)
                painter.drawText(l.plot.adjusted(12, 12, -12, -12), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                    describe(RowWarning {m_head, q, p.issue}, r.tokens));
    }
    if (!m_annotations.isEmpty())
        m_annotations.paint(painter, annotationTargets(l), style);
    painter.restore();
}

AnnotationTargets DistributionFigure::annotationTargets(const QRectF &rect, const FigureStyle &style) const
{
    return annotationTargets(layout(rect, style));
}

AnnotationTargets DistributionFigure::annotationTargets(const Layout &l) const
{
    AnnotationTargets t;
    t.bounds = l.rect;
    if (l.bars == 0)
        return t;
    const qreal valueHeight = QFontMetricsF(valueFont(l)).height() + 1;
    const qreal labelBottom
        = l.plot.bottom() + figureLabelGap + (l.vertical ? l.labelLength + 2 : QFontMetricsF(l.labelFont).height());
    const qreal valueWidth = QFontMetricsF(valueFont(l)).horizontalAdvance(QStringLiteral("−0.00"));
    // Each bar's column, `width` wide: its weight above, the bar, its label below.
    const auto column = [this, l, valueHeight, labelBottom](int key, qreal width) {
        const auto pos = m_bars.order.indexOf(key);
        if (pos < 0)
            return QRectF();
        const qreal value = m_bars.masked[key] ? m_bars.axis.high : std::max(0.0, m_bars.values[key]);
        const qreal x = l.centre(static_cast<int>(pos));
        return QRectF(QPointF(x - width / 2, barTop(l, value) - valueHeight), QPointF(x + width / 2, labelBottom));
    };
    t.token = [column, w = l.barWidth](int key) { return column(key, w); };
    for (int key = 0; key < l.bars; ++key)
        if (const QRectF c = column(key, std::max(l.barWidth, valueWidth)); !c.isEmpty())
            t.numbers.push_back(c);
    t.numbers.push_back(l.title);
    return t;
}

} // namespace qkv
