#pragma once

#include "attention/attention.h"

#include <Eigen/Core>

namespace qkv {

// The two products of a head, each split over two cores by rows and run on the machine's BLAS
// when large (Eigen for small ones, where a library call costs more than the product).
// out = a·bᵀ: queries (or keys) against keys, one row per row of a; out is resized.
void scoresProduct(const Eigen::MatrixXd &a, const Eigen::MatrixXd &b, SquareMatrix &out);
// out = weights·values; out is resized.
void outputProduct(const SquareMatrix &weights, const Eigen::MatrixXd &values, Eigen::MatrixXd &out);

} // namespace qkv
