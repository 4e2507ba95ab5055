#include "colormap.h"

#include "colormapdata.h"

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

QRgb fromTable(const std::array<Rgb, 256> &table, double t)
{
    const Rgb &c = table[static_cast<std::size_t>(std::lround(t * 255.0))];
    return qRgb(c.r, c.g, c.b);
}

// A blue-white-red map (the RdBu end points of ColorBrewer), linear in sRGB on each side.
QRgb diverging(double t)
{
    const QColor blue(33, 102, 172), white(247, 247, 247), red(178, 24, 43);
    const QColor &a = t < 0.5 ? blue : white;
    const QColor &b = t < 0.5 ? white : red;
    const double u = t < 0.5 ? t * 2.0 : (t - 0.5) * 2.0;
    auto mix = [u](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * u)); };
    return qRgb(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

} // namespace

QRgb colormapColor(Colormap map, double t)
{
    t = std::isfinite(t) ? std::clamp(t, 0.0, 1.0) : 0.0;
    switch (map) {
    case Colormap::Viridis:
        return fromTable(viridisData, t);
    case Colormap::Cividis:
        return fromTable(cividisData, t);
    case Colormap::Magma:
        return fromTable(magmaData, t);
    case Colormap::Grey: {
        const int g = static_cast<int>(std::lround(t * 255.0));
        return qRgb(g, g, g);
    }
    case Colormap::Diverging:
        return diverging(t);
    }
    return 0;
}

QString colormapName(Colormap map)
{
    return colormapNames().value(static_cast<int>(map));
}

QStringList colormapNames()
{
    return {QStringLiteral("viridis"), QStringLiteral("cividis"), QStringLiteral("magma"), QStringLiteral("grey"),
        QStringLiteral("diverging")};
}

} // namespace qkv
