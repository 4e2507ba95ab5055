#pragma once

#include "figures/colormap.h"

#include <limits>

namespace qkv {

// How a pixel of the heatmap's cell image is coloured from the largest and smallest value it
// pools (-inf as the largest: every cell there is masked, drawn as the hatch), one place for the
// image drawn from the matrix and the one drawn from rows pooled in advance.
class PixelColours
{
public:
    PixelColours(const ColorScale &scale, MaskColors mask)
        : m_table(colormapTable(scale.map))
        , m_offset(scale.low)
        , m_factor(1.0 / (scale.high - scale.low))
        , m_byMagnitude(scale.map == Colormap::Diverging)
        , m_mask(mask)
    { }

    // The smallest value matters only on a diverging scale (pooled by magnitude, keeping the sign).
    bool byMagnitude() const { return m_byMagnitude; }
    static bool hidden(double high) { return high == -std::numeric_limits<double>::infinity(); }
    QRgb colour(double high, double low) const
    {
        const double v = m_byMagnitude && -low > high ? low : high;
        return m_table[static_cast<std::size_t>(colormapIndex((v - m_offset) * m_factor))];
    }
    QRgb hatch(int x, int y) const { return (x + y) % 6 < 2 ? m_mask.line : m_mask.fill; }
    // Pixel line y from each pixel's pooled values, its first pixel at x0 of the whole image (where
    // the hatch runs); true when any pixel of it is masked.
    bool colourLine(QRgb *line, const double *high, const double *low, int width, int y, int x0 = 0) const
    {
        bool anyHidden = false;
        for (int x = 0; x < width; ++x) {
            anyHidden |= hidden(high[x]);
            line[x] = hidden(high[x]) ? hatch(x0 + x, y) : colour(high[x], low[x]);
        }
        return anyHidden;
    }

private:
    const std::array<QRgb, 256> &m_table;
    double m_offset, m_factor;
    bool m_byMagnitude;
    MaskColors m_mask;
};

} // namespace qkv
