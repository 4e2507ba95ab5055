#pragma once

#include <QPainter>
#include <QPointF>

#include <algorithm>
#include <array>
#include <cmath>

// How the arrow graph draws edges: into a raster of its own on screen and in PNG (edgeraster.h),
// or as vector strokes into SVG and PDF. Internal to ArrowGraphView; header-only.
namespace qkv::arrowgraph {

struct EdgeStyle {
    qreal width;
    double alpha;
    QRgb colour;
};

// The same weight always looks the same, in any sentence: opacity and width grow with the
// square root of the weight relative to the strongest possible (1 for normalized rows), which
// separates the 0.05 … 0.3 of a short sentence's flat rows better than a linear scale. A kept
// edge is never invisible.
inline EdgeStyle edgeStyle(double weight, double scale, QRgb colour)
{
    const double t = std::sqrt(std::clamp(weight / scale, 0.0, 1.0));
    return {0.4 + 3.6 * t, 0.08 + 0.87 * t, colour};
}

class EdgeSink
{
public:
    virtual ~EdgeSink() = default;
    // Whether edges must come weakest first, so the strong ones end up on top.
    virtual bool needsOrder() const = 0;
    // How many strokes and triangles are coming, with about how many points each stroke has.
    virtual void reserve(std::size_t, std::size_t) { }
    virtual void stroke(const QPointF *points, int count, const EdgeStyle &style) = 0;
    virtual void triangle(const std::array<QPointF, 3> &corners, const EdgeStyle &style) = 0;
};

// Vector strokes for SVG, PDF and printers, where an embedded raster would not scale.
class PainterSink final : public EdgeSink
{
public:
    explicit PainterSink(QPainter &painter)
        : m_painter(painter)
    { }
    bool needsOrder() const override { return true; }
    void stroke(const QPointF *points, int count, const EdgeStyle &style) override
    {
        m_painter.setPen(QPen(color(style), style.width, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
        m_painter.setBrush(Qt::NoBrush);
        m_painter.drawPolyline(points, count);
    }
    void triangle(const std::array<QPointF, 3> &corners, const EdgeStyle &style) override
    {
        m_painter.setPen(Qt::NoPen);
        m_painter.setBrush(color(style));
        m_painter.drawPolygon(corners.data(), 3);
    }

private:
    static QColor color(const EdgeStyle &style)
    {
        QColor c = QColor::fromRgb(style.colour);
        c.setAlphaF(static_cast<float>(style.alpha));
        return c;
    }
    QPainter &m_painter;
};

} // namespace qkv::arrowgraph
