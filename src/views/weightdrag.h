#pragma once

#include <QPointF>

#include <functional>
#include <optional>

class QMouseEvent;
class QWidget;

namespace qkv {

// A weight dragged up or down to a value to seek (a heatmap cell, a distribution bar): a press on
// it, then a vertical move past the drag distance, shows the value sought beside the pointer;
// the release asks for it (goal-seek), a press alone stays a click.
class WeightDrag
{
public:
    // The value at a point of the view (a bar's axis, or the cell's weight moved by the distance).
    using ValueAt = std::function<double(QPointF)>;

    void press(QPointF pos, int query, int key, ValueAt valueAt);
    // While the left button is held: true once the drag has started (the value is on show).
    bool move(QWidget *view, const QMouseEvent *event);
    struct Sought {
        int query, key;
        double target;
    };
    // The value sought when a drag ends here; nullopt after a click, or with no press.
    std::optional<Sought> release(QWidget *view, const QMouseEvent *event);
    bool dragging() const { return m_dragging; }

private:
    QPointF m_start;
    int m_query = -1, m_key = -1;
    ValueAt m_valueAt;
    bool m_dragging = false;
};

} // namespace qkv
