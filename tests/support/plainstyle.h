#pragma once

#include "figures/figurestyle.h"

#include <QColor>

namespace qkv::test {

// Black on white, a blue highlight and 14 px text: a figure's style that no desktop changes.
inline FigureStyle plainStyle(bool exported)
{
    FigureStyle style;
    style.palette = QPalette(Qt::black, Qt::white, Qt::white, Qt::darkGray, Qt::gray, Qt::black, Qt::white);
    style.palette.setColor(QPalette::Highlight, QColor(0, 90, 200));
    style.palette.setColor(QPalette::HighlightedText, Qt::white);
    style.font.setPixelSize(14);
    style.exported = exported;
    return style;
}

} // namespace qkv::test
