#pragma once

#include "figures/figurestyle.h"

#include <QChart>
#include <QFont>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QImage>
#include <QLegend>
#include <QPaintEngine>
#include <QPainter>
#include <QPalette>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

// Header-only helpers shared by the two Qt Charts views (vector plot, distribution chart); Qt
// Charts stays inside src/views. The chart lives in a QGraphicsScene owned by the view, never in
// a QChartView: a view that was never shown renders blank offscreen, while a scene renders
// the same into the screen, an image, SVG or PDF.
namespace qkv::chartstyle {

// The colours every figure uses (FigureStyle's), for the charts.
inline bool isDark(const QPalette &palette)
{
    return FigureStyle {palette, {}, false}.isDark();
}

inline QColor gridColor(const QPalette &palette)
{
    return FigureStyle {palette, {}, false}.gridColor();
}

inline QColor axisColor(const QPalette &palette)
{
    return FigureStyle {palette, {}, false}.axisColor();
}

// A chart that draws in the widget's palette and font, without animations.
inline void styleChart(QChart *chart, const QPalette &palette, const QFont &font)
{
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundRoundness(0);
    chart->setBackgroundBrush(palette.base());
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    QFont title = font;
    title.setBold(true);
    chart->setTitleFont(title);
    chart->setTitleBrush(palette.text());
    chart->legend()->setFont(font);
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
}

inline void styleAxis(QAbstractAxis *axis, const QPalette &palette, const QFont &font)
{
    axis->setLabelsFont(font);
    axis->setLabelsBrush(palette.text());
    axis->setTitleFont(font);
    axis->setTitleBrush(palette.text());
    axis->setLinePen(QPen(axisColor(palette), 1));
    axis->setGridLinePen(QPen(gridColor(palette), 1));
    axis->setMinorGridLinePen(QPen(gridColor(palette), 1, Qt::DotLine));
}

// Sizes the chart to `size` and lays it out now: the layout is otherwise a posted event, which a
// headless export or benchmark never delivers.
inline void layoutChart(QChart *chart, QSizeF size)
{
    if (chart->geometry() != QRectF(QPointF(0, 0), size))
        chart->setGeometry(QRectF(QPointF(0, 0), size));
    if (QGraphicsLayout *l = chart->layout())
        l->activate();
}

// The scene (chart at the origin) drawn into `rect` of any painter; the chart leaves a thin
// margin unpainted, so the whole rectangle is filled first.
inline void renderChart(QGraphicsScene *scene, QPainter &painter, const QRectF &rect, const QPalette &palette)
{
    painter.fillRect(rect, palette.base());
    const QRectF source(QPointF(0, 0), rect.size());
    scene->render(&painter, rect, source, Qt::IgnoreAspectRatio);
}

// Whether the painter rasterizes (screen, PNG) rather than records vectors (SVG, PDF).
inline bool isRasterDevice(const QPainter &painter)
{
    const QPaintEngine *engine = painter.paintEngine();
    return !engine || engine->type() == QPaintEngine::Raster || engine->type() == QPaintEngine::OpenGL2;
}

// A scatter marker of `shape` filling `cell`, with the painter's pen and brush.
inline void drawMarker(QPainter &painter, QScatterSeries::MarkerShape shape, const QRectF &cell)
{
    if (shape == QScatterSeries::MarkerShapeCircle)
        painter.drawEllipse(cell);
    else if (shape == QScatterSeries::MarkerShapeTriangle)
        painter.drawPolygon(QPolygonF {QPointF(cell.center().x(), cell.top()), cell.bottomRight(), cell.bottomLeft()});
    else
        painter.drawRect(cell);
}

// A marker drawn once into an image: stamping an image is many times faster than drawing a
// thousand anti-aliased shapes.
inline QImage markerImage(
    QScatterSeries::MarkerShape shape, qreal size, const QColor &fill, const QColor &border, qreal dpr)
{
    const int px = static_cast<int>(std::ceil(size * dpr));
    QImage image(px, px, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(Qt::transparent);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(border, 1));
    p.setBrush(fill);
    drawMarker(p, shape, QRectF(0.5, 0.5, size - 1, size - 1));
    return image;
}

} // namespace qkv::chartstyle
