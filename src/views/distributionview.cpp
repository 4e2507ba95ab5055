#include "views/distributionview.h"

#include "figures/tokenlabel.h"
#include "session/documentsession.h"
#include "views/chartstyle.h"

#include <QBarSet>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qkv {
namespace {

constexpr qreal labelGap = 4;
constexpr int minLabelPx = 8; // the smallest label still readable on a slide
constexpr int valueLabelLimit = 64; // beyond this many bars only the callouts carry numbers
const QColor highlightColor(0xE6, 0x9F, 0x00); // Okabe-Ito orange: stands apart in light and dark

QString formatNumber(double v, int decimals)
{
    QString s = QString::number(v, 'f', decimals);
    if (s.startsWith(QLatin1Char('-'))) {
        s.remove(0, 1);
        if (s.contains(QRegularExpression(QStringLiteral("[1-9]"))))
            s.prepend(QChar(0x2212)); // a real minus sign; "-0.00" becomes "0.00"
    }
    return s;
}

QFont pixelFont(QFont font, qreal px)
{
    font.setPixelSize(std::max(1, static_cast<int>(std::floor(px))));
    return font;
}

} // namespace

// How the token labels under the bars are laid out for a chart size.
struct DistributionView::Labels {
    QFont font;
    bool vertical = false;
    qreal extent = 0; // room below the plot
    qreal length = 0; // longest label drawn (vertical labels are elided to it)
};

DistributionView::DistributionView(QWidget *parent)
    : QWidget(parent)
    , m_scene(std::make_unique<QGraphicsScene>())
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    m_scene->setItemIndexMethod(QGraphicsScene::NoIndex); // items move on every edit
    m_chart = new QChart;
    m_scene->addItem(m_chart);
    m_weights = new QBarSet(tr("weight"));
    m_masked = new QBarSet(tr("masked"));
    m_series = new QStackedBarSeries;
    m_series->append(m_weights);
    m_series->append(m_masked);
    m_chart->addSeries(m_series);
    // A value axis under the bars (labels drawn by this view): category axes refuse repeated
    // words, and the view thins and emphasises its labels itself.
    m_axisX = new QValueAxis;
    m_axisX->setLabelsVisible(false);
    m_axisX->setGridLineVisible(false);
    m_axisX->setTickCount(2);
    m_axisY = new QValueAxis;
    m_axisY->setTitleText(tr("attention weight"));
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_series->attachAxis(m_axisX);
    m_series->attachAxis(m_axisY);
    m_chart->legend()->setAlignment(Qt::AlignTop);
}

DistributionView::~DistributionView()
{
    if (!m_series->barSets().contains(m_masked)) // taken out while nothing is masked
        delete m_masked;
}

void DistributionView::setSession(DocumentSession *session)
{
    if (m_session == session)
        return;
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (session) {
        connect(session, &DocumentSession::resultChanged, this, &DistributionView::dataChanged);
        connect(session, &DocumentSession::currentHeadChanged, this, &DistributionView::dataChanged);
        connect(session, &DocumentSession::selectedTokenChanged, this, &DistributionView::dataChanged);
        connect(session, &QObject::destroyed, this, &DistributionView::dataChanged);
    }
    dataChanged();
}

DocumentSession *DistributionView::session() const
{
    return m_session;
}

void DistributionView::setResult(Result result, int head)
{
    m_own = std::move(result);
    m_head = head;
    dataChanged();
}

const Result &DistributionView::result() const
{
    return m_session ? m_session->result() : m_own;
}

void DistributionView::setHead(int head)
{
    m_head = head;
    dataChanged();
}

int DistributionView::head() const
{
    return m_session ? m_session->currentHead() : m_head;
}

void DistributionView::setQuery(int token)
{
    m_query = token;
    dataChanged();
}

int DistributionView::query() const
{
    const int n = static_cast<int>(result().tokens.size());
    const int q = m_session ? m_session->selectedToken() : m_query;
    return n == 0 ? -1 : (q >= 0 && q < n ? q : 0);
}

void DistributionView::setSorted(bool sorted)
{
    m_sorted = sorted;
    dataChanged();
}

void DistributionView::setHighlightedKey(int key)
{
    if (key == m_highlightedKey)
        return;
    m_highlightedKey = key;
    dataChanged();
    Q_EMIT highlightedKeyChanged(key);
}

const HeadResult *DistributionView::headResult() const
{
    const Result &r = result();
    const int h = head();
    if (h < 0 || h >= static_cast<int>(r.heads.size()))
        return nullptr;
    const HeadResult &hr = r.heads[static_cast<std::size_t>(h)];
    const auto n = r.tokens.size();
    return n > 0 && hr.weights.rows() == n && hr.weights.cols() == n ? &hr : nullptr;
}

void DistributionView::dataChanged()
{
    ++m_serial;
    update();
}

QList<int> DistributionView::barOrder() const
{
    sync(size());
    return m_order;
}

QList<double> DistributionView::barValues() const
{
    sync(size());
    QList<double> values;
    for (int key : m_order)
        values << m_values[key];
    return values;
}

void DistributionView::syncStyle() const
{
    m_styleDirty = false;
    const QPalette pal = palette();
    chartstyle::styleChart(m_chart, pal, font());
    chartstyle::styleAxis(m_axisX, pal, font());
    chartstyle::styleAxis(m_axisY, pal, font());
    QColor bar = pal.color(QPalette::Highlight);
    m_weights->setColor(bar);
    m_weights->setPen(Qt::NoPen); // an outline would frame the highlighted bar in the wrong colour
    m_weights->setSelectedColor(highlightColor);
    QColor hatch = pal.color(QPalette::Text);
    hatch.setAlphaF(0.35f);
    m_masked->setBrush(QBrush(hatch, Qt::BDiagPattern));
    m_masked->setPen(QPen(hatch, 1));
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
}

void DistributionView::sync(QSizeF size) const
{
    if (m_styleDirty)
        syncStyle();
    if (m_syncedSerial != m_serial) {
        m_syncedSerial = m_serial;
        syncData();
    }
    const Labels l = labels(size);
    const QMargins margins(6, 4, 10, static_cast<int>(std::ceil(l.extent)));
    if (m_chart->margins() != margins)
        m_chart->setMargins(margins);
    chartstyle::layoutChart(m_chart, size);
}

// The shown row into the bar sets, the value axis and the title.
void DistributionView::syncData() const
{
    const HeadResult *h = headResult();
    const Result &r = result();
    const int q = query();
    const int n = h ? static_cast<int>(r.tokens.size()) : 0;
    m_order.resize(n);
    std::iota(m_order.begin(), m_order.end(), 0);
    m_values.fill(0.0, n);
    m_maskedKeys.fill(false, n);
    const QFontMetricsF fm(font());
    m_widestLabel = 0;
    double low = 0, high = 0;
    for (int k = 0; k < n; ++k) {
        m_widestLabel = std::max(m_widestLabel, fm.horizontalAdvance(tokenLabel(r.tokens[k])));
        m_maskedKeys[k] = !r.isVisible(q, k);
        m_values[k] = m_maskedKeys[k] ? 0.0 : h->weights(q, k);
        low = std::min(low, m_values[k]);
        high = std::max(high, m_values[k]);
    }
    if (m_sorted) {
        std::stable_sort(m_order.begin(), m_order.end(), [this](int a, int b) {
            if (m_maskedKeys[a] != m_maskedKeys[b])
                return m_maskedKeys[b];
            return m_values[a] > m_values[b];
        });
    }
    m_axisY->setRange(low, high > low ? high * 1.04 : low + 1);
    m_axisY->applyNiceNumbers();
    // A weight of 1 (one key takes all) would round the axis up to 1.5: weights end at 1.
    if (low >= 0 && high <= 1 && m_axisY->max() > 1) {
        m_axisY->setRange(0, 1);
        m_axisY->setTickCount(6);
    }
    const double tick = (m_axisY->max() - m_axisY->min()) / std::max(1, m_axisY->tickCount() - 1);
    int decimals = 0; // as many as the ticks need: 0.25 gets two, 0.2 one
    while (
        decimals < 6 && std::abs(tick * std::pow(10.0, decimals) - std::round(tick * std::pow(10.0, decimals))) > 1e-6)
        ++decimals;
    m_axisY->setLabelFormat(QStringLiteral("%.%1f").arg(decimals));
    const qreal top = m_axisY->max();
    QList<qreal> weights, masked;
    bool anyMasked = false;
    for (int key : m_order) {
        weights << m_values[key];
        masked << (m_maskedKeys[key] ? top : 0.0);
        anyMasked = anyMasked || m_maskedKeys[key];
    }
    // One bulk change per set: replacing bar by bar re-lays the chart out per bar (O(n²)).
    m_weights->remove(0, m_weights->count());
    m_weights->append(weights);
    // The masked set only while something is masked: every bar is a scene item to paint.
    if (anyMasked) {
        m_masked->remove(0, m_masked->count());
        m_masked->append(masked);
        if (m_series->count() < 2)
            m_series->append(m_masked);
    } else if (m_series->count() > 1) {
        m_series->take(m_masked);
    }
    m_weights->deselectAllBars();
    if (const auto pos = m_order.indexOf(m_highlightedKey); pos >= 0)
        m_weights->selectBar(static_cast<int>(pos));
    m_series->setBarWidth(n > 100 ? 1.0 : 0.8);
    m_axisX->setRange(-0.5, std::max(n, 1) - 0.5);
    m_chart->legend()->setVisible(anyMasked);
    const QString who = q >= 0 && q < r.tokens.size() ? tokenLabel(r.tokens[q]) : QString();
    QString title = n ? tr("What “%1” attends to (query %2, head %3)").arg(who).arg(q + 1).arg(head() + 1)
                      : tr("No attention to show");
    if (m_sorted && n)
        title += tr(", sorted by weight");
    m_chart->setTitle(title);
}

DistributionView::Labels DistributionView::labels(QSizeF size) const
{
    Labels l;
    l.font = font();
    const int n = static_cast<int>(m_order.size());
    if (n == 0)
        return l;
    qreal widest = m_widestLabel;
    // The plot's width before layout: the chart minus the value axis and margins.
    const qreal pitch = std::max<qreal>(1, size.width() - 80) / n;
    const qreal basePx = QFontInfo(l.font).pixelSize();
    const qreal lineHeight = QFontMetricsF(l.font).height();
    if (widest + 6 <= pitch) {
        l.extent = lineHeight + labelGap;
        l.length = widest;
        return l;
    }
    l.vertical = true;
    if (lineHeight > pitch && basePx > minLabelPx) {
        l.font = pixelFont(l.font, std::max<qreal>(minLabelPx, std::floor(basePx * pitch / lineHeight)));
        widest *= QFontInfo(l.font).pixelSize() / basePx;
    }
    l.length = std::min(widest, 0.3 * size.height());
    l.extent = l.length + labelGap + 2;
    return l;
}

qreal DistributionView::barCentre(int position) const
{
    return m_chart->mapToPosition(QPointF(position, 0), m_series).x();
}

qreal DistributionView::barPitch() const
{
    return barCentre(1) - barCentre(0);
}

QRectF DistributionView::barRect(const QRectF &rect, int key) const
{
    sync(rect.size());
    const auto pos = m_order.indexOf(key);
    if (pos < 0)
        return {};
    const qreal half = m_series->barWidth() / 2, x = static_cast<qreal>(pos);
    const qreal value = m_maskedKeys[key] ? m_axisY->max() : m_values[key];
    const QPointF a = m_chart->mapToPosition(QPointF(x - half, 0), m_series);
    const QPointF b = m_chart->mapToPosition(QPointF(x + half, value), m_series);
    return QRectF(a, b).normalized().translated(rect.topLeft());
}

int DistributionView::barAt(const QPointF &pos) const
{
    sync(size());
    const QRectF plot = m_chart->plotArea();
    // The whole column counts, labels included: a weight of 0.01 is still easy to hit.
    if (m_order.isEmpty() || pos.x() < plot.left() || pos.x() > plot.right() || pos.y() < plot.top()
        || pos.y() > plot.bottom() + m_chart->margins().bottom())
        return -1;
    const qreal x = m_chart->mapToValue(pos, m_series).x();
    const int p = static_cast<int>(std::lround(x));
    return p >= 0 && p < m_order.size() ? m_order[p] : -1;
}

QString DistributionView::describeBar(int key) const
{
    const HeadResult *h = headResult();
    const Result &r = result();
    const int q = query();
    if (!h || key < 0 || key >= r.tokens.size())
        return {};
    const QString pair = tr("%1 → %2").arg(tokenLabel(r.tokens[q]), tokenLabel(r.tokens[key]));
    if (!r.isVisible(q, key))
        return tr("%1: masked (left out of the row's normalization)").arg(pair);
    QString text = tr("%1: weight %2").arg(pair).arg(h->weights(q, key), 0, 'g', 6);
    if (h->scores.rows() == h->weights.rows())
        text += tr(" (raw score %1)").arg(h->scores(q, key), 0, 'g', 6);
    return text;
}

void DistributionView::paint(QPainter &painter, const QRectF &rect) const
{
    sync(rect.size());
    chartstyle::renderChart(m_scene.get(), painter, rect, palette());
    painter.save();
    painter.translate(rect.topLeft());
    painter.setClipRect(QRectF(QPointF(0, 0), rect.size()));
    paintOverlay(painter, rect.size());
    painter.restore();
}

void DistributionView::paintOverlay(QPainter &painter, QSizeF size) const
{
    const int n = static_cast<int>(m_order.size());
    const QRectF plot = m_chart->plotArea();
    const QPalette pal = palette();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    if (n == 0) {
        painter.setPen(pal.color(QPalette::PlaceholderText));
        painter.drawText(plot, Qt::AlignCenter, tr("Type a sentence to see its attention weights."));
        return;
    }
    const int q = query();
    const QStringList &tokens = result().tokens;
    const Labels l = labels(size);
    const qreal pitch = barPitch();
    const qreal lineHeight = QFontMetricsF(l.font).height();
    const int step
        = l.vertical ? std::max(1, static_cast<int>(std::ceil(lineHeight / std::max<qreal>(pitch, 0.01)))) : 1;
    const QFontMetricsF fm(l.font);
    QFont bold = l.font;
    bold.setBold(true);
    const int highlightPos = static_cast<int>(m_order.indexOf(m_highlightedKey));
    const int queryPos = static_cast<int>(m_order.indexOf(q));
    const auto near = [step](int pos, int special) { return special >= 0 && std::abs(pos - special) < step; };
    for (int pos = 0; pos < n; ++pos) {
        const bool special = pos == highlightPos || pos == queryPos;
        // Thinned labels give way to the highlighted key's and the query's own.
        if (!special && (pos % step != 0 || near(pos, highlightPos) || near(pos, queryPos)))
            continue;
        const int key = m_order[pos];
        QColor color = m_maskedKeys[key] ? pal.color(QPalette::PlaceholderText) : pal.color(QPalette::Text);
        if (key == m_highlightedKey)
            color = chartstyle::isDark(pal) ? highlightColor : highlightColor.darker(140);
        painter.setPen(color);
        painter.setFont(key == q ? bold : l.font);
        const qreal x = barCentre(pos);
        if (l.vertical) {
            const QString text = fm.elidedText(tokenLabel(tokens[key]), Qt::ElideRight, l.length);
            painter.save();
            painter.translate(x, plot.bottom() + labelGap);
            painter.rotate(-90);
            painter.drawText(QRectF(-l.length - 2, -lineHeight / 2, l.length + 2, lineHeight),
                Qt::AlignRight | Qt::AlignVCenter, text);
            painter.restore();
        } else {
            painter.drawText(QRectF(x - pitch / 2, plot.bottom() + labelGap, pitch, lineHeight),
                Qt::AlignHCenter | Qt::AlignTop, tokenLabel(tokens[key]));
        }
    }

    // Every weight written above its bar while the numbers fit.
    QFont valueFont = pixelFont(font(), std::max<qreal>(minLabelPx, QFontInfo(font()).pixelSize() * 0.85));
    const QFontMetricsF vfm(valueFont);
    if (n <= valueLabelLimit && vfm.horizontalAdvance(QStringLiteral("0.00")) + 2 <= pitch) {
        painter.setFont(valueFont);
        painter.setPen(pal.color(QPalette::Text));
        for (int pos = 0; pos < n; ++pos) {
            const int key = m_order[pos];
            if (m_maskedKeys[key] || key == m_highlightedKey || key == m_hoveredKey)
                continue;
            const QPointF top = m_chart->mapToPosition(QPointF(pos, m_values[key]), m_series);
            const qreal y = m_values[key] >= 0 ? top.y() - vfm.height() - 1 : top.y() + 1;
            painter.drawText(
                QRectF(top.x() - pitch / 2, y, pitch, vfm.height()), Qt::AlignCenter, formatNumber(m_values[key], 2));
        }
    }
    if (m_highlightedKey >= 0 && m_highlightedKey < n)
        paintCallout(painter, m_highlightedKey, size);
    if (m_hoveredKey >= 0 && m_hoveredKey < n && m_hoveredKey != m_highlightedKey)
        paintCallout(painter, m_hoveredKey, size);

    if (const HeadResult *h = headResult()) {
        for (const RowProblem &p : h->problems) {
            if (p.row != q)
                continue;
            painter.setFont(font());
            painter.setPen(pal.color(QPalette::Text));
            painter.drawText(plot.adjusted(12, 12, -12, -12), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                describe(RowWarning {head(), q, p.issue}, tokens));
        }
    }
}

// The exact weight of one key in a small box over its bar.
void DistributionView::paintCallout(QPainter &painter, int key, QSizeF size) const
{
    const auto pos = m_order.indexOf(key);
    if (pos < 0)
        return;
    const QPalette pal = palette();
    const QString token = tokenLabel(result().tokens[key]);
    const QString text
        = m_maskedKeys[key] ? tr("%1: masked").arg(token) : tr("%1: %2").arg(token, formatNumber(m_values[key], 4));
    QFont f = font();
    f.setBold(true);
    const QFontMetricsF fm(f);
    const qreal w = fm.horizontalAdvance(text) + 10, h = fm.height() + 4;
    const qreal value = m_maskedKeys[key] ? m_axisY->max() : std::max(0.0, m_values[key]);
    const QPointF anchor = m_chart->mapToPosition(QPointF(static_cast<qreal>(pos), value), m_series);
    QRectF box(anchor.x() - w / 2, anchor.y() - h - 4, w, h);
    const QRectF plot = m_chart->plotArea();
    box.moveLeft(std::clamp(box.left(), 2.0, std::max(2.0, size.width() - w - 2)));
    box.moveTop(std::clamp(box.top(), plot.top(), std::max(plot.top(), plot.bottom() - h)));
    QColor fill = pal.color(QPalette::Base);
    fill.setAlphaF(0.92f);
    painter.setPen(QPen(key == m_highlightedKey ? highlightColor : pal.color(QPalette::Mid), 1.5));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 3, 3);
    painter.setFont(f);
    painter.setPen(pal.color(QPalette::Text));
    painter.drawText(box, Qt::AlignCenter, text);
}

void DistributionView::paintEvent(QPaintEvent * /*event*/)
{
    QPainter painter(this);
    paint(painter, rect());
}

void DistributionView::mouseMoveEvent(QMouseEvent *event)
{
    const int key = barAt(event->position());
    if (key != m_hoveredKey) {
        m_hoveredKey = key;
        update();
        Q_EMIT keyHovered(key);
    }
}

void DistributionView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int key = barAt(event->position());
    if (key < 0)
        return;
    setHighlightedKey(key == m_highlightedKey ? -1 : key);
    Q_EMIT keyClicked(key);
}

void DistributionView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const int key = barAt(event->position());
    if (key >= 0 && m_session)
        m_session->setSelectedToken(key);
    else if (key >= 0)
        setQuery(key);
}

void DistributionView::keyPressEvent(QKeyEvent *event)
{
    // Left/Right walk the query through the sentence, as in every view.
    const int n = static_cast<int>(result().tokens.size());
    const int delta = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (delta == 0 || n == 0)
        return QWidget::keyPressEvent(event);
    const int next = std::clamp(query() + delta, 0, n - 1);
    if (m_session)
        m_session->setSelectedToken(next);
    else
        setQuery(next);
}

void DistributionView::leaveEvent(QEvent *event)
{
    if (m_hoveredKey >= 0) {
        m_hoveredKey = -1;
        update();
        Q_EMIT keyHovered(-1);
    }
    QWidget::leaveEvent(event);
}

bool DistributionView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString text = describeBar(barAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void DistributionView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_styleDirty = true;
        dataChanged();
    }
    QWidget::changeEvent(event);
}

} // namespace qkv
