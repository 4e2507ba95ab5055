#pragma once

#include <QFont>
#include <QPalette>

namespace qkv {

// How a figure is drawn beyond its data: the colours and text of the window that shows it, or of
// the slide it is exported to.
struct FigureStyle {
    QPalette palette;
    QFont font;
    // An exported figure: axis titles and named scales, the selected token in bold; none of the
    // window's marks (selection boxes, hints, hover).
    bool exported = false;

    // Light text on a dark background.
    bool isDark() const
    {
        return palette.color(QPalette::Base).lightness() < palette.color(QPalette::Text).lightness();
    }
};

} // namespace qkv
