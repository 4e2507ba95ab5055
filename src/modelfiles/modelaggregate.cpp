#include "modelfiles/modelaggregate.h"

#include "analysis/attentionflow.h"

namespace qkv {
namespace {

template<typename Pick>
FloatMatrix combine(int count, Aggregate how, Pick pick)
{
    FloatMatrix out = pick(0);
    for (int i = 1; i < count; ++i) {
        if (how == Aggregate::Max)
            out = out.cwiseMax(pick(i));
        else
            out += pick(i);
    }
    if (how == Aggregate::Mean)
        out /= float(count);
    return out;
}

} // namespace

FloatMatrix aggregateHeads(const ModelAttention &m, int layer, Aggregate how)
{
    return combine(m.heads, how, [&](int h) { return m.weights(layer, h); });
}

FloatMatrix aggregateLayers(const ModelAttention &m, int head, Aggregate how)
{
    return combine(m.layers, how, [&](int l) { return m.weights(l, head); });
}

FloatMatrix aggregateAll(const ModelAttention &m, Aggregate how)
{
    return combine(m.layers * m.heads, how, [&](int i) { return m.weights(i / m.heads, i % m.heads); });
}

std::vector<analysis::Matrix> residualLayers(const ModelAttention &m)
{
    std::vector<analysis::Matrix> means; // summed in double: rollout and flow are exact to 1e-9
    for (int l = 0; l < m.layers; ++l) {
        analysis::Matrix mean = analysis::Matrix::Zero(m.n, m.keyCount());
        for (int h = 0; h < m.heads; ++h)
            mean += m.weights(l, h).cast<double>();
        means.push_back(mean / m.heads);
    }
    return analysis::withResidual(std::move(means));
}

FloatMatrix aggregateAll(const ModelAttention &m, Aggregate heads, Aggregate layers)
{
    if (layers == Aggregate::Rollout)
        return analysis::rollout(residualLayers(m)).cast<float>();
    if (layers == Aggregate::Flow)
        return analysis::attentionFlow(residualLayers(m)).cast<float>();
    if (heads == layers) // the same either way, in one pass
        return aggregateAll(m, heads);
    return combine(m.layers, layers, [&](int l) { return aggregateHeads(m, l, heads); });
}

} // namespace qkv
