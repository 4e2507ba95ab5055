#include "analysis/querykeyplane.h"

#include <Eigen/Eigenvalues>

#include <cmath>

namespace qkv::analysis {

QueryKeyPlane queryKeyPlane(const Eigen::MatrixXf &queriesF, const Eigen::MatrixXf &keysF)
{
    QueryKeyPlane plane;
    Eigen::MatrixXd q = queriesF.cast<double>(), k = keysF.cast<double>();
    const Eigen::Index d = q.cols();
    const double queryNorm = q.rowwise().norm().mean(), keyNorm = k.rowwise().norm().mean();
    plane.scale = queryNorm > 0 && keyNorm > 0 ? std::sqrt(keyNorm / queryNorm) : 1.0;
    q *= plane.scale;
    k /= plane.scale;
    plane.shift = (q.colwise().mean() - k.colwise().mean()).transpose();
    k.rowwise() += plane.shift.transpose();
    // The principal plane of all the points together.
    const Eigen::RowVectorXd mean = (q.colwise().sum() + k.colwise().sum()) / double(q.rows() + k.rows());
    q.rowwise() -= mean;
    k.rowwise() -= mean;
    const Eigen::MatrixXd covariance = (q.transpose() * q + k.transpose() * k) / double(q.rows() + k.rows());
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(covariance);
    Eigen::MatrixXd axes(d, 2);
    axes.setZero();
    for (int i = 0; i < 2 && i < d; ++i) {
        axes.col(i) = solver.eigenvectors().col(d - 1 - i); // largest eigenvalues last
        // A sign that does not flip from one run to the next: the largest component positive.
        Eigen::Index largest = 0;
        axes.col(i).cwiseAbs().maxCoeff(&largest);
        if (axes(largest, i) < 0)
            axes.col(i) = -axes.col(i);
    }
    const double total = solver.eigenvalues().sum();
    for (int i = 0; i < 2 && i < d; ++i)
        plane.explained[i] = total > 0 ? solver.eigenvalues()(d - 1 - i) / total : 0;
    plane.queries = q * axes;
    plane.keys = k * axes;
    return plane;
}

} // namespace qkv::analysis
