#pragma once

#include <cstddef>

namespace qkv::kernels {

enum class RowStatus { Ok, AllMasked, NonFinite };

// One row of softmax weights, in three passes over memory that stays in cache:
// y_j = scores[j] / divisor for the visible cells (visible[j] > 0; every cell when visible is
// null), out[j] = exp(y_j − max y) / Σ exp(y − max y), and exactly 0 for hidden cells.
// AllMasked: no visible cell. NonFinite: a visible y is infinite or NaN. In both cases `out`
// holds no weights (the caller zeroes the row and says why). `out` may be `scores`.
// `largest`, when given, receives the row's largest weight (1 / Σ: its top cell's exp is 1).
RowStatus softmaxRow(const double *scores, const double *visible, std::ptrdiff_t n, double divisor, double *out,
    double *largest = nullptr);

// y[i] = exp(x[i]) to within 2 ulp, vectorized at the current SIMD level; subnormal results,
// 0 below −745.14, +inf above 709.79, NaN for NaN. `y` may be `x`.
void expArray(const double *x, double *y, std::ptrdiff_t n);

} // namespace qkv::kernels
