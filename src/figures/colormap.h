#pragma once

#include "attention/attention.h"

#include <QColor>
#include <QImage>
#include <QRect>
#include <QString>
#include <QStringList>

#include <optional>

#include <array>
#include <utility>
#include <vector>

class QFont;
class QPainter;
class QPalette;
class QRectF;

namespace qkv {

class RowPools;

enum class Colormap { Viridis, Cividis, Magma, Grey, Diverging };

// The colour of t in [0, 1] (clamped); Diverging maps 0.5 to white, 0 to blue, 1 to red.
// Every map is a 256-entry table looked up at round(t · 255), so a cell's colour is exactly this.
QRgb colormapColor(Colormap map, double t);
// The table entry of t: round(t · 255) for t clamped to [0, 1], NaN giving 0. No libm call: this
// runs once per cell.
inline int colormapIndex(double t)
{
    if (!(t > 0))
        return 0;
    return t >= 1 ? 255 : static_cast<int>(t * 255.0 + 0.5); // NOLINT(bugprone-incorrect-roundings): t ≥ 0 here
}
const std::array<QRgb, 256> &colormapTable(Colormap map);
QString colormapName(Colormap map);
QStringList colormapNames();
// The colormaps' credits and licences as plain-text paragraphs, for the About box: viridis and
// magma (CC0), and cividis with its BSD-style licence, which binary copies must reproduce.
QString colormapNotices();
// cividis's licence alone, which the package's copyright file carries word for word.
QString cividisLicence();

// A colormap laid over a range of values.
struct ColorScale {
    Colormap map = Colormap::Viridis;
    double low = 0.0;
    double high = 1.0;

    double unit(double v) const { return (v - low) / (high - low); }
    QRgb color(double v) const { return colormapColor(map, unit(v)); }

    // The scale for values spanning [minValue, maxValue]. Diverging: symmetric around 0, so white
    // means exactly 0. Otherwise [min(0, minValue), maxValue]: the darkest colour is 0 and the
    // brightest the largest value, so the 0.05 … 0.2 weights of a long sentence stay apart.
    static ColorScale fit(Colormap map, double minValue, double maxValue);
};

// Colours for masked cells: a neutral diagonal hatch that never reads as a value.
struct MaskColors {
    QRgb fill;
    QRgb line;
};
// The hatch for a palette: a tint of the background with lines between background and text.
MaskColors maskColors(const QPalette &palette);

// Draws the matrix into `target`. Raster devices get one image at device resolution (the image
// in `cache`, recoloured unless `reuse` and its size still fits); vector devices (SVG, PDF) one
// rectangle per cell up to 128 tokens, so figures stay sharp at any zoom.
// With `reuse`, `staleRows` (ascending) are rows whose values changed: only their pixels are
// coloured again; or, with `pools` that fit the image, every pixel is coloured from them.
// `cells` (x: columns, y: rows; null: all) draws only that part of the matrix into `target`,
// as a zoomed heatmap does; neither stale rows nor pools apply to a part.
void paintMatrix(QPainter &painter, const QRectF &target, const SquareMatrix &values, const SquareMatrix &visible,
    const ColorScale &scale, MaskColors mask, QImage &cache, bool reuse, const std::vector<int> &staleRows = {},
    const RowPools *pools = nullptr, QRect cells = {});

// The smallest and largest value of the cells `visible` shows (empty: all), from column
// `firstColumn` on (1 leaves out what every token gives the first: an attention sink); (0, 0)
// if none.
std::pair<double, double> visibleRange(const SquareMatrix &values, const SquareMatrix &visible, int firstColumn = 0);

// A row-major n × n matrix coloured into an image of `pixels`, cell j covering the pixels
// [j·w/n, (j+1)·w/n). With more cells than pixels, blocks are max-pooled (by |v| on diverging
// scales, keeping the sign) so one sharp attention peak never vanishes; a block is masked only
// when all its cells are. `visible` is empty when nothing is masked.
QImage matrixImage(
    const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale, QSize pixels, MaskColors mask);
// The same into `image`, whose buffer is kept when it already has that size: a new 4 MB image
// per paint is as many page faults, and freeing the last one unmaps it. `cells` (x: columns, y:
// rows; null: all) is the part of the matrix coloured, as a zoomed heatmap shows it.
void matrixImageInto(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    QSize pixels, MaskColors mask, QRect cells = {});
// A window of the whole matrix's image coloured at `total` pixels (as matrixImage colours it): its
// pixels `window` into `image`. `cachedAt`: `image` holds the window of that size from there on,
// of the same values, scale, mask and total; the pixels both windows show are moved and only the
// strips uncovered coloured, as a zoomed heatmap scrolls.
void matrixWindowInto(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    MaskColors mask, QSize total, QRect window, std::optional<QPoint> cachedAt);
// The pixel lines of such an image (of the same values' shape, scale and mask) that show any
// of `rows` (ascending) coloured again, after those rows changed: the same pixels as a new image.
void recolourRows(QImage &image, const SquareMatrix &values, const SquareMatrix &visible, const ColorScale &scale,
    MaskColors mask, const std::vector<int> &rows);

// The decimals for numbers up to `magnitude` in a cell: 2 below 10, 1 below 100, else 0.
int cellDecimals(double magnitude);

// A colour bar in the column `area` right of a figure: a gap, `title` on top, then the bar (low at
// the bottom) with round ticks and both ends numbered.
void paintColorBar(QPainter &painter, const QRectF &area, const ColorScale &scale, const QString &title,
    const QPalette &palette, const QFont &font, const QLocale &locale);
// The width of that column.
qreal colorBarWidth(const ColorScale &scale, const QString &title, const QFont &font, const QLocale &locale);

} // namespace qkv
