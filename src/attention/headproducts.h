#pragma once

#include "attention/attention.h"

#include "kernels/softmax.h"

#include <Eigen/Core>

#include <vector>

namespace qkv {

// The two products of a head, each split over two cores by rows and run on the machine's BLAS
// when large (Eigen for small ones, where a library call costs more than the product).
// out = a·bᵀ: queries (or keys) against keys, one row per row of a; out is resized.
void scoresProduct(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, SquareMatrix &out);
// out = weights·values; out is resized.
void outputProduct(const SquareMatrix &weights, const Eigen::MatrixXd &values, Eigen::MatrixXd &out);

// A softmax head's three steps, scores = a·bᵀ, weights = their softmax rows (softmaxRowRange) and
// out = weights·values, block by block of rows, the blocks split over two cores: one pass over
// memory instead of three. Each row as the three steps give it. False, with nothing done, for
// products small enough for Eigen: then take the steps one by one.
bool fusedSoftmaxHead(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, const Eigen::MatrixXd &values,
    const SquareMatrix &visible, double divisor, SquareMatrix &scores, SquareMatrix &weights, Eigen::MatrixXd &out,
    std::vector<kernels::RowStatus> &status, std::vector<double> &largest);

} // namespace qkv
