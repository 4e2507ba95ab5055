#include "attention.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace qkv {

SquareMatrix visibility(int n, MaskKind mask, const std::set<Cell> &masked)
{
    if (mask == MaskKind::None && masked.empty())
        return {};
    SquareMatrix visible = SquareMatrix::Ones(n, n);
    if (mask == MaskKind::Causal)
        visible.triangularView<Eigen::StrictlyUpper>().setZero();
    for (const auto &[row, col] : masked)
        if (row >= 0 && col >= 0 && row < n && col < n)
            visible(row, col) = 0.0;
    return visible;
}

namespace {

using Array = Eigen::Array<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
constexpr double inf = std::numeric_limits<double>::infinity();

// Rows that no method can normalize: every key hidden, or a visible score not finite.
std::vector<std::optional<RowIssue>> hopelessRows(const SquareMatrix &scores, const SquareMatrix &visible)
{
    const auto n = scores.rows();
    std::vector<std::optional<RowIssue>> issue(static_cast<std::size_t>(n));
    const bool masked = visible.size() > 0;
    const Eigen::ArrayXd visibleCount
        = masked ? Eigen::ArrayXd(visible.array().rowwise().sum()) : Eigen::ArrayXd::Constant(n, double(n));
    const Eigen::Array<bool, Eigen::Dynamic, 1> finite = masked
        ? Eigen::Array<bool, Eigen::Dynamic, 1>((scores.array().isFinite() || visible.array() == 0).rowwise().all())
        : Eigen::Array<bool, Eigen::Dynamic, 1>(scores.array().isFinite().rowwise().all());
    for (Eigen::Index i = 0; i < n; ++i) {
        if (visibleCount(i) == 0)
            issue[static_cast<std::size_t>(i)] = RowIssue::AllMasked;
        else if (!finite(i))
            issue[static_cast<std::size_t>(i)] = RowIssue::NonFinite;
    }
    return issue;
}

} // namespace

SquareMatrix normalizeRows(const SquareMatrix &scores, const SquareMatrix &visible, Normalization normalization,
    double temperature, int width, std::vector<RowProblem> &problems)
{
    const auto n = static_cast<int>(scores.rows());
    const bool masked = visible.size() > 0;
    auto issue = hopelessRows(scores, visible);

    Array weights;
    switch (normalization) {
    case Normalization::ScaledSoftmax:
    case Normalization::Softmax: {
        double divisor = temperature;
        if (normalization == Normalization::ScaledSoftmax)
            divisor *= std::sqrt(static_cast<double>(std::max(width, 1)));
        weights = scores.array() / divisor;
        if (masked)
            weights = (visible.array() > 0).select(weights, -inf);
        // Row by row over contiguous memory: Eigen vectorizes exp and the reductions there, while
        // a broadcast over the whole matrix falls back to scalar exp (4× slower at 4,096 tokens).
        for (Eigen::Index i = 0; i < n; ++i) {
            auto row = weights.row(i);
            const double top = row.maxCoeff();
            if (!std::isfinite(top))
                continue; // all masked or non-finite: hopelessRows already named it
            row = (row - top).exp();
            row /= row.sum();
        }
        if (masked) // vectorized exp(-inf) is a denormal, not 0: hidden cells must be exactly 0
            weights = (visible.array() > 0).select(weights, 0.0);
        break;
    }
    case Normalization::Sum: {
        weights = masked ? Array((visible.array() > 0).select(scores.array(), 0.0)) : Array(scores.array());
        const Eigen::ArrayXd sum = weights.rowwise().sum();
        weights.colwise() /= sum;
        for (int i = 0; i < n; ++i) {
            auto &rowIssue = issue[static_cast<std::size_t>(i)];
            if (rowIssue)
                continue;
            if (!std::isfinite(sum(i)))
                rowIssue = RowIssue::NonFinite;
            else if (std::abs(sum(i)) <= 1e-12)
                rowIssue = RowIssue::ZeroSum;
            else if (sum(i) < 0) // Still a valid division, but the weights flip sign: say so.
                problems.push_back({i, RowIssue::NegativeSum});
        }
        break;
    }
    case Normalization::None:
        weights = masked ? Array((visible.array() > 0).select(scores.array(), 0.0)) : Array(scores.array());
        break;
    }

    const Eigen::Array<bool, Eigen::Dynamic, 1> finite = weights.isFinite().rowwise().all();
    for (int i = 0; i < n; ++i) {
        auto &rowIssue = issue[static_cast<std::size_t>(i)];
        if (!rowIssue && !finite(i))
            rowIssue = RowIssue::NonFinite;
        if (rowIssue) {
            weights.row(i).setZero();
            problems.push_back({i, *rowIssue});
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

bool isSymmetric(const SquareMatrix &s)
{
    if (s.rows() != s.cols())
        return false;
    if (s.size() == 0)
        return true;
    const double tolerance = 1e-12 * std::max(1.0, s.cwiseAbs().maxCoeff());
    constexpr Eigen::Index tile = 64;
    const Eigen::Index n = s.rows();
    for (Eigen::Index r = 0; r < n; r += tile)
        for (Eigen::Index c = r; c < n; c += tile) {
            const Eigen::Index h = std::min(tile, n - r), w = std::min(tile, n - c);
            if ((s.block(r, c, h, w) - s.block(c, r, w, h).transpose()).cwiseAbs().maxCoeff() > tolerance)
                return false;
        }
    return true;
}

} // namespace qkv
