#include "figures/projection2d.h"

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace {

// The sign of an axis is free: the one whose largest component is positive, so the picture does
// not flip between recomputes.
void fixSign(Eigen::Ref<Eigen::VectorXd> axis)
{
    Eigen::Index largest = 0;
    axis.cwiseAbs().maxCoeff(&largest);
    if (axis(largest) < 0)
        axis = -axis;
}

} // namespace

Projection2d principalPlane(const Eigen::MatrixXd &points)
{
    const Eigen::Index m = points.rows(), d = points.cols();
    Projection2d p;
    p.axes = Eigen::MatrixXd::Zero(d, 2);
    for (Eigen::Index i = 0; i < std::min<Eigen::Index>(2, d); ++i)
        p.axes(i, i) = 1;
    if (m < 2 || d < 1)
        return p;
    const Eigen::MatrixXd centred = points.rowwise() - points.colwise().mean();
    const double total = centred.squaredNorm();
    if (!(total > 0) || !std::isfinite(total))
        return p;
    const Eigen::Index k = std::min<Eigen::Index>(2, d);
    Eigen::MatrixXd axes(d, k);
    Eigen::VectorXd variance(k);
    if (d <= m) {
        // The d × d scatter matrix is small next to the cloud (its lower half is all the solver
        // reads, and all a rank update computes); eigenvalues come out ascending.
        Eigen::MatrixXd scatter = Eigen::MatrixXd::Zero(d, d);
        scatter.selfadjointView<Eigen::Lower>().rankUpdate(centred.transpose());
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(scatter);
        for (Eigen::Index i = 0; i < k; ++i) {
            axes.col(i) = eig.eigenvectors().col(d - 1 - i);
            variance(i) = eig.eigenvalues()(d - 1 - i);
        }
    } else {
        // Fewer points than dimensions: the thin SVD of the cloud itself.
        const Eigen::BDCSVD<Eigen::MatrixXd> svd(centred, Eigen::ComputeThinV);
        for (Eigen::Index i = 0; i < k; ++i) {
            axes.col(i) = svd.matrixV().col(i);
            variance(i) = svd.singularValues()(i) * svd.singularValues()(i);
        }
    }
    for (Eigen::Index i = 0; i < k; ++i) {
        fixSign(axes.col(i));
        p.axes.col(i) = axes.col(i);
        p.explained[static_cast<std::size_t>(i)] = std::clamp(variance(i) / total, 0.0, 1.0);
    }
    return p;
}

std::array<double, 2> explainedAlong(const Eigen::MatrixXd &points, const Eigen::MatrixXd &axes)
{
    std::array<double, 2> shares {0.0, 0.0};
    if (points.rows() < 2 || axes.rows() != points.cols())
        return shares;
    const Eigen::MatrixXd centred = points.rowwise() - points.colwise().mean();
    const double total = centred.squaredNorm();
    if (!(total > 0) || !std::isfinite(total))
        return shares;
    const Eigen::MatrixXd along = centred * axes;
    for (Eigen::Index i = 0; i < std::min<Eigen::Index>(2, axes.cols()); ++i)
        shares[static_cast<std::size_t>(i)] = std::clamp(along.col(i).squaredNorm() / total, 0.0, 1.0);
    return shares;
}

} // namespace qkv
