#pragma once

#include <QImage>
#include <QRgb>

#include <array>
#include <cstdint>
#include <vector>

namespace qkv::animation {

// At most 256 colours for a whole animation, and each pixel's nearest of them. Colours are
// counted at 6 bits a channel (262,144 bins): finer than any colormap step a figure draws.
class Palette
{
public:
    static Palette fromFrames(const std::vector<QImage> &frames, int maxColors = 256);

    const std::vector<QRgb> &colors() const { return m_colors; }
    // The index of the palette colour nearest `rgb`.
    uint8_t indexOf(QRgb rgb) const { return m_lookup[bin(rgb)]; }

    static uint32_t bin(QRgb rgb) { return (qRed(rgb) >> 2) << 12 | (qGreen(rgb) >> 2) << 6 | (qBlue(rgb) >> 2); }

private:
    std::vector<QRgb> m_colors;
    std::vector<uint8_t> m_lookup; // by bin
};

} // namespace qkv::animation
