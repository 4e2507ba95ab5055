#include "attention/attention.h"

#include "attention/softmaxrows.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace qkv {

SquareMatrix visibility(int n, MaskKind mask, const std::set<Cell> &masked)
{
    return visibility(n, n, mask, masked);
}

SquareMatrix visibility(int n, int m, MaskKind mask, const std::set<Cell> &masked)
{
    if (mask == MaskKind::None && masked.empty())
        return {};
    SquareMatrix visible = SquareMatrix::Ones(n, m);
    if (mask == MaskKind::Causal)
        visible.triangularView<Eigen::StrictlyUpper>().setZero();
    for (const auto &[row, col] : masked)
        if (row >= 0 && col >= 0 && row < n && col < m)
            visible(row, col) = 0.0;
    return visible;
}

namespace {

using Array = Eigen::Array<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Rows that no method can normalize: every key hidden, or a visible score not finite.
std::vector<std::optional<RowIssue>> hopelessRows(const SquareMatrix &scores, const SquareMatrix &visible)
{
    const auto n = scores.rows();
    std::vector<std::optional<RowIssue>> issue(static_cast<std::size_t>(n));
    const bool masked = visible.size() > 0;
    const Eigen::ArrayXd visibleCount
        = masked ? Eigen::ArrayXd(visible.array().rowwise().sum()) : Eigen::ArrayXd::Constant(n, double(scores.cols()));
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
    double temperature, int width, std::vector<RowProblem> &problems, double *largestWeight,
    std::vector<double> *rowLargest)
{
    if (normalization == Normalization::ScaledSoftmax || normalization == Normalization::Softmax)
        return softmaxRows(
            scores, visible, softmaxDivisor(normalization, temperature, width), problems, largestWeight, rowLargest);
    const auto n = static_cast<int>(scores.rows());
    const bool masked = visible.size() > 0;
    auto issue = hopelessRows(scores, visible);

    Array weights;
    switch (normalization) {
    case Normalization::ScaledSoftmax:
    case Normalization::Softmax:
        break; // above
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
        const double rate = std::pow(10000.0, -static_cast<double>(j - j % 2) / dModel);
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
    // The tolerance is relative to the largest score, a pass over all of S: found only when a
    // tile differs by more than the least it can be (1e-12), so that the common case, a
    // difference in the first tile, costs about that pass. Small tiles: a mirrored pair of
    // 16 × 16 stays in cache however large S is.
    double tolerance = 0;
    constexpr Eigen::Index tile = 16;
    const Eigen::Index n = s.rows();
    for (Eigen::Index r = 0; r < n; r += tile)
        for (Eigen::Index c = r; c < n; c += tile) {
            const Eigen::Index h = std::min(tile, n - r), w = std::min(tile, n - c);
            const double difference = (s.block(r, c, h, w) - s.block(c, r, w, h).transpose()).cwiseAbs().maxCoeff();
            if (!(difference > 1e-12))
                continue;
            if (tolerance == 0)
                tolerance = 1e-12 * std::max(1.0, s.cwiseAbs().maxCoeff());
            if (!(difference <= tolerance))
                return false;
        }
    return true;
}

} // namespace qkv
