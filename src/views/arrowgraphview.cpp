#include "views/arrowgraphview.h"

#include "figures/edgeraster.h"
#include "figures/edgesink.h"
#include "platform/twocores.h"
#include "platform/vectorstate.h"
#include "views/arrowgraphgeometry.h"

#include <QEvent>
#include <QFontMetricsF>
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

struct ArrowGraphView::Cache {
    bool valid = false;
    int generation = 0; // bumped whenever what the edges look like may have changed
    std::vector<DrawnEdge> edges;
    qint64 considered = 0;
    double scale = 1; // the weight drawn at full strength
    bool forward = false, backward = false, self = false, multiColour = false;
    int firstHead = 0, headCount = 1; // the heads shown
    QStringList labelTokens; // what labelWidth was measured for
    qreal labelWidth = 0; // the widest token label
    double ink = 1; // opacity factor of dense graphs (inkScale)
    QImage base; // every kept edge, at device resolution
    int baseGeneration = -1;
    QRectF baseRect;
};

ArrowGraphView::ArrowGraphView(QWidget *parent)
    : QWidget(parent)
    , m_cache(std::make_unique<Cache>())
{
    setMinimumSize(200, 160);
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

ArrowGraphView::~ArrowGraphView() = default;

void ArrowGraphView::setSession(DocumentSession *session)
{
    if (m_session)
        disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    if (session) {
        // A value edit moves outputs only: the attention drawn here stays.
        connect(session, &DocumentSession::resultChanged, this, [this] {
            if (!m_session->attentionKept())
                invalidate();
        });
        connect(session, &DocumentSession::selectedTokenChanged, this, [this](int token) {
            // A selected query shows what it attends to; a selected key, who attends to it.
            m_lockedSide = m_session->isKeySelected() ? Side::Key : Side::Query;
            setLockedToken(token);
            update();
        });
        connect(session, &DocumentSession::currentHeadChanged, this, &ArrowGraphView::setCurrentHead);
        m_currentHead = session->currentHead();
        m_locked = session->selectedToken();
        m_lockedSide = session->isKeySelected() ? Side::Key : Side::Query;
    }
    invalidate();
}

void ArrowGraphView::setResult(Result result)
{
    m_ownResult = std::move(result);
    invalidate();
}

const Result &ArrowGraphView::result() const
{
    return m_session ? m_session->result() : m_ownResult;
}

void ArrowGraphView::setCurrentHead(int head)
{
    if (head == m_currentHead)
        return;
    m_currentHead = head;
    invalidate();
}

void ArrowGraphView::setLockedToken(int token)
{
    token = token >= 0 && token < result().tokens.size() ? token : -1;
    update();
    if (token == m_locked)
        return;
    m_locked = token;
    Q_EMIT lockedTokenChanged(token);
}

void ArrowGraphView::setGraphLayout(Layout layout)
{
    if (layout == m_layout)
        return;
    m_layout = layout;
    invalidate();
}

void ArrowGraphView::setHeadMode(HeadMode mode)
{
    if (mode == m_headMode)
        return;
    m_headMode = mode;
    invalidate();
}

void ArrowGraphView::setFilter(const EdgeFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    invalidate();
}

void ArrowGraphView::setHoveredToken(int token, Side side)
{
    token = token >= 0 && token < result().tokens.size() ? token : -1;
    if (token == m_hovered && side == m_hoveredSide)
        return;
    const bool changed = token != m_hovered;
    m_hovered = token;
    m_hoveredSide = side;
    update();
    if (changed)
        Q_EMIT tokenHovered(token);
}

void ArrowGraphView::invalidate()
{
    m_cache->valid = false;
    const auto n = result().tokens.size();
    if (m_hovered >= n)
        m_hovered = -1;
    if (m_locked >= n)
        m_locked = -1;
    update();
}

void ArrowGraphView::ensureEdges() const
{
    Cache &c = *m_cache;
    if (c.valid)
        return;
    c.valid = true;
    ++c.generation;
    c.edges.clear();
    c.considered = 0;
    c.forward = c.backward = c.self = false;
    const Result &r = result();
    const int heads = static_cast<int>(r.heads.size());
    const int current = std::clamp(m_currentHead, 0, std::max(0, heads - 1));
    const int first = m_headMode == HeadMode::All ? 0 : current;
    const int last = m_headMode == HeadMode::All ? heads - 1 : std::min(current, heads - 1);
    double strongest = 0;
    for (int h = first; h <= last; ++h) {
        qint64 considered = 0;
        for (const Edge &e :
            selectEdges(r.heads[static_cast<std::size_t>(h)].weights, r.visible, m_filter, &considered)) {
            c.edges.push_back({h, e});
            strongest = std::max(strongest, e.weight);
            c.forward = c.forward || e.key > e.query;
            c.backward = c.backward || e.key < e.query;
            c.self = c.self || e.key == e.query;
        }
        c.considered += considered;
    }
    c.scale = std::max(1.0, strongest);
    c.multiColour = last > first;
    c.firstHead = first;
    c.headCount = std::max(1, last - first + 1);
    // Measuring thousands of labels on every edit of a number would be wasted: tokens rarely change.
    if (c.labelTokens != r.tokens || c.labelWidth == 0) {
        const QFontMetricsF fm(font());
        c.labelTokens = r.tokens;
        // At least the column headings, which stand over the labels ("t5" is narrower than "query").
        c.labelWidth = std::max(fm.horizontalAdvance(tr("query")), fm.horizontalAdvance(tr("key")));
        for (const QString &t : r.tokens)
            c.labelWidth = std::max(c.labelWidth, fm.horizontalAdvance(tokenLabel(t)));
    }
}

const std::vector<ArrowGraphView::DrawnEdge> &ArrowGraphView::keptEdges() const
{
    ensureEdges();
    return m_cache->edges;
}

qint64 ArrowGraphView::consideredEdges() const
{
    ensureEdges();
    return m_cache->considered;
}

int ArrowGraphView::focusedToken() const
{
    return m_locked >= 0 ? m_locked : m_hovered;
}

bool ArrowGraphView::isFocused(const Edge &edge, int token, Side side) const
{
    // Arcs have one label per token: hovering it stands for the query; a key selected elsewhere
    // shows the arcs into it.
    return side == Side::Query ? edge.query == token : edge.key == token;
}

std::vector<ArrowGraphView::DrawnEdge> ArrowGraphView::drawnEdges() const
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

QColor ArrowGraphView::headColor(int head)
{
    // Tableau 10: distinct hues of similar weight that read on light and dark backgrounds.
    static const std::array<QRgb, 10> colours {
        0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    const QColor c = QColor::fromRgb(colours[static_cast<std::size_t>(std::max(0, head)) % colours.size()]);
    return head / 10 % 2 ? c.darker(140) : c;
}

QColor ArrowGraphView::edgeColor(int head) const
{
    // Translucent mid-tones sink into a dark background: lift them there.
    const QPalette &p = palette();
    const bool dark = p.color(QPalette::Base).lightness() < p.color(QPalette::Text).lightness();
    return dark ? headColor(head).lighter(135) : headColor(head);
}

ArrowGraphView::Geometry ArrowGraphView::geometry(const QRectF &rect, const QPaintDevice *device) const
{
    ensureEdges();
    const Cache &c = *m_cache;
    const QStringList &tokens = result().tokens;
    const GraphShape shape {m_layout, static_cast<int>(tokens.size()), c.labelWidth, c.forward, c.backward, c.self,
        c.firstHead, c.headCount,
        m_locked >= 0 && m_locked < tokens.size() && !m_figure ? tokens[m_locked] : QString(), // no button in figures
        tr("Unlock “%1”  ×")};
    return layoutGraph(rect, font(), device, shape);
}

// The edges to draw, in drawing order, and the colours of the heads, taken from the palette on
// the GUI thread so that emitting can run on any.
struct ArrowGraphView::EdgeBatch {
    bool focusedOnly = false;
    std::vector<std::size_t> order; // into the cache's edges
    std::vector<QRgb> colours; // by head
};

ArrowGraphView::EdgeBatch ArrowGraphView::edgeBatch(bool focusedOnly, bool weakestFirst) const
{
    const Cache &c = *m_cache;
    const int focus = focusedToken();
    const Side side = focusSide();
    EdgeBatch batch;
    batch.focusedOnly = focusedOnly;
    batch.order.reserve(c.edges.size());
    for (std::size_t i = 0; i < c.edges.size(); ++i)
        if (!focusedOnly || isFocused(c.edges[i].edge, focus, side))
            batch.order.push_back(i);
    if (weakestFirst)
        std::stable_sort(batch.order.begin(), batch.order.end(),
            [&](std::size_t a, std::size_t b) { return c.edges[a].edge.weight < c.edges[b].edge.weight; });
    for (int head = 0; head < c.firstHead + c.headCount; ++head)
        batch.colours.push_back(edgeColor(head).rgb());
    return batch;
}

void ArrowGraphView::emitEdges(const Geometry &g, EdgeSink &sink, bool focusedOnly) const
{
    emitEdges(g, sink, edgeBatch(focusedOnly, sink.needsOrder()), 0, 1);
}

// Part `part` of `parts` of the batch; reads only the cache, so parts can be emitted at once.
void ArrowGraphView::emitEdges(const Geometry &g, EdgeSink &sink, const EdgeBatch &batch, int part, int parts) const
{
    const Cache &c = *m_cache;
    const std::size_t from = batch.order.size() * static_cast<std::size_t>(part) / static_cast<std::size_t>(parts);
    const std::size_t to = batch.order.size() * static_cast<std::size_t>(part + 1) / static_cast<std::size_t>(parts);
    // Arcs are flattened into about 2·√radius chords.
    sink.reserve(to - from, g.columns() ? 2 : static_cast<std::size_t>(2 * std::sqrt(g.edgeRect.width() / 4)) + 2);
    std::array<QPointF, maxPoints> points;
    for (std::size_t k = from; k < to; ++k) {
        const DrawnEdge &d = c.edges[batch.order[k]];
        EdgeStyle style = edgeStyle(d.edge.weight, c.scale, batch.colours[static_cast<std::size_t>(d.head)]);
        style.width *= lineScale();
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
// two cores record half each.
QImage ArrowGraphView::rasterizeEdges(const Geometry &g, QSize size, qreal scale, bool focusedOnly) const
{
    const Cache &c = *m_cache;
    const EdgeBatch batch = edgeBatch(focusedOnly, false);
    EdgeRaster raster(size, g.edgeRect.topLeft(), scale, c.multiColour);
    EdgeRaster second = raster;
    onTwoCores(batch.order.size() > 1000, [&](int part, int parts) {
        clearUpperVectorState(); // after Qt's painting: see vectorstate.h
        emitEdges(g, part == 0 ? raster : second, batch, part, parts);
    });
    raster.append(std::move(second));
    return raster.image(edgeColor(c.firstHead).rgb());
}

double ArrowGraphView::inkScale(const Geometry &g) const
{
    // Dense graphs would paint a solid block. Past about one layer of ink per pixel on average,
    // every edge gets fainter by the same factor (in optical density), so where edges gather
    // and where they do not stays visible; the caption says so.
    const Cache &c = *m_cache;
    double ink = 0;
    for (const DrawnEdge &d : c.edges) {
        const EdgeStyle style = edgeStyle(d.edge.weight, c.scale, 0);
        const double lineWidth = style.width * lineScale();
        const double span = std::abs(g.position(d.edge.key) - g.position(d.edge.query));
        double length = 0;
        if (g.columns()) {
            length = std::hypot(g.keyX - g.queryX, span);
        } else {
            const double a = span / 2, h = g.arcHeight(span, d.edge.key > d.edge.query);
            length = std::numbers::pi * std::sqrt((a * a + h * h) / 2);
        }
        ink += -std::log(1 - std::min(style.alpha, 0.98)) * lineWidth * length;
    }
    const double area = g.edgeRect.width() * g.edgeRect.height();
    return ink > area && ink > 0 ? area / ink : 1.0;
}

void ArrowGraphView::paintEdges(QPainter &painter, const Geometry &g) const
{
    Cache &c = *m_cache;
    if (c.edges.empty() || g.edgeRect.isEmpty())
        return;
    const bool focused = focusedToken() >= 0;
    const QTransform device = painter.deviceTransform();
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster || device.type() > QTransform::TxScale) {
        PainterSink sink(painter);
        c.ink = inkScale(g);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setOpacity(focused ? ghostOpacity : 1.0);
        emitEdges(g, sink, false);
        painter.setOpacity(1.0);
        if (focused)
            emitEdges(g, sink, true);
        return;
    }
    const QRectF target = device.mapRect(g.edgeRect);
    const QSize size(static_cast<int>(std::ceil(target.width())), static_cast<int>(std::ceil(target.height())));
    if (size.isEmpty())
        return;
    const qreal scale = size.width() / g.edgeRect.width();
    // Level of detail: tens of thousands of edges (thousands of tokens, a pixel holding several)
    // make a density picture without fine detail, rasterized at half resolution in a third of
    // the time and scaled up smoothly.
    const qreal detail = c.edges.size() > manyEdges ? 0.5 : 1.0;
    const QSize baseSize = (QSizeF(size) * detail).toSize().expandedTo(QSize(1, 1));
    if (c.baseGeneration != c.generation || c.baseRect != g.edgeRect || c.base.size() != baseSize) {
        c.ink = inkScale(g);
        c.base = rasterizeEdges(g, baseSize, scale * detail, false);
        c.baseGeneration = c.generation;
        c.baseRect = g.edgeRect;
    }
    painter.setOpacity(focused ? ghostOpacity : 1.0);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, detail < 1);
    painter.drawImage(g.edgeRect, c.base);
    painter.setOpacity(1.0);
    if (focused) {
        // Only the focused token's edges: cheap, and never cached since hovering moves it.
        painter.drawImage(g.edgeRect, rasterizeEdges(g, size, scale, true));
    }
}

void ArrowGraphView::paint(QPainter &painter, const QRectF &rect) const
{
    painter.save();
    painter.setFont(font());
    painter.fillRect(rect, palette().base());
    const Geometry g = geometry(rect, painter.device());
    if (g.n == 0) {
        painter.setPen(palette().text().color());
        painter.drawText(rect, Qt::AlignCenter, tr("No tokens: type a sentence"));
        painter.restore();
        return;
    }
    painter.save();
    painter.setClipRect(rect);
    paintEdges(painter, g);
    painter.restore();
    painter.setRenderHint(QPainter::Antialiasing);
    paintLabels(painter, g);
    paintWeightLabels(painter, g);
    paintFrame(painter, g);
    painter.restore();
}

void ArrowGraphView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paint(painter, rect());
}

void ArrowGraphView::paintFrame(QPainter &painter, const Geometry &g) const
{
    const Cache &c = *m_cache;
    const QFontMetricsF fm = g.metrics(painter.font());
    QColor muted = palette().color(QPalette::Text);
    muted.setAlphaF(0.65f);
    painter.setPen(muted);
    const QRectF header = g.header.adjusted(6, 0, -6, 0);
    if (g.columns()) {
        painter.drawText(QRectF(header.left(), header.top(), g.labelWidth, header.height()),
            Qt::AlignRight | Qt::AlignVCenter, tr("query"));
        painter.drawText(QRectF(g.keyX + labelGap, header.top(), g.labelWidth, header.height()),
            Qt::AlignLeft | Qt::AlignVCenter, tr("key"));
        if (g.chip.isEmpty())
            painter.drawText(header, Qt::AlignCenter, tr("a → b: a attends to b"));
    } else {
        const QString legend = tr("a → b: a attends to b · above: to a later word · below: to an earlier word");
        const qreal room = (g.chip.isEmpty() ? header.right() : g.chip.left() - 8) - header.left();
        painter.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(legend, Qt::ElideRight, room));
    }
    if (!g.chip.isEmpty()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
        painter.setBrush(palette().color(QPalette::Button));
        painter.drawRoundedRect(g.chip, g.chip.height() / 2, g.chip.height() / 2);
        painter.setPen(palette().color(QPalette::ButtonText));
        painter.drawText(g.chip, Qt::AlignCenter, g.chipText);
    }

    QStringList caption {
        tr("%1 of %2 edges").arg(QLocale().toString(qint64(c.edges.size())), QLocale().toString(c.considered))};
    if (m_filter.threshold > 0)
        caption << tr("weight ≥ %1").arg(m_filter.threshold);
    if (m_filter.topK > 0)
        caption << tr("top %1 per query").arg(m_filter.topK);
    if (m_filter.mass < 1)
        caption << tr("%1% of each row").arg(m_filter.mass * 100);
    if (c.ink < 1)
        caption << tr("opacity × %1 (dense)").arg(c.ink, 0, 'g', 2);
    const int heads = static_cast<int>(result().heads.size());
    if (heads > 1 && !c.multiColour)
        caption << tr("head %1 of %2").arg(c.firstHead + 1).arg(heads);
    const QRectF footer = g.footer.adjusted(6, 0, -6, 0);
    qreal legendLeft = footer.right();
    if (c.multiColour) {
        // Swatches right to left, as many as fit.
        const qreal swatch = g.lineHeight * 0.7;
        for (int h = heads - 1; h >= 0; --h) {
            const QString name = tr("head %1").arg(h + 1);
            const qreal w = swatch + 4 + fm.horizontalAdvance(name) + 10;
            if (legendLeft - w < footer.left() + footer.width() * 0.4)
                break;
            legendLeft -= w;
            painter.fillRect(QRectF(legendLeft, footer.center().y() - swatch / 2, swatch, swatch), edgeColor(h));
            painter.setPen(muted);
            painter.drawText(QRectF(legendLeft + swatch + 4, footer.top(), w, footer.height()),
                Qt::AlignLeft | Qt::AlignVCenter, name);
        }
    }
    if (m_figure && !c.multiColour)
        legendLeft = paintWeightLegend(painter, footer, fm);
    painter.setPen(muted);
    painter.drawText(QRectF(footer.left(), footer.top(), legendLeft - footer.left() - 8, footer.height()),
        Qt::AlignLeft | Qt::AlignVCenter,
        fm.elidedText(caption.join(QStringLiteral(" · ")), Qt::ElideRight, legendLeft - footer.left() - 8));
}

qreal ArrowGraphView::lineScale() const
{
    // A figure's edges thicken with its text, so a projected slide keeps their contrast.
    return m_figure ? std::max(1.0, QFontInfo(font()).pixelSize() / 14.0) : 1.0;
}

qreal ArrowGraphView::paintWeightLegend(QPainter &painter, const QRectF &footer, const QFontMetricsF &fm) const
{
    // What width and opacity mean: sample edges of three weights, right-aligned in the footer.
    const Cache &c = *m_cache;
    const qreal sample = fm.height() * 1.6;
    qreal x = footer.right();
    QColor muted = palette().color(QPalette::Text);
    muted.setAlphaF(0.65f);
    for (const double share : {1.0, 0.5, 0.1}) {
        const double weight = share * c.scale;
        const QString label = QString::number(weight, 'g', 2);
        x -= fm.horizontalAdvance(label) + 10;
        painter.setPen(muted);
        painter.drawText(QRectF(x, footer.top(), fm.horizontalAdvance(label) + 10, footer.height()),
            Qt::AlignLeft | Qt::AlignVCenter, label);
        x -= sample + 4;
        const EdgeStyle style = edgeStyle(weight, c.scale, edgeColor(c.firstHead).rgb());
        QColor colour = QColor::fromRgb(style.colour);
        colour.setAlphaF(static_cast<float>(style.alpha));
        painter.setPen(QPen(colour, style.width * lineScale(), Qt::SolidLine, Qt::FlatCap));
        painter.drawLine(QPointF(x, footer.center().y()), QPointF(x + sample, footer.center().y()));
    }
    const QString title = tr("weight:");
    x -= fm.horizontalAdvance(title) + 8;
    painter.setPen(muted);
    painter.drawText(QRectF(x, footer.top(), fm.horizontalAdvance(title) + 8, footer.height()),
        Qt::AlignLeft | Qt::AlignVCenter, title);
    return x;
}

void ArrowGraphView::setFigureMode(bool figure)
{
    m_figure = figure;
    invalidate();
}

void ArrowGraphView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        m_cache->labelTokens.clear();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        invalidate();
    QWidget::changeEvent(event);
}

} // namespace qkv
