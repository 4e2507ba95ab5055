#pragma once

// What the arrow graph figure keeps between paints: its selected edges and their rasters. Private
// to the figure's sources.
#include "figures/arrowgraphfigure.h"
#include "figures/arrowgraphgeometry.h"

#include <QFont>
#include <QImage>
#include <QStringList>

#include <vector>

namespace qkv {

struct ArrowGraphFigure::Cache {
    bool valid = false;
    int generation = 0; // bumped whenever what the edges look like may have changed
    std::vector<DrawnEdge> edges; // by head, then query
    qint64 considered = 0;
    std::vector<RowEdges> rows; // of each head shown: each row's share of `considered`, and its strong cells
    double scale = 1; // the weight drawn at full strength
    bool forward = false, backward = false, self = false, multiColour = false;
    // Against a baseline: each shown head's |now − then|, rounding left out (the edges are
    // selected from it; a change's sign is read from the two results), or why not.
    bool difference = false;
    std::vector<SquareMatrix> sizes;
    QString refusal;
    int firstHead = 0, headCount = 1; // the heads shown
    QStringList labelTokens; // what labelWidth was measured for, in labelFont
    QFont labelFont;
    qreal labelWidth = 0; // the widest token label
    double ink = 1; // opacity factor of dense graphs (inkScale)
    // What a raster was drawn from: it is drawn again when any of this changes.
    struct RasterKey {
        int generation = -1;
        QRectF placed; // in logical coordinates
        QSize size;
        bool dark = false; // the edge colours
        qreal lineScale = 1;
        int focus = -1; // the token whose edges alone are drawn, or -1 for all
        qreal step = 0, scroll = 0; // zoomed in: where the tokens are
        bool operator==(const RasterKey &) const = default;
    };
    QImage base; // every kept edge, at device resolution
    RasterKey baseKey;
    QImage focus; // the focused token's edges over the ghosted base
    RasterKey focusKey;
    arrowgraph::LabelTexts labelTexts; // the token labels as last painted
};

} // namespace qkv
