#pragma once

// Where paint() puts each part of a heatmap: shared by heatmapfigure.cpp and
// heatmapannotations.cpp, private to the figure.
#include "figures/heatmapfigure.h"

#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>

namespace qkv {

struct HeatmapFigure::Layout {
    int n = 0; // rows: queries
    int m = 0; // columns: keys (the second sentence's in cross-attention, else m = n)
    QRectF grid; // the whole matrix's cells, beyond the frame when zoomed
    QRectF frame; // the cells shown: the grid unless zoomed
    qreal cell = 0; // cells are square: the grid is m cells wide and n high
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0; // the rows [r0, r1) and columns [c0, c1) in the frame
    bool zoomed() const { return frame != grid; }
    qreal extent = 0; // width of the row labels
    qreal top = 0; // height of the column labels
    bool flat = false; // column labels written level (each fits its cell), else upwards
    qreal axisTitle = 0; // figures: the band of "query" left and "key" above the labels
    QFont labelFont;
    QList<int> shown; // rows whose labels are drawn
    QList<int> shownColumns; // columns whose labels are drawn
    QRectF bar; // the colour bar's column
    QRectF column; // the annotations' callouts, between the cells and the bar (may be empty)
    QString barTitle;
    bool values = false;
    QFont valueFont;
    double magnitude = 1; // decides the decimals of the numbers in cells
};

} // namespace qkv
