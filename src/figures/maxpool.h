#pragma once

#include "figures/colormap.h"

#include <QImage>
#include <QSize>

#include <vector>

namespace qkv {

// Pixel p of a side of `pixels` covers the cells [first[p], first[p + 1]) of `cells`; when there
// are more pixels than cells that range is empty and the pixel shows cell first[p].
std::vector<int> cellBounds(int cells, int pixels);

// A matrix reduced to one value per pixel.
struct PooledMatrix {
    QSize size;
    std::vector<float> values; // row-major, one per pixel
    float max = 0; // the largest value of the whole matrix
    float maxFromSecond = 0; // the largest from column 1 on (an attention sink left out); max when n = 1
};

// A row-major rows × cols float matrix reduced to `pixels` straight from the floats: each pixel
// is the MAXIMUM of the cells it covers (cell bounds as matrixImage), so a head that puts all of
// a row on one token keeps its peak visible at any size, where a mean would fade it to the
// background. `pixels` of 1 × 1 gives just the two maxima.
PooledMatrix maxPool(const float *values, int rows, int cols, QSize pixels);
inline PooledMatrix maxPool(const float *values, int n, QSize pixels)
{
    return maxPool(values, n, n, pixels);
}

// The pooled values coloured on `scale`, one pixel each.
QImage pooledImage(const PooledMatrix &pooled, const ColorScale &scale);

} // namespace qkv
