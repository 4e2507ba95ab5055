#include "transformer/forwardsteps.h"
#include "transformer/tensormath.h"

#include <cmath>

namespace qkv::transformer {

Eigen::MatrixXf embed(const Model &model, const std::vector<int> &ids, Eigen::Index firstPosition)
{
    const Config &c = model.config();
    const ModelWeights &w = model.weights();
    const auto n = Eigen::Index(ids.size());
    // Row-major, so that a row of an embedding (as stored, or widened) lands in a row of x.
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows(n, c.hidden);
    for (Eigen::Index i = 0; i < n; ++i)
        w.tokenEmbedding->decodeRows(ids[std::size_t(i)], 1, rows.row(i).data());
    Eigen::MatrixXf x = rows;
    if (w.positionEmbedding && c.paddingIndex >= 0) { // RoBERTa's positions skip its padding
        int counted = 0;
        for (Eigen::Index i = 0; i < n; ++i) {
            const int id = ids[std::size_t(i)];
            counted += id != c.paddingIndex;
            w.positionEmbedding->decodeRows(
                id == c.paddingIndex ? c.paddingIndex : c.paddingIndex + counted, 1, rows.row(i).data());
        }
        x += rows;
    } else if (w.positionEmbedding) {
        w.positionEmbedding->decodeRows(firstPosition, n, rows.data());
        x += rows;
    }
    if (w.tokenTypeEmbedding) { // every token of one segment: type 0
        w.tokenTypeEmbedding->decodeRows(0, 1, rows.row(0).data());
        x.rowwise() += rows.row(0);
    }
    if (c.scaleEmbeddings) // Gemma: √hidden, rounded to float32 as its code rounds it
        x *= float(std::sqrt(double(c.hidden)));
    if (w.embeddingNorm.weight)
        normalizeRows(x, w.embeddingNorm, c.eps);
    return x;
}

} // namespace qkv::transformer
