#include "views/predictionview.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

constexpr int listMargin = 8;

QString probabilityPercent(double p)
{
    return QStringLiteral("%1 %").arg(QLocale().toString(100 * p, 'f', p < 0.001 && p > 0 ? 3 : 1));
}

QString change(double after, double before)
{
    const double points = 100 * (after - before);
    return QStringLiteral("%1%2")
        .arg(points >= 0 ? QStringLiteral("+") : QString(QChar(0x2212)))
        .arg(QLocale().toString(std::abs(points), 'f', 1));
}

} // namespace

PredictionView::PredictionView(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
}

void PredictionView::setPredictions(std::vector<PredictionGroup> groups)
{
    m_groups = std::move(groups);
    m_message.clear();
    QStringList spoken;
    for (const PredictionGroup &g : m_groups) {
        spoken << g.title;
        for (std::size_t i = 0; i < std::min<std::size_t>(3, g.bars.size()); ++i)
            spoken << describe(g.bars[i]);
    }
    setAccessibleDescription(spoken.join(QStringLiteral("; ")));
    hintChanged();
    update();
}

void PredictionView::setMessage(const QString &message)
{
    m_message = message;
    if (!message.isEmpty())
        m_groups.clear();
    setAccessibleDescription(message);
    hintChanged();
    update();
}

void PredictionView::setStale(bool stale)
{
    if (stale == m_stale)
        return;
    m_stale = stale;
    update();
}

QString PredictionView::describe(const PredictedBar &bar)
{
    QString text = !bar.before ? tr("%1: %2").arg(bar.token, probabilityPercent(bar.probability))
                               : tr("%1: %2, was %3 (%4 points)")
                                     .arg(bar.token, probabilityPercent(bar.probability),
                                         probabilityPercent(*bar.before), change(bar.probability, *bar.before));
    if (bar.rank > 0)
        text += u", "_qs + tr("ranked %1 in the vocabulary").arg(QLocale().toString(bar.rank));
    if (bar.written)
        text += u", "_qs + tr("the token the text goes on with");
    return text;
}

PredictionView::Layout PredictionView::layout() const
{
    const QFontMetrics fm = fontMetrics();
    Layout l {};
    l.rowHeight = fm.height() + fm.height() / 2;
    l.titleHeight = fm.height() * 2;
    int widest = fm.horizontalAdvance(QStringLiteral("0000"));
    for (const PredictionGroup &g : m_groups)
        for (const PredictedBar &b : g.bars)
            widest = std::max(widest, fm.horizontalAdvance(b.token));
    l.tokenWidth
        = std::min(widest + 2, fm.averageCharWidth() * 16); // + 2: elidedText rounds up, horizontalAdvance down
    l.barLeft = listMargin + l.tokenWidth + listMargin;
    const int numbers = fm.horizontalAdvance(QStringLiteral("100.0 %  ") + QChar(0x2212) + QStringLiteral("100.0"));
    l.barWidth = std::max(fm.averageCharWidth() * 6, width() - l.barLeft - numbers - 2 * listMargin);
    return l;
}

int PredictionView::rowTop(const Layout &l, int group, int bar) const
{
    int y = listMargin;
    for (int g = 0; g < group; ++g)
        y += l.titleHeight + int(m_groups[std::size_t(g)].bars.size()) * l.rowHeight + listMargin;
    return y + l.titleHeight + bar * l.rowHeight;
}

QRect PredictionView::legendRect(const Layout &l) const
{
    if (m_legend.isEmpty() || m_groups.empty())
        return {};
    const int top = rowTop(l, int(m_groups.size()) - 1, int(m_groups.back().bars.size()));
    const int width = std::max(1, this->width() - 2 * listMargin);
    const QRect bounds
        = fontMetrics().boundingRect(QRect(0, 0, width, 10000), Qt::AlignLeft | Qt::TextWordWrap, m_legend);
    return {listMargin, top + listMargin, width, bounds.height()};
}

void PredictionView::setLegend(const QString &legend)
{
    if (legend == m_legend)
        return;
    m_legend = legend;
    hintChanged();
    update();
}

QRect PredictionView::barRect(int group, int bar) const
{
    return barRect(layout(), group, bar);
}

QRect PredictionView::barRect(const Layout &l, int group, int bar) const
{
    if (group < 0 || group >= int(m_groups.size()) || bar < 0 || bar >= int(m_groups[std::size_t(group)].bars.size()))
        return {};
    const double p = std::clamp(m_groups[std::size_t(group)].bars[std::size_t(bar)].probability, 0.0, 1.0);
    const int top = rowTop(l, group, bar);
    return {l.barLeft, top + l.rowHeight / 6, std::max(1, int(std::lround(p * l.barWidth))), l.rowHeight * 2 / 3};
}

void PredictionView::hintChanged()
{
    // Only a new size is news to the dock's layout: a new prediction of as many rows (every
    // keystroke's) would otherwise lay out the whole window again.
    const std::pair<QSize, QSize> hints {sizeHint(), minimumSizeHint()};
    if (hints == m_hints)
        return;
    m_hints = hints;
    updateGeometry();
}

QSize PredictionView::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    int rows = 0;
    for (const PredictionGroup &g : m_groups)
        rows += int(g.bars.size());
    const Layout l = layout();
    const int h = m_groups.empty() ? fm.height() * 4
                                   : 2 * listMargin + int(m_groups.size()) * (l.titleHeight + listMargin)
            + rows * l.rowHeight + (m_legend.isEmpty() ? 0 : listMargin + legendRect(l).height());
    return {fm.averageCharWidth() * 44, h};
}

QSize PredictionView::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    return {fm.averageCharWidth() * 28, fm.height() * 4};
}

void PredictionView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    QColor text = pal.color(QPalette::Text);
    if (m_stale)
        text.setAlphaF(0.5f);
    if (!m_message.isEmpty() || m_groups.empty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(rect().adjusted(listMargin, listMargin, -listMargin, -listMargin),
            Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    const Layout l = layout();
    const QFontMetrics fm = fontMetrics();
    QFont bold = font();
    bold.setBold(true);
    QColor bar = pal.color(QPalette::Highlight);
    bar.setAlphaF(m_stale ? 0.35f : 0.8f);
    QColor track = pal.color(QPalette::Text);
    track.setAlphaF(0.08f);
    const bool dark = pal.color(QPalette::Base).lightness() < 128;
    const QColor up = dark ? QColor(0x6c, 0xd0, 0x7a) : QColor(0x1a, 0x7f, 0x37);
    const QColor down = dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x2a, 0x2a);
    for (int g = 0; g < int(m_groups.size()); ++g) {
        const PredictionGroup &group = m_groups[std::size_t(g)];
        const int titleTop = rowTop(l, g, 0) - l.titleHeight;
        p.setFont(bold);
        p.setPen(text);
        p.drawText(QRect(listMargin, titleTop, width() - 2 * listMargin, l.titleHeight),
            Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(bold).elidedText(group.title, Qt::ElideRight, width() - 2 * listMargin));
        p.setFont(font());
        for (int b = 0; b < int(group.bars.size()); ++b) {
            const PredictedBar &entry = group.bars[std::size_t(b)];
            const int top = rowTop(l, g, b);
            p.setPen(text);
            p.setFont(entry.written ? bold : font());
            p.drawText(QRect(listMargin, top, l.tokenWidth, l.rowHeight), Qt::AlignRight | Qt::AlignVCenter,
                QFontMetrics(p.font()).elidedText(entry.token, Qt::ElideMiddle, l.tokenWidth));
            p.setFont(font());
            const QRect r = barRect(l, g, b);
            const QRect whole(l.barLeft, r.top(), l.barWidth, r.height());
            p.fillRect(whole, track);
            p.fillRect(r, bar);
            if (entry.written) { // the text's own next token: framed (its word is bold)
                p.setPen(QPen(text, 1.5));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(whole).adjusted(-1.5, -1.5, 1.5, 1.5));
            }
            QString numbers = probabilityPercent(entry.probability);
            if (entry.rank > 0)
                numbers += QStringLiteral("  #") + QLocale().toString(entry.rank);
            if (entry.before) {
                // The model's own probability: a marker across the bar, and the change in points.
                const int x = l.barLeft + int(std::lround(std::clamp(*entry.before, 0.0, 1.0) * l.barWidth));
                p.setPen(QPen(text, 2));
                p.drawLine(x, r.top() - 2, x, r.bottom() + 2);
            }
            const QRect numberRect(l.barLeft + l.barWidth + listMargin, top,
                width() - l.barLeft - l.barWidth - 2 * listMargin, l.rowHeight);
            p.setPen(text);
            p.drawText(numberRect, Qt::AlignLeft | Qt::AlignVCenter, numbers);
            if (entry.before && std::abs(entry.probability - *entry.before) >= 0.0005) {
                p.setPen(entry.probability > *entry.before ? up : down);
                p.drawText(numberRect.adjusted(fm.horizontalAdvance(numbers + QStringLiteral("  ")), 0, 0, 0),
                    Qt::AlignLeft | Qt::AlignVCenter, change(entry.probability, *entry.before));
            }
        }
    }
    if (const QRect legend = legendRect(l); !legend.isEmpty()) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(legend, Qt::AlignLeft | Qt::TextWordWrap, m_legend);
    }
}

bool PredictionView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const QPoint pos = static_cast<QHelpEvent *>(event)->pos();
        const Layout l = layout();
        for (int g = 0; g < int(m_groups.size()); ++g)
            for (int b = 0; b < int(m_groups[std::size_t(g)].bars.size()); ++b)
                if (const int top = rowTop(l, g, b); pos.y() >= top && pos.y() < top + l.rowHeight) {
                    QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(),
                        describe(m_groups[std::size_t(g)].bars[std::size_t(b)]), this);
                    return true;
                }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

} // namespace qkv
