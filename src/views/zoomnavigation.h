#pragma once

#include <QPointF>

#include <functional>
#include <optional>

class QEvent;
class QKeyEvent;
class QMenu;
class QMouseEvent;
class QWheelEvent;
class QWidget;

namespace qkv {

// Zoom and pan of a view over a long document, the same in every view that has them: Ctrl+wheel
// and a pinch zoom at the pointer (half a step of √2 a wheel notch), + and − in the view's
// middle; the wheel, a touchpad and the middle button pan while zoomed in (a scroll area around
// the view gets the wheel otherwise); 0 and the context menu show everything again. Plain keys:
// with Ctrl they scale the whole window's text (View → Zoom). The view says what zooming and
// panning move.
class ZoomNavigation
{
public:
    struct Target {
        std::function<double()> zoom;
        std::function<double()> maxZoom;
        // Zoom to `factor` keeping what is under `pos` under it.
        std::function<void(QPointF pos, double factor)> zoomAround;
        // Move the content by `pixels` (it follows a dragging hand).
        std::function<void(QPointF pixels)> panBy;
        // Where keys and menu zoom around: the middle of what is zoomed.
        std::function<QPointF()> centre;
    };
    ZoomNavigation(QWidget *view, Target target);

    // Each returns true when the event was the navigation's (the view then does nothing more).
    bool wheel(QWheelEvent *event);
    bool gesture(QEvent *event);
    bool press(QMouseEvent *event);
    bool move(QMouseEvent *event);
    bool release(QMouseEvent *event);
    bool key(QKeyEvent *event);
    // Zoom In, Zoom Out and Show Everything (named `everything`) at the top of a context menu.
    void addActions(QMenu &menu, const QString &everything);

    void zoomBy(double steps, std::optional<QPointF> pos = std::nullopt);
    void reset();
    bool zoomed() const { return m_target.zoom() > 1; }

private:
    QWidget *m_view;
    Target m_target;
    bool m_panning = false;
    QPointF m_from;
};

} // namespace qkv
