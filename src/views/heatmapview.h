#pragma once

#include "figures/heatmapfigure.h"
#include "session/sessionbinding.h"
#include "views/annotationactions.h"
#include "views/weightdrag.h"
#include "views/zoomnavigation.h"

#include <Eigen/Core>

#include <QStringList>
#include <QWidget>

class QMenu;

#include <optional>

namespace qkv {

class DocumentSession;

// The heatmap in the window: a HeatmapFigure (which draws it) bound to a session or to data of its
// own, with hover, clicks, keys and tooltips.
class HeatmapView : public QWidget
{
    Q_OBJECT

public:
    explicit HeatmapView(QWidget *parent = nullptr);
    ~HeatmapView() override;

    // Live: shows the session's current head and selection, follows its signals. A click on a
    // cell or a row heading selects that query; a click on a column heading or a Shift-click on a
    // cell selects that key; a Ctrl-click toggles the cell's mask through the session (undoable).
    void setSession(DocumentSession *session);
    DocumentSession *session() const;

    // Data only (benchmarks, tests), used while no session is set; move large results in.
    void setResult(Result result, int head = 0);
    // The head shown: the session's current head when there is one.
    void setHead(int head);
    int head() const { return m_binding.head(); }
    const Result &result() const { return m_binding.result(); }

    // The selected query's row or key's column is outlined (one at a time; -1: none): the
    // session's selection when there is one.
    void setSelectedRow(int row);
    int selectedRow() const { return m_figure.selectedRow(); }
    void setSelectedColumn(int column);
    int selectedColumn() const { return m_figure.selectedColumn(); }

    // View options.
    void setColormap(Colormap map);
    Colormap colormap() const { return m_figure.colormap(); }
    // Raw scores S instead of weights A, always on the diverging map centred at 0.
    void setShowScores(bool scores);
    bool showsScores() const { return m_figure.showsScores(); }
    // Weights on a fixed 0 … 1 scale instead of 0 … the largest weight.
    void setUnitScale(bool unit);
    // The colour scale leaves out the first column (an attention sink would wash out the rest);
    // its cells beyond the scale take the end colour.
    void setScaleSkipsFirst(bool skip);
    bool scaleSkipsFirst() const { return m_figure.scaleSkipsFirst(); }
    bool unitScale() const { return m_figure.unitScale(); }
    void setValuesVisible(bool visible);
    // The cell a lesson points at, framed on screen (not in exports); (-1, -1) for none.
    void setMarkedCell(int row, int col);
    QPoint markedCell() const { return m_marked; } // (column, row)
    // Blank cells until a lesson's prediction is answered (HeatmapFigure::setConcealed).
    void setConcealed(bool concealed);
    bool concealed() const { return m_figure.concealed(); }
    // Drawn for an exported figure: axis titles "query" and "key", the colour bar names its
    // scale, the selected token in bold rather than a selection box.
    void setFigureMode(bool figure);
    // The colour scale of heatmaps shown side by side (the heads grid's tiles), which then draw
    // neither a colour bar nor axis titles of their own; nullopt: the view's own.
    void setSharedScale(std::optional<ColorScale> scale);
    bool valuesVisible() const { return m_figure.valuesVisible(); }
    // The colours and range in use (the colour bar's).
    ColorScale colorScale() const { return m_figure.colorScale(); }

    // Draws the whole figure into `rect` of any painter (screen, image, SVG, PDF), in the
    // view's palette and font.
    void paint(QPainter &painter, const QRectF &rect) const;
    const HeatmapFigure &figure() const { return m_figure; }

    // Geometry of paint() for `rect`: the cells' square, one cell, the cell under a point of the
    // widget ((column, row), or (-1, -1) outside), and the rectangles of the token labels drawn
    // (Qt::Vertical: row labels on the left; Qt::Horizontal: column labels on top, unrotated
    // bounds) with the tokens they name.
    QRectF gridRect(const QRectF &rect) const;
    QRectF cellRect(const QRectF &rect, int row, int col) const;
    QPoint cellAt(const QPointF &pos) const;
    // The heading under a point of the widget: (column, -1) above the grid, (-1, row) beside it,
    // (-1, -1) elsewhere.
    QPoint headingAt(const QPointF &pos) const;
    QList<QRectF> labelRects(const QRectF &rect, Qt::Orientation orientation, QList<int> *tokens = nullptr) const;
    // The cell the keyboard is on ((column, row); (-1, -1): none), outlined while the view has
    // focus: the arrow keys move it with the selection, Space masks it, Enter selects it.
    QPoint keyboardCell() const { return hasCursor() ? m_cursor : QPoint(-1, -1); }
    // Zoom and pan over a long document's matrix (HeatmapFigure::setZoom, views/zoomnavigation.h);
    // the overview in the corner moves the part in view. A new sentence of another length starts
    // from the whole matrix.
    void setZoom(double factor, QPointF origin = {});
    double zoom() const { return m_figure.zoom(); }
    QPointF zoomOrigin() const { return m_figure.zoomOrigin(); }
    // Zooms by `steps` (negative: out) of √2 around `pos` (the frame's centre when null).
    void zoomBy(double steps, std::optional<QPointF> pos = std::nullopt);
    // The part of the matrix in view, in cells (x columns, y rows).
    QRectF shownCells() const { return m_figure.shownCells(rect(), figureStyle()); }
    QRectF frameRect() const { return m_figure.frameRect(rect(), figureStyle()); }
    QRectF overviewRect() const { return m_figure.overviewRect(rect(), figureStyle()); }

    // "it → animal: weight …, raw score …": what a hover reports.
    QString describeCell(int row, int col) const;

    QSize sizeHint() const override { return {480, 480}; }
    QSize minimumSizeHint() const override { return {160, 160}; }

    // What a right-click at `pos` annotates (views/annotationactions.h).
    AnnotationSpot annotationSpotAt(const QPointF &pos) const;

Q_SIGNALS:
    // (-1, -1) when the mouse leaves the grid; a heading reports (-1, column) or (row, -1).
    void cellHovered(int row, int col);
    void cellClicked(int row, int col, Qt::KeyboardModifiers modifiers);
    // Goal-seek asked for the cell: a cell dragged up or down to `target`, or (target NaN) its
    // context menu's Goal Seek This Weight….
    void seekRequested(int row, int col, double target);

protected:
    void paintEvent(QPaintEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    // The figure drawn as this widget: its palette and font.
    FigureStyle figureStyle() const;
    void dataChanged();
    void selectToken(int token, bool asKey);
    void followSelection();
    void announceSelection(int token, bool key);
    bool hasCursor() const;
    void setCursorCell(QPoint cell);
    bool cursorKey(QKeyEvent *event);
    // Zoom and pan (heatmapnavigation.cpp): true when the event was theirs.
    bool navigationPress(QMouseEvent *event);
    bool navigationMove(QMouseEvent *event);
    bool navigationRelease(QMouseEvent *event);
    void addZoomActions(QMenu &menu);
    ZoomNavigation::Target zoomTarget();
    void reveal(int row, int col);

    SessionBinding m_binding;
    QPoint m_hovered {-1, -1};
    WeightDrag m_drag;
    QPoint m_cursor {-1, -1};
    QPoint m_marked {-1, -1};
    bool m_figureMode = false;
    ZoomNavigation m_navigation {this, zoomTarget()};
    bool m_overviewDrag = false;
    std::optional<QPoint> m_pendingReveal; // (column, row) to bring into view once the data is there
    int m_tokens = 0; // the length shown, which keeps the zoom while it stays
    HeatmapFigure m_figure;
};

} // namespace qkv
