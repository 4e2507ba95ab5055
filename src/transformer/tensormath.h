#pragma once

#include "transformer/config.h"
#include "transformer/modelweights.h"

#include <Eigen/Core>

namespace qkv::transformer {

// A stored weight seen in place as the row-major matrix it is: no copy, whatever its size.
using WeightMatrix = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>;
using WeightVector = Eigen::Map<const Eigen::RowVectorXf>;

inline WeightMatrix matrixOf(const Weight &w)
{
    return WeightMatrix(w.data, w.rows(), w.cols());
}
inline WeightVector vectorOf(const Weight &w)
{
    return WeightVector(w.data, w.count);
}

// x·W + b (Conv1D) or x·Wᵀ + b (Linear), rows of x being tokens.
Eigen::MatrixXf applyLinear(const Linear &linear, const Eigen::MatrixXf &x);

// LayerNorm (biased variance) or RMSNorm of every row, in place.
void normalizeRows(Eigen::MatrixXf &x, const Norm &norm, float eps);
// x normalized, or x itself where the family has no such norm (`norm` unset).
Eigen::MatrixXf normalized(Eigen::MatrixXf x, const Norm &norm, float eps);

void activate(Eigen::MatrixXf &x, Activation activation);

// Softmax of every row of `scores`, over the keys j ≤ firstRow + i only when `causal` (the others
// get 0), and of those the last `window` only when it is not 0. `firstRow`: the position of row 0
// among the keys (the new tokens after a cache of keys).
Eigen::MatrixXf softmaxRows(Eigen::MatrixXf scores, bool causal, int window = 0, Eigen::Index firstRow = 0);

} // namespace qkv::transformer
