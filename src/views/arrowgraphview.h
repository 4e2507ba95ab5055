#pragma once

#include "figures/arrowgraphfigure.h"
#include "session/documentsession.h"
#include "session/sessionbinding.h"
#include "views/annotationactions.h"
#include "views/zoomnavigation.h"

#include <QWidget>

#include <vector>

namespace qkv {

// The arrow graph in the window: an ArrowGraphFigure bound to a session or to data of its own.
// Hovering a token isolates its arrows; a click locks it (the session's selected token), the arrow
// keys move the lock, Esc or the unlock button releases it and Enter locks it again.
class ArrowGraphView : public QWidget
{
    Q_OBJECT

public:
    using Layout = ArrowGraphFigure::Layout;
    using HeadMode = ArrowGraphFigure::HeadMode;
    using Side = ArrowGraphFigure::Side;
    using DrawnEdge = ArrowGraphFigure::DrawnEdge;

    explicit ArrowGraphView(QWidget *parent = nullptr);
    ~ArrowGraphView() override;

    // Follows the session's result, selection and current head; a click selects in the session.
    void setSession(DocumentSession *session);
    DocumentSession *session() const { return m_binding.session(); }

    // Plain data for benchmarks and tests, used while no session is set.
    void setResult(Result result);
    const Result &result() const { return m_binding.result(); }
    // With a session, its current head.
    void setCurrentHead(int head);
    int currentHead() const { return m_figure.currentHead(); }
    // The token whose arrows stay isolated (-1: none); with a session, its selected token.
    void setLockedToken(int token);
    int lockedToken() const { return m_figure.lockedToken(); }

    void setGraphLayout(Layout layout);
    Layout graphLayout() const { return m_figure.graphLayout(); }
    void setHeadMode(HeadMode mode);
    HeadMode headMode() const { return m_figure.headMode(); }
    void setFilter(const EdgeFilter &filter);
    const EdgeFilter &filter() const { return m_figure.filter(); }
    // Drawn for an exported figure: no unlock button, a legend of what width and opacity mean,
    // edges as thick as the figure's text is large.
    void setFigureMode(bool figure);
    // Hover as the mouse sets it, so export and tests can show the isolated look.
    void setHoveredToken(int token, Side side = Side::Query);
    int hoveredToken() const { return m_figure.hoveredToken(); }

    // Draws the whole view into `rect` of any painter (screen, image, SVG, PDF).
    void paint(QPainter &painter, const QRectF &rect) const;

    // Widget coordinates: a token's label (its click target), the unlock button (empty while
    // nothing is locked), and the token under a point (-1 for none).
    QRectF tokenRect(int token, Side side = Side::Query) const;
    QRectF unlockRect() const;
    int tokenAt(const QPointF &pos, Side *side = nullptr) const;
    // Where each written label's text goes (unrotated bounds); thinned out when tokens are dense.
    std::vector<QRectF> labelRects() const;

    // The locked token, else the hovered one, else -1; and the edges drawn in full for it: what
    // it attends to, or in columns, hovered on the key side, who attends to it.
    int focusedToken() const { return m_figure.focusedToken(); }
    std::vector<DrawnEdge> drawnEdges() const { return m_figure.drawnEdges(); }
    // Every kept edge and how many there were before filtering.
    const std::vector<DrawnEdge> &keptEdges() const { return m_figure.keptEdges(); }
    qint64 consideredEdges() const { return m_figure.consideredEdges(); }
    static QColor headColor(int head) { return ArrowGraphFigure::headColor(head); }
    const ArrowGraphFigure &figure() const { return m_figure; }

    QSize sizeHint() const override { return {560, 480}; }

    // Zoom and pan along the tokens over a long document (views/zoomnavigation.h,
    // ArrowGraphFigure::setZoom); a new sentence of another length shows every token again.
    void setZoom(double factor, double origin = 0);
    double zoom() const { return m_figure.zoom(); }
    double zoomOrigin() const { return m_figure.zoomOrigin(); }
    void zoomBy(double steps, std::optional<QPointF> pos = std::nullopt) { m_navigation.zoomBy(steps, pos); }
    // The tokens in view: the first (fractional) and how many.
    std::pair<double, double> shownTokens() const { return m_figure.shownTokens(rect(), figureStyle()); }

    // What a right-click at `pos` annotates (views/annotationactions.h).
    AnnotationSpot annotationSpotAt(const QPointF &pos) const;

Q_SIGNALS:
    void lockedTokenChanged(int token);
    void tokenHovered(int token);

protected:
    void paintEvent(QPaintEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    // The figure drawn as this widget: its palette and font.
    FigureStyle figureStyle() const;
    void dataChanged();
    void followSelection(int token, bool asKey);
    void userLock(int token, Side side);
    QString tokenToolTip(int token, Side side) const;
    ZoomNavigation::Target zoomTarget();
    void reveal(int token);

    SessionBinding m_binding;
    bool m_figureMode = false;
    int m_unlocked = 0; // the token Escape last released, which Enter locks again
    int m_tokens = 0; // the length shown, which keeps the zoom while it stays
    int m_pendingReveal = -1; // the token to bring into view once the data is there
    ArrowGraphFigure m_figure;
    ZoomNavigation m_navigation {this, zoomTarget()};
};

} // namespace qkv
