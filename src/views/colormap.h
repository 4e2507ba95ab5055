#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

namespace qkv {

enum class Colormap { Viridis, Cividis, Magma, Grey, Diverging };

// The colour of t in [0, 1] (clamped); Diverging maps 0.5 to white, 0 to blue, 1 to red.
QRgb colormapColor(Colormap map, double t);
QString colormapName(Colormap map);
QStringList colormapNames();

} // namespace qkv
