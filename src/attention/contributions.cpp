#include "attention/contributions.h"

namespace qkv {

namespace {

// The output as the parts' sum, and each part's share of it.
void summed(Contributions &c)
{
    c.output = c.parts.colwise().sum().transpose();
    const double norm2 = c.output.squaredNorm();
    c.share = norm2 > 0 ? Eigen::VectorXd(c.parts * c.output / norm2) : Eigen::VectorXd::Zero(c.parts.rows());
}

} // namespace

Contributions contributions(const HeadResult &head, int row)
{
    Contributions c;
    c.parts = head.values.array().colwise() * head.weights.row(row).transpose().array();
    summed(c);
    return c;
}

Contributions contributionsThroughWo(const Result &result, const Eigen::MatrixXd &wo, int row)
{
    Contributions c;
    const auto n = result.tokens.size(), m = result.keys().size(); // a part per key
    Eigen::Index rows = 0;
    for (const HeadResult &h : result.heads)
        rows += h.values.cols();
    if (result.heads.empty() || wo.rows() != rows || row < 0 || row >= n)
        return c;
    c.parts = Eigen::MatrixXd::Zero(m, wo.cols());
    Eigen::Index first = 0;
    for (const HeadResult &h : result.heads) {
        const Eigen::Index d = h.values.cols();
        c.parts
            += (h.values.array().colwise() * h.weights.row(row).transpose().array()).matrix() * wo.middleRows(first, d);
        first += d;
    }
    summed(c);
    return c;
}

} // namespace qkv
