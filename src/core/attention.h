#pragma once

#include "document.h"
#include "settings.h"

#include <Eigen/Core>

#include <set>
#include <vector>

namespace qkv {

// Why a row of weights could not be formed as asked; the row is then shown as a warning.
enum class RowIssue { AllMasked, ZeroSum, NegativeSum, NonFinite };

struct RowProblem {
    int row;
    RowIssue issue;
};

// 1 where query i may see key j, 0 where the causal mask or the user hides the cell.
Eigen::MatrixXd visibility(int n, MaskKind mask, const std::set<Cell> &masked);

// Each row of S turned into weights over its visible cells (SPEC §3 semantics). `width` is the
// length of the compared vectors, the d of the √d scaling. Masked cells get exactly 0. Rows that
// cannot be normalized come back as zeros and are listed in `problems`: never a silent NaN.
Eigen::MatrixXd normalizeRows(const Eigen::MatrixXd &scores, const Eigen::MatrixXd &visible,
    Normalization normalization, double temperature, int width, std::vector<RowProblem> &problems);

// The sinusoidal position encoding of "Attention is all you need", n × dModel.
Eigen::MatrixXd sinusoidalPositions(int n, int dModel);

// Whether S equals its transpose up to rounding (key·key and embedding scores always do).
bool isSymmetric(const Eigen::MatrixXd &s);

} // namespace qkv
