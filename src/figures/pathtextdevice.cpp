#include "figures/pathtextdevice.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

namespace qkv {

// Replays every call on a QPainter of the target. All features are claimed, so QPainter hands
// over paths, transforms and text items as they are instead of flattening them first.
class PathTextEngine final : public QPaintEngine
{
public:
    explicit PathTextEngine(QPaintDevice *target)
        : QPaintEngine(QPaintEngine::AllFeatures)
        , m_target(target)
    { }

    bool begin(QPaintDevice *) override { return m_painter.begin(m_target); }
    bool end() override { return m_painter.end(); }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState &s) override
    {
        const DirtyFlags f = s.state();
        if (f & DirtyPen)
            m_painter.setPen(s.pen());
        if (f & DirtyBrush)
            m_painter.setBrush(s.brush());
        if (f & DirtyBrushOrigin)
            m_painter.setBrushOrigin(s.brushOrigin());
        if (f & DirtyFont)
            m_painter.setFont(s.font());
        if (f & DirtyBackground)
            m_painter.setBackground(s.backgroundBrush());
        if (f & DirtyBackgroundMode)
            m_painter.setBackgroundMode(s.backgroundMode());
        if (f & DirtyTransform)
            m_painter.setTransform(s.transform());
        if (f & DirtyClipRegion)
            m_painter.setClipRegion(s.clipRegion(), s.clipOperation());
        if (f & DirtyClipPath)
            m_painter.setClipPath(s.clipPath(), s.clipOperation());
        if (f & DirtyClipEnabled)
            m_painter.setClipping(s.isClipEnabled());
        if (f & DirtyHints)
            m_painter.setRenderHints(s.renderHints());
        if (f & DirtyCompositionMode)
            m_painter.setCompositionMode(s.compositionMode());
        if (f & DirtyOpacity)
            m_painter.setOpacity(s.opacity());
    }

    void drawPath(const QPainterPath &path) override { m_painter.drawPath(path); }
    void drawPolygon(const QPointF *points, int count, PolygonDrawMode mode) override
    {
        if (mode == PolylineMode)
            m_painter.drawPolyline(points, count);
        else
            m_painter.drawPolygon(points, count, mode == WindingMode ? Qt::WindingFill : Qt::OddEvenFill);
    }
    void drawPolygon(const QPoint *points, int count, PolygonDrawMode mode) override
    {
        QPolygonF polygon;
        for (int i = 0; i < count; ++i)
            polygon << QPointF(points[i]);
        drawPolygon(polygon.constData(), count, mode);
    }
    void drawPixmap(const QRectF &r, const QPixmap &pixmap, const QRectF &source) override
    {
        m_painter.drawPixmap(r, pixmap, source);
    }
    void drawImage(const QRectF &r, const QImage &image, const QRectF &source, Qt::ImageConversionFlags) override
    {
        m_painter.drawImage(r, image, source);
    }
    void drawTextItem(const QPointF &origin, const QTextItem &item) override
    {
        QPainterPath path;
        path.addText(origin, item.font(), item.text());
        m_painter.fillPath(path, m_painter.pen().brush());
    }

private:
    QPaintDevice *m_target;
    QPainter m_painter;
};

PathTextDevice::PathTextDevice(QPaintDevice *target)
    : m_target(target)
    , m_engine(std::make_unique<PathTextEngine>(target))
{ }

PathTextDevice::~PathTextDevice() = default;

QPaintEngine *PathTextDevice::paintEngine() const
{
    return m_engine.get();
}

int PathTextDevice::metric(PaintDeviceMetric metric) const
{
    switch (metric) {
    case PdmWidth:
        return m_target->width();
    case PdmHeight:
        return m_target->height();
    case PdmWidthMM:
        return m_target->widthMM();
    case PdmHeightMM:
        return m_target->heightMM();
    case PdmNumColors:
        return m_target->colorCount();
    case PdmDepth:
        return m_target->depth();
    case PdmDpiX:
        return m_target->logicalDpiX();
    case PdmDpiY:
        return m_target->logicalDpiY();
    case PdmPhysicalDpiX:
        return m_target->physicalDpiX();
    case PdmPhysicalDpiY:
        return m_target->physicalDpiY();
    case PdmDevicePixelRatio:
        return static_cast<int>(m_target->devicePixelRatio());
    case PdmDevicePixelRatioScaled:
        return static_cast<int>(m_target->devicePixelRatioF() * devicePixelRatioFScale());
    }
    return 0;
}

} // namespace qkv
