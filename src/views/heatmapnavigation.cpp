// The heatmap's zoom and pan over a long document (views/zoomnavigation.h) and its overview in
// the corner, which moves the part in view (beside heatmapinput.cpp).
#include "views/heatmapview.h"

#include <QMenu>
#include <QMouseEvent>

namespace qkv {

ZoomNavigation::Target HeatmapView::zoomTarget()
{
    return {[this] { return m_figure.zoom(); }, [this] { return m_figure.maxZoom(); },
        [this](QPointF pos, double factor) { m_figure.zoomAround(rect(), figureStyle(), pos, factor); },
        [this](QPointF pixels) { m_figure.panBy(rect(), figureStyle(), pixels); },
        [this] { return frameRect().center(); }};
}

void HeatmapView::setZoom(double factor, QPointF origin)
{
    m_figure.setZoom(factor, origin);
    update();
}

void HeatmapView::zoomBy(double steps, std::optional<QPointF> pos)
{
    m_navigation.zoomBy(steps, pos);
}

void HeatmapView::reveal(int row, int col)
{
    if (!m_figure.zoomed())
        return;
    // A selection announced before the data it is of: revealed once the figure has that data.
    if (!m_figure.shows(&result())) {
        m_pendingReveal = QPoint(col, row);
        return;
    }
    m_figure.reveal(rect(), figureStyle(), row, col);
    update();
}

void HeatmapView::wheelEvent(QWheelEvent *event)
{
    m_navigation.wheel(event);
}

bool HeatmapView::navigationPress(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (event->button() == Qt::LeftButton && overviewRect().contains(pos)) {
        m_overviewDrag = true;
        setZoom(zoom(), m_figure.originFromOverview(rect(), figureStyle(), pos));
        return true;
    }
    return m_navigation.press(event);
}

bool HeatmapView::navigationMove(QMouseEvent *event)
{
    if (!m_overviewDrag)
        return m_navigation.move(event);
    setZoom(zoom(), m_figure.originFromOverview(rect(), figureStyle(), event->position()));
    return true;
}

bool HeatmapView::navigationRelease(QMouseEvent *event)
{
    if (!m_overviewDrag)
        return m_navigation.release(event);
    m_overviewDrag = false;
    return true;
}

void HeatmapView::addZoomActions(QMenu &menu)
{
    m_navigation.addActions(menu, tr("Show the &Whole Matrix"));
}

} // namespace qkv
