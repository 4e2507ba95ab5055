#include "animation/palette.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qkv::animation {
namespace {

// The pixels of a 6-bit bin: how many, and their exact colours summed, so that a bin of one
// colour (a heatmap cell) gives that colour back exactly.
struct Bin {
    uint64_t count = 0, r = 0, g = 0, b = 0;
};

struct Box {
    std::size_t begin, end; // into the occupied bins
    double count; // the bins' weights: the square root of their pixels
    int range; // the widest channel's extent, in bins
    int axis;
};

// A bin counts by the logarithm of its pixels: a colour bar's hundred shades, each a few
// pixels, then get colours of their own next to the large cells, instead of six bands.
double weight(const Bin &b)
{
    return 1 + std::log2(static_cast<double>(b.count));
}

int channel(uint32_t bin, int axis)
{
    return static_cast<int>(bin >> (12 - 6 * axis)) & 63;
}

Box measure(const std::vector<uint32_t> &bins, const std::vector<Bin> &stats, std::size_t begin, std::size_t end)
{
    Box box {begin, end, 0, 0, 0};
    int lo[3] = {63, 63, 63}, hi[3] = {0, 0, 0};
    for (std::size_t i = begin; i < end; ++i) {
        box.count += weight(stats[bins[i]]);
        for (int a = 0; a < 3; ++a) {
            lo[a] = std::min(lo[a], channel(bins[i], a));
            hi[a] = std::max(hi[a], channel(bins[i], a));
        }
    }
    for (int a = 0; a < 3; ++a)
        if (hi[a] - lo[a] > box.range)
            box.range = hi[a] - lo[a], box.axis = a;
    return box;
}

} // namespace

Palette Palette::fromFrames(const std::vector<QImage> &frames, int maxColors)
{
    std::vector<Bin> stats(1 << 18);
    for (const QImage &frame : frames)
        for (int y = 0; y < frame.height(); ++y) {
            const auto *line = reinterpret_cast<const QRgb *>(frame.constScanLine(y));
            for (int x = 0; x < frame.width(); ++x) {
                Bin &b = stats[bin(line[x])];
                ++b.count;
                b.r += qRed(line[x]);
                b.g += qGreen(line[x]);
                b.b += qBlue(line[x]);
            }
        }
    std::vector<uint32_t> bins;
    for (uint32_t i = 0; i < stats.size(); ++i)
        if (stats[i].count)
            bins.push_back(i);

    // Median cut: the box with the most pixels times the widest extent is split at its median.
    std::vector<Box> boxes;
    if (!bins.empty())
        boxes.push_back(measure(bins, stats, 0, bins.size()));
    while (static_cast<int>(boxes.size()) < maxColors) {
        const auto widest = std::max_element(boxes.begin(), boxes.end(),
            [](const Box &a, const Box &b) { return a.count * a.range < b.count * b.range; });
        if (widest == boxes.end() || widest->range == 0)
            break; // every box holds one bin's worth of colour
        const Box box = *widest;
        std::sort(bins.begin() + static_cast<std::ptrdiff_t>(box.begin),
            bins.begin() + static_cast<std::ptrdiff_t>(box.end),
            [&](uint32_t a, uint32_t b) { return channel(a, box.axis) < channel(b, box.axis); });
        double seen = 0;
        std::size_t cut = box.begin + 1;
        for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
            seen += weight(stats[bins[i]]);
            cut = i + 1;
            if (2 * seen >= box.count)
                break;
        }
        // Never between two bins of the same value on the axis: the halves would overlap.
        while (cut < box.end && cut > box.begin + 1 && channel(bins[cut], box.axis) == channel(bins[cut - 1], box.axis))
            ++cut;
        if (cut >= box.end)
            cut = box.end - 1;
        *widest = measure(bins, stats, box.begin, cut);
        boxes.push_back(measure(bins, stats, cut, box.end));
    }

    Palette p;
    p.m_lookup.assign(stats.size(), 0);
    for (const Box &box : boxes) {
        Bin sum;
        for (std::size_t i = box.begin; i < box.end; ++i) {
            const Bin &b = stats[bins[i]];
            sum.count += b.count;
            sum.r += b.r;
            sum.g += b.g;
            sum.b += b.b;
        }
        const auto mean = [&](uint64_t total) { return static_cast<int>((total + sum.count / 2) / sum.count); };
        p.m_colors.push_back(qRgb(mean(sum.r), mean(sum.g), mean(sum.b)));
    }
    // Each occupied bin to the nearest colour (of its own box, nearly always).
    for (const uint32_t b : bins) {
        const Bin &s = stats[b];
        const int r = static_cast<int>(s.r / s.count), g = static_cast<int>(s.g / s.count),
                  bl = static_cast<int>(s.b / s.count);
        int best = 0, bestDistance = std::numeric_limits<int>::max();
        for (int i = 0; i < static_cast<int>(p.m_colors.size()); ++i) {
            const QRgb c = p.m_colors[static_cast<std::size_t>(i)];
            const int d
                = (qRed(c) - r) * (qRed(c) - r) + (qGreen(c) - g) * (qGreen(c) - g) + (qBlue(c) - bl) * (qBlue(c) - bl);
            if (d < bestDistance)
                bestDistance = d, best = i;
        }
        p.m_lookup[b] = static_cast<uint8_t>(best);
    }
    return p;
}

} // namespace qkv::animation
