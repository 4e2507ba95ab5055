#include "views/distributionview.h"

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

DistributionView::DistributionView(QWidget *parent)
    : QWidget(parent)
{
    installViewAccessibility();
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    connect(&m_binding, &SessionBinding::resultChanged, this, &DistributionView::sync);
    connect(&m_binding, &SessionBinding::headChanged, this, &DistributionView::sync);
    connect(&m_binding, &SessionBinding::selectionChanged, this, &DistributionView::sync);
    connect(&m_binding, &SessionBinding::annotationsChanged, this, &DistributionView::sync);
    sync();
}

DistributionView::~DistributionView() = default;

void DistributionView::setSession(DocumentSession *session)
{
    m_binding.setSession(session);
}

DocumentSession *DistributionView::session() const
{
    return m_binding.session();
}

void DistributionView::sync()
{
    m_figure.setData(&m_binding.result(), m_binding.head());
    m_figure.setBaseline(m_binding.baseline(), m_binding.baselineName());
    // A key selected (a heatmap column heading clicked): who attends to it.
    m_figure.setQuery(m_binding.selectedToken(), m_binding.isKeySelected());
    m_figure.setAnnotations(m_binding.annotations(QStringLiteral("bars")));
    update();
    notifyViewChanged(this);
}

void DistributionView::setResult(Result result, int head)
{
    m_binding.setResult(std::move(result));
    m_binding.setHead(head);
}

void DistributionView::setHead(int head)
{
    m_binding.setHead(head);
}

void DistributionView::setQuery(int token)
{
    m_binding.setSelection(token);
}

void DistributionView::setSorted(bool sorted)
{
    m_figure.setSorted(sorted);
    update();
}

void DistributionView::setHighlightedKey(int key)
{
    if (key == m_figure.highlightedKey())
        return;
    m_figure.setHighlightedKey(key);
    update();
    notifyCellSelected(this, int(m_figure.barOrder().indexOf(key)), 0);
    Q_EMIT highlightedKeyChanged(key);
}

FigureStyle DistributionView::figureStyle() const
{
    return {palette(), font(), false, locale()};
}

void DistributionView::paint(QPainter &painter, const QRectF &rect) const
{
    m_figure.paint(painter, rect, figureStyle());
}

QRectF DistributionView::barRect(const QRectF &rect, int key) const
{
    return m_figure.barRect(rect, figureStyle(), key);
}

int DistributionView::barAt(const QPointF &pos) const
{
    return m_figure.barAt(rect(), figureStyle(), pos);
}

void DistributionView::paintEvent(QPaintEvent * /*event*/)
{
    QPainter painter(this);
    paint(painter, rect());
}

void DistributionView::setHovered(int key)
{
    if (key == m_hoveredKey)
        return;
    m_hoveredKey = key;
    m_figure.setHoveredKey(key);
    update();
    Q_EMIT keyHovered(key);
}

void DistributionView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_drag.move(this, event))
        setHovered(barAt(event->position()));
}

void DistributionView::mouseReleaseEvent(QMouseEvent *event)
{
    if (const auto sought = m_drag.release(this, event))
        Q_EMIT seekRequested(sought->query, sought->key, sought->target);
    QWidget::mouseReleaseEvent(event);
}

void DistributionView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const int key = barAt(event->position());
    if (key < 0)
        return;
    setHighlightedKey(key == highlightedKey() ? -1 : key);
    // The bar's cell: in a key's column the bars are the queries.
    const int selected = std::max(query(), 0);
    if (session())
        m_drag.press(event->position(), m_figure.isColumn() ? key : selected, m_figure.isColumn() ? selected : key,
            [this](QPointF p) { return m_figure.valueAt(rect(), figureStyle(), p.y()); });
    Q_EMIT keyClicked(key);
}

void DistributionView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const int key = barAt(event->position());
    if (key >= 0)
        setQuery(key);
}

void DistributionView::keyPressEvent(QKeyEvent *event)
{
    // Left/Right walk the query through the sentence, as in every view.
    const int n = static_cast<int>(result().tokens.size());
    const int delta = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
    if (delta == 0 || n == 0)
        return QWidget::keyPressEvent(event);
    setQuery(std::clamp(query() + delta, 0, n - 1));
}

void DistributionView::leaveEvent(QEvent *event)
{
    setHovered(-1);
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
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

AnnotationSpot DistributionView::annotationSpotAt(const QPointF &pos) const
{
    return {QStringLiteral("bars"), barAt(pos), -1};
}

void DistributionView::contextMenuEvent(QContextMenuEvent *event)
{
    std::function<void()> seek;
    if (const int key = barAt(event->pos()); key >= 0)
        seek = [this, key] { Q_EMIT seekRequested(std::max(query(), 0), key, std::nan("")); };
    execAnnotationMenu(this, m_binding.session(), annotationSpotAt(event->pos()), event->globalPos(), seek);
}

} // namespace qkv
