#pragma once

// Attention rollout (Abnar & Zuidema, "Quantifying Attention Flow in Transformers", 2020): how
// much of each output token's representation comes from each input token through every layer,
// the residual connection counted as attention to oneself.

#include <Eigen/Core>

#include <QString>

#include <vector>

namespace qkv {
struct ModelAttention;
}

namespace qkv::analysis {

using Matrix = Eigen::MatrixXd; // n × n, row = the token attending or receiving, column = its source

// Each layer of `model` as the paper's graph has it: the heads' mean Ā plus the identity (the
// residual connection), each row divided by its sum — 0.5·Ā + 0.5·I where Ā's rows sum to 1.
// Empty with the reason in `error` for cross-attention (its rows and columns are two sentences).
std::vector<Matrix> residualAttention(const ModelAttention &model, QString *error = nullptr);

// Â_L · … · Â_1: row j holds how output token j draws on each input token.
Matrix rollout(const std::vector<Matrix> &layers);

} // namespace qkv::analysis
