#include "attention/contributions.h"

namespace qkv {

Contributions contributions(const HeadResult &head, int row)
{
    Contributions c;
    c.parts = head.values.array().colwise() * head.weights.row(row).transpose().array();
    c.output = c.parts.colwise().sum().transpose();
    const double norm2 = c.output.squaredNorm();
    c.share = norm2 > 0 ? Eigen::VectorXd(c.parts * c.output / norm2) : Eigen::VectorXd::Zero(c.parts.rows());
    return c;
}

} // namespace qkv
