#pragma once

#include "edgefilter.h"

#include <QString>

namespace qkv {

// How a figure looks beyond its document, selected token and head: the options its view has in
// the window, so an export shows exactly what the window shows. One struct for the
// window, the export dialog and `qkvlab export`.
struct FigureOptions {
    QString view; // one of ExportOptions::views; empty: none chosen
    QString colormap; // empty: the default
    bool scores = false; // heatmap and heads grid: raw scores instead of weights
    bool skipFirst = false; // heatmap and heads grid: the colour scale leaves out the first column
    bool arcs = false; // arrow graph: arcs over the sentence instead of two columns
    bool allHeads = false; // arrow graph: every head, each in its own colour
    EdgeFilter filter;
    bool sorted = false; // bars: by weight instead of sentence order
    int dimX = -1; // vector plot: two dimensions (0-based); -1: automatic (PCA when d > 2)
    int dimY = -1;
    bool textAsPaths = false; // SVG: glyph outlines instead of text

    bool operator==(const FigureOptions &) const = default;
};

} // namespace qkv
