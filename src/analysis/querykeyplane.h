#pragma once

// Queries and keys of one head in one plane, as AttentionViz (Yeh et al., 2023) draws them: the
// keys moved and both rescaled in ways that leave every query's softmax over the keys as it was,
// so that a query lies near the keys it attends to; then the principal plane of both together.

#include <Eigen/Core>

#include <QString>

namespace qkv::analysis {

struct QueryKeyPlane {
    Eigen::MatrixX2d queries; // one row per query, in the plane
    Eigen::MatrixX2d keys;
    // Queries were multiplied by `scale` and keys divided by it (their mean norms then equal),
    // and keys moved by `shift` (mean query − mean key, after scaling): q·k changes by q·shift,
    // the same for every key of a query, which its softmax does not see.
    double scale = 1;
    Eigen::VectorXd shift;
    double explained[2] = {0, 0}; // of the variance, by each axis
};

// `queries` and `keys`: one row per token, head_dim columns (at least one row each).
QueryKeyPlane queryKeyPlane(const Eigen::MatrixXf &queries, const Eigen::MatrixXf &keys);

} // namespace qkv::analysis
