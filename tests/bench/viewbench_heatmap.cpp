#include "viewbenches.h"

#include "benchtiming.h"

#include "views/headsgridview.h"
#include "views/heatmapview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QJsonArray>
#include <QWheelEvent>

#include <algorithm>
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

// Issue 52: scrolling a zoomed heatmap of a long document, a frame per touchpad event of 12 px
// (each one a new part of the matrix to colour), down and back up; the median and the slowest of
// `frames` frames, against a frame at 60 per second.
QJsonObject timeScroll(int n, double zoom, int frames)
{
    HeatmapView view;
    view.resize(side, side);
    view.setResult(syntheticResult(n, 1));
    view.setZoom(zoom, {n / 3.0, 0});
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    view.render(&image);
    std::vector<double> ms;
    const QPointF middle(side / 2.0, side / 2.0);
    for (int i = 0; i < frames; ++i) {
        const QPoint step(0, i < frames / 2 ? -12 : 12);
        QElapsedTimer t;
        t.start();
        QWheelEvent event(middle, middle, step, step * 10, Qt::NoButton, Qt::NoModifier, Qt::ScrollUpdate, false);
        QApplication::sendEvent(&view, &event);
        view.render(&image);
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return {{QStringLiteral("tokens"), n}, {QStringLiteral("zoom"), zoom},
        {QStringLiteral("frameMs"), ms[ms.size() / 2]}, {QStringLiteral("slowestFrameMs"), ms.back()},
        {QStringLiteral("frames"), frames}, {QStringLiteral("limitMs"), 16.0}};
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
                               "recomputed); repaint: after a selection change (cached cells); scroll: a zoomed "
                               "heatmap scrolled 12 px a frame by touchpad events, median and slowest frame.")
                    .arg(side)},
        {QStringLiteral("limitMs512"), 8.0}, {QStringLiteral("heatmap"), heatmap},
        {QStringLiteral("scroll"),
            QJsonArray {timeScroll(1024, 2, 60), timeScroll(1024, 8, 60), timeScroll(4096, 4, 40)}},
        {QStringLiteral("headsView"), timeHeadsGrid(64, 8, 11)}};
}

} // namespace qkv::bench
