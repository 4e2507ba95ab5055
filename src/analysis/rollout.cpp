#include "analysis/rollout.h"

namespace qkv::analysis {

std::vector<Matrix> withResidual(std::vector<Matrix> headMeans)
{
    for (Matrix &m : headMeans) {
        m += Matrix::Identity(m.rows(), m.cols());
        // Each row over its sum: 2 where the heads' rows sum to 1, and still a distribution where a
        // head's attention was replaced by rows that do not.
        m.array().colwise() /= m.rowwise().sum().array();
    }
    return headMeans;
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
