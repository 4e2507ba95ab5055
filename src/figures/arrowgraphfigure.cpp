#include "figures/arrowgraphfigure.h"

#include "figures/arrowgraphcache.h"
#include "figures/arrowgraphgeometry.h"
#include "figures/edgeraster.h"
#include "figures/edgesink.h"
#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPaintEngine>
#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <numeric>

namespace qkv {

using namespace arrowgraph;

namespace {
// Opacity of the other edges while one token's arrows are isolated: enough to keep the shape.
constexpr double ghostOpacity = 0.12;
// From this many edges on, the raster drops to half resolution.
constexpr std::size_t manyEdges = 12000;

} // namespace

ArrowGraphFigure::ArrowGraphFigure()
    : m_cache(std::make_unique<Cache>())
{ }

ArrowGraphFigure::~ArrowGraphFigure() = default;

void ArrowGraphFigure::setData(const Result *result, int currentHead)
{
    m_result = result;
    m_currentHead = currentHead;
    invalidate();
}

const Result &ArrowGraphFigure::result() const
{
    static const Result none;
    return m_result ? *m_result : none;
}

void ArrowGraphFigure::setLocked(int token, Side side)
{
    m_locked = token >= 0 && token < sideTokens(result(), side).size() ? token : -1;
    m_lockedSide = side;
}

void ArrowGraphFigure::setHovered(int token, Side side)
{
    m_hovered = token >= 0 && token < sideTokens(result(), side).size() ? token : -1;
    m_hoveredSide = side;
}

ArrowGraphFigure::Layout ArrowGraphFigure::shownLayout() const
{
    return result().isCross() ? Layout::Columns : m_layout;
}

void ArrowGraphFigure::setGraphLayout(Layout layout)
{
    if (layout == m_layout)
        return;
    m_layout = layout;
    invalidate();
}

void ArrowGraphFigure::setHeadMode(HeadMode mode)
{
    if (mode == m_headMode)
        return;
    m_headMode = mode;
    invalidate();
}

void ArrowGraphFigure::setFilter(const EdgeFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    invalidate();
}

void ArrowGraphFigure::invalidate()
{
    m_cache->valid = false;
    if (m_hovered >= sideTokens(result(), m_hoveredSide).size())
        m_hovered = -1;
    if (m_locked >= sideTokens(result(), m_lockedSide).size())
        m_locked = -1;
}

void ArrowGraphFigure::ensureEdges() const
{
    Cache &c = *m_cache;
    if (c.valid)
        return;
    c.valid = true;
    c.edges.clear();
    c.considered = 0;
    const Result &r = result();
    const int heads = static_cast<int>(r.heads.size());
    const int current = std::clamp(m_currentHead, 0, std::max(0, heads - 1));
    const int first = m_headMode == HeadMode::All ? 0 : current;
    const int last = m_headMode == HeadMode::All ? heads - 1 : std::min(current, heads - 1);
    c.firstHead = first;
    c.headCount = std::max(1, last - first + 1);
    c.rows.assign(static_cast<std::size_t>(c.headCount), {});
    compareWithBaseline(first, last);
    for (int h = first; h <= last; ++h) {
        qint64 considered = 0;
        const SquareMatrix &weights = c.difference ? c.sizes[static_cast<std::size_t>(h - first)]
                                                   : r.heads[static_cast<std::size_t>(h)].weights;
        for (const Edge &e :
            selectEdges(weights, r.visible, m_filter, &considered, &c.rows[static_cast<std::size_t>(h - first)]))
            c.edges.push_back({h, e});
        c.considered += considered;
    }
    c.multiColour = last > first;
    summarizeEdges();
}

void ArrowGraphFigure::summarizeEdges() const
{
    Cache &c = *m_cache;
    ++c.generation;
    double strongest = 0;
    c.forward = c.backward = c.self = false;
    for (const DrawnEdge &d : c.edges) {
        strongest = std::max(strongest, d.edge.weight);
        c.forward = c.forward || d.edge.key > d.edge.query;
        c.backward = c.backward || d.edge.key < d.edge.query;
        c.self = c.self || d.edge.key == d.edge.query;
    }
    // Weights are drawn against 1, changes against the largest (the Δ heatmap's smallest scale).
    c.scale = c.difference ? std::max(strongest, 1e-12) : std::max(1.0, strongest);
}

void ArrowGraphFigure::updateRows(const Result *result, int currentHead, const ChangedRows &rows)
{
    Cache &c = *m_cache;
    const auto n = static_cast<std::size_t>(result ? result->tokens.size() : 0);
    // Against a baseline the edges are the changes' sizes, which follow the moved rows alone (a
    // row rescaled by an edited key changes by no factor).
    const bool changes = m_baseline != nullptr;
    bool cheap = c.valid && result && result == m_result && currentHead == m_currentHead && !result->heads.empty()
        && rows.size() == result->heads.size() && std::ssize(c.rows) == c.headCount
        && c.firstHead + c.headCount <= std::ssize(rows) && (!changes || (c.difference && !result->isCross()));
    for (int h = c.firstHead; cheap && h < c.firstHead + c.headCount; ++h) {
        const HeadChange &change = rows[static_cast<std::size_t>(h)];
        const RowEdges &kept = c.rows[static_cast<std::size_t>(h - c.firstHead)];
        // Most rows read again (not an edited key's rescaling): selecting them all is as quick.
        cheap = kept.count.size() == n
            && (change.rows.size() * 4 <= n || (!changes && change.rescaled() && !kept.start.empty()));
    }
    if (!cheap) {
        setData(result, currentHead);
        return;
    }
    if (std::all_of(rows.begin(), rows.end(), [](const HeadChange &change) { return change.rows.empty(); }))
        return; // a value's edit: the weights stay
    // Each head's edges: those of unmoved rows kept, the moved rows' selected again, in row order.
    std::vector<DrawnEdge> out;
    out.reserve(c.edges.size());
    auto old = c.edges.cbegin();
    c.considered = 0;
    for (int h = c.firstHead; h < c.firstHead + c.headCount; ++h) {
        const HeadChange &change = rows[static_cast<std::size_t>(h)];
        RowEdges &kept = c.rows[static_cast<std::size_t>(h - c.firstHead)];
        const auto ofHead = std::find_if(old, c.edges.cend(), [h](const DrawnEdge &d) { return d.head != h; });
        if (change.rows.empty()) {
            out.insert(out.end(), old, ofHead);
        } else {
            std::vector<Edge> fresh;
            if (changes) {
                updateChangeSizes(h, change.rows);
                HeadChange moved; // the rows alone: sizes of changes follow no factor
                moved.rows = change.rows;
                fresh = reselectRows(
                    c.sizes[static_cast<std::size_t>(h - c.firstHead)], result->visible, m_filter, moved, kept);
            } else {
                fresh = reselectRows(
                    result->heads[static_cast<std::size_t>(h)].weights, result->visible, m_filter, change, kept);
            }
            auto next = fresh.cbegin();
            for (; old != ofHead; ++old) {
                for (; next != fresh.cend() && next->query < old->edge.query; ++next)
                    out.push_back({h, *next});
                if (!std::binary_search(change.rows.begin(), change.rows.end(), old->edge.query))
                    out.push_back(*old);
            }
            for (; next != fresh.cend(); ++next)
                out.push_back({h, *next});
        }
        old = ofHead;
        for (const qint64 count : kept.count)
            c.considered += count;
    }
    c.edges = std::move(out);
    summarizeEdges();
}

qreal ArrowGraphFigure::labelWidth(const QFont &font) const
{
    // Measuring thousands of labels on every edit of a number would be wasted: tokens rarely change.
    Cache &c = *m_cache;
    const Result &r = result();
    const QStringList tokens = r.isCross() ? r.tokens + r.keyTokens : r.tokens;
    if (c.labelTokens != tokens || c.labelFont != font || c.labelWidth == 0) {
        const QFontMetricsF fm(font);
        c.labelTokens = tokens;
        c.labelFont = font;
        // At least the column headings, which stand over the labels ("t5" is narrower than "query").
        c.labelWidth = std::max(fm.horizontalAdvance(tr("query")), fm.horizontalAdvance(tr("key")));
        for (const QString &t : tokens)
            c.labelWidth = std::max(c.labelWidth, fm.horizontalAdvance(tokenLabel(t)));
    }
    return c.labelWidth;
}

const std::vector<ArrowGraphFigure::DrawnEdge> &ArrowGraphFigure::keptEdges() const
{
    ensureEdges();
    return m_cache->edges;
}

qint64 ArrowGraphFigure::consideredEdges() const
{
    ensureEdges();
    return m_cache->considered;
}

int ArrowGraphFigure::focusedToken() const
{
    return m_locked >= 0 ? m_locked : m_hovered;
}

bool ArrowGraphFigure::isFocused(const Edge &edge, int token, Side side) const
{
    // Arcs have one label per token: hovering it stands for the query; a key selected elsewhere
    // shows the arcs into it.
    return side == Side::Query ? edge.query == token : edge.key == token;
}

std::vector<ArrowGraphFigure::DrawnEdge> ArrowGraphFigure::drawnEdges() const
{
    const auto &all = keptEdges();
    const int focus = focusedToken();
    if (focus < 0)
        return all;
    std::vector<DrawnEdge> out;
    const Side side = focusSide();
    std::copy_if(all.begin(), all.end(), std::back_inserter(out),
        [&](const DrawnEdge &d) { return isFocused(d.edge, focus, side); });
    return out;
}

QColor ArrowGraphFigure::headColor(int head)
{
    // Okabe and Ito's eight, which stay apart for the colour-blind too (Tableau 10's red and green,
    // used before, look the same with deuteranopia); yellow, faint on white, comes last. Past
    // eight heads they repeat, darker every other round (the legend names every head).
    static const std::array<QRgb, 8> colours {
        0x0072b2, 0xe69f00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xd55e00, 0x666666, 0xf0e442};
    const QColor c = QColor::fromRgb(colours[static_cast<std::size_t>(std::max(0, head)) % colours.size()]);
    return std::max(0, head) / 8 % 2 ? c.darker(140) : c;
}

ArrowGraphFigure::Geometry ArrowGraphFigure::geometry(
    const QRectF &rect, const FigureStyle &style, const QPaintDevice *device) const
{
    ensureEdges();
    const Cache &c = *m_cache;
    const QStringList &tokens = sideTokens(result(), m_lockedSide);
    const bool button = m_locked >= 0 && m_locked < tokens.size() && !style.exported; // no button in exports
    // A figure writes the locked token bold: its label column is as wide as the bold label.
    qreal widest = labelWidth(style.font);
    if (style.exported && m_locked >= 0 && m_locked < tokens.size()) {
        QFont bold = style.font;
        bold.setBold(true);
        widest = std::max(widest, QFontMetricsF(bold).horizontalAdvance(tokenLabel(tokens[m_locked])));
    }
    GraphShape shape {shownLayout(), static_cast<int>(result().tokens.size()), static_cast<int>(result().keys().size()),
        widest, c.forward, c.backward, c.self, c.firstHead, c.headCount, button ? tokens[m_locked] : QString(),
        tr("Unlock “%1”  ×"), style.exported, 1, std::clamp(m_zoom, 1.0, maxZoom()), m_origin};
    Geometry g = layoutGraph(rect, style.font, device, shape);
    // A caption that does not fit beside the footer's legend gets a line of its own, not an ellipsis.
    if (const int lines = paintFooter(nullptr, g, g.metrics(style.font), style); lines > 1) {
        GraphShape taller = shape;
        taller.footerLines = lines;
        g = layoutGraph(rect, style.font, device, taller);
    }
    return g;
}

// The edges to draw, in drawing order, and the colours of the heads, taken from the palette on
// the GUI thread so that emitting can run on any.
struct ArrowGraphFigure::EdgeBatch {
    bool focusedOnly = false;
    qreal lineScale = 1;
    std::vector<std::size_t> order; // into the cache's edges
    std::vector<QRgb> colours; // by head
    QRgb gained = 0, lost = 0; // against a baseline
};

ArrowGraphFigure::EdgeBatch ArrowGraphFigure::edgeBatch(
    const FigureStyle &style, bool focusedOnly, bool weakestFirst) const
{
    const Cache &c = *m_cache;
    const int focus = focusedToken();
    const Side side = focusSide();
    EdgeBatch batch;
    batch.focusedOnly = focusedOnly;
    batch.lineScale = lineScale(style);
    batch.order.reserve(c.edges.size());
    for (std::size_t i = 0; i < c.edges.size(); ++i)
        if (!focusedOnly || isFocused(c.edges[i].edge, focus, side))
            batch.order.push_back(i);
    if (weakestFirst)
        std::stable_sort(batch.order.begin(), batch.order.end(),
            [&](std::size_t a, std::size_t b) { return c.edges[a].edge.weight < c.edges[b].edge.weight; });
    for (int head = 0; head < c.firstHead + c.headCount; ++head)
        batch.colours.push_back(edgeColor(head, style.isDark()).rgb());
    batch.gained = changeColor(true, style.isDark()).rgb();
    batch.lost = changeColor(false, style.isDark()).rgb();
    return batch;
}

// Part `part` of `parts` of the batch; reads only the cache, so parts can be emitted at once.
void ArrowGraphFigure::emitEdges(const Geometry &g, EdgeSink &sink, const EdgeBatch &batch, int part, int parts) const
{
    const Cache &c = *m_cache;
    const std::size_t from = batch.order.size() * static_cast<std::size_t>(part) / static_cast<std::size_t>(parts);
    const std::size_t to = batch.order.size() * static_cast<std::size_t>(part + 1) / static_cast<std::size_t>(parts);
    // Arcs are flattened into about 2·√radius chords.
    sink.reserve(to - from, g.columns() ? 2 : static_cast<std::size_t>(2 * std::sqrt(g.edgeRect.width() / 4)) + 2);
    std::array<QPointF, maxPoints> points;
    for (std::size_t k = from; k < to; ++k) {
        const DrawnEdge &d = c.edges[batch.order[k]];
        const QRgb colour = c.difference ? (change(d) > 0 ? batch.gained : batch.lost)
                                         : batch.colours[static_cast<std::size_t>(d.head)];
        EdgeStyle style = edgeStyle(d.edge.weight, c.scale, colour);
        style.width *= batch.lineScale;
        if (!batch.focusedOnly && c.ink < 1)
            style.alpha = 1 - std::pow(1 - style.alpha, c.ink);
        int count = g.path(d.edge, d.head, points.data());
        // In columns a token's edge to itself is a straight line like any other; in arcs a loop.
        if (g.arrowLength > 0 && (g.columns() || d.edge.query != d.edge.key)) {
            const qreal length = g.arrowLength * (0.6 + 0.1 * style.width);
            const QPointF tip = points[static_cast<std::size_t>(count - 1)];
            count = trimEnd(points.data(), count, length);
            const QPointF base = points[static_cast<std::size_t>(count - 1)];
            const QPointF along = tip - base;
            const QPointF across = QPointF(-along.y(), along.x()) * 0.45;
            sink.triangle({tip, base + across, base - across}, style);
        }
        if (count >= 2)
            sink.stroke(points.data(), count, style);
    }
}

// Flattening thousands of arcs into chords costs a third of rasterizing them: with many edges,
// the cores record a part each.
QImage ArrowGraphFigure::rasterizeEdges(
    const Geometry &g, const FigureStyle &style, QSize size, QPointF origin, qreal scale, bool focusedOnly) const
{
    const Cache &c = *m_cache;
    const EdgeBatch batch = edgeBatch(style, focusedOnly, false);
    // Parts of 500 edges at least, each recorded into its own raster, joined in order.
    const int parts = partsFor(double(batch.order.size()), 500, 16);
    std::vector<EdgeRaster> rasters(
        static_cast<std::size_t>(parts), EdgeRaster(size, origin, scale, c.multiColour || c.difference));
    inParts(parts, [&](int part, int total) {
        clearUpperVectorState(); // after Qt's painting: see vectorstate.h
        emitEdges(g, rasters[static_cast<std::size_t>(part)], batch, part, total);
    });
    EdgeRaster &raster = rasters.front();
    for (std::size_t p = 1; p < rasters.size(); ++p)
        raster.append(std::move(rasters[p]));
    return raster.image(edgeColor(c.firstHead, style.isDark()).rgb());
}

double ArrowGraphFigure::inkScale(const Geometry &g, qreal lineScale) const
{
    // Dense graphs would paint a solid block. Past about one layer of ink per pixel on average,
    // every edge gets fainter by the same factor (in optical density), so where edges gather
    // and where they do not stays visible; the caption says so.
    const Cache &c = *m_cache;
    double ink = 0;
    for (const DrawnEdge &d : c.edges) {
        const EdgeStyle style = edgeStyle(d.edge.weight, c.scale, 0);
        const double lineWidth = style.width * lineScale;
        const double span = g.columns()
            ? std::abs(g.position(d.edge.key, Side::Key) - g.position(d.edge.query, Side::Query))
            : std::abs(g.position(d.edge.key) - g.position(d.edge.query));
        double length = 0;
        if (g.columns()) {
            length = std::hypot(g.keyX - g.queryX, span);
        } else {
            const double a = span / 2, h = g.arcHeight(span, d.edge.key > d.edge.query);
            length = std::numbers::pi * std::sqrt((a * a + h * h) / 2);
        }
        ink += -std::log(1 - std::min(style.alpha, 0.98)) * lineWidth * length;
    }
    // Zoomed in, about 1 / zoom of the (zoom times longer) edges is in view.
    ink /= g.zoom;
    const double area = g.edgeRect.width() * g.edgeRect.height();
    return ink > area && ink > 0 ? area / ink : 1.0;
}

void ArrowGraphFigure::paintEdges(QPainter &painter, const Geometry &g, const FigureStyle &style) const
{
    Cache &c = *m_cache;
    if (c.edges.empty() || g.edgeRect.isEmpty())
        return;
    const bool focused = focusedToken() >= 0;
    const QTransform device = painter.deviceTransform();
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster || device.type() > QTransform::TxScale) {
        PainterSink sink(painter);
        c.ink = inkScale(g, lineScale(style));
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setOpacity(focused ? ghostOpacity : 1.0);
        emitEdges(g, sink, edgeBatch(style, false, sink.needsOrder()), 0, 1);
        painter.setOpacity(1.0);
        if (focused)
            emitEdges(g, sink, edgeBatch(style, true, sink.needsOrder()), 0, 1);
        return;
    }
    // The image covers whole device pixels and starts on a pixel corner: Qt then blends it as
    // it is, where a fractional place or size resamples every pixel (three times the time).
    const QRectF target = device.mapRect(g.edgeRect);
    const QPoint corner(static_cast<int>(std::floor(target.left())), static_cast<int>(std::floor(target.top())));
    const QSize size(static_cast<int>(std::ceil(target.right())) - corner.x(),
        static_cast<int>(std::ceil(target.bottom())) - corner.y());
    if (size.isEmpty())
        return;
    const qreal scale = std::abs(device.m11());
    const QPointF origin = device.inverted().map(QPointF(corner));
    const QRectF placed(origin, QSizeF(size) / scale);
    // Level of detail: tens of thousands of edges (thousands of tokens, a pixel holding several)
    // make a density picture without fine detail, rasterized at half resolution in a third of
    // the time and scaled up smoothly.
    const qreal detail = c.edges.size() > manyEdges ? 0.5 : 1.0;
    const QSize baseSize = (QSizeF(size) * detail).toSize().expandedTo(QSize(1, 1));
    const qreal lines = lineScale(style);
    const Cache::RasterKey baseKey {c.generation, placed, baseSize, style.isDark(), lines, -1, g.step, g.scroll};
    if (c.baseKey != baseKey) {
        c.ink = inkScale(g, lines);
        c.base = rasterizeEdges(g, style, baseSize, origin, scale * detail, false);
        c.baseKey = baseKey;
    }
    painter.setOpacity(focused ? ghostOpacity : 1.0);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, detail < 1);
    painter.drawImage(placed, c.base);
    painter.setOpacity(1.0);
    if (focused) {
        // Only the focused token's edges, at full resolution.
        Cache::RasterKey focusKey = baseKey;
        focusKey.size = size;
        focusKey.focus = focusedToken();
        if (c.focusKey != focusKey) {
            c.focus = rasterizeEdges(g, style, size, origin, scale, true);
            c.focusKey = focusKey;
        }
        painter.drawImage(placed, c.focus);
    }
}

void ArrowGraphFigure::paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const
{
    painter.save();
    painter.setFont(style.font);
    painter.fillRect(rect, style.palette.base());
    const Geometry g = geometry(rect, style, painter.device());
    if (g.n == 0) {
        painter.setPen(style.palette.text().color());
        painter.drawText(rect, Qt::AlignCenter, tr("No tokens: type a sentence"));
        painter.restore();
        return;
    }
    painter.save();
    painter.setClipRect(g.zoom > 1 ? g.edgeRect : rect); // zoomed in, edges run beyond the plot
    paintEdges(painter, g, style);
    painter.restore();
    painter.setRenderHint(QPainter::Antialiasing);
    paintLabels(painter, g, style);
    std::vector<QRectF> weights = paintWeightLabels(&painter, g, style);
    paintFrame(painter, g, style);
    if (!m_annotations.isEmpty()) // its targets place the labels again: only when there is something to draw
        m_annotations.paint(painter, annotationTargets(g, rect, std::move(weights)), style);
    painter.restore();
}

} // namespace qkv
