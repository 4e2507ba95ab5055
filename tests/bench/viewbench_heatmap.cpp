#include "viewbenches.h"

#include "benchtiming.h"

#include "views/headsgridview.h"
#include "views/heatmapview.h"

#include <QImage>
#include <QJsonArray>

#include <random>

namespace qkv::bench {
namespace {

constexpr int side = 1000;

// Normal raw scores and their row softmax: heads that look like real ones (a few peaks a row),
// normalized by the engine, so that they carry what it gives the views (the largest weight).
HeadResult syntheticHead(int n, unsigned seed)
{
    std::mt19937 random(seed);
    std::normal_distribution<double> normal(0.0, 2.0);
    HeadResult h;
    h.scores.resize(n, n);
    for (Eigen::Index i = 0; i < h.scores.size(); ++i)
        h.scores.data()[i] = normal(random);
    h.weights = normalizeRows(h.scores, {}, Normalization::Softmax, 1.0, 1, h.problems, &h.largestWeight);
    return h;
}

Result syntheticResult(int n, int heads)
{
    Result r;
    for (int i = 0; i < n; ++i)
        r.tokens << QStringLiteral("word%1").arg(i);
    for (int h = 0; h < heads; ++h)
        r.heads.push_back(syntheticHead(n, static_cast<unsigned>(n * 31 + h)));
    return r;
}

// "first paint": the head shown changes (as after an edit: new range, recoloured cells), then
// the widget renders; "repaint": only the selection changes, the cached cells are reused.
QJsonObject timeHeatmap(int n, int repeats)
{
    HeatmapView view;
    view.resize(side, side);
    view.setResult(syntheticResult(n, 2));
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    int i = 0;
    const double first = medianMs(
        [&] {
            view.setHead(++i % 2);
            view.render(&image);
        },
        repeats);
    const double repaint = medianMs(
        [&] {
            view.setSelectedRow(++i % n);
            view.render(&image);
        },
        3 * repeats);
    return {{QStringLiteral("tokens"), n}, {QStringLiteral("firstPaintMs"), first},
        {QStringLiteral("repaintMs"), repaint}, {QStringLiteral("repeats"), repeats}};
}

QJsonObject timeHeadsGrid(int n, int heads, int repeats)
{
    HeadsGridView view;
    view.resize(side, side);
    view.setResult(syntheticResult(n, heads));
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    int i = 0;
    const double first = medianMs(
        [&] {
            view.setColormap(++i % 2 ? Colormap::Viridis : Colormap::Magma); // recolours every tile
            view.render(&image);
        },
        repeats);
    const double repaint = medianMs(
        [&] {
            view.setCurrentHead(++i % heads);
            view.render(&image);
        },
        repeats);
    return {{QStringLiteral("tokens"), n}, {QStringLiteral("heads"), heads}, {QStringLiteral("firstPaintMs"), first},
        {QStringLiteral("repaintMs"), repaint}};
}

} // namespace

QJsonObject heatmapTimings()
{
    QJsonArray heatmap;
    for (int n : {64, 512, 4096})
        heatmap.append(timeHeatmap(n, n >= 4096 ? 5 : 21));
    return {{QStringLiteral("what"),
                QStringLiteral("HeatmapView and HeadsGridView rendered with QWidget::render into a %1x%1 image; "
                               "median ms. firstPaint: after the shown head changes (range and cells "
                               "recomputed); repaint: after a selection change (cached cells).")
                    .arg(side)},
        {QStringLiteral("limitMs512"), 8.0}, {QStringLiteral("heatmap"), heatmap},
        {QStringLiteral("headsView"), timeHeadsGrid(64, 8, 11)}};
}

} // namespace qkv::bench
