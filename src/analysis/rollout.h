#pragma once

// Attention rollout (Abnar & Zuidema, "Quantifying Attention Flow in Transformers", 2020): how
// much of each output token's representation comes from each input token through every layer,
// the residual connection counted as attention to oneself.

#include <Eigen/Core>

#include <vector>

namespace qkv::analysis {

using Matrix = Eigen::MatrixXd; // n × n, row = the token attending or receiving, column = its source

// Each layer as the paper's graph has it, from its heads' mean Ā: Ā plus the identity (the
// residual connection), each row divided by its sum — 0.5·Ā + 0.5·I where Ā's rows sum to 1.
std::vector<Matrix> withResidual(std::vector<Matrix> headMeans);

// Â_L · … · Â_1: row j holds how output token j draws on each input token.
Matrix rollout(const std::vector<Matrix> &layers);

} // namespace qkv::analysis
