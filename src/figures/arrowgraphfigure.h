#pragma once

#include "attention/edgefilter.h"
#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "figures/annotationlayer.h"
#include "figures/figurestyle.h"

#include <QCoreApplication>
#include <QImage>
#include <QRectF>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class QFontMetricsF;
class QPaintDevice;
class QPainter;

namespace qkv {

namespace arrowgraph {
struct Geometry; // where tokens and edges go in one painted rectangle
struct LabelMarks;
class EdgeSink; // what edges are drawn into: our raster or a QPainter
} // namespace arrowgraph

// "a → b": a attends to b. The kept edges of the attention weights, as two columns (queries left,
// keys right) or as arcs over the sentence, with opacity and width following the weight; a
// focused token (locked, else hovered) has its arrows isolated and their weights written. Draws
// without a widget. QPainter needs about a second for 4,096 translucent anti-aliased lines, so on
// raster devices the edges are accumulated into a float raster of our own and cached: a new focus
// redraws only the focused token's edges. SVG and PDF get real vector strokes.
class ArrowGraphFigure
{
    Q_DECLARE_TR_FUNCTIONS(ArrowGraphFigure)

public:
    enum class Layout { Columns, Arcs };
    enum class HeadMode { Current, All };
    // Which end of an edge a token label stands for (in arcs both are the same label).
    enum class Side { Query, Key };
    struct DrawnEdge {
        int head;
        Edge edge;
    };

    ArrowGraphFigure();
    ~ArrowGraphFigure();

    // The result drawn, which must stay alive while the figure uses it; call again whenever its
    // numbers change. The current head is the one drawn (all of them with HeadMode::All).
    void setData(const Result *result, int currentHead);
    // The same after an edit that moved only `rows` of each head's weights (an edited query):
    // those rows' edges are selected again and the others kept.
    void updateRows(const Result *result, int currentHead, const ChangedRows &rows);
    const Result &result() const;
    // Whether `r` is the result drawn (a view's new data reaches the figure after other signals).
    bool shows(const Result *r) const { return m_result == r; }
    int currentHead() const { return m_currentHead; }
    // Against a baseline (a snapshot's result, alive while used): the edges are the changes
    // now − then, in the diverging map's red where weight was gained and its blue where it was
    // lost, their width and opacity following |Δ| against the largest change; the filter judges
    // |Δ|. A baseline that cannot be compared (another length or head count) leaves the weights
    // drawn, and differenceRefusal says why.
    void setBaseline(const Result *baseline, const QString &name);
    const Result *baseline() const { return m_baseline; }
    const QString &baselineName() const { return m_baselineName; }
    bool showsDifference() const;
    QString differenceRefusal() const;
    // A kept edge's signed change (its weight is the change's size); 0 when no difference is drawn.
    double change(const DrawnEdge &edge) const;
    static QColor changeColor(bool gained, bool dark);
    // The token whose arrows stay isolated (-1: none), and the one under the pointer.
    void setLocked(int token, Side side);
    int lockedToken() const { return m_locked; }
    Side lockedSide() const { return m_lockedSide; }
    void setHovered(int token, Side side);
    int hoveredToken() const { return m_hovered; }

    void setGraphLayout(Layout layout);
    Layout graphLayout() const { return m_layout; }
    void setHeadMode(HeadMode mode);
    HeadMode headMode() const { return m_headMode; }
    void setFilter(const EdgeFilter &filter);
    const EdgeFilter &filter() const { return m_filter; }

    // An exported figure has no unlock button, the locked token in bold rather than boxed, a
    // legend of what width and opacity mean, and edges as thick as its text is large.
    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;

    // Zoomed in along the tokens' axis (down the columns, along the arcs' line): the tokens
    // `factor` (1 … maxZoom()) times as far apart as when all fit, the token `origin` (fractional)
    // at the plot's start, held so that the plot stays on the sentence. 1: every token, as
    // exports draw them.
    void setZoom(double factor, double origin = 0);
    double zoom() const { return m_zoom; }
    double zoomOrigin() const;
    // The largest factor: eight tokens in view.
    double maxZoom() const;
    // The tokens in view for `rect`: the first (fractional) and how many.
    std::pair<double, double> shownTokens(const QRectF &rect, const FigureStyle &style) const;
    // Zooms to `factor` keeping the token under `pos` of `rect` under it.
    void zoomAround(const QRectF &rect, const FigureStyle &style, QPointF pos, double factor);
    // Moves the tokens by `pixels` along their axis (they follow a dragging hand).
    void panBy(const QRectF &rect, const FigureStyle &style, QPointF pixels);
    // Pans the least that brings the token into view.
    void reveal(const QRectF &rect, const FigureStyle &style, int token);

    // Callouts, boxes and arrows over the graph: a token is its query label (in columns an arrow
    // ends at the key's), and no callout covers a label or a written weight.
    void setAnnotations(std::vector<PlacedAnnotation> annotations) { m_annotations.set(std::move(annotations)); }
    const AnnotationLayer &annotations() const { return m_annotations; }
    AnnotationTargets annotationTargets(const QRectF &rect, const FigureStyle &style) const;

    // In paint(rect)'s coordinates: a token's slot (its click target), the unlock button (empty
    // while nothing is locked), the token under a point (-1 for none), and where each written
    // label's text goes (unrotated bounds; thinned out when tokens are dense).
    QRectF tokenRect(const QRectF &rect, const FigureStyle &style, int token, Side side) const;
    QRectF unlockRect(const QRectF &rect, const FigureStyle &style) const;
    int tokenAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos, Side *side = nullptr) const;
    std::vector<QRectF> labelRects(const QRectF &rect, const FigureStyle &style) const;

    // The locked token, else the hovered one, else -1; and the edges drawn in full for it: what
    // it attends to, or in columns, focused on the key side, who attends to it.
    int focusedToken() const;
    std::vector<DrawnEdge> drawnEdges() const;
    // Every kept edge and how many there were before filtering.
    const std::vector<DrawnEdge> &keptEdges() const;
    qint64 consideredEdges() const;
    static QColor headColor(int head);
    // The tokens of one side: the queries', or the keys' (the second sentence's in cross-attention).
    static const QStringList &sideTokens(const Result &result, Side side)
    {
        return side == Side::Key ? result.keys() : result.tokens;
    }

private:
    struct Cache;
    struct EdgeBatch;
    using Geometry = arrowgraph::Geometry;

    Geometry geometry(const QRectF &rect, const FigureStyle &style, const QPaintDevice *device = nullptr) const;
    void invalidate();
    void ensureEdges() const;
    // The shown heads' changes from the baseline, when every one compares; and rows of one
    // head's |Δ| brought up to date after an edit.
    void compareWithBaseline(int first, int last) const;
    void updateChangeSizes(int head, const std::vector<int> &rows) const;
    void summarizeEdges() const;
    qreal labelWidth(const QFont &font) const;
    Side focusSide() const { return m_locked >= 0 ? m_lockedSide : m_hoveredSide; }
    arrowgraph::LabelMarks labelMarks() const;
    // Columns in cross-attention, whose two sentences cannot share one line of arcs.
    Layout shownLayout() const;
    bool isFocused(const Edge &edge, int token, Side side) const;
    EdgeBatch edgeBatch(const FigureStyle &style, bool focusedOnly, bool weakestFirst) const;
    void emitEdges(const Geometry &g, arrowgraph::EdgeSink &sink, const EdgeBatch &batch, int part, int parts) const;
    // size pixels from origin (logical) on, scale device pixels to a logical unit.
    QImage rasterizeEdges(
        const Geometry &g, const FigureStyle &style, QSize size, QPointF origin, qreal scale, bool focusedOnly) const;
    double inkScale(const Geometry &g, qreal lineScale) const;
    void paintEdges(QPainter &painter, const Geometry &g, const FigureStyle &style) const;
    void paintLabels(QPainter &painter, const Geometry &g, const FigureStyle &style) const;
    // Returns where it wrote the weights.
    std::vector<QRectF> paintWeightLabels(QPainter *painter, const Geometry &g, const FigureStyle &style) const;
    AnnotationTargets annotationTargets(const Geometry &g, const QRectF &rect, std::vector<QRectF> numbers) const;
    void paintFrame(QPainter &painter, const Geometry &g, const FigureStyle &style) const;
    // The footer's caption: how many edges, the filter, the head.
    QStringList footerCaption(const FigureStyle &style) const;
    int paintFooter(QPainter *painter, const Geometry &g, const QFontMetricsF &fm, const FigureStyle &style) const;
    // The legends of the footer, from its right end leftwards; return where they start. Without
    // a painter they only measure.
    qreal paintWeightLegend(
        QPainter *painter, const QRectF &footer, const QFontMetricsF &fm, const FigureStyle &style) const;
    // Swatches from the footer's right end leftwards, while they fit; returns where they start.
    qreal paintSwatches(QPainter *painter, const QRectF &footer, const QFontMetricsF &fm, const FigureStyle &style,
        const std::vector<std::pair<QColor, QString>> &swatches, qreal swatch) const;

    const Result *m_result = nullptr;
    const Result *m_baseline = nullptr;
    QString m_baselineName;
    AnnotationLayer m_annotations;
    int m_currentHead = 0;
    double m_zoom = 1;
    double m_origin = 0;
    int m_locked = -1;
    Side m_lockedSide = Side::Query;
    int m_hovered = -1;
    Side m_hoveredSide = Side::Query;
    Layout m_layout = Layout::Columns;
    HeadMode m_headMode = HeadMode::Current;
    EdgeFilter m_filter;
    std::unique_ptr<Cache> m_cache;
};

} // namespace qkv
