#pragma once

#include "figures/distributionfigure.h"
#include "session/sessionbinding.h"
#include "views/annotationactions.h"
#include "views/weightdrag.h"

#include <QWidget>

namespace qkv {

class DocumentSession;

// The bar chart in the window: a DistributionFigure (which draws it) of the selected query (token
// 0 while nothing is selected) in the current head, of a session or of data of its own. Hovering
// a bar, or clicking it, shows its exact weight: a click highlights that key and leaves the query
// selected (a click on the highlighted bar clears it), so a teacher can point at one weight
// without losing the row; a double click makes that token the selected query.
class DistributionView : public QWidget
{
    Q_OBJECT

public:
    explicit DistributionView(QWidget *parent = nullptr);
    ~DistributionView() override;

    // Live: the session's current head and selected token (the query); follows its signals.
    void setSession(DocumentSession *session);
    DocumentSession *session() const;

    // Data only (benchmarks, tests), used while no session is set; the head and query then
    // are the view's own.
    void setResult(Result result, int head = 0);
    const Result &result() const { return m_figure.result(); }
    void setHead(int head);
    int head() const { return m_figure.head(); }
    // The query whose row is shown (-1: the first token); the session's selection when set.
    void setQuery(int token);
    int query() const { return m_figure.query(); }
    // Whether it shows a key's column (who attends to the selected key), a bar per query.
    bool showsColumn() const { return m_figure.isColumn(); }

    // View options.
    void setSorted(bool sorted);
    bool isSorted() const { return m_figure.isSorted(); }
    // The key whose exact weight is shown (-1: none).
    void setHighlightedKey(int key);
    int highlightedKey() const { return m_figure.highlightedKey(); }

    // Draws the whole chart into `rect` of any painter (screen, image, SVG, PDF).
    void paint(QPainter &painter, const QRectF &rect) const;
    const DistributionFigure &figure() const { return m_figure; }

    // What paint() shows: the keys from left to right and their weights (0 where masked).
    QList<int> barOrder() const { return m_figure.barOrder(); }
    QList<double> barValues() const { return m_figure.barValues(); }
    // Geometry of paint() for `rect`: a key's bar (for a masked key its hatched column), and the
    // key under a point of the widget (-1 outside the bars' columns).
    QRectF barRect(const QRectF &rect, int key) const;
    int barAt(const QPointF &pos) const;
    // "it → animal: weight 0.2712 (raw score 1.22)": what a hover reports.
    QString describeBar(int key) const { return m_figure.describeBar(key); }

    QSize sizeHint() const override { return {480, 320}; }
    QSize minimumSizeHint() const override { return {200, 140}; }

    // What a right-click at `pos` annotates (views/annotationactions.h).
    AnnotationSpot annotationSpotAt(const QPointF &pos) const;

Q_SIGNALS:
    void keyHovered(int key); // -1 when the mouse leaves the bars
    void keyClicked(int key);
    void highlightedKeyChanged(int key);
    // Goal-seek asked for the shown query's weight on `key`: its bar dragged to `target` on the
    // value axis, or (target NaN) its context menu's Goal Seek This Weight….
    void seekRequested(int query, int key, double target);

protected:
    void paintEvent(QPaintEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void sync();
    void setHovered(int key);
    // The figure drawn as this widget: its palette and font.
    FigureStyle figureStyle() const;

    SessionBinding m_binding;
    int m_hoveredKey = -1;
    DistributionFigure m_figure;
    WeightDrag m_drag;
};

} // namespace qkv
