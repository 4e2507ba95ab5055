#include "figures/distributionfigure.h"

#include "attention/difference.h"
#include "figures/numbertext.h"
#include "figures/tokenlabel.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qkv {
namespace {

constexpr qreal tickLength = 4;
constexpr int valueLabelLimit = 64; // beyond this many bars only the callouts carry numbers
const QColor highlightColor(0xE6, 0x9F, 0x00); // Okabe-Ito orange: stands apart in light and dark

QFont boldFont(QFont font)
{
    font.setBold(true);
    return font;
}

QBrush hatchBrush(const FigureStyle &style)
{
    QColor hatch = style.palette.color(QPalette::Text);
    hatch.setAlphaF(0.35f);
    return QBrush(hatch, Qt::BDiagPattern);
}

// A baseline's weight: the text colour, dashed, over any bar colour.
QPen ghostPen(const FigureStyle &style)
{
    QPen pen(style.palette.color(QPalette::Text), 1.5, Qt::DashLine);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

} // namespace

// Where paint() puts things for one rectangle and style.
struct DistributionFigure::Layout {
    QRectF rect;
    QRectF title;
    QRectF legend; // empty while nothing is masked
    QRectF plot; // the bars' area, the value axis at its left
    QFont font;
    QFont labelFont; // the token labels, smaller when turned upright to fit
    bool vertical = false; // token labels turned upright
    qreal labelLength = 0; // upright labels are elided to it
    qreal pitch = 0; // from one bar's centre to the next
    qreal barWidth = 0;
    int bars = 0;

    qreal centre(int position) const { return plot.left() + (position + 0.5) * pitch; }
};

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

void DistributionFigure::setQuery(int token)
{
    m_query = token;
    changed();
}

int DistributionFigure::query() const
{
    const int n = static_cast<int>(result().tokens.size());
    return n == 0 ? -1 : (m_query >= 0 && m_query < n ? m_query : 0);
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
    const int q = query();
    const int n = h ? static_cast<int>(r.keys().size()) : 0; // a bar per key
    m_bars.order.resize(n);
    std::iota(m_bars.order.begin(), m_bars.order.end(), 0);
    m_bars.values.fill(0.0, n);
    m_bars.masked.fill(false, n);
    m_bars.anyMasked = false;
    double low = 0, high = 0;
    for (int k = 0; k < n; ++k) {
        m_bars.masked[k] = !r.isVisible(q, k);
        m_bars.anyMasked = m_bars.anyMasked || m_bars.masked[k];
        m_bars.values[k] = m_bars.masked[k] ? 0.0 : h->weights(q, k);
        low = std::min(low, m_bars.values[k]);
        high = std::max(high, m_bars.values[k]);
    }
    m_bars.ghosts.clear();
    if (m_baseline && n > 0 && Difference::refusal(r, *m_baseline, m_head, {}).isEmpty()) {
        const SquareMatrix &then = m_baseline->heads[static_cast<std::size_t>(m_head)].weights;
        m_bars.ghosts.fill(0.0, n);
        for (int k = 0; k < n; ++k) {
            m_bars.ghosts[k] = m_baseline->isVisible(q, k) ? then(q, k) : 0.0;
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
    const QFontMetricsF fm(l.font), titleMetrics(boldFont(l.font));
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
    const qreal left = rect.left() + figureMargin + line + figureLabelGap + axisLabels + tickLength + 2;
    const qreal right = std::max(left + 1, rect.right() - 10);
    l.pitch = l.bars > 0 ? (right - left) / l.bars : 0;
    l.barWidth = l.pitch * (l.bars > 100 ? 1.0 : 0.8);

    // Token labels across while the widest fits its bar, else upright (smaller when even one
    // line is taller than a bar is wide), at most 30 % of the height.
    if (m_labels.bars != l.bars || m_labels.font != l.font || m_labels.tokens != result().keys()) {
        m_labels.tokens = result().keys();
        m_labels.bars = l.bars;
        m_labels.font = l.font;
        m_labels.widest = 0;
        for (int k = 0; k < l.bars; ++k)
            m_labels.widest = std::max(m_labels.widest, fm.horizontalAdvance(tokenLabel(result().keys()[k])));
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
    const int q = query();
    if (!h || key < 0 || key >= r.keys().size())
        return {};
    const QString pair = tr("%1 → %2").arg(tokenLabel(r.tokens[q]), tokenLabel(r.keys()[key]));
    if (!r.isVisible(q, key))
        return tr("%1: masked (left out of the row's normalization)").arg(pair);
    // In the window's locale: a tooltip is never exported.
    QString text = h->scores.rows() != h->weights.rows()
        ? tr("%1: weight %L2").arg(pair).arg(h->weights(q, key), 0, 'g', 6)
        : tr("%1: weight %L2 (raw score %L3)")
              .arg(pair)
              .arg(h->weights(q, key), 0, 'g', 6)
              .arg(h->scores(q, key), 0, 'g', 6);
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
    const QString title = !l.bars ? tr("No attention to show")
        : off ? (m_sorted ? tr("What “%1” attends to (query %2, head %3, switched off), sorted by weight")
                          : tr("What “%1” attends to (query %2, head %3, switched off)"))
                    .arg(tokenLabel(r.tokens[q]), QString::number(q + 1), QString::number(m_head + 1))
        : m_sorted ? tr("What “%1” attends to (query %2, head %3), sorted by weight")
                         .arg(tokenLabel(r.tokens[q]), QString::number(q + 1), QString::number(m_head + 1))
                   : tr("What “%1” attends to (query %2, head %3)")
                         .arg(tokenLabel(r.tokens[q]), QString::number(q + 1), QString::number(m_head + 1));
    const QFont bold = boldFont(l.font);
    painter.setFont(bold);
    painter.setPen(style.palette.color(QPalette::Text));
    painter.drawText(l.title, Qt::AlignHCenter | Qt::AlignTop,
        QFontMetricsF(bold).elidedText(title, Qt::ElideRight, l.title.width()));
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
            if (p.row == q)
                painter.drawText(l.plot.adjusted(12, 12, -12, -12), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                    describe(RowWarning {m_head, q, p.issue}, r.tokens));
    }
    if (!m_annotations.isEmpty())
        m_annotations.paint(painter, annotationTargets(l), style);
    painter.restore();
}

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
        painter.drawLine(QPointF(l.plot.left() - tickLength, y), QPointF(l.plot.left(), y));
        painter.setPen(style.palette.color(QPalette::Text));
        painter.drawText(
            QRectF(l.rect.left(), y - fm.height() / 2, l.plot.left() - tickLength - 2 - l.rect.left(), fm.height()),
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
        fm.elidedText(tr("attention weight"), Qt::ElideRight, l.plot.height()));
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
                : marker == Hatched     ? QPen(hatchBrush(style).color(), 1)
                                        : ghostPen(style));
        painter.setBrush(marker == Filled ? style.palette.brush(QPalette::Highlight)
                : marker == Hatched       ? hatchBrush(style)
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
    const QBrush hatch = hatchBrush(style);
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
        painter.fillRect(r.normalized(), key == m_highlightedKey ? highlightColor : bar);
    }
    // The baseline's weights over the bars: dashed outlines, or on bars too thin for one, the
    // dashed top alone.
    if (!m_bars.ghosts.isEmpty()) {
        painter.setPen(ghostPen(style));
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
    const QStringList &tokens = result().keys();
    // In cross-attention the query's token is not among the keys.
    const int q = result().isCross() ? -1 : query();
    const QFontMetricsF fm(l.labelFont);
    const qreal line = fm.height();
    const int step = l.vertical ? std::max(1, static_cast<int>(std::ceil(line / std::max<qreal>(l.pitch, 0.01)))) : 1;
    const QFont bold = boldFont(l.labelFont);
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
            color = style.isDark() ? highlightColor : highlightColor.darker(140);
        painter.setPen(color);
        painter.setFont(key == q ? bold : l.labelFont);
        const qreal x = l.centre(pos);
        if (l.vertical) {
            const QString text = fm.elidedText(tokenLabel(tokens[key]), Qt::ElideRight, l.labelLength);
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
    if (l.bars > valueLabelLimit || fm.horizontalAdvance(QStringLiteral("0.00")) + 2 > l.pitch)
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
    const QString token = tokenLabel(result().keys()[key]);
    const QString text = m_bars.masked[key]
        ? tr("%1: masked").arg(token)
        : tr("%1: %2").arg(token, formatSigned(m_bars.values[key], 4, style.locale));
    const QFont font = boldFont(l.font);
    const QFontMetricsF fm(font);
    const qreal w = fm.horizontalAdvance(text) + 10, h = fm.height() + 4;
    const qreal value = m_bars.masked[key] ? m_bars.axis.high : std::max(0.0, m_bars.values[key]);
    const QPointF anchor(l.centre(static_cast<int>(pos)), barTop(l, value));
    QRectF box(anchor.x() - w / 2, anchor.y() - h - 4, w, h);
    box.moveLeft(std::clamp(box.left(), l.rect.left() + 2, std::max(l.rect.left() + 2, l.rect.right() - w - 2)));
    box.moveTop(std::clamp(box.top(), l.plot.top(), std::max(l.plot.top(), l.plot.bottom() - h)));
    QColor fill = style.palette.color(QPalette::Base);
    fill.setAlphaF(0.92f);
    painter.setPen(QPen(key == m_highlightedKey ? highlightColor : style.palette.color(QPalette::Mid), 1.5));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 3, 3);
    painter.setFont(font);
    painter.setPen(style.palette.color(QPalette::Text));
    painter.drawText(box, Qt::AlignCenter, text);
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
