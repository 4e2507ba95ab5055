#include "viewbenches.h"

#include "benchtiming.h"

#include "views/layersgridview.h"

#include <QImage>

#include <random>

namespace qkv::bench {
namespace {

constexpr int side = 1000;

// Softmax rows of normal scores, head by head: a real model's size (issue 7) with a few peaks a row.
std::shared_ptr<ModelAttention> syntheticModel(int n, int layers, int heads)
{
    auto m = std::make_shared<ModelAttention>();
    for (int i = 0; i < n; ++i)
        m->tokens << QStringLiteral("word%1").arg(i);
    m->layers = layers;
    m->heads = heads;
    m->n = n;
    m->attention.resize(std::size_t(layers) * std::size_t(heads) * std::size_t(n) * std::size_t(n));
    std::mt19937 random(7);
    std::normal_distribution<float> normal(0.0f, 2.0f);
    Eigen::ArrayXf row(n);
    for (std::size_t r = 0; r < m->attention.size() / std::size_t(n); ++r) {
        for (int c = 0; c < n; ++c)
            row[c] = normal(random);
        row = (row - row.maxCoeff()).exp();
        Eigen::Map<Eigen::ArrayXf>(m->attention.data() + r * std::size_t(n), n) = row / row.sum();
    }
    return m;
}

// Every second pair of tokens merged: what sub-word merging costs on top.
TokenGroups pairs(const ModelAttention &m)
{
    TokenGroups g;
    for (int i = 0; i < m.n; i += 2) {
        g.labels << m.tokens[i];
        g.members.push_back(i + 1 < m.n ? std::vector {i, i + 1} : std::vector {i});
    }
    return g;
}

} // namespace

QJsonObject layersGridTimings()
{
    const int n = 512, layers = 12, heads = 12, repeats = 5;
    const auto model = syntheticModel(n, layers, heads);
    LayersGridView view;
    view.resize(side, side);
    QImage image(side, side, QImage::Format_ARGB32_Premultiplied);
    // setModel again each time: every tile pooled from the floats, the range found, all coloured.
    const double first = medianMs(
        [&] {
            view.setModel(model);
            view.render(&image);
        },
        repeats);
    int i = 0;
    const int pooled = view.poolCount();
    const double repaint = medianMs(
        [&] {
            ++i;
            view.setCurrent(i % layers, i % heads);
            view.render(&image);
        },
        4 * repeats);
    const bool repaintPooled = view.poolCount() != pooled;
    const double recolour = medianMs(
        [&] {
            view.setColormap(++i % 2 ? Colormap::Magma : Colormap::Viridis);
            view.render(&image);
        },
        repeats);
    // Each call a tile not described before: the row statistics of one 512 × 512 head.
    const double hover = medianMs(
        [&] {
            const int tile = ++i % (layers * heads);
            view.tileDescription(tile / heads, tile % heads);
        },
        4 * repeats);
    const TokenGroups groups = pairs(*model);
    const double grouped = medianMs(
        [&] {
            view.setTokenGroups(groups);
            view.render(&image);
        },
        repeats);
    return {{QStringLiteral("what"),
                QStringLiteral("LayersGridView of %1 tokens x %2 layers x %3 heads rendered with QWidget::render into "
                               "a %4x%4 image; median ms. firstPaint: setModel then render (every tile pooled and "
                               "coloured); repaint: after the current tile changes (cached tiles); recolour: after a "
                               "colormap change; hover: one new tile's description; groupedFirstPaint: token groups "
                               "set (word pieces merged in pairs), then render.")
                    .arg(n)
                    .arg(layers)
                    .arg(heads)
                    .arg(side)},
        {QStringLiteral("limitMs"), 1000.0}, {QStringLiteral("firstPaintMs"), first},
        {QStringLiteral("repaintMs"), repaint}, {QStringLiteral("repaintPooledAgain"), repaintPooled},
        {QStringLiteral("recolourMs"), recolour}, {QStringLiteral("hoverMs"), hover},
        {QStringLiteral("groupedFirstPaintMs"), grouped}};
}

} // namespace qkv::bench
