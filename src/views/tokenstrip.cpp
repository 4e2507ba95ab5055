#include "views/tokenstrip.h"

#include "figures/tokenlabel.h"
#include "views/accessiblegrid.h"
#include "views/accessibleviews.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace qkv {
namespace {
constexpr int gap = 6;
constexpr int padding = 8;
} // namespace

TokenStrip::TokenStrip(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    installViewAccessibility();
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, viewport(), qOverload<>(&QWidget::update));
}

QSize TokenStrip::sizeHint() const
{
    return {200, fontMetrics().height() + 14 + horizontalScrollBar()->sizeHint().height() + 2 * frameWidth()};
}

void TokenStrip::setTokens(const QStringList &tokens)
{
    // The window passes the tokens after every edit: laying out thousands of chips again only
    // when they changed keeps a scrubbed value from measuring every token's text.
    if (tokens == m_source && !m_tokens.isEmpty())
        return;
    m_source = tokens;
    m_tokens.clear();
    m_tokens.reserve(tokens.size());
    for (const QString &token : tokens)
        m_tokens << tokenLabel(token);
    if (m_selected >= m_tokens.size())
        m_selected = -1;
    layoutChips();
    viewport()->update();
    notifyViewChanged(this);
}

void TokenStrip::setSelectedToken(int token)
{
    token = (token >= 0 && token < m_tokens.size()) ? token : -1;
    if (token == m_selected)
        return;
    m_selected = token;
    if (token >= 0) { // keep the selected chip in view
        const int left = m_left[static_cast<std::size_t>(token)];
        const int right = left + m_width[static_cast<std::size_t>(token)];
        QScrollBar *bar = horizontalScrollBar();
        if (left < bar->value())
            bar->setValue(left - gap);
        else if (right > bar->value() + viewport()->width())
            bar->setValue(right - viewport()->width() + gap);
    }
    viewport()->update();
    notifyCellSelected(this, token, 0);
}

void TokenStrip::layoutChips()
{
    const QFontMetrics fm(font());
    m_left.resize(static_cast<std::size_t>(m_tokens.size()));
    m_width.resize(m_left.size());
    int x = gap;
    for (qsizetype i = 0; i < m_tokens.size(); ++i) {
        m_left[static_cast<std::size_t>(i)] = x;
        m_width[static_cast<std::size_t>(i)] = fm.horizontalAdvance(m_tokens[i]) + 2 * padding;
        x += m_width[static_cast<std::size_t>(i)] + gap;
    }
    horizontalScrollBar()->setRange(0, std::max(0, x - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
}

void TokenStrip::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    layoutChips();
}

QRect TokenStrip::chipRect(int token) const
{
    if (token < 0 || token >= m_tokens.size())
        return {};
    const int h = fontMetrics().height() + 8;
    return {m_left[static_cast<std::size_t>(token)] - horizontalScrollBar()->value(), (viewport()->height() - h) / 2,
        m_width[static_cast<std::size_t>(token)], h};
}

int TokenStrip::tokenAt(const QPoint &pos) const
{
    const int x = pos.x() + horizontalScrollBar()->value();
    // Chips are sorted by position: binary search keeps 4,096 tokens instant.
    const auto it = std::upper_bound(m_left.begin(), m_left.end(), x);
    if (it == m_left.begin())
        return -1;
    const int i = static_cast<int>(it - m_left.begin()) - 1;
    return chipRect(i).contains(pos) ? i : -1;
}

void TokenStrip::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    const int scroll = horizontalScrollBar()->value();
    const auto first = std::upper_bound(m_left.begin(), m_left.end(), scroll);
    int i = std::max(0, static_cast<int>(first - m_left.begin()) - 1);
    if (m_tokens.isEmpty()) {
        p.setPen(palette().placeholderText().color());
        p.drawText(viewport()->rect().adjusted(gap, 0, 0, 0), Qt::AlignVCenter, tr("No tokens yet"));
        return;
    }
    for (; i < m_tokens.size() && m_left[static_cast<std::size_t>(i)] - scroll < viewport()->width(); ++i) {
        const QRectF r = QRectF(chipRect(i)).adjusted(0.5, 0.5, -0.5, -0.5);
        const bool selected = i == m_selected;
        p.setPen(selected ? palette().highlight().color() : palette().mid().color());
        p.setBrush(selected ? palette().highlight() : palette().base());
        p.drawRoundedRect(r, 6, 6);
        p.setPen(selected ? palette().highlightedText().color() : palette().text().color());
        p.drawText(r, Qt::AlignCenter, m_tokens[i]);
    }
}

void TokenStrip::mousePressEvent(QMouseEvent *event)
{
    const int token = tokenAt(event->position().toPoint());
    if (token >= 0)
        Q_EMIT tokenClicked(token);
}

void TokenStrip::contextMenuEvent(QContextMenuEvent *event)
{
    const int token = tokenAt(event->pos());
    if (token >= 0)
        Q_EMIT tokenMenuRequested(token, event->globalPos());
}

void TokenStrip::keyPressEvent(QKeyEvent *event)
{
    const int step = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (step == 0 || m_tokens.isEmpty()) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    Q_EMIT tokenClicked(std::clamp(m_selected + step, 0, static_cast<int>(m_tokens.size()) - 1));
}

} // namespace qkv
