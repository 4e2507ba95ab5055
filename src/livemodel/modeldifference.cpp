#include "livemodel/modeldifference.h"

#include <algorithm>
#include <cmath>

namespace qkv::live {
namespace {

// Why two runs cannot be compared, or empty.
QString incomparable(const LiveRun &first, const LiveRun &second)
{
    if (!first.forward || !second.forward || !first.attention || !second.attention)
        return QStringLiteral("both models must have run on the sentence");
    if (first.ids != second.ids)
        return QStringLiteral("the two models split the sentence into other tokens: they are not files of one model");
    const auto shape = [](const LiveRun &r) {
        std::vector<std::size_t> heads;
        for (const transformer::LayerRecord &layer : r.forward->layers)
            heads.push_back(layer.heads.size());
        return heads;
    };
    if (shape(first) != shape(second))
        return QStringLiteral("the two models have other numbers of layers or heads: they are not files of one model");
    if (first.forward->logits.cols() != second.forward->logits.cols()
        || first.forward->logitPositions != second.forward->logitPositions)
        return QStringLiteral("the two models predict over other vocabularies: they are not files of one model");
    return {};
}

} // namespace

ModelDifference compareRuns(const LiveModel &model, const LiveRun &first, const LiveRun &second, int count)
{
    ModelDifference out;
    out.error = incomparable(first, second);
    if (!out.error.isEmpty())
        return out;
    // The attention as the runs keep it (a long run's in float16): the records may no longer hold it.
    const ModelAttention &a = *first.attention, &b = *second.attention;
    for (int l = 0; l < a.layers; ++l) {
        for (int h = 0; h < a.heads; ++h) {
            const Eigen::ArrayXXd d = (a.weights(l, h).cast<double>() - b.weights(l, h).cast<double>()).array().abs();
            HeadDifference head {l, h, d.size() ? d.maxCoeff() : 0.0, 0.0};
            if (d.rows() > 0)
                head.moved = 0.5 * d.rowwise().sum().mean();
            out.largest = std::max(out.largest, head.largest);
            out.heads.push_back(head);
        }
    }
    const int predictions = int(std::min(first.predictions.size(), second.predictions.size()));
    for (int i = 0; i < predictions && i < first.forward->logits.rows(); ++i) {
        const Eigen::ArrayXd p = probabilities(first, i).array(), q = probabilities(second, i).array();
        PredictionDifference d;
        d.position = first.predictions[std::size_t(i)].position;
        // Terms where the first gives nothing add nothing; the second's never reach 0 in double
        // from finite logits.
        d.divergence = (p > 0).select(p * (p / q).log(), 0.0).sum();
        d.largest = (p - q).abs().maxCoeff();
        d.tokens = compare(model, first, second, i, count);
        out.predictions.push_back(std::move(d));
    }
    return out;
}

} // namespace qkv::live
