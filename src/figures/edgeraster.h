#pragma once

#include "figures/edgesink.h"

#include <QImage>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace qkv::arrowgraph {

// min and max of floats as one instruction each. GCC compiles std::min and std::max of floats
// (which return references) in the rasterizer's loops into branches that mispredict along every
// edge of a line or triangle, and spills the operands whose address they take. A NaN gives b.
inline float minOf(float a, float b)
{
#if defined(__SSE2__)
    return _mm_cvtss_f32(_mm_min_ss(_mm_set_ss(a), _mm_set_ss(b)));
#else
    return a < b ? a : b;
#endif
}
inline float maxOf(float a, float b)
{
#if defined(__SSE2__)
    return _mm_cvtss_f32(_mm_max_ss(_mm_set_ss(a), _mm_set_ss(b)));
#else
    return a > b ? a : b;
#endif
}
inline float positivePart(float v)
{
    return maxOf(v, 0.0f);
}
// floor and ceiling as ints without libm's calls or GCC's branches for huge values, for
// coordinates anywhere (a point far off the raster is held at ±2^30, off it all the same).
inline int floorToInt(float v)
{
    const float held = minOf(maxOf(v, -1073741824.0f), 1073741824.0f);
    const int i = static_cast<int>(held);
    return i - (static_cast<float>(i) > held ? 1 : 0);
}
inline int ceilToInt(float v)
{
    return -floorToInt(-v);
}

// The arrow graph's own rasterizer: QPainter needs about a second for 4,096 translucent
// anti-aliased lines; this needs about a hundredth of that.
//
// Translucent edges are accumulated as optical density: edges of alpha a over a pixel give
// 1 − Π(1 − a), exactly what painting them one over another would, but as one float add per
// pixel, in any order. Several colours are kept as density-weighted sums and averaged.
// Primitives are recorded first and rasterized in bands of rows small enough to stay in the
// CPU's cache (a whole 1000 × 1000 float plane does not), each band composed into the image
// as soon as it is done.
class EdgeRaster final : public EdgeSink
{
public:
    EdgeRaster(QSize size, QPointF origin, qreal scale, bool multiColour)
        : m_w(size.width())
        , m_h(size.height())
        , m_origin(origin)
        , m_scale(scale)
        , m_multi(multiColour)
        , m_segmentsPerBand(static_cast<std::size_t>(bandsFor(m_h)), 0)
        , m_trianglesPerBand(m_segmentsPerBand)
    { }

    bool needsOrder() const override { return false; }
    void reserve(std::size_t edges, std::size_t points) override
    {
        m_segments.reserve(edges * (points > 1 ? points - 1 : 1));
        m_triangles.reserve(edges);
    }
    void stroke(const QPointF *points, int count, const EdgeStyle &style) override;
    void triangle(const std::array<QPointF, 3> &corners, const EdgeStyle &style) override;
    // Takes over what a copy of this raster recorded (on another thread).
    void append(EdgeRaster &&other);
    // Premultiplied ARGB; `colour` is used when the raster has a single colour.
    QImage image(QRgb colour) const;

private:
    static constexpr int bandRows = 64;
    static constexpr int guard = 3;
    // alpha = 1 − e^(−density) is tabulated in steps of 1/perUnit in density, up to 8.
    static constexpr int levels = 2048;
    static constexpr float perUnit = 256.0f;

    // A thick line along its major axis (x, or y when steep): minor = minor0 + slope·(major −
    // major0), covering minor ± half.
    // The ends of a polyline are cut square (butt caps). Where two of its segments run along the
    // same axis in the same direction, their joint is open instead: each column belongs to the
    // segment its centre lies in, so the line goes on without a seam, a doubled pixel or the
    // cost of cutting two caps (an arc is three such runs of up to 40 segments).
    struct Segment {
        float major0, minor0, major1, minor1, slope, inverse, half, density; // inverse: 1 / slope, or 0
        int first, last; // pixel range along the major axis
        int bodyFrom, bodyTo; // the columns no end cap cuts
        int top, bottom; // rows touched
        int colour;
        bool steep;
        bool capStart, capEnd; // at major0 and at major1
    };
    // A filled triangle by its inward edge normals: coverage is the distance inside.
    struct Triangle {
        std::array<float, 6> corners, normals;
        float density;
        int top, bottom, left, right;
        int colour;
    };

    // floor() for coordinates inside the raster (and a little outside it), without a libm call.
    static int floorInt(float v) { return static_cast<int>(v + 4096.0f) - 4096; }
    float density(const EdgeStyle &style) const
    {
        return static_cast<float>(-std::log(1.0 - std::min(style.alpha, 0.98)));
    }
    int colourIndex(QRgb colour);
    QPointF map(QPointF p) const { return (p - m_origin) * m_scale; }
    // Which way a segment runs: along x or y (steep), forwards or backwards; 0 for none.
    static int direction(QPointF a, QPointF b)
    {
        const QPointF d = b - a;
        if (std::abs(d.y()) > std::abs(d.x()))
            return d.y() > 0 ? 3 : 4;
        return d.x() > 0 ? 1 : (d.x() < 0 ? 2 : 0);
    }
    void addSegment(QPointF a, QPointF b, float width, float density, int colour, bool capA, bool capB);

    template<bool Multi>
    void add(float *at, std::ptrdiff_t i, float value, int colour) const
    {
        if constexpr (Multi) {
            const auto &c = m_colours[static_cast<std::size_t>(colour)];
            float *p = at + 4 * i;
#if defined(__SSE2__)
            _mm_storeu_ps(p, _mm_add_ps(_mm_loadu_ps(p), _mm_mul_ps(_mm_set1_ps(value), _mm_load_ps(c.data()))));
#else
            for (std::size_t k = 0; k < 4; ++k)
                p[k] += value * c[k];
#endif
        } else {
            at[i] += value;
        }
    }
    template<bool Multi, bool Steep>
    void rasterize(const Segment &s, float *at, std::ptrdiff_t stride, int b0, int b1) const;
    template<bool Multi>
    void rasterize(const Triangle &t, float *at, std::ptrdiff_t stride, int b0, int b1) const;
    static int bandsFor(int height)
    {
        return (height + bandRows - 1) / bandRows;
    }
    // Counts what a primitive over rows top … bottom adds to each band, for binning.
    static void countBands(std::vector<std::uint32_t> &perBand, int top, int bottom)
    {
        for (int b = top / bandRows; b <= bottom / bandRows; ++b)
            ++perBand[static_cast<std::size_t>(b)];
    }
    template<bool Multi>
    void renderBands(QImage &out, QRgb colour) const;
    // The table entry for a density; a rounding a hair below 0 is clamped like the top.
    static std::size_t level(float density)
    {
        return static_cast<std::size_t>(std::clamp(density * perUnit, 0.0f, levels - 1.0f));
    }
    static void composeSingle(const float *row, QRgb *line, std::size_t w, const QRgb *single);

    int m_w, m_h;
    QPointF m_origin;
    qreal m_scale;
    bool m_multi;
    // Segments as recorded, then those of other rasters by append(), each part with how many
    // of them touch each band.
    std::vector<Segment> m_segments;
    std::vector<std::uint32_t> m_segmentsPerBand;
    std::vector<std::vector<Segment>> m_taken;
    std::vector<std::vector<std::uint32_t>> m_takenPerBand;
    std::vector<Triangle> m_triangles;
    std::vector<std::uint32_t> m_trianglesPerBand;
    // Red, green and blue (0 … 255) and 1: what a pixel's four floats gain per unit of density.
    struct alignas(16) Colour : std::array<float, 4> {
    };
    std::vector<Colour> m_colours;
    std::vector<QRgb> m_colourKeys;
};

} // namespace qkv::arrowgraph
