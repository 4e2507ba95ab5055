// The heatmap's cells as one image: max-pooled where there are more cells than pixels, and
// recoloured line by line where only some rows changed.
#include "figures/colormap.h"
#include "figures/maxpool.h"
#include "figures/pixelline.h"
#include "platform/twocores.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

namespace qkv {
namespace {

// Colours the pixel lines [yBegin, yEnd) of `image` (all of them, or those `wanted` marks).
void colourLines(QImage &image, uchar *bits, const SquareMatrix &values, const SquareMatrix &visible,
    const ColorScale &scale, MaskColors mask, qsizetype yBegin, qsizetype yEnd, const std::vector<char> *wanted)
{
    // Row r of `values` is n = values.cols() cells wide (cross-attention's matrices are not square).
    const int rows = static_cast<int>(values.rows()), n = static_cast<int>(values.cols());
    const int w = image.width(), h = image.height();
    const qsizetype stride = image.bytesPerLine();
    const bool masked = visible.rows() == rows && visible.cols() == n;
    const PixelColours colours(scale, mask);
    const bool byMagnitude = colours.byMagnitude();
    const std::vector<int> colFirst = cellBounds(n, w), rowFirst = cellBounds(rows, h);
    const double inf = std::numeric_limits<double>::infinity();
    // The largest and smallest visible value of each column over the rows of one pixel line;
    // -inf in `high` means every cell there is masked.
    std::vector<double> high(static_cast<std::size_t>(n)), low(static_cast<std::size_t>(n));
    std::vector<QRgb> cellColour(static_cast<std::size_t>(n));
    std::vector<double> pixelHigh(static_cast<std::size_t>(w)), pixelLow(static_cast<std::size_t>(w));
    int previous[2] = {-1, -1};
    bool previousHadMask = true;
    for (auto y = static_cast<int>(yBegin); y < yEnd; ++y) {
        if (wanted && !(*wanted)[static_cast<std::size_t>(y)]) {
            previous[0] = -1; // the line above is not this pass's
            continue;
        }
        const int r0 = rowFirst[static_cast<std::size_t>(y)];
        const int r1 = std::max(r0 + 1, rowFirst[static_cast<std::size_t>(y) + 1]);
        auto *line = reinterpret_cast<QRgb *>(bits + stride * y);
        // Upsampled rows repeat the line above: one copy instead of a recolouring.
        if (r0 == previous[0] && r1 == previous[1] && !previousHadMask) {
            std::memcpy(line, bits + stride * (y - 1), static_cast<std::size_t>(w) * sizeof(QRgb));
            continue;
        }
        previous[0] = r0;
        previous[1] = r1;
        double *hiCol = high.data(), *loCol = low.data();
        // Whole rows at a time as Eigen arrays (SIMD), the first row taken as it is; the low side
        // only matters for |v| pooling.
        Eigen::Map<Eigen::ArrayXd> hiA(hiCol, n), loA(loCol, n);
        for (int r = r0; r < r1; ++r) {
            const Eigen::Map<const Eigen::ArrayXd> v(values.data() + static_cast<qint64>(r) * n, n);
            if (masked) {
                const Eigen::Map<const Eigen::ArrayXd> vis(visible.data() + static_cast<qint64>(r) * n, n);
                if (r == r0)
                    hiA = (vis != 0).select(v, -inf);
                else
                    hiA = hiA.max((vis != 0).select(v, -inf));
                if (byMagnitude && r == r0)
                    loA = (vis != 0).select(v, inf);
                else if (byMagnitude)
                    loA = loA.min((vis != 0).select(v, inf));
            } else {
                if (r == r0)
                    hiA = v;
                else
                    hiA = hiA.max(v);
                if (byMagnitude && r == r0)
                    loA = v;
                else if (byMagnitude)
                    loA = loA.min(v);
            }
        }
        bool anyHidden = false;
        if (n <= w) { // a pixel shows one cell: colour each cell once, then spread the colours
            for (int j = 0; j < n; ++j) {
                anyHidden |= PixelColours::hidden(hiCol[j]);
                cellColour[static_cast<std::size_t>(j)] = colours.colour(hiCol[j], loCol[j]);
            }
            for (int x = 0; x < w; ++x) {
                const int j = colFirst[static_cast<std::size_t>(x)];
                line[x]
                    = PixelColours::hidden(hiCol[j]) ? colours.hatch(x, y) : cellColour[static_cast<std::size_t>(j)];
            }
        } else {
            for (int x = 0; x < w; ++x) {
                double hi = -inf, lo = inf;
                const int c0 = colFirst[static_cast<std::size_t>(x)], c1 = colFirst[static_cast<std::size_t>(x) + 1];
                for (int c = c0; c < c1; ++c)
                    hi = std::max(hi, hiCol[c]);
                for (int c = c0; byMagnitude && c < c1; ++c)
                    lo = std::min(lo, loCol[c]);
                pixelHigh[static_cast<std::size_t>(x)] = hi;
                pixelLow[static_cast<std::size_t>(x)] = lo;
            }
            anyHidden = colours.colourLine(line, pixelHigh.data(), pixelLow.data(), w, y);
        }
        previousHadMask = anyHidden;
    }
}

void colourAll(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    MaskColors mask, const std::vector<char> *wanted)
{
    // The pixel lines split between two cores, each writing its own lines through one pointer
    // taken here (scanLine() would detach the image from both threads at once).
    uchar *const bits = image.bits();
    onTwoCores(double(values.rows()) * double(values.cols()) >= 64 * 1024 && !wanted, [&](int part, int parts) {
        clearUpperVectorState();
        const auto [yBegin, yEnd] = partOf(image.height(), part, parts);
        colourLines(image, bits, values, visible, scale, mask, yBegin, yEnd, wanted);
    });
}

} // namespace

QImage matrixImage(
    const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale, QSize pixels, MaskColors mask)
{
    const int w = pixels.width(), h = pixels.height();
    QImage image(std::max(w, 1), std::max(h, 1), QImage::Format_RGB32);
    if (values.rows() == 0 || values.cols() == 0 || w <= 0 || h <= 0) {
        image.fill(mask.fill);
        return image;
    }
    colourAll(image, values, visible, scale, mask, nullptr);
    return image;
}

void recolourRows(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    MaskColors mask, const std::vector<int> &rows)
{
    const int n = static_cast<int>(values.rows());
    if (n == 0 || values.cols() == 0 || image.isNull() || rows.empty())
        return;
    // The pixel lines that show a changed row: with more rows than lines, the line pooling it.
    const std::vector<int> rowFirst = cellBounds(n, image.height());
    std::vector<char> wanted(static_cast<std::size_t>(image.height()), 0);
    for (int y = 0; y < image.height(); ++y) {
        const int r0 = rowFirst[static_cast<std::size_t>(y)];
        const int r1 = std::max(r0 + 1, rowFirst[static_cast<std::size_t>(y) + 1]);
        const auto first = std::lower_bound(rows.begin(), rows.end(), r0);
        wanted[static_cast<std::size_t>(y)] = first != rows.end() && *first < r1;
    }
    colourAll(image, values, visible, scale, mask, &wanted);
}

} // namespace qkv
