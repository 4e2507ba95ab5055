#include "views/vectorplotview.h"

#include "figures/labelplacer.h"
#include "session/documentsession.h"
#include "views/accessiblegrid.h"
#include "views/accessibleviews.h"
#include "views/chartstyle.h"
#include "views/vectorplotroles.h"

#include <QApplication>
#include <QCategoryAxis>
#include <QChart>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QHash>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>

#include <algorithm>
#include <cmath>
#include <vector>

namespace qkv {
namespace {

constexpr int stampedGroups = 30; // from this many words on, the view draws the markers itself

} // namespace

using namespace vectorplot;

VectorPlotView::VectorPlotView(QWidget *parent)
    : QWidget(parent)
    , m_scene(std::make_unique<QGraphicsScene>())
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    m_scene->setItemIndexMethod(QGraphicsScene::NoIndex); // points move on every edit
    m_chart = new QChart;
    m_scene->addItem(m_chart);
    // Category axes with a label on each tick's value: the ticks are k · step computed here,
    // so zero is 0 ("-0.0" from a value axis summing steps), and labels are exactly the ticks.
    m_axisX = new QCategoryAxis;
    m_axisY = new QCategoryAxis;
    for (QCategoryAxis *axis : {m_axisX, m_axisY})
        axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_chart->addAxis(m_axisX, Qt::AlignBottom);
    m_chart->addAxis(m_axisY, Qt::AlignLeft);
    m_zeroX = new QLineSeries;
    m_zeroY = new QLineSeries;
    const QStringList names {tr("query q"), tr("key k"), tr("value v")};
    const std::array<QScatterSeries::MarkerShape, 3> shapes {
        QScatterSeries::MarkerShapeCircle, QScatterSeries::MarkerShapeTriangle, QScatterSeries::MarkerShapeRectangle};
    QList<QAbstractSeries *> all {m_zeroX, m_zeroY};
    for (Role role : roles) {
        auto *s = new QScatterSeries;
        s->setName(names[static_cast<int>(idx(role))]);
        s->setMarkerShape(shapes[idx(role)]);
        m_series[idx(role)] = s;
        all << s;
    }
    for (QAbstractSeries *s : all) {
        m_chart->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
    }
    // The legend is drawn over the plot where no point is (paintLegend), not above it.
    m_chart->legend()->hide();
    connect(&m_binding, &SessionBinding::resultChanged, this, &VectorPlotView::dataChanged);
    connect(&m_binding, &SessionBinding::headChanged, this, &VectorPlotView::dataChanged);
    connect(&m_binding, &SessionBinding::selectionChanged, this, qOverload<>(&QWidget::update));
    // A screen reader reads the points as a table (accessibleviews.cpp) and follows the selection.
    installViewAccessibility();
    connect(&m_binding, &SessionBinding::resultChanged, this, [this] { notifyViewChanged(this); });
    connect(&m_binding, &SessionBinding::headChanged, this, [this] { notifyViewChanged(this); });
    connect(
        &m_binding, &SessionBinding::selectionChanged, this, [this] { notifyCellSelected(this, selectedToken(), 0); });
    connect(&m_binding, &SessionBinding::annotationsChanged, this, qOverload<>(&QWidget::update));
}

VectorPlotView::~VectorPlotView() = default;

void VectorPlotView::setFigureMode(bool figure)
{
    m_figure = figure;
    m_ranges.dirty = true; // a figure fits each axis to the points
    update();
}

void VectorPlotView::setSession(DocumentSession *session)
{
    if (session == m_binding.session())
        return;
    if (m_binding.session())
        disconnect(m_binding.session(), nullptr, this, nullptr);
    endDrag();
    if (session) // a drag edits the document it began on
        connect(session, &DocumentSession::documentReset, this, &VectorPlotView::endDrag);
    m_binding.setSession(session);
}

DocumentSession *VectorPlotView::session() const
{
    return m_binding.session();
}

void VectorPlotView::setResult(Result result, int head)
{
    setResult(std::make_shared<const Result>(std::move(result)), head);
}

void VectorPlotView::setResult(std::shared_ptr<const Result> result, int head)
{
    m_binding.setResult(std::move(result));
    m_binding.setHead(head);
}

void VectorPlotView::setDocument(Document document)
{
    m_binding.setDocument(std::move(document));
}

const Document *VectorPlotView::document() const
{
    return m_binding.document();
}

const Result &VectorPlotView::result() const
{
    return m_binding.result();
}

void VectorPlotView::setHead(int head)
{
    m_binding.setHead(head);
}

int VectorPlotView::head() const
{
    return m_binding.head();
}

void VectorPlotView::setSelectedToken(int token)
{
    m_binding.setSelection(token);
}

int VectorPlotView::selectedToken() const
{
    return m_binding.selectedToken();
}

int VectorPlotView::selectedPoint() const
{
    return m_drawn.cloud.cloudToken(m_binding.selectedToken(), m_binding.isKeySelected());
}

void VectorPlotView::selectPoint(int token)
{
    const VectorCloud &cloud = m_drawn.cloud;
    m_binding.setSelection(cloud.rowOf(token), cloud.isSecondSentence(token));
}

void VectorPlotView::setAxes(Axes axes)
{
    m_axes = axes;
    optionChanged();
}

void VectorPlotView::setDimensions(int x, int y)
{
    m_dimX = std::max(0, x);
    m_dimY = std::max(0, y);
    m_axes = Axes::Dimensions;
    optionChanged();
}

bool VectorPlotView::isDrawn(Role role) const
{
    // Weights mode gives the attention directly: the words' queries and keys play no part.
    const bool used = !document() || document()->settings().mode != Mode::Weights || role == Role::Value;
    return m_shown[idx(role)] && used;
}

bool VectorPlotView::isOutputDrawn() const
{
    const int g = groupOf(selectedPoint());
    return isDrawn(Role::Value) && m_drawn.cloud.has(Role::Query, g) && g < m_drawn.cloud.outputs().size();
}

void VectorPlotView::setRoleShown(Role role, bool shown)
{
    m_shown[idx(role)] = shown;
    optionChanged();
}

bool VectorPlotView::usesPrincipalAxes() const
{
    return m_axes == Axes::Principal || (m_axes == Axes::Automatic && dim() > 2);
}

const HeadResult *VectorPlotView::headResult() const
{
    return VectorCloud::headOf(result(), head());
}

const Eigen::MatrixXd *VectorPlotView::roleMatrix(Role role) const
{
    const HeadResult *h = headResult();
    if (!h)
        return nullptr;
    return role == Role::Query ? &h->queries : role == Role::Key ? &h->keys : &h->values;
}

int VectorPlotView::dim() const
{
    const HeadResult *h = headResult();
    return h ? static_cast<int>(h->queries.cols()) : 0;
}

void VectorPlotView::dataChanged()
{
    ++m_serial;
    update();
}

void VectorPlotView::optionChanged()
{
    m_ranges.dirty = true;
    dataChanged();
    Q_EMIT optionsChanged();
}

void VectorPlotView::syncStyle() const
{
    m_drawn.styleDirty = false;
    const QPalette pal = palette();
    const bool dark = chartstyle::isDark(pal);
    chartstyle::styleChart(m_chart, pal, font());
    chartstyle::styleAxis(m_axisX, pal, font());
    chartstyle::styleAxis(m_axisY, pal, font());
    for (Role role : roles) {
        QScatterSeries *s = m_series[idx(role)];
        s->setColor(roleColor(role, dark));
        s->setBorderColor(pal.color(QPalette::Base)); // keeps overlapping markers apart
    }
    QColor zero = pal.color(QPalette::Text);
    zero.setAlphaF(0.5f);
    for (QLineSeries *s : {m_zeroX, m_zeroY})
        s->setPen(QPen(zero, 1));
}

void VectorPlotView::sync(QSizeF size) const
{
    if (m_drawn.styleDirty)
        syncStyle();
    if (m_drawn.serial != m_serial) {
        m_drawn.serial = m_serial;
        syncData();
    }
    syncRanges(size);
    chartstyle::layoutChart(m_chart, size);
}

void VectorPlotView::syncData() const
{
    VectorCloud &cloud = m_drawn.cloud;
    VectorCloud::Options options;
    options.principal = usesPrincipalAxes();
    options.dimX = m_dimX;
    options.dimY = m_dimY;
    for (Role role : roles)
        options.drawn[idx(role)] = isDrawn(role);
    cloud.update(document(), result(), head(), options, m_drawn.refit);
    m_drawn.refit = false;
    const qsizetype groups = cloud.groups().size();
    // Qt Charts makes a graphics item of every point and restyles them all at a change of size,
    // visibility or colour, looking each one's point up in the whole series (Qt 6.4): quadratic.
    // A dense plot's markers are stamped by paintMarkers instead (4,000 tokens' export: 1.4 s
    // with light markers, and every edit in the window re-made 12,000 items).
    m_drawn.stamped = groups > stampedGroups;
    // Marks grow with a figure's text; a dense cloud's stay small, so its shape shows.
    const qreal growth = groups <= 200 ? textGrowth() : 1;
    for (Role role : roles) {
        QScatterSeries *s = m_series[idx(role)];
        const qreal marker = std::round((groups <= 30 ? 12 : groups <= 200 ? 9 : 6) * growth);
        const qreal size = role == Role::Key ? std::round(marker * 1.15) : marker; // a triangle looks smaller
        s->replace(isDrawn(role) && !m_drawn.stamped ? cloud.presentPoints(role) : QList<QPointF>());
        s->setVisible(isDrawn(role));
        s->setMarkerSize(size); // restyles at most 30 points (see above)
    }
    m_axisX->setTitleText(cloud.axisTitle(Qt::Horizontal, locale()));
    m_axisY->setTitleText(cloud.axisTitle(Qt::Vertical, locale()));
    m_chart->setTitle(document() && document()->settings().mode == Mode::Projection
            ? tr("Vectors of head %1 (computed from the embeddings: read-only)").arg(head() + 1)
            : tr("Vectors of head %1").arg(head() + 1));
    const QFontMetricsF fm(font());
    m_drawn.labelWidths.clear();
    for (const VectorCloud::Group &g : cloud.groups()) {
        const QString text = VectorCloud::labelText(g);
        auto it = m_drawn.widthCache.constFind(text);
        if (it == m_drawn.widthCache.cend())
            it = m_drawn.widthCache.insert(text, fm.horizontalAdvance(text));
        m_drawn.labelWidths.append(*it);
    }
    m_ranges.check = true;
}

QString VectorPlotView::axisTitle(Qt::Orientation orientation) const
{
    sync(size());
    return m_drawn.cloud.axisTitle(orientation, locale());
}

Projection2d VectorPlotView::projection() const
{
    sync(size());
    return m_drawn.cloud.projection();
}

QTransform VectorPlotView::valueToPixel() const
{
    const QRectF plot = m_chart->plotArea();
    const double sx = plot.width() / std::max(1e-300, m_axisX->max() - m_axisX->min());
    const double sy = -plot.height() / std::max(1e-300, m_axisY->max() - m_axisY->min());
    return {sx, 0, 0, sy, plot.left() - m_axisX->min() * sx, plot.bottom() - m_axisY->min() * sy};
}

QPointF VectorPlotView::plottedValue(PointRef point) const
{
    sync(size());
    const int g = groupOf(point.token);
    const QList<QPointF> &points = m_drawn.cloud.points(point.role);
    return g >= 0 && g < points.size() ? points[g] : QPointF();
}

QPointF VectorPlotView::pointPosition(const QRectF &rect, PointRef point) const
{
    sync(rect.size());
    const int g = groupOf(point.token);
    const QList<QPointF> &points = m_drawn.cloud.points(point.role);
    if (g < 0 || g >= points.size())
        return {};
    return valueToPixel().map(points[g]) + rect.topLeft();
}

VectorPlotView::PointRef VectorPlotView::pointAt(const QPointF &pos) const
{
    sync(size());
    const QTransform t = valueToPixel();
    PointRef best;
    qreal bestDistance = 0;
    for (Role role : roles) {
        if (!isDrawn(role))
            continue;
        const qreal radius = m_series[idx(role)]->markerSize() / 2 + 3;
        const QList<QPointF> &points = m_drawn.cloud.points(role);
        for (int g = 0; g < points.size(); ++g) {
            if (!m_drawn.cloud.has(role, g))
                continue;
            const QPointF delta = t.map(points[g]) - pos;
            const qreal distance = std::hypot(delta.x(), delta.y());
            // Ties go to the role drawn last (on top).
            if (distance <= radius && (!best.isValid() || distance <= bestDistance)) {
                best = {role, m_drawn.cloud.groups()[g].tokens.first()};
                bestDistance = distance;
            }
        }
    }
    // Prefer the selected token of a repeated word, so a click does not move the selection.
    const int selected = selectedPoint();
    if (best.isValid() && groupOf(selected) == groupOf(best.token))
        best.token = selected;
    return best;
}

void VectorPlotView::paintMarkers(QPainter &painter) const
{
    const bool dark = chartstyle::isDark(palette());
    const QColor border = palette().color(QPalette::Base);
    const QTransform t = valueToPixel();
    // Screen and PNG stamp one image per role; SVG and PDF keep vector shapes.
    const bool raster = chartstyle::isRasterDevice(painter);
    const qreal dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    painter.save();
    painter.setClipRect(m_chart->plotArea(), Qt::IntersectClip);
    painter.setRenderHint(QPainter::Antialiasing);
    for (Role role : roles) { // in Qt Charts' order: a later series lies on top
        if (!isDrawn(role))
            continue;
        const QScatterSeries *s = m_series[idx(role)];
        const qreal size = s->markerSize();
        const QImage stamp
            = raster ? chartstyle::markerImage(s->markerShape(), size, roleColor(role, dark), border, dpr) : QImage();
        painter.setPen(QPen(border, 1));
        painter.setBrush(roleColor(role, dark));
        for (const QPointF &value : m_drawn.cloud.presentPoints(role)) {
            const QPointF p = t.map(value);
            const QRectF cell(p.x() - size / 2, p.y() - size / 2, size, size);
            if (raster)
                painter.drawImage(cell, stamp);
            else
                chartstyle::drawMarker(painter, s->markerShape(), cell.adjusted(0.5, 0.5, -0.5, -0.5));
        }
    }
    painter.restore();
}

void VectorPlotView::paint(QPainter &painter, const QRectF &rect) const
{
    sync(rect.size());
    chartstyle::renderChart(m_scene.get(), painter, rect, palette());
    painter.save();
    painter.translate(rect.topLeft());
    painter.setClipRect(QRectF(QPointF(0, 0), rect.size()));
    if (m_drawn.stamped)
        paintMarkers(painter);
    paintOverlay(painter, rect.size());
    painter.restore();
}

qreal VectorPlotView::textGrowth() const
{
    const int desktop = std::max(1, QFontInfo(QApplication::font()).pixelSize());
    return std::max<qreal>(1, static_cast<qreal>(QFontInfo(font()).pixelSize()) / desktop);
}

void VectorPlotView::refitProjection()
{
    m_drawn.refit = true;
    dataChanged();
}

void VectorPlotView::paintEvent(QPaintEvent * /*event*/)
{
    QPainter painter(this);
    paint(painter, rect());
}

void VectorPlotView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_drawn.styleDirty = true;
        m_ranges.dirty = event->type() == QEvent::FontChange || m_ranges.dirty; // tick spacing follows text
        m_drawn.widthCache.clear();
        dataChanged();
    }
    QWidget::changeEvent(event);
}

} // namespace qkv
