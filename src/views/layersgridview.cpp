#include "views/layersgridview.h"

#include "figures/numbertext.h"
#include "modelfiles/headsummary.h"
#include "platform/cores.h"
#include "views/accessiblegrid.h"
#include "views/accessibleviews.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPromise>
#include <QStatusTipEvent>
#include <QThreadPool>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

constexpr qreal gridMargin = 6;
constexpr int maxTilePixels = 2048;

// The smallest of 1, 2, 5, 10, 20, 50 … such that labels that many tiles apart have `need` room.
int labelStep(qreal pitch, qreal need)
{
    for (int k = 1;; k *= 10)
        for (int m : {1, 2, 5})
            if (k * m * pitch >= need || k * m >= 1000000)
                return k * m;
}

// Device pixels of a tile side: the device's resolution on raster devices; on vector ones (SVG,
// PDF) four per point, sharp at print zoom without one rectangle per cell.
int tilePixels(const QPainter &painter, qreal tile)
{
    const QPaintEngine *engine = painter.paintEngine();
    qreal scale = 4;
    if (!engine || engine->type() == QPaintEngine::Raster || engine->type() == QPaintEngine::OpenGL2) {
        const QTransform t = painter.deviceTransform();
        scale = std::hypot(t.m11(), t.m12());
    }
    return std::clamp(qRound(tile * scale), 1, maxTilePixels);
}

QString quoted(const QString &token)
{
    const QString t = token.size() > 24 ? token.left(23) + QChar(0x2026) : token;
    return QChar(0x201C) + t + QChar(0x201D);
}

QString sharePercent(double share)
{
    return QStringLiteral("%1%").arg(std::lround(share * 100));
}

QString describe(const FloatMatrix &w, const QStringList &labels, const QLocale &locale)
{
    const HeadSummary s = summarizeHead(w);
    if (s.from < 0)
        return LayersGridView::tr("no tokens shown");
    return LayersGridView::tr("strongest %1 from %2 to %3; mean row entropy %4 bits; to the first token %5, "
                              "the previous %6, itself %7")
        .arg(formatSigned(s.strongest, 2, locale), quoted(labels.value(s.from)), quoted(labels.value(s.to)),
            locale.toString(s.entropyBits, 'f', 2), sharePercent(s.toFirst), sharePercent(s.toPrevious),
            sharePercent(s.toSelf));
}

} // namespace

struct LayersGridView::Layout {
    int layers = 0;
    int heads = 0;
    qreal tile = 0;
    qreal gap = 0;
    QPointF origin; // the first tile's top left
    qreal rowLabels = 0; // width of the row labels' column, left of the origin
    qreal columnLabels = 0; // height of the column labels' line, above the origin
    int rowStep = 1, columnStep = 1; // every how many rows and columns a label fits
    QRectF bar;
    QFont font;

    qreal pitch() const { return tile + gap; }
    QRectF square(int layer, int head) const
    {
        return {origin.x() + head * pitch(), origin.y() + layer * pitch(), tile, tile};
    }
};

LayersGridView::LayersGridView(QWidget *parent)
    : QWidget(parent)
{
    installViewAccessibility();
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    m_reductionProgress.setInterval(250);
    connect(&m_reductionProgress, &QTimer::timeout, this, qOverload<>(&QWidget::update));
    connect(&m_reduction, &QFutureWatcherBase::finished, this, [this] {
        m_reducing = 0;
        m_reductionProgress.stop();
        if (m_reduction.future().resultCount() == 0)
            return;
        m_tiles.setReduced(m_reduction.future().takeResult());
        update();
        notifyViewChanged(this);
    });
}

LayersGridView::~LayersGridView()
{
    stopReduction();
}

void LayersGridView::stopReduction()
{
    if (m_stopReduction)
        *m_stopReduction = true;
    m_stopReduction.reset();
    m_reducing = 0;
    m_reductionProgress.stop();
}

void LayersGridView::reduceOnWorker()
{
    if (m_reducing == m_tiles.serial())
        return;
    stopReduction();
    m_reducing = m_tiles.serial();
    m_stopReduction = std::make_shared<std::atomic<bool>>(false);
    m_reducedHeads = std::make_shared<std::atomic<int>>(0);
    m_reductionProgress.start();
    auto promise = std::make_shared<QPromise<ModelTiles::Reduced>>();
    m_reduction.setFuture(promise->future());
    promise->start();
    QThreadPool::globalInstance()->start([promise, model = m_tiles.model(), groups = m_tiles.tokenGroups(),
                                             serial = m_reducing, stop = m_stopReduction, done = m_reducedHeads] {
        runBelowWindow();
        ModelTiles::Reduced reduced = ModelTiles::reduce(*model, groups, serial, stop.get(), done.get());
        if (!reduced.tiles.empty())
            promise->addResult(std::move(reduced));
        promise->finish();
    });
}

void LayersGridView::setModel(std::shared_ptr<const ModelAttention> model)
{
    m_tiles.setModel(std::move(model));
    if (m_layer >= m_tiles.layers() || m_head >= m_tiles.heads()) {
        m_layer = 0;
        m_head = 0;
    }
    dataChanged();
}

void LayersGridView::setTokenGroups(std::optional<TokenGroups> groups)
{
    m_tiles.setTokenGroups(std::move(groups));
    dataChanged();
}

void LayersGridView::dataChanged()
{
    stopReduction(); // of data no longer shown
    m_descriptions.clear();
    m_hovered = {-1, -1};
    update();
    notifyViewChanged(this);
}

void LayersGridView::setCurrent(int layer, int head)
{
    if (layer == m_layer && head == m_head)
        return;
    m_layer = layer;
    m_head = head;
    update();
    notifyCellSelected(this, layer, std::max(head, 0));
}

void LayersGridView::setColormap(Colormap map)
{
    m_tiles.setColormap(map);
    update();
}

void LayersGridView::setScaleSkipsFirst(bool skip)
{
    m_tiles.setScaleSkipsFirst(skip);
    update();
}

LayersGridView::Layout LayersGridView::layout(const QRectF &rect, bool estimate) const
{
    Layout l;
    if (m_tiles.layers() == 0 || m_tiles.heads() == 0 || m_tiles.shownTokens() == 0)
        return l;
    l.layers = m_tiles.layers();
    l.heads = m_tiles.heads();
    l.font = font();
    l.font.setPixelSize(QFontInfo(font()).pixelSize());
    const QFontMetricsF fm(l.font);
    l.rowLabels = fm.horizontalAdvance(tr("L%1").arg(l.layers)) + 6;
    l.columnLabels = fm.height() + 4;
    // The bar's width depends on its numbers; before the first pooling they are guessed, so the
    // first paint reads the numbers once, not once for the range and again for the tiles.
    const bool guess = estimate && !m_tiles.knownScale();
    const qreal barWidth
        = colorBarWidth(guess ? ColorScale::fit(colormap(), 0, 1) : colorScale(), tr("weight"), l.font, locale());
    const QRectF area
        = rect.adjusted(gridMargin + l.rowLabels, gridMargin + l.columnLabels, -gridMargin - barWidth, -gridMargin);
    // Square tiles, as large as fit; the gaps shrink with them so tiny tiles stay mostly data.
    const qreal pitch = std::min(area.width() / l.heads, area.height() / l.layers);
    l.gap = pitch >= 24 ? 4 : pitch >= 8 ? 2 : pitch >= 4 ? 1 : 0;
    l.tile = std::max(0.0, std::floor(pitch - l.gap));
    const QSizeF grid(l.heads * l.pitch() - l.gap, l.layers * l.pitch() - l.gap);
    l.origin = QPointF(std::round(area.left() + (area.width() - grid.width()) / 2), std::round(area.top()));
    l.rowStep = labelStep(l.pitch(), fm.height());
    l.columnStep = labelStep(l.pitch(), fm.horizontalAdvance(tr("H%1").arg(l.heads)) + 4);
    // A bar at least a few ticks tall, also beside a single row of tiles.
    const qreal barHeight = std::max(grid.height(), std::min(area.height(), 12 * fm.height()));
    l.bar = QRectF(l.origin.x() + grid.width(), l.origin.y(), barWidth, barHeight);
    return l;
}

QRectF LayersGridView::tileRect(const QRectF &rect, int layer, int head) const
{
    const Layout l = layout(rect);
    if (layer < 0 || layer >= l.layers || head < -1 || head >= l.heads || l.tile < 1)
        return {};
    if (head >= 0)
        return l.square(layer, head);
    return l.square(layer, 0).united(l.square(layer, l.heads - 1));
}

std::pair<int, int> LayersGridView::tileAt(QPointF widgetPos) const
{
    const Layout l = layout(rect());
    if (l.tile < 1)
        return {-1, -1};
    const QPointF p = (widgetPos - l.origin) / l.pitch();
    const int layer = static_cast<int>(std::floor(p.y())), head = static_cast<int>(std::floor(p.x()));
    if (layer < 0 || layer >= l.layers || head < 0 || head >= l.heads)
        return {-1, -1};
    return {layer, head};
}

QString LayersGridView::tileDescription(int layer, int head) const
{
    const int heads = m_tiles.heads();
    if (layer < 0 || layer >= m_tiles.layers() || head < 0 || head >= heads)
        return {};
    m_descriptions.resize(static_cast<std::size_t>(m_tiles.layers()) * heads);
    QString &text = m_descriptions[static_cast<std::size_t>(layer) * heads + head];
    if (text.isEmpty())
        text = tr("layer %1, head %2: %3")
                   .arg(layer + 1)
                   .arg(head + 1)
                   .arg(describe(m_tiles.shownWeights(layer, head), m_tiles.shownLabels(), locale()));
    return isSwitchedOff(layer, head) ? tr("%1 (switched off: its output is zero)").arg(text) : text;
}

void LayersGridView::paint(QPainter &painter, const QRectF &rect) const
{
    painter.save();
    painter.fillRect(rect, palette().base());
    painter.setPen(palette().color(QPalette::Text));
    Layout l = layout(rect, true);
    if (l.layers == 0 || l.tile < 1) {
        const ModelAttention *m = model().get();
        QString message = tr("No model: open a model's attention");
        if (m && m->layers * m->heads * m->n > 0)
            message = l.layers == 0 ? tr("Every token is hidden")
                                    : tr("Too small for %1 × %2 tiles").arg(m->layers).arg(m->heads);
        painter.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, message);
        painter.restore();
        return;
    }
    const auto pixels = [&painter](const Layout &of) {
        const int side = tilePixels(painter, of.tile);
        return QSize(side, side);
    };
    if (!m_tiles.knownScale()) {
        m_tiles.images(pixels(l)); // the numbers read once, and now the colour bar's real width
        l = layout(rect);
    }
    const std::vector<QImage> &images = m_tiles.images(pixels(l));
    for (int layer = 0; layer < l.layers; ++layer)
        for (int head = 0; head < l.heads; ++head)
            painter.drawImage(l.square(layer, head), images[static_cast<std::size_t>(layer) * l.heads + head]);

    const QFontMetricsF fm(l.font);
    const auto labelFont = [&l](bool current) {
        QFont f = l.font;
        f.setBold(current);
        return f;
    };
    for (int layer = l.rowStep - 1; layer < l.layers; layer += l.rowStep) {
        const QRectF s = l.square(layer, 0);
        painter.setFont(labelFont(layer == m_layer));
        painter.drawText(QRectF(s.left() - l.rowLabels, s.center().y() - fm.height() / 2, l.rowLabels - 4, fm.height()),
            Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, tr("L%1").arg(layer + 1));
    }
    for (int head = l.columnStep - 1; head < l.heads; head += l.columnStep) {
        const QRectF s = l.square(0, head);
        const qreal width = l.columnStep * l.pitch();
        painter.setFont(labelFont(head == m_head));
        painter.drawText(QRectF(s.center().x() - width / 2, s.top() - l.columnLabels, width, l.columnLabels - 2),
            Qt::AlignHCenter | Qt::AlignBottom | Qt::TextDontClip, tr("H%1").arg(head + 1));
    }
    // A head switched off: its tile crossed out (its attention is still what it computed).
    painter.setPen(QPen(palette().color(QPalette::Text), std::max<qreal>(1, l.tile / 16)));
    QColor veil = palette().color(QPalette::Base);
    veil.setAlphaF(0.55f);
    for (const auto &[layer, head] : m_switchedOff) {
        if (layer >= l.layers || head >= l.heads)
            continue;
        const QRectF s = l.square(layer, head);
        painter.fillRect(s, veil);
        painter.drawLine(s.topLeft(), s.bottomRight());
        painter.drawLine(s.topRight(), s.bottomLeft());
    }
    const QRectF current = tileRect(rect, m_layer, m_head);
    if (!current.isNull()) {
        // In the gap, outside the tile's own cells; over the neighbours' edges only when there is no gap.
        const qreal width = l.gap >= 4 ? 3 : std::max<qreal>(1, l.gap);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(palette().color(QPalette::Highlight), width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(current.adjusted(-width / 2, -width / 2, width / 2, width / 2));
    }
    paintColorBar(painter, l.bar, colorScale(), tr("weight"), palette(), l.font, locale());
    painter.restore();
}

void LayersGridView::setSwitchedOff(std::vector<std::pair<int, int>> heads, bool offered)
{
    m_switchOffered = offered;
    if (heads == m_switchedOff)
        return;
    m_switchedOff = std::move(heads);
    update();
    notifyViewChanged(this); // a switched-off head's tile says so
}

bool LayersGridView::isSwitchedOff(int layer, int head) const
{
    return std::find(m_switchedOff.begin(), m_switchedOff.end(), std::pair {layer, head}) != m_switchedOff.end();
}

void LayersGridView::contextMenuEvent(QContextMenuEvent *event)
{
    const auto [layer, head] = tileAt(event->pos());
    if (!m_switchOffered || layer < 0 || head < 0)
        return QWidget::contextMenuEvent(event);
    QMenu menu(this);
    QAction *show = menu.addAction(tr("Show Layer %1, Head %2").arg(layer + 1).arg(head + 1));
    QAction *off = menu.addAction(tr("Switch Head Off"));
    off->setCheckable(true);
    off->setChecked(isSwitchedOff(layer, head));
    off->setToolTip(tr("Its output becomes zero: what does the model predict without it?"));
    const QAction *chosen = menu.exec(event->globalPos());
    if (chosen == show)
        choose(layer, head);
    else if (chosen == off)
        Q_EMIT switchRequested(layer, head, off->isChecked());
}

void LayersGridView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    if (m_tiles.waitsForReduction()) { // seconds of work: not on the window's thread
        reduceOnWorker();
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
            tr("Computing the attention of %1 heads from their queries and keys: %2 done…")
                .arg(m_tiles.layers() * m_tiles.heads())
                .arg(m_reducedHeads ? m_reducedHeads->load() : 0));
        return;
    }
    paint(painter, rect());
}

void LayersGridView::choose(int layer, int head)
{
    setCurrent(layer, head);
    Q_EMIT tileClicked(layer, head);
}

void LayersGridView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const auto [layer, head] = tileAt(event->position());
    if (layer >= 0)
        return choose(layer, head);
    // A row's label chooses the layer as a whole.
    const Layout l = layout(rect());
    const QPointF p = event->position();
    const int row = l.tile >= 1 ? static_cast<int>(std::floor((p.y() - l.origin.y()) / l.pitch())) : -1;
    if (row >= 0 && row < l.layers && p.x() < l.origin.x() && p.x() >= l.origin.x() - l.rowLabels)
        return choose(row, -1);
    QWidget::mousePressEvent(event);
}

void LayersGridView::setHovered(std::pair<int, int> tile)
{
    if (tile == m_hovered)
        return;
    m_hovered = tile;
    const QString text = tileDescription(tile.first, tile.second);
    setStatusTip(text);
    // Shown by a main window's status bar, as a hovered action's status tip is.
    QStatusTipEvent tip(text);
    QCoreApplication::sendEvent(this, &tip);
    Q_EMIT tileHovered(tile.first, tile.second);
}

void LayersGridView::mouseMoveEvent(QMouseEvent *event)
{
    setHovered(tileAt(event->position()));
    QWidget::mouseMoveEvent(event);
}

void LayersGridView::leaveEvent(QEvent *event)
{
    setHovered({-1, -1});
    QWidget::leaveEvent(event);
}

void LayersGridView::keyPressEvent(QKeyEvent *event)
{
    const int layers = m_tiles.layers(), heads = m_tiles.heads();
    if (layers == 0 || heads == 0)
        return QWidget::keyPressEvent(event);
    const int layer = std::clamp(m_layer, 0, layers - 1), head = std::clamp(m_head, 0, heads - 1);
    switch (event->key()) {
    case Qt::Key_Left:
        choose(layer, std::max(0, head - 1));
        break;
    case Qt::Key_Right:
        choose(layer, m_head < 0 ? 0 : std::min(heads - 1, head + 1));
        break;
    case Qt::Key_Up:
        choose(std::max(0, layer - 1), m_head);
        break;
    case Qt::Key_Down:
        choose(std::min(layers - 1, layer + 1), m_head);
        break;
    default:
        return QWidget::keyPressEvent(event);
    }
}

bool LayersGridView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const auto [layer, head] = tileAt(help->pos());
        if (layer >= 0)
            QToolTip::showText(help->globalPos(), tileDescription(layer, head), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace qkv
