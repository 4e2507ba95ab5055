#include "transformer/forwardsteps.h"
#include "transformer/tensormath.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace qkv::transformer {

Eigen::MatrixXf logitsAt(const Model &model, const Eigen::MatrixXf &x, const std::vector<int> &positions)
{
    const Config &c = model.config();
    const ModelWeights &w = model.weights();
    // Only the rows asked for: n × vocab logits would cost more than the layers at GPT-2's size.
    Eigen::MatrixXf h(Eigen::Index(positions.size()), x.cols());
    for (std::size_t i = 0; i < positions.size(); ++i)
        h.row(Eigen::Index(i)) = x.row(positions[i]);
    if (w.finalNorm.weight)
        normalizeRows(h, w.finalNorm, c.eps);
    if (w.headTransform) { // BERT's masked-LM transform: dense, activation, LayerNorm
        h = applyLinear(w.headTransform, h);
        activate(h, c.activation);
        normalizeRows(h, w.headNorm, c.eps);
    }
    Linear unembedding;
    unembedding.weight = w.unembedding;
    unembedding.bias = w.unembeddingBias;
    Eigen::MatrixXf logits = applyLinear(unembedding, h);
    if (c.finalSoftcap > 0) // Gemma 2: logits squeezed into ±cap
        logits = (logits.array() / c.finalSoftcap).tanh() * c.finalSoftcap;
    return logits;
}

Eigen::VectorXf logitsAfter(const Model &model, const ForwardResult &result, int position)
{
    const Config &c = model.config();
    if (!result.done() || !model.hasLanguageHead() || !c.causal() || c.family == Family::T5 || position < 0
        || position >= int(result.ids.size()) || int(result.layers.size()) != c.layers)
        return {};
    // The row the run computed already, when it is one of its own.
    for (std::size_t i = 0; i < result.logitPositions.size(); ++i)
        if (result.logitPositions[i] == position)
            return result.logits.row(Eigen::Index(i)).transpose();
    return logitsAt(model, result.layers.back().residual, {position}).row(0).transpose();
}

std::vector<TokenProbability> topTokens(const Eigen::VectorXf &logits, int topK)
{
    const float top = logits.maxCoeff();
    // The sum in double: tens of thousands of small terms.
    const double sum = (logits.array() - top).exp().cast<double>().sum();
    std::vector<int> order(std::size_t(logits.size()));
    std::iota(order.begin(), order.end(), 0);
    const auto k = std::min<std::size_t>(std::size_t(std::max(topK, 0)), order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(k), order.end(),
        [&](int a, int b) { return logits[a] > logits[b] || (logits[a] == logits[b] && a < b); });
    std::vector<TokenProbability> out;
    for (std::size_t i = 0; i < k; ++i)
        out.push_back({order[i], float(std::exp(double(logits[order[i]] - top)) / sum)});
    return out;
}

} // namespace qkv::transformer
