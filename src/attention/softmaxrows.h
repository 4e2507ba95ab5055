#pragma once

#include "attention/attention.h"
#include "kernels/softmax.h"

#include <Eigen/Core>

#include <vector>

namespace qkv {

// Softmax normalization row by row in the vectorized kernel, in pieces the engine can run block by
// block of rows (see fusedSoftmaxHead). Inside the attention library only: kernels is private to it.

// What a softmax normalization divides the scores by (temperature, times √width when scaled), or
// 0 for a normalization that is not a softmax.
double softmaxDivisor(Normalization normalization, double temperature, int width);

// Rows [begin, end) of `scores` into the same rows of `weights` (sized as scores), with each row's
// status and largest weight; a row the kernel cannot normalize is zeroed.
void softmaxRowRange(const SquareMatrix &scores, const SquareMatrix &visible, double divisor, SquareMatrix &weights,
    Eigen::Index begin, Eigen::Index end, kernels::RowStatus *status, double *largest);

// The problems of the rows softmaxRowRange could not normalize, in row order, and the largest
// weight of all (each when asked for).
void softmaxProblems(const std::vector<kernels::RowStatus> &status, std::vector<double> largest,
    std::vector<RowProblem> &problems, double *largestWeight, std::vector<double> *rowLargest);

// Every row, split over two cores when there are many.
SquareMatrix softmaxRows(const SquareMatrix &scores, const SquareMatrix &visible, double divisor,
    std::vector<RowProblem> &problems, double *largestWeight, std::vector<double> *rowLargest);

} // namespace qkv
