#pragma once

#include "document/document.h"
#include "document/settings.h"

#include <Eigen/Core>

#include <set>
#include <vector>

namespace qkv {

// n × n matrices (n × m in cross-attention: scores, weights, visibility) are row-major: every row operation of the
// normalization then runs over contiguous memory, which matters at thousands of tokens.
using SquareMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Why a row of weights could not be formed as asked; the row is then shown as a warning.
// Saturated: in a narrow precision a softmax row came out one-hot (one weight 1, every other
// rounded to 0) although it sees several keys; its weights are kept.
enum class RowIssue { AllMasked, ZeroSum, NegativeSum, NonFinite, Saturated };

struct RowProblem {
    int row;
    RowIssue issue;
};

// 1 where query i may see key j, 0 where the causal mask or the user hides the cell; an empty
// matrix when nothing is masked (the common case costs no n × n pass).
SquareMatrix visibility(int n, MaskKind mask, const std::set<Cell> &masked);
// The same for n queries and m keys (cross-attention), where the causal mask hides key j > i.
SquareMatrix visibility(int n, int m, MaskKind mask, const std::set<Cell> &masked);

// Each row of S turned into weights over its visible cells: softmax(S / (√d·T)), softmax(S / T),
// S over its row sum, or S as is. `width` is the length of the compared vectors, the d of √d.
// Masked cells get exactly 0. Rows that cannot be normalized come back as zeros and are listed
// in `problems`: never a silent NaN. `largestWeight`, when given, receives the largest weight where
// the normalization finds it for free (softmax), else is left as it is; `rowLargest` the same for
// each row.
SquareMatrix normalizeRows(const SquareMatrix &scores, const SquareMatrix &visible, Normalization normalization,
    double temperature, int width, std::vector<RowProblem> &problems, double *largestWeight = nullptr,
    std::vector<double> *rowLargest = nullptr);

// The sinusoidal position encoding of "Attention is all you need", n × dModel.
Eigen::MatrixXd sinusoidalPositions(int n, int dModel);

// Whether S equals its transpose up to rounding (key·key and embedding scores always do).
// Compares tile by tile and stops at the first difference.
bool isSymmetric(const SquareMatrix &s);

} // namespace qkv
