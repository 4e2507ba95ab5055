// The heatmap's cells as one image: max-pooled where there are more cells than pixels, and
// recoloured line by line where only some rows changed.
#include "figures/colormap.h"
#include "figures/maxpool.h"
#include "figures/pixelline.h"
#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

namespace qkv {
namespace {

// Cells j < n of the four rows `row` folded into high[j] (the largest) and, when `low` is given,
// low[j] (the smallest), or into -inf and +inf when `first`; where `shown` (the rows' visibility)
// is given, a cell it holds 0 for is left out. Compiled for each SIMD level (GCC's target clones,
// chosen when the program loads), where Eigen's arrays are built for the baseline's SSE2: the
// first paint of a 4,096-token heatmap took 13.9 ms, 12.6 now (medians of 8 runs, alternating,
// AVX-512); reading the 134 MB alone takes 5.5. No vector crosses a call: its passing would differ
// between the clones.
__attribute__((target_clones("avx512f", "avx2", "default"))) void foldFourRows(
    const double *const *row, const double *const *shown, double *high, double *low, long n, bool first)
{
    using Vec = double __attribute__((vector_size(64)));
    constexpr long width = 8;
    const double inf = std::numeric_limits<double>::infinity();
    const auto fold = [&]<bool masked, bool both>() __attribute__((always_inline))
    {
        long j = 0;
        for (; j + width <= n; j += width) {
            Vec hi = Vec {} - inf, lo = Vec {} + inf, cell;
            if (!first) {
                __builtin_memcpy(&hi, high + j, sizeof hi);
                if constexpr (both)
                    __builtin_memcpy(&lo, low + j, sizeof lo);
            }
            for (int r = 0; r < 4; ++r) {
                __builtin_memcpy(&cell, row[r] + j, sizeof cell);
                Vec top = cell, bottom = cell;
                if constexpr (masked) {
                    Vec seen;
                    __builtin_memcpy(&seen, shown[r] + j, sizeof seen);
                    top = seen != 0 ? cell : Vec {} - inf;
                    bottom = seen != 0 ? cell : Vec {} + inf;
                }
                hi = top > hi ? top : hi;
                if constexpr (both)
                    lo = bottom < lo ? bottom : lo;
            }
            __builtin_memcpy(high + j, &hi, sizeof hi);
            if constexpr (both)
                __builtin_memcpy(low + j, &lo, sizeof lo);
        }
        for (; j < n; ++j) {
            if (first) {
                high[j] = -inf;
                if (both)
                    low[j] = inf;
            }
            for (int r = 0; r < 4; ++r) {
                if (masked && shown[r][j] == 0)
                    continue;
                high[j] = std::max(high[j], row[r][j]);
                if (both)
                    low[j] = std::min(low[j], row[r][j]);
            }
        }
    };
    if (shown)
        low ? fold.template operator()<true, true>() : fold.template operator()<true, false>();
    else
        low ? fold.template operator()<false, true>() : fold.template operator()<false, false>();
}

// The cells coloured: a rectangle of a row-major matrix (all of it, or the part a zoomed heatmap
// shows), with the rows' visibility where anything is masked.
struct Block {
    const double *values = nullptr;
    const double *visible = nullptr; // null: nothing masked
    long stride = 0; // between rows, in both matrices
    int rows = 0, cols = 0;

    Block(const SquareMatrix &v, const SquareMatrix &shown, QRect cells)
        : stride(v.cols())
        , rows(std::max(0, cells.height()))
        , cols(std::max(0, cells.width()))
    {
        if (rows == 0 || cols == 0)
            return; // pixels beyond the matrix's last (a rounded window's edge): nothing to read
        const long offset = cells.top() * stride + cells.left();
        values = v.data() + offset;
        if (shown.rows() == v.rows() && shown.cols() == v.cols())
            visible = shown.data() + offset;
    }
};

// The largest (and, by magnitude, smallest) visible value of each column over rows [r0, r1),
// into `high` (`low`). Four rows are read side by side, the last repeated where fewer are left:
// one row at a time left the memory waiting between rows.
void poolRows(const Block &b, int r0, int r1, double *high, double *low, bool byMagnitude)
{
    for (int r = r0; r < r1; r += 4) {
        const int rows[4] = {r, std::min(r + 1, r1 - 1), std::min(r + 2, r1 - 1), std::min(r + 3, r1 - 1)};
        const double *cells[4], *seen[4];
        for (int i = 0; i < 4; ++i) {
            cells[i] = b.values + rows[i] * b.stride;
            seen[i] = b.visible ? b.visible + rows[i] * b.stride : nullptr;
        }
        foldFourRows(cells, b.visible ? seen : nullptr, high, byMagnitude ? low : nullptr, b.cols, r == r0);
    }
}

// max or min over p[0 … count), count ≥ 1, in two interleaved chains (the last cell may be taken
// twice): a pixel pools 4 or 5 cells at 4,096 tokens, and one chain waited on each in turn.
template<class Op>
double spanFold(const double *p, int count, Op op)
{
    double a = p[0], b = p[count - 1];
    for (int c = 1; c + 1 < count; c += 2) {
        a = op(a, p[c]);
        b = op(b, p[c + 1]);
    }
    return op(a, b);
}

// Pixels of an image to colour: `size` pixels from `bits` on, showing the pixels from `at` on of
// the whole image of `cells` coloured at `total` pixels (a zoomed heatmap's frame shows a window
// of it, scrolling colours a strip of that window). Its cells' bounds are counted from `block`.
struct Region {
    uchar *bits = nullptr;
    qsizetype stride = 0;
    QSize size;
    QPoint at; // in the whole image's pixels: where the hatch's diagonals run
    std::vector<int> colFirst, rowFirst; // pixel p covers the block's cells [first[p], first[p + 1])
    bool upsampled = false; // a pixel shows one cell (the whole image has no fewer pixels than cells)
    Block block;

    Region(uchar *bits, qsizetype stride, QSize size, QPoint at, QSize total, const SquareMatrix &values,
        const SquareMatrix &visible, QRect cells)
        : bits(bits)
        , stride(stride)
        , size(size)
        , at(at)
        , upsampled(cells.width() <= total.width())
        , block(values, visible, spanned(size, at, total, cells))
    {
        colFirst = bounds(at.x(), size.width(), cells.left(), cells.width(), total.width(), block.cols);
        rowFirst = bounds(at.y(), size.height(), cells.top(), cells.height(), total.height(), block.rows);
    }

    // The whole image's pixel p covers the cells from cells·p / total on.
    static int firstCell(int p, int first, int cells, int total)
    {
        return first + static_cast<int>(static_cast<qint64>(p) * cells / total);
    }
    // The cells the pixels [at, at + size) cover.
    static QRect spanned(QSize size, QPoint at, QSize total, QRect cells)
    {
        const auto span = [](int p0, int count, int first, int n, int t) {
            const int c0 = firstCell(p0, first, n, t);
            const int c1 = std::max(firstCell(p0 + count, first, n, t), firstCell(p0 + count - 1, first, n, t) + 1);
            return std::pair {c0, std::min(c1, first + n)};
        };
        const auto [c0, c1] = span(at.x(), size.width(), cells.left(), cells.width(), total.width());
        const auto [r0, r1] = span(at.y(), size.height(), cells.top(), cells.height(), total.height());
        return {c0, r0, c1 - c0, r1 - r0};
    }
    // The region's bounds, counted from the block's first cell and capped at its end.
    static std::vector<int> bounds(int p0, int count, int first, int n, int total, int blockCells)
    {
        std::vector<int> out(static_cast<std::size_t>(count) + 1);
        const int base = firstCell(p0, first, n, total);
        for (int p = 0; p <= count; ++p)
            out[static_cast<std::size_t>(p)] = std::min(firstCell(p0 + p, first, n, total) - base, blockCells);
        return out;
    }
};

// Colours the pixel lines [yBegin, yEnd) of the region (all of them, or those `wanted` marks).
void colourLines(const Region &region, const ColorScale &scale, MaskColors mask, qsizetype yBegin, qsizetype yEnd,
    const std::vector<char> *wanted)
{
    // Rows of n cells (cross-attention's matrices are not square).
    const Block &block = region.block;
    const int n = block.cols;
    const int w = region.size.width();
    const qsizetype stride = region.stride;
    uchar *const bits = region.bits;
    const PixelColours colours(scale, mask);
    const bool byMagnitude = colours.byMagnitude();
    const std::vector<int> &colFirst = region.colFirst, &rowFirst = region.rowFirst;
    const int hx = region.at.x(), hy = region.at.y();
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
        const int r0 = std::min(rowFirst[static_cast<std::size_t>(y)], block.rows - 1);
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
        poolRows(block, r0, r1, hiCol, loCol, byMagnitude);
        bool anyHidden = false;
        if (region.upsampled) { // a pixel shows one cell: colour each cell once, then spread the colours
            for (int j = 0; j < n; ++j) {
                anyHidden |= PixelColours::hidden(hiCol[j]);
                cellColour[static_cast<std::size_t>(j)] = colours.colour(hiCol[j], loCol[j]);
            }
            for (int x = 0; x < w; ++x) {
                const int j = std::min(colFirst[static_cast<std::size_t>(x)], n - 1);
                line[x] = PixelColours::hidden(hiCol[j]) ? colours.hatch(hx + x, hy + y)
                                                         : cellColour[static_cast<std::size_t>(j)];
            }
        } else {
            for (int x = 0; x < w; ++x) {
                const int c0 = std::min(colFirst[static_cast<std::size_t>(x)], n - 1);
                const int c1 = std::max(c0 + 1, colFirst[static_cast<std::size_t>(x) + 1]);
                pixelHigh[static_cast<std::size_t>(x)]
                    = spanFold(hiCol + c0, c1 - c0, [](double a, double b) { return std::max(a, b); });
                pixelLow[static_cast<std::size_t>(x)] = byMagnitude
                    ? spanFold(loCol + c0, c1 - c0, [](double a, double b) { return std::min(a, b); })
                    : inf;
            }
            anyHidden = colours.colourLine(line, pixelHigh.data(), pixelLow.data(), w, hy + y, hx);
        }
        previousHadMask = anyHidden;
    }
}

void colourAll(const Region &region, const ColorScale &scale, MaskColors mask, const std::vector<char> *wanted)
{
    if (region.size.isEmpty())
        return;
    if (region.block.rows <= 0 || region.block.cols <= 0) { // beyond the matrix: the background
        for (int y = 0; y < region.size.height(); ++y)
            std::fill_n(reinterpret_cast<QRgb *>(region.bits + region.stride * y), region.size.width(), mask.fill);
        return;
    }
    // The pixel lines split over the cores, each part writing its own lines through the one
    // pointer taken before (scanLine() would detach the image from every thread at once).
    const int h = region.size.height();
    const int lineParts = wanted ? 1 : partsFor(double(region.block.rows) * double(region.block.cols), 32 * 1024, h);
    inParts(lineParts, [&](int part, int parts) {
        clearUpperVectorState();
        const auto [yBegin, yEnd] = partOf(h, part, parts);
        colourLines(region, scale, mask, yBegin, yEnd, wanted);
    });
}

QRect whole(const SquareMatrix &values)
{
    return {0, 0, static_cast<int>(values.cols()), static_cast<int>(values.rows())};
}

// The whole image as a region of itself.
Region wholeImage(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, QRect cells)
{
    return {image.bits(), image.bytesPerLine(), image.size(), {}, image.size(), values, visible, cells};
}

// Moves the image's pixels by `d` (what was at p goes to p + d); what it uncovers is left as it was.
void shiftPixels(QImage &image, QPoint d)
{
    const int w = image.width(), h = image.height();
    const int width = w - std::abs(d.x());
    if (width <= 0 || std::abs(d.y()) >= h)
        return;
    uchar *const bits = image.bits();
    const qsizetype stride = image.bytesPerLine();
    const auto move = [&](int y) {
        const auto *from = reinterpret_cast<const QRgb *>(bits + stride * (y - d.y())) + std::max(0, -d.x());
        auto *to = reinterpret_cast<QRgb *>(bits + stride * y) + std::max(0, d.x());
        std::memmove(to, from, static_cast<std::size_t>(width) * sizeof(QRgb));
    };
    // Lines are read before they are written over: from the bottom when moving down.
    if (d.y() > 0)
        for (int y = h - 1; y >= d.y(); --y)
            move(y);
    else
        for (int y = 0; y < h + d.y(); ++y)
            move(y);
}

} // namespace

QImage matrixImage(
    const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale, QSize pixels, MaskColors mask)
{
    QImage image;
    matrixImageInto(image, values, visible, scale, pixels, mask);
    return image;
}

void matrixImageInto(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    QSize pixels, MaskColors mask, QRect cells)
{
    const int w = pixels.width(), h = pixels.height();
    const QSize size(std::max(w, 1), std::max(h, 1));
    if (image.size() != size || image.format() != QImage::Format_RGB32)
        image = QImage(size, QImage::Format_RGB32);
    cells = cells.isNull() ? whole(values) : cells.intersected(whole(values));
    if (cells.isEmpty() || w <= 0 || h <= 0) {
        image.fill(mask.fill);
        return;
    }
    colourAll(wholeImage(image, values, visible, cells), scale, mask, nullptr);
}

void matrixWindowInto(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    MaskColors mask, QSize total, QRect window, std::optional<QPoint> cachedAt)
{
    const QSize size = window.size().expandedTo(QSize(1, 1));
    const bool kept = cachedAt && image.size() == size && image.format() == QImage::Format_RGB32;
    if (!kept)
        image = QImage(size, QImage::Format_RGB32);
    if (values.rows() == 0 || values.cols() == 0 || total.isEmpty()) {
        image.fill(mask.fill);
        return;
    }
    const auto colour = [&](QRect pixels) { // of the image
        if (pixels.isEmpty())
            return;
        uchar *bits = image.bits() + image.bytesPerLine() * pixels.top() + pixels.left() * qsizetype(sizeof(QRgb));
        colourAll(Region(bits, image.bytesPerLine(), pixels.size(), window.topLeft() + pixels.topLeft(), total, values,
                      visible, whole(values)),
            scale, mask, nullptr);
    };
    // What moved in view: the pixels both windows show are moved, the strips uncovered coloured.
    const QPoint d = kept ? *cachedAt - window.topLeft() : QPoint(size.width(), 0);
    if (std::abs(d.x()) >= size.width() || std::abs(d.y()) >= size.height()) {
        colour(image.rect());
        return;
    }
    shiftPixels(image, d);
    const int w = size.width(), h = size.height();
    const QRect rows = d.y() > 0 ? QRect(0, 0, w, d.y()) : QRect(0, h + d.y(), w, -d.y());
    const int top = d.y() > 0 ? d.y() : 0, height = h - std::abs(d.y());
    const QRect columns = d.x() > 0 ? QRect(0, top, d.x(), height) : QRect(w + d.x(), top, -d.x(), height);
    colour(rows);
    colour(columns);
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
    colourAll(wholeImage(image, values, visible, whole(values)), scale, mask, &wanted);
}

} // namespace qkv
