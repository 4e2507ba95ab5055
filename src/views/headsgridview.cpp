#include "views/headsgridview.h"

#include "views/accessiblegrid.h"
#include "views/accessibleviews.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace qkv {

HeadsGridView::HeadsGridView(QWidget *parent)
    : QWidget(parent)
{
    installViewAccessibility();
    setFocusPolicy(Qt::StrongFocus);
    // A value edit moves outputs only: the attention drawn here stays.
    connect(&m_binding, &SessionBinding::attentionChanged, this, &HeadsGridView::dataChanged);
    connect(&m_binding, &SessionBinding::headChanged, this, &HeadsGridView::currentChanged);
    connect(&m_binding, &SessionBinding::selectionChanged, this, &HeadsGridView::currentChanged);
    connect(&m_binding, &SessionBinding::annotationsChanged, this, qOverload<>(&QWidget::update));
}

HeadsGridView::~HeadsGridView() = default;

void HeadsGridView::setSession(DocumentSession *session)
{
    m_binding.setSession(session);
}

DocumentSession *HeadsGridView::session() const
{
    return m_binding.session();
}

void HeadsGridView::setResult(Result result)
{
    m_binding.setResult(std::move(result));
}

void HeadsGridView::setCurrentHead(int head)
{
    m_binding.setHead(head);
}

void HeadsGridView::setSelectedToken(int token)
{
    m_binding.setSelection(token);
}

void HeadsGridView::setColormap(Colormap map)
{
    m_figure.setColormap(map);
    update();
}

void HeadsGridView::setShowScores(bool scores)
{
    m_figure.setShowScores(scores);
    update();
}

void HeadsGridView::setScaleSkipsFirst(bool skip)
{
    m_figure.setScaleSkipsFirst(skip);
    update();
}

void HeadsGridView::setUnitScale(bool unit)
{
    m_figure.setUnitScale(unit);
    update();
}

void HeadsGridView::setFigureMode(bool figure)
{
    m_figureMode = figure;
    update();
}

void HeadsGridView::dataChanged()
{
    m_figure.setData(&result());
    currentChanged();
    notifyViewChanged(this);
}

void HeadsGridView::currentChanged()
{
    m_figure.setCurrent(currentHead(), selectedToken());
    update();
    notifyCellSelected(this, currentHead(), 0);
}

FigureStyle HeadsGridView::figureStyle() const
{
    return {palette(), font(), m_figureMode, locale()};
}

void HeadsGridView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

QRectF HeadsGridView::tileRect(const QRectF &rect, int head) const
{
    return m_figure.tileRect(rect, figureStyle(), head);
}

int HeadsGridView::headAt(const QPointF &pos) const
{
    return m_figure.headAt(rect(), figureStyle(), pos);
}

void HeadsGridView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    m_figure.setAnnotations(m_binding.annotations(QStringLiteral("heads")));
    m_figure.paint(painter, rect(), figureStyle());
}

void HeadsGridView::mousePressEvent(QMouseEvent *event)
{
    const int head = headAt(event->position());
    if (head < 0 || event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    setCurrentHead(head);
    Q_EMIT headClicked(head);
}

void HeadsGridView::keyPressEvent(QKeyEvent *event)
{
    const int heads = static_cast<int>(result().heads.size());
    const int n = m_figure.tokenCount();
    const int head = currentHead(), token = selectedToken();
    switch (event->key()) {
    case Qt::Key_Left:
        setCurrentHead(std::max(0, head - 1));
        break;
    case Qt::Key_Right:
        setCurrentHead(std::min(heads - 1, head + 1));
        break;
    case Qt::Key_Up:
        if (n > 0)
            setSelectedToken(token < 0 ? n - 1 : std::max(0, token - 1));
        break;
    case Qt::Key_Down:
        if (n > 0)
            setSelectedToken(token < 0 ? 0 : std::min(n - 1, token + 1));
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
}

bool HeadsGridView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int head = headAt(help->pos());
        if (head >= 0)
            QToolTip::showText(help->globalPos(), tr("Head %1: click to show it in the heatmap").arg(head + 1), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void HeadsGridView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        update();
    QWidget::changeEvent(event);
}

AnnotationSpot HeadsGridView::annotationSpotAt(const QPointF &pos) const
{
    const int head = headAt(pos);
    const int n = m_figure.tokenCount(), m = m_figure.keyCount();
    const QRectF square = head >= 0 ? tileRect(rect(), head) : QRectF();
    if (n == 0 || !square.contains(pos))
        return {QStringLiteral("heads"), -1, -1};
    const auto index = [](qreal offset, qreal side, int count) {
        return std::clamp(static_cast<int>(std::floor(offset * count / side)), 0, count - 1);
    };
    return {QStringLiteral("heads"), index(pos.y() - square.top(), square.height(), n),
        index(pos.x() - square.left(), square.width(), m)};
}

void HeadsGridView::contextMenuEvent(QContextMenuEvent *event)
{
    execAnnotationMenu(this, m_binding.session(), annotationSpotAt(event->pos()), event->globalPos());
}

} // namespace qkv
