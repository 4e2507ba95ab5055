#pragma once

#include "figures/figurewriter.h"

namespace qkv {

class FigureRenderer;
struct FigureInput;
struct FigureOptions;

// Each view's figure for export, as its row in viewregistry.cpp names it: built from a
// FigureInput with the window's look (head, selection, colormap, filters), on the slide palette.
PaintFigure heatmapFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);
PaintFigure arrowsFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);
PaintFigure vectorsFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);
PaintFigure barsFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);
PaintFigure contributionsFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);
PaintFigure workedFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);
PaintFigure headsFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o);

} // namespace qkv
