#include "transformer/forwardsteps.h"
#include "transformer/tensormath.h"

namespace qkv::transformer {

Eigen::MatrixXf embed(const Model &model, const std::vector<int> &ids)
{
    const Config &c = model.config();
    const ModelWeights &w = model.weights();
    const auto n = Eigen::Index(ids.size());
    Eigen::MatrixXf x(n, c.hidden);
    const WeightMatrix tokens = matrixOf(*w.tokenEmbedding);
    for (Eigen::Index i = 0; i < n; ++i)
        x.row(i) = tokens.row(ids[std::size_t(i)]);
    if (w.positionEmbedding)
        x += matrixOf(*w.positionEmbedding).topRows(n);
    if (w.tokenTypeEmbedding) // every token of one segment: type 0
        x.rowwise() += matrixOf(*w.tokenTypeEmbedding).row(0);
    if (w.embeddingNorm.weight)
        normalizeRows(x, w.embeddingNorm, c.eps);
    return x;
}

} // namespace qkv::transformer
