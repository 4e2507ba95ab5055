#pragma once

#include "attention/edgefilter.h"
#include "attention/engine.h"
#include "session/documentsession.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <vector>

class QFontMetricsF;

namespace qkv {

namespace arrowgraph {
struct Geometry; // where tokens and edges go in one painted rectangle
class EdgeSink; // what edges are drawn into: our raster or a QPainter
} // namespace arrowgraph

// "a → b": a attends to b. The kept edges of the attention weights, as two columns (queries left,
// keys right) or as arcs over the sentence, with opacity and width following the weight. Hovering
// a token isolates its arrows; a click locks it (the session's selected token). QPainter needs
// about a second for 4,096 translucent anti-aliased lines, so on raster devices
// the edges are accumulated into a float raster of our own and cached: hovering redraws only the
// focused token's edges. SVG and PDF get real vector strokes.
class ArrowGraphView : public QWidget
{
    Q_OBJECT

public:
    enum class Layout { Columns, Arcs };
    enum class HeadMode { Current, All };
    // Which end of an edge a token label stands for (in arcs both are the same label).
    enum class Side { Query, Key };
    struct DrawnEdge {
        int head;
        Edge edge;
    };

    explicit ArrowGraphView(QWidget *parent = nullptr);
    ~ArrowGraphView() override;

    // Follows the session's result, selection and current head; a click selects in the session.
    void setSession(DocumentSession *session);
    DocumentSession *session() const { return m_session; }

    // Plain data for export and benchmarks, used while no session is set.
    void setResult(Result result);
    const Result &result() const;
    void setCurrentHead(int head);
    int currentHead() const { return m_currentHead; }
    // The token whose arrows stay isolated (-1: none); with a session, its selected token.
    void setLockedToken(int token);
    int lockedToken() const { return m_locked; }

    void setGraphLayout(Layout layout);
    Layout graphLayout() const { return m_layout; }
    void setHeadMode(HeadMode mode);
    HeadMode headMode() const { return m_headMode; }
    void setFilter(const EdgeFilter &filter);
    const EdgeFilter &filter() const { return m_filter; }
    // Drawn for an exported figure: no unlock button, a legend of what width and opacity mean,
    // edges as thick as the figure's text is large.
    void setFigureMode(bool figure);
    // Hover as the mouse sets it, so export and tests can show the isolated look.
    void setHoveredToken(int token, Side side = Side::Query);
    int hoveredToken() const { return m_hovered; }

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
    int focusedToken() const;
    std::vector<DrawnEdge> drawnEdges() const;
    // Every kept edge and how many there were before filtering.
    const std::vector<DrawnEdge> &keptEdges() const;
    qint64 consideredEdges() const;
    static QColor headColor(int head);

    QSize sizeHint() const override { return {560, 480}; }

Q_SIGNALS:
    void lockedTokenChanged(int token);
    void tokenHovered(int token);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Cache;
    using Geometry = arrowgraph::Geometry;

    Geometry geometry(const QRectF &rect, const QPaintDevice *device = nullptr) const;
    void invalidate();
    void ensureEdges() const;
    Side focusSide() const { return m_locked >= 0 ? m_lockedSide : m_hoveredSide; }
    bool isFocused(const Edge &edge, int token, Side side) const;
    QColor edgeColor(int head) const;
    void userLock(int token, Side side);
    QString tokenToolTip(int token, Side side) const;
    struct EdgeBatch;
    EdgeBatch edgeBatch(bool focusedOnly, bool weakestFirst) const;
    void emitEdges(const Geometry &g, arrowgraph::EdgeSink &sink, const EdgeBatch &batch, int part, int parts) const;
    void emitEdges(const Geometry &g, arrowgraph::EdgeSink &sink, bool focusedOnly) const;
    QImage rasterizeEdges(const Geometry &g, QSize size, qreal scale, bool focusedOnly) const;
    double inkScale(const Geometry &g) const;
    void paintEdges(QPainter &painter, const Geometry &g) const;
    void paintLabels(QPainter &painter, const Geometry &g) const;
    void paintWeightLabels(QPainter &painter, const Geometry &g) const;
    void paintFrame(QPainter &painter, const Geometry &g) const;
    qreal paintWeightLegend(QPainter &painter, const QRectF &footer, const QFontMetricsF &fm) const;
    qreal lineScale() const;

    QPointer<DocumentSession> m_session;
    Result m_ownResult;
    int m_currentHead = 0;
    int m_locked = -1;
    Side m_lockedSide = Side::Query;
    int m_hovered = -1;
    Side m_hoveredSide = Side::Query;
    Layout m_layout = Layout::Columns;
    HeadMode m_headMode = HeadMode::Current;
    EdgeFilter m_filter;
    bool m_figure = false;
    std::unique_ptr<Cache> m_cache;
};

} // namespace qkv
