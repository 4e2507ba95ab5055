#include "figures/projection2d.h"

#include <Eigen/Eigenvalues>

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
        // Fewer points than dimensions: the m × m Gram matrix has the same nonzero eigenvalues,
        // and each axis is the cloud's transpose times its eigenvector (an SVD without compiling
        // one: Eigen's SVD alone took a hundred seconds of build per tree).
        Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(m, m);
        gram.selfadjointView<Eigen::Lower>().rankUpdate(centred);
        const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(gram);
        const double largest = eig.eigenvalues()(m - 1);
        for (Eigen::Index i = 0; i < k; ++i) {
            variance(i) = std::max(0.0, eig.eigenvalues()(m - 1 - i));
            Eigen::VectorXd axis = centred.transpose() * eig.eigenvectors().col(m - 1 - i);
            // A flat direction (rank below 2) has no axis of its own: any unit vector orthogonal
            // to the ones before does, the first coordinate axis that leaves a remainder.
            if (!(variance(i) > 1e-12 * largest)) {
                variance(i) = 0;
                for (Eigen::Index e = 0; e < d; ++e) {
                    axis = Eigen::VectorXd::Unit(d, e);
                    axis -= axes.leftCols(i) * (axes.leftCols(i).transpose() * axis);
                    if (axis.norm() > 0.5)
                        break;
                }
            }
            axes.col(i) = axis.normalized();
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
