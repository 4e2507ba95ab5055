#pragma once

#include <Eigen/Core>

#include <array>

namespace qkv {

// A plane through the origin spanned by the two principal axes of a cloud of d-vectors: how the
// vector plot shows d > 2. The axes and explained variance are those of the centred cloud (PCA),
// but points are projected without subtracting the mean, so the zero vector stays at the origin
// and a dot product keeps its sign in the picture. The sign of each axis is fixed (its largest
// component is positive) so the picture does not flip between recomputes.
struct Projection2d {
    Eigen::MatrixXd axes; // d × 2, orthonormal columns (the second is 0 when d = 1)
    std::array<double, 2> explained {0.0, 0.0}; // fraction of the total variance along each axis

    // Points as rows (m × d) to their coordinates (m × 2).
    Eigen::MatrixXd project(const Eigen::MatrixXd &points) const { return points * axes; }
};

// The two principal axes of `points` (m × d, one point per row). Degenerate clouds (fewer than two
// points, all equal, non-finite) fall back to the first two coordinate axes with 0 % explained.
Projection2d principalPlane(const Eigen::MatrixXd &points);

// The fractions of the variance of `points` (m × d, centred here) along two fixed orthonormal axes.
std::array<double, 2> explainedAlong(const Eigen::MatrixXd &points, const Eigen::MatrixXd &axes);

} // namespace qkv
