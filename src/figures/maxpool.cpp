#include "figures/maxpool.h"

#include <Eigen/Core>

#include <algorithm>
#include <cstring>
#include <limits>

namespace qkv {

std::vector<int> cellBounds(int cells, int pixels)
{
    std::vector<int> first(static_cast<std::size_t>(pixels) + 1);
    for (int p = 0; p <= pixels; ++p)
        first[static_cast<std::size_t>(p)] = static_cast<int>(static_cast<qint64>(p) * cells / pixels);
    return first;
}

PooledMatrix maxPool(const float *values, int rows, int cols, QSize pixels)
{
    PooledMatrix out;
    const int w = std::max(1, pixels.width()), h = std::max(1, pixels.height());
    out.size = QSize(w, h);
    out.values.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0.0f);
    if (rows <= 0 || cols <= 0)
        return out;
    const std::vector<int> colFirst = cellBounds(cols, w), rowFirst = cellBounds(rows, h);
    constexpr float inf = std::numeric_limits<float>::infinity();
    float top = -inf, topFromSecond = -inf;
    // The largest value of each column over the rows of one pixel line.
    Eigen::ArrayXf high(cols);
    for (int y = 0; y < h; ++y) {
        const int r0 = rowFirst[static_cast<std::size_t>(y)];
        const int r1 = std::max(r0 + 1, rowFirst[static_cast<std::size_t>(y) + 1]);
        float *line = out.values.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w);
        // Upsampled rows repeat the line above.
        if (y > 0 && r0 == rowFirst[static_cast<std::size_t>(y) - 1]) {
            std::memcpy(line, line - w, static_cast<std::size_t>(w) * sizeof(float));
            continue;
        }
        using Row = Eigen::Map<const Eigen::ArrayXf>;
        high = Row(values + static_cast<qint64>(r0) * cols, cols);
        for (int r = r0 + 1; r < r1; ++r)
            high = high.max(Row(values + static_cast<qint64>(r) * cols, cols));
        top = std::max(top, high.maxCoeff());
        if (cols > 1)
            topFromSecond = std::max(topFromSecond, high.tail(cols - 1).maxCoeff());
        for (int x = 0; x < w; ++x) {
            const int c0 = colFirst[static_cast<std::size_t>(x)];
            const int c1 = std::max(c0 + 1, colFirst[static_cast<std::size_t>(x) + 1]);
            line[x] = high.segment(c0, c1 - c0).maxCoeff();
        }
    }
    out.max = top;
    out.maxFromSecond = cols > 1 ? topFromSecond : top;
    return out;
}

QImage pooledImage(const PooledMatrix &pooled, const ColorScale &scale)
{
    QImage image(pooled.size, QImage::Format_RGB32);
    const auto &table = colormapTable(scale.map);
    const double offset = scale.low, factor = 1.0 / (scale.high - scale.low);
    const float *v = pooled.values.data();
    for (int y = 0; y < image.height(); ++y) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < image.width(); ++x)
            line[x] = table[static_cast<std::size_t>(colormapIndex((*v++ - offset) * factor))];
    }
    return image;
}

} // namespace qkv
