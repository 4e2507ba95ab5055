#include "attention.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace qkv {

Eigen::MatrixXd visibility(int n, MaskKind mask, const std::set<Cell> &masked)
{
    Eigen::MatrixXd visible = Eigen::MatrixXd::Ones(n, n);
    if (mask == MaskKind::Causal)
        visible.triangularView<Eigen::StrictlyUpper>().setZero();
    for (const auto &[row, col] : masked)
        if (row >= 0 && col >= 0 && row < n && col < n)
            visible(row, col) = 0.0;
    return visible;
}

Eigen::MatrixXd normalizeRows(const Eigen::MatrixXd &scores, const Eigen::MatrixXd &visible,
    Normalization normalization, double temperature, int width, std::vector<RowProblem> &problems)
{
    using Arr = Eigen::ArrayXXd;
    const auto n = static_cast<int>(scores.rows());
    const auto seen = visible.array() > 0.0;
    const Eigen::ArrayXd visibleCount = visible.array().rowwise().sum();
    // A row with a non-finite visible score cannot be normalized whatever the method.
    const auto finiteRow = (scores.array().isFinite() || !seen).rowwise().all();
    std::vector<std::optional<RowIssue>> issue(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        if (visibleCount(i) == 0)
            issue[i] = RowIssue::AllMasked;
        else if (!finiteRow(i))
            issue[i] = RowIssue::NonFinite;
    }

    Arr weights;
    switch (normalization) {
    case Normalization::ScaledSoftmax:
    case Normalization::Softmax: {
        double divisor = temperature;
        if (normalization == Normalization::ScaledSoftmax)
            divisor *= std::sqrt(static_cast<double>(std::max(width, 1)));
        const double inf = std::numeric_limits<double>::infinity();
        const Arr scaled = seen.select(scores.array() / divisor, -inf);
        Eigen::ArrayXd rowMax = scaled.rowwise().maxCoeff();
        rowMax = rowMax.isFinite().select(rowMax, 0.0);
        const Arr e = (scaled.colwise() - rowMax).exp();
        weights = e.colwise() / e.rowwise().sum();
        break;
    }
    case Normalization::Sum: {
        const Arr kept = seen.select(scores.array(), 0.0);
        const Eigen::ArrayXd sum = kept.rowwise().sum();
        weights = kept.colwise() / sum;
        for (int i = 0; i < n; ++i) {
            if (issue[i])
                continue;
            if (!std::isfinite(sum(i)))
                issue[i] = RowIssue::NonFinite;
            else if (std::abs(sum(i)) <= 1e-12)
                issue[i] = RowIssue::ZeroSum;
            else if (sum(i) < 0) // Still a valid division, but the weights flip sign: say so.
                problems.push_back({i, RowIssue::NegativeSum});
        }
        break;
    }
    case Normalization::None:
        weights = seen.select(scores.array(), 0.0);
        break;
    }

    for (int i = 0; i < n; ++i) {
        if (!issue[i] && !weights.row(i).isFinite().all())
            issue[i] = RowIssue::NonFinite;
        if (issue[i]) {
            weights.row(i).setZero();
            problems.push_back({i, *issue[i]});
        }
    }
    std::sort(problems.begin(), problems.end(), [](const RowProblem &a, const RowProblem &b) { return a.row < b.row; });
    return weights.matrix();
}

Eigen::MatrixXd sinusoidalPositions(int n, int dModel)
{
    Eigen::MatrixXd pe(n, dModel);
    for (int j = 0; j < dModel; ++j) {
        const double rate = std::pow(10000.0, -static_cast<double>(2 * (j / 2)) / dModel);
        const Eigen::ArrayXd angle = Eigen::ArrayXd::LinSpaced(n, 0, n - 1) * rate;
        if (j % 2 == 0)
            pe.col(j) = angle.sin().matrix();
        else
            pe.col(j) = angle.cos().matrix();
    }
    return pe;
}

bool isSymmetric(const Eigen::MatrixXd &s)
{
    if (s.rows() != s.cols())
        return false;
    if (s.size() == 0)
        return true;
    const double scale = std::max(1.0, s.cwiseAbs().maxCoeff());
    return (s - s.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * scale;
}

} // namespace qkv
