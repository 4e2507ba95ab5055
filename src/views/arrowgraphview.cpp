#include "views/arrowgraphview.h"

#include "views/accessiblegrid.h"
#include "views/accessibleviews.h"

#include <QEvent>
#include <QPainter>

#include <utility>

namespace qkv {

ArrowGraphView::ArrowGraphView(QWidget *parent)
    : QWidget(parent)
{
    installViewAccessibility();
    setMinimumSize(200, 160);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    // A value edit moves outputs only: the attention drawn here stays.
    connect(&m_binding, &SessionBinding::attentionChanged, this, &ArrowGraphView::dataChanged);
    connect(&m_binding, &SessionBinding::headChanged, this, &ArrowGraphView::dataChanged);
    connect(&m_binding, &SessionBinding::selectionChanged, this, &ArrowGraphView::followSelection);
    connect(&m_binding, &SessionBinding::annotationsChanged, this, qOverload<>(&QWidget::update));
}

ArrowGraphView::~ArrowGraphView() = default;

void ArrowGraphView::setSession(DocumentSession *session)
{
    m_binding.setSession(session);
}

void ArrowGraphView::setResult(Result result)
{
    m_binding.setResult(std::move(result));
}

void ArrowGraphView::dataChanged()
{
    // Against the document's baseline snapshot, when one is chosen: the edges are the changes.
    const Result *baseline = m_binding.baseline();
    const QString name = m_binding.baselineName();
    if (baseline != m_figure.baseline() || name != m_figure.baselineName())
        m_figure.setBaseline(baseline, name);
    if (const ChangedRows *rows = m_binding.changedRows())
        m_figure.updateRows(&result(), m_binding.head(), *rows);
    else
        m_figure.setData(&result(), m_binding.head());
    // Another length is another document: every token in view again (after the figure has the
    // new data: the zoom is clamped by it).
    if (const int n = static_cast<int>(result().tokens.size()); n != m_tokens) {
        m_tokens = n;
        m_figure.setZoom(1);
    }
    if (const int pending = std::exchange(m_pendingReveal, -1); pending >= 0)
        reveal(pending);
    update();
    notifyViewChanged(this);
}

void ArrowGraphView::setCurrentHead(int head)
{
    m_binding.setHead(head);
}

void ArrowGraphView::setLockedToken(int token)
{
    m_binding.setSelection(token, m_figure.lockedSide() == Side::Key);
}

// A selected query shows what it attends to; a selected key, who attends to it.
void ArrowGraphView::followSelection(int token, bool asKey)
{
    token = token >= 0 && token < ArrowGraphFigure::sideTokens(result(), asKey ? Side::Key : Side::Query).size() ? token
                                                                                                                 : -1;
    const int before = lockedToken();
    m_figure.setLocked(token, asKey ? Side::Key : Side::Query);
    reveal(token);
    update();
    if (token != before) {
        notifyViewChanged(this); // the list is now of this word's arrows
        notifyCellSelected(this, 0, 0);
        Q_EMIT lockedTokenChanged(token);
    }
}

void ArrowGraphView::reveal(int token)
{
    // A selection announced before the data it is of: revealed once the figure has that data.
    if (!m_figure.shows(&result()))
        m_pendingReveal = token;
    else
        m_figure.reveal(rect(), figureStyle(), token);
}

void ArrowGraphView::setGraphLayout(Layout layout)
{
    m_figure.setGraphLayout(layout);
    update();
}

void ArrowGraphView::setHeadMode(HeadMode mode)
{
    m_figure.setHeadMode(mode);
    update();
    notifyViewChanged(this);
}

void ArrowGraphView::setFilter(const EdgeFilter &filter)
{
    m_figure.setFilter(filter);
    update();
    notifyViewChanged(this);
}

void ArrowGraphView::setFigureMode(bool figure)
{
    m_figureMode = figure;
    update();
}

void ArrowGraphView::setHoveredToken(int token, Side side)
{
    token = token >= 0 && token < ArrowGraphFigure::sideTokens(result(), side).size() ? token : -1;
    const int before = hoveredToken();
    m_figure.setHovered(token, side);
    update();
    if (token != before) {
        notifyViewChanged(this);
        Q_EMIT tokenHovered(token);
    }
}

FigureStyle ArrowGraphView::figureStyle() const
{
    return {palette(), font(), m_figureMode, locale()};
}

void ArrowGraphView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

void ArrowGraphView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    m_figure.setAnnotations(m_binding.annotations(QStringLiteral("arrows")));
    m_figure.paint(painter, rect(), figureStyle());
}

void ArrowGraphView::changeEvent(QEvent *event)
{
    // The figure measures labels again in a new font and recolours its edges for a new palette.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

} // namespace qkv
