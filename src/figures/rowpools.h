#pragma once

#include "attention/incrementalupdate.h"
#include "figures/colormap.h"

#include <QImage>

#include <utility>
#include <vector>

namespace qkv {

// The heatmap's cells pooled along each row over the pixel columns of its image (the largest
// visible value of the cells a pixel covers, and the smallest on a diverging scale), for a matrix
// with more columns than the image has pixels. After an edited key every row moves, but most only
// by a factor (HeadChange): such a row is pooled again by one product per pixel, not by a pass over
// its n cells, and the image is coloured from the pools, the same pixels as matrixImage gives.
class RowPools
{
public:
    // Whether pools for an image `width` pixels wide are worth their memory: at most 64 MiB (an
    // n × width array of doubles, two on a diverging scale; 4,096 tokens on 2,048 pixels).
    static bool affordable(int n, int width, bool magnitude);
    // Whether the pools are of an n × n matrix for an image `width` pixels wide on this kind of
    // scale (a diverging one pools the smallest values too).
    bool fit(int n, int width, bool magnitude) const;
    void build(const SquareMatrix &values, const SquareMatrix &visible, int width, bool magnitude);
    // After an update moved `change.rows` of `values` (now as updated).
    void update(const SquareMatrix &values, const SquareMatrix &visible, const HeadChange &change);
    // Every pixel line of `image` (as wide as the pools) from the pools.
    void colour(QImage &image, const ColorScale &scale, MaskColors mask) const;
    void clear() { *this = {}; }

private:
    void poolRow(const SquareMatrix &values, const SquareMatrix &visible, int row, int firstPixel, int endPixel);
    // The pixels over edited keys, each with its keys (indices into HeadChange::keys).
    using KeyPixels = std::vector<std::pair<int, std::vector<std::size_t>>>;
    void rescaleRow(const SquareMatrix &values, const SquareMatrix &visible, const HeadChange &change, int r, double f,
        const KeyPixels &keyPixels, std::vector<char> &follow);

    int m_n = 0, m_width = 0;
    bool m_magnitude = false;
    std::vector<int> m_colFirst; // pixel x covers the columns [first[x], first[x + 1])
    std::vector<double> m_high, m_low; // n × width, row-major
};

} // namespace qkv
