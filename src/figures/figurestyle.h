#pragma once

#include <QFont>
#include <QLocale>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace qkv {

// The spacing of the chart figures (heatmap, heads grid, bars): around a figure, and between a
// label and what it names; and the smallest label still readable on a slide.
constexpr qreal figureMargin = 6;
constexpr qreal figureLabelGap = 4;
constexpr int minLabelPx = 8;

// `font` at `px` pixels (whole, at least 1).
inline QFont pixelFont(QFont font, qreal px)
{
    font.setPixelSize(std::max(1, static_cast<int>(std::floor(px))));
    return font;
}

// How a figure is drawn beyond its data: the colours and text of the window that shows it, or of
// the slide it is exported to.
struct FigureStyle {
    QPalette palette;
    QFont font;
    // An exported figure: axis titles and named scales, the selected token in bold; none of the
    // window's marks (selection boxes, hints, hover).
    bool exported = false;
    // How numbers are written: the user's locale in the window, C in exports.
    QLocale locale = QLocale::c();

    // Light text on a dark background.
    bool isDark() const
    {
        return palette.color(QPalette::Base).lightness() < palette.color(QPalette::Text).lightness();
    }
    // The faint lines of a plot's grid, and its axes.
    QColor gridColor() const
    {
        QColor c = palette.color(QPalette::Text);
        c.setAlphaF(isDark() ? 0.18f : 0.12f);
        return c;
    }
    QColor axisColor() const
    {
        QColor c = palette.color(QPalette::Text);
        c.setAlphaF(0.45f);
        return c;
    }
};

} // namespace qkv
