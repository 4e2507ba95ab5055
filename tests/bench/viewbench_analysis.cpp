// The analysis section: attention rollout and flow (issue 51) of a GPT-2-small-shaped model's
// attention — 32 tokens, 12 layers, 12 heads, random causal rows — on every core and on one, as
// the command line and the Layer box compute them; SPEC: flow for 32 tokens × 12 layers ≤ 1 s. And the
// Analyse Heads dialog's plot of a head's queries and keys: 50,000 dots (25,000 tokens) drawn
// while panning, at 60 frames a second (≤ 16.7 ms a frame).
#include "benchtiming.h"
#include "viewbenches.h"

#include "analysis/attentionflow.h"
#include "modelfiles/modelaggregate.h"
#include "platform/cores.h"
#include "views/querykeyplotview.h"

#include <random>

namespace qkv::bench {
using namespace Qt::StringLiterals;

QJsonObject analysisTimings()
{
    constexpr int layers = 12, heads = 12, n = 32;
    ModelAttention m;
    m.layers = layers;
    m.heads = heads;
    m.n = n;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    m.attention.resize(std::size_t(layers * heads * n * n));
    for (int block = 0; block < layers * heads; ++block)
        for (int j = 0; j < n; ++j) {
            float *row = m.attention.data() + (block * n + j) * n, sum = 0;
            for (int i = 0; i < n; ++i)
                sum += row[i] = i > j ? 0.0f : u(rng) * u(rng);
            for (int i = 0; i <= j; ++i)
                row[i] /= sum;
        }
    const auto time = [&](auto &&run) { return medianMs(run, 5); };
    const double rolloutMs = time([&] { (void)analysis::rollout(residualLayers(m)); });
    const double flowMs = time([&] { (void)analysis::attentionFlow(residualLayers(m)); });
    setThreadLimit(1);
    const double flowOneThreadMs = time([&] { (void)analysis::attentionFlow(residualLayers(m)); });
    setThreadLimit(0);

    // The joint plot: clusters of dots, one frame a step of a drag.
    std::normal_distribution<double> gauss(0.0, 1.0);
    const int tokens = 25000;
    std::vector<QPointF> queries, keys;
    std::vector<int> positions, ids;
    for (int i = 0; i < tokens; ++i) {
        const double cx = 4.0 * (i % 17) / 17.0, cy = 3.0 * (i % 5) / 5.0;
        queries.emplace_back(cx + 0.3 * gauss(rng), cy + 0.3 * gauss(rng));
        keys.emplace_back(cx + 0.3 * gauss(rng) + 0.2, cy + 0.3 * gauss(rng));
        positions.push_back(i % 64);
        ids.push_back(i % 5000);
    }
    QueryKeyPlotView plot;
    plot.resize(1000, 700);
    plot.setPoints(std::move(queries), std::move(keys), std::move(positions), std::move(ids));
    QImage frame(plot.size(), QImage::Format_RGB32);
    const double frameMs = medianMs([&] { plot.render(frame); }, 21);
    return {{u"query_key_plot"_s,
                QJsonObject {{u"points"_s, 2 * tokens}, {u"frame_ms"_s, frameMs},
                    {u"frames_per_second"_s, 1000 / frameMs}, {u"meets_spec"_s, frameMs <= 1000.0 / 60}}},
        {u"tokens"_s, n}, {u"layers"_s, layers}, {u"heads"_s, heads}, {u"threads"_s, threadLimit()},
        {u"rollout_ms"_s, rolloutMs}, {u"flow_ms"_s, flowMs}, {u"flow_one_thread_ms"_s, flowOneThreadMs},
        {u"flow_speedup"_s, flowOneThreadMs / flowMs}, {u"meets_spec"_s, flowMs <= 1000}};
}

} // namespace qkv::bench
