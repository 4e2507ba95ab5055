#include "views/arrowgraphview.h"

#include <QEvent>
#include <QPainter>

namespace qkv {

ArrowGraphView::ArrowGraphView(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(200, 160);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

ArrowGraphView::~ArrowGraphView() = default;

void ArrowGraphView::setSession(DocumentSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (session) {
        // A value edit moves outputs only: the attention drawn here stays.
        connect(session, &DocumentSession::resultChanged, this, [this] {
            if (!m_session->attentionKept())
                dataChanged();
        });
        connect(session, &DocumentSession::selectedTokenChanged, this, [this](int token) {
            // A selected query shows what it attends to; a selected key, who attends to it.
            m_figure.setLocked(lockedToken(), m_session->isKeySelected() ? Side::Key : Side::Query);
            setLockedToken(token);
            update();
        });
        connect(session, &DocumentSession::currentHeadChanged, this, &ArrowGraphView::setCurrentHead);
        m_figure.setData(&session->result(), session->currentHead());
        m_figure.setLocked(session->selectedToken(), session->isKeySelected() ? Side::Key : Side::Query);
    }
    dataChanged();
}

void ArrowGraphView::setResult(Result result)
{
    m_ownResult = std::move(result);
    dataChanged();
}

const Result &ArrowGraphView::result() const
{
    return m_session ? m_session->result() : m_ownResult;
}

void ArrowGraphView::dataChanged()
{
    m_figure.setData(&result(), currentHead());
    update();
}

void ArrowGraphView::setCurrentHead(int head)
{
    if (head == currentHead())
        return;
    m_figure.setData(&result(), head);
    update();
}

void ArrowGraphView::setLockedToken(int token)
{
    token = token >= 0 && token < result().tokens.size() ? token : -1;
    update();
    if (token == lockedToken())
        return;
    m_figure.setLocked(token, m_figure.lockedSide());
    Q_EMIT lockedTokenChanged(token);
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
}

void ArrowGraphView::setFilter(const EdgeFilter &filter)
{
    m_figure.setFilter(filter);
    update();
}

void ArrowGraphView::setFigureMode(bool figure)
{
    m_figureMode = figure;
    update();
}

void ArrowGraphView::setHoveredToken(int token, Side side)
{
    token = token >= 0 && token < result().tokens.size() ? token : -1;
    const int before = hoveredToken();
    m_figure.setHovered(token, side);
    update();
    if (token != before)
        Q_EMIT tokenHovered(token);
}

FigureStyle ArrowGraphView::figureStyle() const
{
    return {palette(), font(), m_figureMode};
}

void ArrowGraphView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

void ArrowGraphView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
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
