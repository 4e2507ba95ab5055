#pragma once

#include "figures/headsgridfigure.h"
#include "session/sessionbinding.h"
#include "views/annotationactions.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace qkv {

class DocumentSession;

// The heads grid in the window: a HeadsGridFigure bound to a session or to data of its own; a
// click or the arrow keys focus a head, Up and Down move the selected query.
class HeadsGridView : public QWidget
{
    Q_OBJECT

public:
    explicit HeadsGridView(QWidget *parent = nullptr);
    ~HeadsGridView() override;

    // Live: shows the session's heads, current head and selection; a click calls setCurrentHead.
    void setSession(DocumentSession *session);
    DocumentSession *session() const;
    // Data only (benchmarks, tests), used while no session is set; move large results in.
    void setResult(Result result);
    const Result &result() const { return m_binding.result(); }

    // Without a session these are the view's own; with one, the session's.
    void setCurrentHead(int head);
    int currentHead() const { return m_binding.head(); }
    void setSelectedToken(int token);
    int selectedToken() const { return m_binding.selectedToken(); }

    // View options, as in HeatmapView.
    void setColormap(Colormap map);
    Colormap colormap() const { return m_figure.colormap(); }
    void setShowScores(bool scores);
    // As HeatmapView::setScaleSkipsFirst.
    void setScaleSkipsFirst(bool skip);
    bool showsScores() const { return m_figure.showsScores(); }
    void setUnitScale(bool unit);
    bool unitScale() const { return m_figure.unitScale(); }
    // Drawn for an exported figure: each tile a heatmap with token labels (and values where they
    // fit), captioned with its strongest weight; no current-head frame.
    void setFigureMode(bool figure);
    // One scale for every head, so tiles compare.
    ColorScale colorScale() const { return m_figure.colorScale(); }

    // Draws every tile, caption and the shared colour bar into `rect` of any painter.
    void paint(QPainter &painter, const QRectF &rect) const;
    // The cells' square of a head's tile in paint(rect), and the head under a widget point (-1).
    QRectF tileRect(const QRectF &rect, int head) const;
    int headAt(const QPointF &pos) const;

    QSize sizeHint() const override { return {480, 360}; }
    QSize minimumSizeHint() const override { return {120, 120}; }

    // What a right-click at `pos` annotates: the cell under it in any head's tile.
    AnnotationSpot annotationSpotAt(const QPointF &pos) const;

Q_SIGNALS:
    void headClicked(int head);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // The figure drawn as this widget: its palette and font.
    FigureStyle figureStyle() const;
    void dataChanged();
    void currentChanged();

    SessionBinding m_binding;
    bool m_figureMode = false;
    HeadsGridFigure m_figure;
};

} // namespace qkv
