#pragma once

#include "attention/edgefilter.h"
#include "export/figurekind.h"

#include <QString>

namespace qkv {

// How a figure looks beyond its document, selected token and head: the options its view has in
// the window, so an export shows exactly what the window shows. One struct for the
// window, the export dialog and `qkvlab export`.
struct FigureOptions {
    std::optional<FigureKind> kind; // nullopt: none chosen
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
    // Text grows with the figure: this many pixels, or when 0, 2.5 % of the shorter side (never
    // below the desktop's size), so a projected slide reads from the back of a room.
    double textPx = 0;
    // Heatmap and heads grid: weights coloured 0 … largest, as the window colours them (a row of
    // 0.21 at most is not one dark colour); false: 0 … 1.
    bool dataScale = true;
    QString title; // above the figure; empty: the sentence (and the head)
    QString source; // what the document is of, in titles and captions: "gpt2, layer 3 of 12"; empty for a document
    // The sentence titles and captions quote; empty: the document's. A model's document holds its
    // tokens, pieces marked ("Ġcat"); the title quotes what was typed.
    QString sentence;
    bool noTitle = false;
    int decimals = -1; // the worked computation: every number's decimals; -1: its default
    // A | B: the figure of the baseline snapshot (A) beside the figure of now (B), each the
    // plain view with no differences drawn; the two sentences may differ.
    bool sideBySide = false;
    // Bars: the value axis covers at least barsLow … barsHigh (A | B's halves share one scale).
    double barsLow = 0, barsHigh = 0;

    bool operator==(const FigureOptions &) const = default;
};

} // namespace qkv
