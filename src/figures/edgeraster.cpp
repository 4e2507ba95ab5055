#include "figures/edgeraster.h"

#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <cstdint>

namespace qkv::arrowgraph {

int EdgeRaster::colourIndex(QRgb colour)
{
    if (!m_colourKeys.empty() && m_colourKeys.back() == colour)
        return static_cast<int>(m_colourKeys.size() - 1);
    const auto it = std::find(m_colourKeys.begin(), m_colourKeys.end(), colour);
    if (it != m_colourKeys.end())
        return static_cast<int>(it - m_colourKeys.begin());
    m_colourKeys.push_back(colour);
    m_colours.push_back({{static_cast<float>(qRed(colour)), static_cast<float>(qGreen(colour)),
        static_cast<float>(qBlue(colour)), 1.0f}});
    return static_cast<int>(m_colourKeys.size() - 1);
}

void EdgeRaster::append(EdgeRaster &&other)
{
    std::vector<int> colours;
    for (const QRgb key : other.m_colourKeys)
        colours.push_back(colourIndex(key));
    other.m_taken.push_back(std::move(other.m_segments));
    other.m_takenPerBand.push_back(std::move(other.m_segmentsPerBand));
    // Taken over where they lie: copying an arc graph's segments, about 10 MB, cost more than
    // binning them.
    for (std::size_t i = 0; i < other.m_taken.size(); ++i) {
        for (Segment &s : other.m_taken[i])
            s.colour = colours[static_cast<std::size_t>(s.colour)];
        m_taken.push_back(std::move(other.m_taken[i]));
        m_takenPerBand.push_back(std::move(other.m_takenPerBand[i]));
    }
    for (Triangle &t : other.m_triangles)
        t.colour = colours[static_cast<std::size_t>(t.colour)];
    m_triangles.insert(m_triangles.end(), other.m_triangles.begin(), other.m_triangles.end());
    for (std::size_t b = 0; b < m_trianglesPerBand.size(); ++b)
        m_trianglesPerBand[b] += other.m_trianglesPerBand[b];
}

void EdgeRaster::stroke(const QPointF *points, int count, const EdgeStyle &style)
{
    const float d = density(style);
    const int colour = colourIndex(style.colour);
    const auto width = static_cast<float>(style.width * m_scale);
    QPointF a = map(points[0]), b = count > 1 ? map(points[1]) : a;
    int before = 0, now = direction(a, b);
    for (int i = 0; i + 1 < count; ++i) {
        const QPointF c = i + 2 < count ? map(points[i + 2]) : b;
        const int after = i + 2 < count ? direction(b, c) : 0;
        addSegment(a, b, width, d, colour, now == 0 || now != before, now == 0 || now != after);
        a = b;
        b = c;
        before = now;
        now = after;
    }
}

void EdgeRaster::addSegment(QPointF a, QPointF b, float width, float density, int colour, bool capA, bool capB)
{
    auto x0 = static_cast<float>(a.x()), y0 = static_cast<float>(a.y());
    auto x1 = static_cast<float>(b.x()), y1 = static_cast<float>(b.y());
    const bool steep = direction(a, b) >= 3; // as stroke() decided which joints are open
    if (steep) {
        std::swap(x0, y0);
        std::swap(x1, y1);
    }
    if (x0 > x1) {
        std::swap(x0, x1);
        std::swap(y0, y1);
        std::swap(capA, capB);
    }
    Segment s;
    s.steep = steep;
    s.capStart = capA;
    s.capEnd = capB;
    s.major0 = x0;
    s.minor0 = y0;
    s.major1 = x1;
    s.minor1 = y1;
    s.slope = x1 - x0 > 1e-6f ? (y1 - y0) / (x1 - x0) : 0.0f;
    s.inverse = s.slope != 0 ? 1 / s.slope : 0.0f;
    // In each column the line covers its width divided by the cosine of its angle, and its
    // square ends reach `ext` beyond the end points along the major axis.
    s.half = 0.5f * width * std::sqrt(1 + s.slope * s.slope);
    const float ext = s.half * std::abs(s.slope) / (1 + s.slope * s.slope);
    s.density = density;
    s.colour = colour;
    // A capped end reaches the columns whose centres are within `ext` of it; an open end takes
    // the columns whose centres are at or after its start and before its end.
    const int open0 = ceilToInt(x0 - 0.5f), open1 = ceilToInt(x1 - 0.5f) - 1;
    s.first = std::max(0, capA ? ceilToInt(x0 - ext - 0.5f) : open0);
    s.last = std::min((steep ? m_h : m_w) - 1, capB ? floorToInt(x1 + ext - 0.5f) : open1);
    s.bodyFrom = capA ? ceilToInt(x0 + ext - 0.5f) : open0;
    s.bodyTo = capB ? floorToInt(x1 - ext - 0.5f) : open1;
    if (s.first > s.last)
        return;
    if (steep) {
        s.top = s.first;
        s.bottom = s.last;
    } else {
        s.top = std::max(0, floorToInt(std::min(y0, y1) - s.half));
        s.bottom = std::min(m_h - 1, floorToInt(std::max(y0, y1) + s.half));
    }
    if (s.top <= s.bottom) {
        m_segments.push_back(s);
        countBands(m_segmentsPerBand, s.top, s.bottom);
    }
}

void EdgeRaster::triangle(const std::array<QPointF, 3> &corners, const EdgeStyle &style)
{
    std::array<QPointF, 3> c {map(corners[0]), map(corners[1]), map(corners[2])};
    const qreal area = (c[1].x() - c[0].x()) * (c[2].y() - c[0].y()) - (c[2].x() - c[0].x()) * (c[1].y() - c[0].y());
    if (std::abs(area) < 1e-9)
        return;
    if (area < 0)
        std::swap(c[1], c[2]);
    Triangle t;
    for (std::size_t i = 0; i < 3; ++i) {
        const QPointF d = c[(i + 1) % 3] - c[i];
        const qreal len = std::max(std::hypot(d.x(), d.y()), 1e-9);
        t.corners[2 * i] = static_cast<float>(c[i].x());
        t.corners[2 * i + 1] = static_cast<float>(c[i].y());
        t.normals[2 * i] = static_cast<float>(-d.y() / len);
        t.normals[2 * i + 1] = static_cast<float>(d.x() / len);
    }
    const auto [minX, maxX] = std::minmax({c[0].x(), c[1].x(), c[2].x()});
    const auto [minY, maxY] = std::minmax({c[0].y(), c[1].y(), c[2].y()});
    t.left = std::max(0, floorToInt(static_cast<float>(minX)));
    t.right = std::min(m_w - 1, static_cast<int>(maxX));
    t.top = std::max(0, floorToInt(static_cast<float>(minY)));
    t.bottom = std::min(m_h - 1, static_cast<int>(maxY));
    t.density = density(style);
    t.colour = colourIndex(style.colour);
    if (t.left <= t.right && t.top <= t.bottom) {
        m_triangles.push_back(t);
        countBands(m_trianglesPerBand, t.top, t.bottom);
    }
}

#if defined(__SSE2__)
// The body columns from..to of a line that covers at most Rows (2 or 3) pixels of each, four
// columns at a time: rows and coverages as vectors, then the adds one by one, as the four
// columns' pixels lie apart. Worked out as the scalar loops below do, clamped into the guard
// the same way. Returns the first column left to them (fewer than four).
template<int Rows, bool Multi>
static int edgeBodyInFours(float *columnZero, std::ptrdiff_t majorStep, std::ptrdiff_t minorStep, int from, int to,
    float yFrom, const std::array<float, 6> &line, const float *colour)
{
    constexpr std::ptrdiff_t channels = Multi ? 4 : 1;
    const auto [slope, half, cover, density, lowest, highest] = line;
    __m128 lo = _mm_sub_ps(
        _mm_add_ps(_mm_set1_ps(yFrom), _mm_mul_ps(_mm_set_ps(3, 2, 1, 0), _mm_set1_ps(slope))), _mm_set1_ps(half));
    const __m128 step = _mm_set1_ps(4 * slope), one = _mm_set1_ps(1.0f), bias = _mm_set1_ps(4096.0f);
    const __m128 low = _mm_set1_ps(lowest), high = _mm_set1_ps(highest + 0.5f),
                 minor = _mm_set1_ps(static_cast<float>(minorStep));
    const __m128 wide = _mm_set1_ps(cover), ink = _mm_set1_ps(density);
    alignas(16) std::array<std::int32_t, 4> offset {};
    alignas(16) std::array<std::array<float, 4>, Rows> value {};
    float *first = columnZero + channels * from * majorStep;
    int i = from;
    for (; i + 3 <= to; i += 4, first += channels * 4 * majorStep, lo = _mm_add_ps(lo, step)) {
        const __m128i j = _mm_sub_epi32(
            _mm_cvttps_epi32(_mm_add_ps(_mm_min_ps(_mm_max_ps(lo, low), high), bias)), _mm_set1_epi32(4096));
        const __m128 row = _mm_cvtepi32_ps(j);
        const __m128 a = _mm_min_ps(wide, _mm_sub_ps(_mm_add_ps(row, one), lo));
        if constexpr (Rows == 2) {
            _mm_store_ps(value[0].data(), _mm_mul_ps(ink, a));
            _mm_store_ps(value[1].data(), _mm_mul_ps(ink, _mm_sub_ps(wide, a)));
        } else {
            const __m128 rest = _mm_sub_ps(wide, a), c = _mm_max_ps(_mm_sub_ps(rest, one), _mm_setzero_ps());
            _mm_store_ps(value[0].data(), _mm_mul_ps(ink, a));
            _mm_store_ps(value[1].data(), _mm_mul_ps(ink, _mm_sub_ps(rest, c)));
            _mm_store_ps(value[2].data(), _mm_mul_ps(ink, c));
        }
        _mm_store_si128(reinterpret_cast<__m128i *>(offset.data()), _mm_cvttps_epi32(_mm_mul_ps(row, minor)));
        for (std::size_t k = 0; k < 4; ++k) {
            float *pixel = first + channels * (static_cast<std::ptrdiff_t>(k) * majorStep + offset[k]);
            for (std::size_t r = 0; r < Rows; ++r) {
                float *p = pixel + channels * static_cast<std::ptrdiff_t>(r) * minorStep;
                if constexpr (Multi)
                    _mm_storeu_ps(
                        p, _mm_add_ps(_mm_loadu_ps(p), _mm_mul_ps(_mm_set1_ps(value[r][k]), _mm_load_ps(colour))));
                else
                    *p += value[r][k];
            }
        }
    }
    return i;
}
#endif

// Only the part of the segment inside rows [b0, b1): in each column of the major axis, every
// pixel gets the length of its overlap with the covered interval, i.e. the area the line covers.
// `at` is pixel (b0, 0) of a band with `guard` spare rows and columns on every side, so thin
// lines write their two pixels per column without any test or branch.
template<bool Multi, bool Steep>
void EdgeRaster::rasterize(const Segment &s, float *at, std::ptrdiff_t stride, int b0, int b1) const
{
    int from = s.first, to = s.last;
    if (Steep) {
        from = std::max(from, b0);
        to = std::min(to, b1 - 1);
    } else if (std::abs(s.slope) > 1e-6f) {
        // Columns whose interval minor ± half reaches into the band.
        const float a = s.major0 + (static_cast<float>(b0) - s.half - s.minor0) * s.inverse - 0.5f;
        const float b = s.major0 + (static_cast<float>(b1) + s.half - s.minor0) * s.inverse - 0.5f;
        from = std::max(from, floorInt(std::min(a, b)));
        to = std::min(to, floorInt(std::max(a, b)) + 1);
    }
    // Minor coordinates relative to the band, clamped into its guard.
    const int offset = Steep ? 0 : b0;
    const int lowest = -guard, highest = (Steep ? m_w : b1 - b0) + guard - 3;
    const std::ptrdiff_t majorStep = Steep ? stride : 1, minorStep = Steep ? 1 : stride;
    const std::ptrdiff_t majorBase = Steep ? -static_cast<std::ptrdiff_t>(b0) * stride : 0;
    // Locals, so the compiler keeps them in registers although the band is written through floats.
    const float half = s.half, slope = s.slope, density = s.density, cover = 2 * half;
    const float major0 = s.major0, minor0 = s.minor0 - static_cast<float>(offset);
    const int colour = s.colour;
    constexpr std::ptrdiff_t channels = Multi ? 4 : 1;
    const std::ptrdiff_t columnStep = channels * majorStep, pixelStep = channels * minorStep;
    // Columns a … b, each handed its centre's minor coordinate and its first float.
    const auto run = [=](int a, int b, auto &&column) {
        float y = minor0 + slope * (static_cast<float>(a) + 0.5f - major0);
        float *first = at + channels * (majorBase + a * majorStep);
        for (int i = a; i <= b; ++i, y += slope, first += columnStep)
            column(i, y, first);
    };
    // Near the ends, the covered interval is also cut by the two square ends.
    const float inverse = s.inverse;
    const auto capped = [&](int i, float y, float *first) {
        const float m = static_cast<float>(i) + 0.5f;
        float lo = y - half, hi = y + half;
        if (slope != 0) {
            // The square end through a point cuts the column where the perpendicular crosses it.
            const float start = s.capStart ? minor0 - (m - major0) * inverse : (slope > 0 ? lo : hi);
            const float end
                = s.capEnd ? s.minor1 - static_cast<float>(offset) - (m - s.major1) * inverse : (slope > 0 ? hi : lo);
            lo = std::max(lo, slope > 0 ? start : end);
            hi = std::min(hi, slope > 0 ? end : start);
        } else if ((s.capStart && m < s.major0) || (s.capEnd && m > s.major1)) {
            return;
        }
        if (hi <= lo)
            return;
        const int j0 = std::clamp(floorInt(lo), lowest, highest), j1 = std::clamp(floorInt(hi), lowest, highest + 1);
        float *pixel = first + j0 * pixelStep;
        if (j0 == j1) {
            add<Multi>(pixel, 0, density * (hi - lo), colour);
            return;
        }
        add<Multi>(pixel, 0, density * (static_cast<float>(j0 + 1) - lo), colour);
        for (int j = 1; j < j1 - j0; ++j)
            add<Multi>(pixel, j * minorStep, density, colour);
        add<Multi>(pixel, (j1 - j0) * minorStep, density * (hi - static_cast<float>(j1)), colour);
    };
    const int bodyFrom = std::max(from, s.bodyFrom), bodyTo = std::min(to, s.bodyTo);
    run(from, std::min(to, bodyFrom - 1), capped);
    // The body, where no end cuts the line: lines up to two pixels wide (nearly all of them)
    // four columns at a time, the rest column by column.
    int scalarFrom = bodyFrom;
#if defined(__SSE2__)
    if (cover <= 2.0f && bodyTo - bodyFrom >= 3) {
        const std::array<float, 6> line {
            slope, half, cover, density, static_cast<float>(lowest), static_cast<float>(highest)};
        const float y = minor0 + slope * (static_cast<float>(bodyFrom) + 0.5f - major0);
        float *columnZero = at + channels * majorBase;
        const float *tint = Multi ? m_colours[static_cast<std::size_t>(colour)].data() : nullptr;
        scalarFrom = cover <= 1.0f
            ? edgeBodyInFours<2, Multi>(columnZero, majorStep, minorStep, bodyFrom, bodyTo, y, line, tint)
            : edgeBodyInFours<3, Multi>(columnZero, majorStep, minorStep, bodyFrom, bodyTo, y, line, tint);
    }
#endif
    // Captured by value: through references, every float written to the band could alias them.
    if (cover <= 1.0f) {
        // Thin lines: two pixels per column, two writes, no branch.
        run(scalarFrom, bodyTo, [=, this](int, float y, float *first) {
            const float lo = y - half;
            const int j0 = std::clamp(floorInt(lo), lowest, highest);
            float *pixel = first + j0 * pixelStep;
            const float a = std::min(cover, static_cast<float>(j0 + 1) - lo);
            add<Multi>(pixel, 0, density * a, colour);
            add<Multi>(pixel, minorStep, density * (cover - a), colour);
        });
    } else if (cover <= 2.0f) {
        run(scalarFrom, bodyTo, [=, this](int, float y, float *first) {
            const float lo = y - half;
            const int j0 = std::clamp(floorInt(lo), lowest, highest);
            float *pixel = first + j0 * pixelStep;
            const float a = std::min(cover, static_cast<float>(j0 + 1) - lo);
            const float rest = cover - a, c = positivePart(rest - 1.0f);
            add<Multi>(pixel, 0, density * a, colour);
            add<Multi>(pixel, minorStep, density * (rest - c), colour);
            add<Multi>(pixel, 2 * minorStep, density * c, colour);
        });
    } else {
        run(bodyFrom, bodyTo, [=, this](int, float y, float *first) {
            const float lo = y - half, hi = y + half;
            const int j0 = std::clamp(floorInt(lo), lowest, highest);
            const int j1 = std::clamp(floorInt(hi), lowest, highest + 1);
            float *pixel = first + j0 * pixelStep;
            add<Multi>(pixel, 0, density * (static_cast<float>(j0 + 1) - lo), colour);
            for (int j = 1; j < j1 - j0; ++j)
                add<Multi>(pixel, j * minorStep, density, colour);
            add<Multi>(pixel, (j1 - j0) * minorStep, density * (hi - static_cast<float>(j1)), colour);
        });
    }
    run(std::max(from, bodyTo + 1), to, capped);
}

template<bool Multi>
void EdgeRaster::rasterize(const Triangle &t, float *at, std::ptrdiff_t stride, int b0, int b1) const
{
    // The distance inside each edge at the first pixel centre of a row, stepped along x; the
    // pixels outside get 0 added, cheaper than a branch that mispredicts along every edge.
    const float x0 = static_cast<float>(t.left) + 0.5f;
    const float density = t.density;
    const int colour = t.colour;
    const std::array<float, 6> c = t.corners, n = t.normals;
    for (int y = std::max(t.top, b0); y <= std::min(t.bottom, b1 - 1); ++y) {
        const float py = static_cast<float>(y) + 0.5f;
        float e0 = (x0 - c[0]) * n[0] + (py - c[1]) * n[1] + 0.5f;
        float e1 = (x0 - c[2]) * n[2] + (py - c[3]) * n[3] + 0.5f;
        float e2 = (x0 - c[4]) * n[4] + (py - c[5]) * n[5] + 0.5f;
        float *row = at + std::ptrdiff_t(Multi ? 4 : 1) * (y - b0) * stride; // add() counts x in pixels
        for (int x = t.left; x <= t.right; ++x, e0 += n[0], e1 += n[2], e2 += n[4]) {
            const float cover = minOf(positivePart(minOf(minOf(e0, e1), e2)), 1.0f);
            add<Multi>(row, x, density * cover, colour);
        }
    }
}

// Every pixel of the line, drawn or not, without a branch: where nothing was drawn the density
// is 0 and single[0] transparent. Four at a time where SSE2 is (every x86-64); rounding a few
// float sums can leave a density a hair below 0, which is clamped like the top.
void EdgeRaster::composeSingle(const float *row, QRgb *line, std::size_t w, const QRgb *single)
{
    std::size_t x = 0;
#if defined(__SSE2__)
    const __m128 scale = _mm_set1_ps(perUnit), top = _mm_set1_ps(levels - 1.0f), zero = _mm_setzero_ps();
    alignas(16) std::array<std::int32_t, 4> index {};
    for (; x + 4 <= w; x += 4) {
        const __m128 d = _mm_min_ps(_mm_max_ps(_mm_mul_ps(_mm_loadu_ps(row + x), scale), zero), top);
        _mm_store_si128(reinterpret_cast<__m128i *>(index.data()), _mm_cvttps_epi32(d));
        line[x] = single[index[0]];
        line[x + 1] = single[index[1]];
        line[x + 2] = single[index[2]];
        line[x + 3] = single[index[3]];
    }
#endif
    for (; x < w; ++x)
        line[x] = single[level(row[x])];
}

template<bool Multi>
void EdgeRaster::renderBands(QImage &out, QRgb colour) const
{
    const int bands = bandsFor(m_h);
    const auto bandCount = static_cast<std::size_t>(bands);
    // Bin every primitive into the bands it touches (a counting sort by band, counted while
    // recording). Each recording's segments are placed by a core of its own: an arc graph has
    // about 100,000 of them.
    std::vector<const std::vector<Segment> *> parts {&m_segments};
    std::vector<const std::vector<std::uint32_t> *> perBand {&m_segmentsPerBand};
    for (std::size_t i = 0; i < m_taken.size(); ++i) {
        parts.push_back(&m_taken[i]);
        perBand.push_back(&m_takenPerBand[i]);
    }
    std::vector<std::size_t> segStart(bandCount + 1, 0), triStart = segStart;
    std::vector<std::vector<std::size_t>> fill(parts.size(), std::vector<std::size_t>(bandCount));
    for (std::size_t b = 0; b < bandCount; ++b) {
        std::size_t next = segStart[b];
        for (std::size_t p = 0; p < parts.size(); ++p) {
            fill[p][b] = next;
            next += (*perBand[p])[b];
        }
        segStart[b + 1] = next;
        triStart[b + 1] = triStart[b] + m_trianglesPerBand[b];
    }
    std::vector<const Segment *> segs(segStart.back());
    const int fillParts = partsFor(double(segs.size()), 10000, int(parts.size()));
    inParts(fillParts, [&](int first, int every) {
        for (auto p = static_cast<std::size_t>(first); p < parts.size(); p += static_cast<std::size_t>(every)) {
            std::vector<std::size_t> &at = fill[p];
            for (const Segment &s : *parts[p])
                for (int b = s.top / bandRows; b <= s.bottom / bandRows; ++b)
                    segs[at[static_cast<std::size_t>(b)]++] = &s;
        }
    });
    std::vector<std::size_t> triFill(triStart.begin(), triStart.end() - 1);
    std::vector<const Triangle *> tris(triStart.back());
    for (const Triangle &t : m_triangles)
        for (int b = t.top / bandRows; b <= t.bottom / bandRows; ++b)
            tris[triFill[static_cast<std::size_t>(b)]++] = &t;

    // Qt's AVX2 code (the painting before this) may have left its state: leave it before the SSE loops.
    clearUpperVectorState();
    // alpha = 1 − e^(−density), tabulated; a step of 1/256 in density is below 1/255 in alpha.
    static const std::array<float, levels> alpha = [] {
        std::array<float, levels> a {};
        for (std::size_t i = 0; i < levels; ++i)
            a[i] = 1.0f - std::exp(-static_cast<float>(i) / perUnit);
        return a;
    }();
    std::array<QRgb, levels> single {}; // single[0] is transparent: alpha[0] = 0
    if constexpr (!Multi) {
        for (std::size_t i = 0; i < levels; ++i) {
            const int a = static_cast<int>(std::lround(alpha[i] * 255.0f));
            single[i] = qPremultiply(qRgba(qRed(colour), qGreen(colour), qBlue(colour), a));
        }
    }
    constexpr std::size_t channels = Multi ? 4 : 1;
    const auto w = static_cast<std::size_t>(m_w);
    // Pixel strides; floats are `channels` times that.
    const auto stride = static_cast<std::ptrdiff_t>(w) + std::ptrdiff_t(2) * guard;
    uchar *bits = out.bits(); // detached once, before any thread writes its own lines
    const qsizetype bytesPerLine = out.bytesPerLine();
    // Bands first, first + every, …: each worker with its own band buffer and its own lines.
    const auto work = [&](int first, int every) {
        clearUpperVectorState(); // again: the allocations above may run AVX code; and on a second thread
        std::vector<float> band(static_cast<std::size_t>(stride * (bandRows + 2 * guard)) * channels, 0.0f);
        float *at = band.data() + static_cast<std::ptrdiff_t>(channels) * (guard * stride + guard);
        for (int b = first; b < bands; b += every) {
            const auto ub = static_cast<std::size_t>(b);
            const int b0 = b * bandRows, b1 = std::min(m_h, b0 + bandRows);
            if (segStart[ub] == segStart[ub + 1] && triStart[ub] == triStart[ub + 1]) {
                for (int y = b0; y < b1; ++y) // nothing drawn here; the image is not cleared
                    std::fill_n(reinterpret_cast<QRgb *>(bits + y * bytesPerLine), w, QRgb(0));
                continue;
            }
            for (std::size_t i = segStart[ub]; i < segStart[ub + 1]; ++i) {
                if (segs[i]->steep)
                    rasterize<Multi, true>(*segs[i], at, stride, b0, b1);
                else
                    rasterize<Multi, false>(*segs[i], at, stride, b0, b1);
            }
            for (std::size_t i = triStart[ub]; i < triStart[ub + 1]; ++i)
                rasterize<Multi>(*tris[i], at, stride, b0, b1);
            for (int y = b0; y < b1; ++y) {
                auto *line = reinterpret_cast<QRgb *>(bits + y * bytesPerLine);
                const float *row = at + static_cast<std::ptrdiff_t>(channels) * (y - b0) * stride;
                if constexpr (Multi) {
                    for (std::size_t x = 0; x < w; ++x) {
                        const float *p = row + 4 * x;
                        if (p[3] <= 0) {
                            line[x] = 0;
                            continue;
                        }
                        const float a = alpha[level(p[3])], k = a / p[3];
                        line[x]
                            = qRgba(static_cast<int>(p[0] * k), static_cast<int>(p[1] * k), static_cast<int>(p[2] * k),
                                static_cast<int>(a * 255.0f + 0.5f)); // NOLINT(bugprone-incorrect-roundings): a ≥ 0
                    }
                } else {
                    composeSingle(row, line, w, single.data());
                }
            }
            std::fill(band.begin(), band.end(), 0.0f);
        }
    };
    // The cores share a big raster, a part of 2,000 segments at least; for a small one, handing
    // bands over costs more than it saves.
    inParts(partsFor(double(segs.size()), 2000, bands), work);
}

QImage EdgeRaster::image(QRgb colour) const
{
    QImage out(m_w, m_h, QImage::Format_ARGB32_Premultiplied);
    if (m_multi)
        renderBands<true>(out, colour);
    else
        renderBands<false>(out, colour);
    return out;
}

} // namespace qkv::arrowgraph
