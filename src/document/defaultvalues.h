#pragma once

#include <Eigen/Core>

#include <QString>

namespace qkv {

// Deterministic starting numbers for anything the user has not set: the same word, role and
// position give the same value on every machine and run (FNV-1a of the UTF-8 bytes, then
// SplitMix64), in [-1, 1] rounded to two decimals so they read well in a worked example.
double defaultValue(const QString &word, QStringView role, int head, int index);

// Component i of the vector does not depend on its length, so growing d only appends.
Eigen::VectorXd defaultVector(const QString &word, QStringView role, int head, int dim);
Eigen::MatrixXd defaultMatrix(QStringView role, int head, int rows, int cols);

} // namespace qkv
