#include "analysis/rollout.h"

#include "modelfiles/modelattention.h"

namespace qkv::analysis {

std::vector<Matrix> residualAttention(const ModelAttention &model, QString *error)
{
    if (model.isCross() || model.layers < 1 || model.heads < 1) {
        if (error)
            *error = model.isCross()
                ? QStringLiteral("rollout and flow follow a token through its own layers: not cross-attention")
                : QStringLiteral("rollout and flow need at least one layer of attention");
        return {};
    }
    const int n = model.n;
    std::vector<Matrix> layers;
    for (int layer = 0; layer < model.layers; ++layer) {
        Matrix mean = Matrix::Zero(n, n);
        for (int head = 0; head < model.heads; ++head)
            mean += model.weights(layer, head).cast<double>();
        mean /= model.heads;
        mean += Matrix::Identity(n, n);
        // Each row over its sum: 2 where the heads' rows sum to 1, and still a distribution where a
        // head's attention was replaced by rows that do not.
        layers.push_back(mean.array().colwise() / mean.rowwise().sum().array());
    }
    return layers;
}

Matrix rollout(const std::vector<Matrix> &layers)
{
    if (layers.empty())
        return {};
    Matrix joint = layers.front();
    for (std::size_t l = 1; l < layers.size(); ++l)
        joint = layers[l] * joint;
    return joint;
}

} // namespace qkv::analysis
