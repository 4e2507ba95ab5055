#pragma once

#include "attention/engine.h"

#include <Eigen/Core>

namespace qkv {

// `x` rounded to the nearest value of format `p`, ties to even, as a conversion to it would be:
// beyond the largest finite value it is ±∞, NaN stays NaN, tiny values become subnormal or 0.
// Float64 returns x.
double roundTo(double x, Precision p);

// Every element of `m` rounded to `p`.
Eigen::MatrixXd roundedMatrix(const Eigen::MatrixXd &m, Precision p);

// The largest finite value of format `p`: 65504 for float16.
double largestFinite(Precision p);

// a·b with every product and every partial sum rounded to `p`, the sums running in index order:
// the arithmetic of a narrow format, one operation at a time.
Eigen::MatrixXd roundedProduct(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, Precision p);

// One head as computeHead does it, in the settings' precision and softmax form: Q, K and V (and
// X) rounded to the format, then every step (scores, the division by √d·T, the maximum
// subtracted unless naive, exp, the row sums, the division, the outputs). A row whose weights
// come out not finite (exp overflowing in a naive softmax) is zeros and listed as NonFinite.
HeadResult computeHeadRounded(const Eigen::MatrixXd &q, const Eigen::MatrixXd &k, const Eigen::MatrixXd &v,
    const Eigen::MatrixXd *x, const Settings &settings, const SquareMatrix &visible);

} // namespace qkv
