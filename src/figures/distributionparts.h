#pragma once

// What distributionfigure.cpp (data and layout) and distributionpaint.cpp (drawing) share: the
// layout of one paint and the figure's colours. Internal to the figures library.
#include "figures/distributionfigure.h"
#include "figures/figurestyle.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QPen>

namespace qkv {
namespace distribution {

inline constexpr qreal tickLength = 4;
inline constexpr int valueLabelLimit = 64; // beyond this many bars only the callouts carry numbers
inline const QColor highlightColor(0xE6, 0x9F, 0x00); // Okabe-Ito orange: stands apart in light and dark

inline QFont boldFont(QFont font)
{
    font.setBold(true);
    return font;
}

inline QBrush hatchBrush(const FigureStyle &style)
{
    QColor hatch = style.palette.color(QPalette::Text);
    hatch.setAlphaF(0.35f);
    return QBrush(hatch, Qt::BDiagPattern);
}

// A baseline's weight: the text colour, dashed, over any bar colour.
inline QPen ghostPen(const FigureStyle &style)
{
    QPen pen(style.palette.color(QPalette::Text), 1.5, Qt::DashLine);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

} // namespace distribution

// Where paint() puts things for one rectangle and style.
struct DistributionFigure::Layout {
    QRectF rect;
    QRectF title;
    QRectF legend; // empty while nothing is masked
    QRectF plot; // the bars' area, the value axis at its left
    QFont font;
    QFont labelFont; // the token labels, smaller when turned upright to fit
    bool vertical = false; // token labels turned upright
    qreal labelLength = 0; // upright labels are elided to it
    qreal pitch = 0; // from one bar's centre to the next
    qreal barWidth = 0;
    int bars = 0;

    qreal centre(int position) const { return plot.left() + (position + 0.5) * pitch; }
};

} // namespace qkv
