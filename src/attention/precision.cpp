#include "attention/precision.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qkv {

namespace {

// Rounds to `bits` significant bits, below 2^(minExponent − 1) (the smallest normal number) in
// steps of the smallest subnormal, and beyond `largest` to ∞: every IEEE-like binary format.
double roundToBits(double x, int bits, int minExponent, double largest)
{
    if (!std::isfinite(x) || x == 0)
        return x;
    const double a = std::abs(x);
    int e = 0;
    std::frexp(a, &e); // a = m·2^e with m in [0.5, 1)
    // One unit in the last place: 2^(e − bits) for a normal number, fixed below the normal range.
    const double ulp = std::ldexp(1.0, std::max(e, minExponent) - bits);
    const double r = std::nearbyint(a / ulp) * ulp; // ties to even in the default rounding mode
    return std::copysign(r > largest ? std::numeric_limits<double>::infinity() : r, x);
}

} // namespace

double largestFinite(Precision p)
{
    switch (p) {
    case Precision::Float64:
        break;
    case Precision::Float32:
        return double(std::numeric_limits<float>::max());
    case Precision::Float16:
        return 65504.0;
    case Precision::BFloat16:
        return std::ldexp(255.0, 120); // (2 − 2^-7)·2^127
    }
    return std::numeric_limits<double>::max();
}

double roundTo(double x, Precision p)
{
    switch (p) {
    case Precision::Float64:
        return x;
    case Precision::Float32:
        return static_cast<double>(static_cast<float>(x));
    case Precision::Float16:
        // 11 significant bits, normal numbers from 2^-14, largest 65504.
        return roundToBits(x, 11, -13, largestFinite(p));
    case Precision::BFloat16:
        // 8 significant bits with float32's exponents: normal from 2^-126, largest (2 − 2^-7)·2^127.
        return roundToBits(x, 8, -125, largestFinite(p));
    }
    return x;
}

Eigen::MatrixXd roundedMatrix(const Eigen::MatrixXd &m, Precision p)
{
    return m.unaryExpr([p](double e) { return roundTo(e, p); });
}

Eigen::MatrixXd roundedProduct(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, Precision p)
{
    Eigen::MatrixXd out(a.rows(), b.cols());
    for (Eigen::Index i = 0; i < a.rows(); ++i)
        for (Eigen::Index j = 0; j < b.cols(); ++j) {
            double sum = 0;
            for (Eigen::Index c = 0; c < a.cols(); ++c)
                sum = roundTo(sum + roundTo(a(i, c) * b(c, j), p), p);
            out(i, j) = sum;
        }
    return out;
}

HeadResult computeHeadRounded(const Eigen::MatrixXd &q, const Eigen::MatrixXd &k, const Eigen::MatrixXd &v,
    const Eigen::MatrixXd *x, const Settings &settings, const SquareMatrix &visible)
{
    const Precision p = settings.precision;
    HeadResult r;
    r.queries = roundedMatrix(q, p);
    r.keys = roundedMatrix(k, p);
    r.values = roundedMatrix(v, p);
    // What overflows is ∞ in the arithmetic; the result keeps every number finite (the views draw
    // them) by holding an overflowed one at the format's largest, and names the rows it broke.
    const double largest = largestFinite(p);
    const auto held = [largest](const Eigen::MatrixXd &m) {
        return Eigen::MatrixXd(
            m.unaryExpr([largest](double e) { return std::isnan(e) ? 0.0 : std::clamp(e, -largest, largest); }));
    };
    int width = settings.dim;
    Eigen::MatrixXd scores;
    switch (settings.scoring) {
    case Scoring::QueryKey:
        scores = roundedProduct(r.queries, r.keys.transpose(), p);
        break;
    case Scoring::KeyKey:
        scores = roundedProduct(r.keys, r.keys.transpose(), p);
        break;
    case Scoring::Embedding: {
        const Eigen::MatrixXd e = x ? roundedMatrix(*x, p) : r.values;
        width = static_cast<int>(e.cols());
        scores = roundedProduct(e, e.transpose(), p);
        break;
    }
    }
    r.scores = held(scores);
    const auto n = scores.rows(), m = scores.cols(); // m keys: the second sentence's in cross-attention
    const bool masked = visible.size() > 0;
    r.weights = SquareMatrix::Zero(n, m);
    const bool softmax
        = settings.normalization == Normalization::Softmax || settings.normalization == Normalization::ScaledSoftmax;
    const double divisor = roundTo(settings.temperature
            * (settings.normalization == Normalization::ScaledSoftmax ? std::sqrt(double(std::max(width, 1))) : 1.0),
        p);
    for (Eigen::Index i = 0; i < n; ++i) {
        Eigen::VectorXd row = Eigen::VectorXd::Zero(m);
        bool any = false;
        double top = -std::numeric_limits<double>::infinity();
        bool overflowed = false;
        for (Eigen::Index j = 0; j < m; ++j) {
            if (masked && visible(i, j) == 0)
                continue;
            any = true;
            overflowed = overflowed || !std::isfinite(scores(i, j));
            row(j) = softmax ? roundTo(scores(i, j) / divisor, p) : scores(i, j);
            top = std::max(top, row(j));
        }
        if (!any || overflowed) {
            r.problems.push_back({int(i), any ? RowIssue::NonFinite : RowIssue::AllMasked});
            continue;
        }
        double sum = 0;
        for (Eigen::Index j = 0; j < m; ++j) {
            if (masked && visible(i, j) == 0)
                continue;
            if (softmax) {
                const double shifted = settings.softmax == SoftmaxForm::Naive ? row(j) : roundTo(row(j) - top, p);
                row(j) = roundTo(std::exp(shifted), p);
            }
            sum = roundTo(sum + row(j), p);
        }
        if (settings.normalization != Normalization::None) {
            if (settings.normalization == Normalization::Sum && std::abs(sum) <= 1e-12) {
                r.problems.push_back({int(i), RowIssue::ZeroSum});
                continue;
            }
            for (Eigen::Index j = 0; j < m; ++j)
                row(j) = roundTo(row(j) / sum, p);
        }
        if (!row.allFinite()) {
            r.problems.push_back({int(i), RowIssue::NonFinite});
            continue;
        }
        if (settings.normalization == Normalization::Sum && sum < 0)
            r.problems.push_back({int(i), RowIssue::NegativeSum});
        // One-hot although several keys are seen: every other exponential rounded to 0.
        const auto seen = masked ? Eigen::Index(visible.row(i).sum()) : m;
        if (softmax && seen > 1 && (row.array() == 1.0).count() == 1 && (row.array() == 0.0).count() == m - 1)
            r.problems.push_back({int(i), RowIssue::Saturated});
        r.weights.row(i) = row.transpose();
    }
    r.output = roundedProduct(r.weights, r.values, p);
    for (Eigen::Index i = 0; i < n; ++i) {
        if (r.output.row(i).allFinite())
            continue;
        r.output.row(i).setZero();
        r.weights.row(i).setZero();
        if (std::none_of(r.problems.begin(), r.problems.end(), [i](const RowProblem &b) { return b.row == i; }))
            r.problems.push_back({int(i), RowIssue::NonFinite});
    }
    std::sort(
        r.problems.begin(), r.problems.end(), [](const RowProblem &a, const RowProblem &b) { return a.row < b.row; });
    r.queries = held(r.queries);
    r.keys = held(r.keys);
    r.values = held(r.values);
    return r;
}

} // namespace qkv
