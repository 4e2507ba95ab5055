#include "views/viewfigures.h"

#include "figures/arrowgraphfigure.h"
#include "figures/colormap.h"
#include "figures/contributionsfigure.h"
#include "figures/distributionfigure.h"
#include "figures/headsgridfigure.h"
#include "figures/heatmapfigure.h"
#include "figures/workedfigure.h"
#include "views/figurerenderer.h"
#include "views/vectorplotview.h"

#include <cmath>

namespace qkv {
namespace {

// The document's annotations of a view, on the tokens of the result drawn.
std::vector<PlacedAnnotation> annotationsOf(const FigureInput &in, const QString &view)
{
    return in.document && in.result ? placeAnnotations(in.document->annotations(), in.result->tokens, view)
                                    : std::vector<PlacedAnnotation> {};
}

// A figure drawn without a widget, on the slide palette in the figure's text size.
template<typename Figure>
PaintFigure paintOnSlide(std::shared_ptr<Figure> figure, const FigureOptions &o)
{
    return [figure, o, palette = slidePalette()](QPainter &p, const QRectF &r) {
        figure->paint(p, r, {palette, figureFont(figureTextPx(o, r.size())), true});
    };
}

// The colormap --colormap names, if any.
template<typename Figure>
void applyColormap(Figure &figure, const FigureOptions &o)
{
    if (const int index = colormapNames().indexOf(o.colormap); index >= 0)
        figure.setColormap(static_cast<Colormap>(index));
}

} // namespace

PaintFigure heatmapFigure(FigureRenderer &, const FigureInput &in, const FigureOptions &o)
{
    auto figure = std::make_shared<HeatmapFigure>();
    figure->setData(in.result, in.head);
    figure->setSelection(in.keySelected ? -1 : in.token, in.keySelected ? in.token : -1);
    figure->setShowScores(o.scores);
    figure->setScaleSkipsFirst(o.skipFirst);
    figure->setUnitScale(!o.dataScale);
    figure->setBaseline(in.baseline, in.baselineName);
    applyColormap(*figure, o);
    figure->setAnnotations(annotationsOf(in, QStringLiteral("heatmap")));
    return paintOnSlide(figure, o);
}

PaintFigure headsFigure(FigureRenderer &, const FigureInput &in, const FigureOptions &o)
{
    auto figure = std::make_shared<HeadsGridFigure>();
    figure->setData(in.result);
    figure->setCurrent(in.head, in.token);
    figure->setShowScores(o.scores);
    figure->setScaleSkipsFirst(o.skipFirst);
    figure->setUnitScale(!o.dataScale);
    applyColormap(*figure, o);
    figure->setAnnotations(annotationsOf(in, QStringLiteral("heads")));
    return paintOnSlide(figure, o);
}

PaintFigure arrowsFigure(FigureRenderer &, const FigureInput &in, const FigureOptions &o)
{
    using Figure = ArrowGraphFigure;
    auto figure = std::make_shared<Figure>();
    figure->setData(in.result, in.head);
    figure->setLocked(in.token, in.keySelected ? Figure::Side::Key : Figure::Side::Query);
    figure->setGraphLayout(o.arcs ? Figure::Layout::Arcs : Figure::Layout::Columns);
    figure->setHeadMode(o.allHeads ? Figure::HeadMode::All : Figure::HeadMode::Current);
    figure->setFilter(o.filter);
    figure->setBaseline(in.baseline, in.baselineName);
    figure->setAnnotations(annotationsOf(in, QStringLiteral("arrows")));
    return paintOnSlide(figure, o);
}

PaintFigure vectorsFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o)
{
    VectorPlotView *v = renderer.vectorPlot();
    // The input outlives the painting (see FigureRenderer), so the view reads the result where it
    // lies rather than copying it; set first, so the view never reads a previous frame's.
    v->setResult(std::shared_ptr<const Result>(std::shared_ptr<void>(), in.result), in.head);
    v->setDocument(*in.document);
    v->setSelectedToken(in.token);
    if (o.dimX >= 0 && o.dimY >= 0)
        v->setDimensions(o.dimX, o.dimY);
    return [v, o](QPainter &p, const QRectF &r) {
        // The view's text at the figure's size; setting the same font again would drop its caches.
        if (const QFont font = figureFont(figureTextPx(o, r.size())); v->font() != font)
            v->setFont(font);
        v->paint(p, r);
    };
}

PaintFigure barsFigure(FigureRenderer &, const FigureInput &in, const FigureOptions &o)
{
    auto figure = std::make_shared<DistributionFigure>();
    figure->setData(in.result, in.head);
    figure->setBaseline(in.baseline, in.baselineName);
    figure->setQuery(in.token);
    figure->setValueSpan(o.barsLow, o.barsHigh);
    figure->setSorted(o.sorted);
    figure->setAnnotations(annotationsOf(in, QStringLiteral("bars")));
    return paintOnSlide(figure, o);
}

PaintFigure contributionsFigure(FigureRenderer &, const FigureInput &in, const FigureOptions &o)
{
    auto figure = std::make_shared<ContributionsFigure>();
    figure->setData(in.result, in.head);
    figure->setQuery(in.keySelected ? -1 : in.token);
    return paintOnSlide(figure, o);
}

PaintFigure workedFigure(FigureRenderer &renderer, const FigureInput &in, const FigureOptions &o)
{
    auto figure = std::make_shared<WorkedFigure>();
    figure->setData(in.document, in.result, in.head);
    figure->setBaseline(in.baseline, in.baselineName);
    figure->setSelection(in.token, in.keySelected);
    figure->setAnnotations(annotationsOf(in, QStringLiteral("worked")));
    if (o.decimals >= 0) {
        WorkedOptions worked = figure->options();
        worked.decimals = o.decimals;
        figure->setOptions(worked);
    }
    // As wide as the figure was measured for: the text size follows the width alone.
    const auto style = [o, palette = slidePalette()](qreal width) {
        return FigureStyle {palette, figureFont(figureTextPx(o, QSizeF(width, 0))), true};
    };
    renderer.setPreferredSize([figure, style](int width) {
        return QSize(width, static_cast<int>(std::ceil(figure->contentHeight(width, style(width)))));
    });
    return [figure, style](QPainter &p, const QRectF &r) { figure->paint(p, r, style(r.width())); };
}

} // namespace qkv
