#pragma once

#include <Eigen/Core>

#include <QString>

namespace qkv {

// Deterministic starting numbers for anything the user has not set: the same word, role and
// position give the same value on every machine and run (FNV-1a of the UTF-8 bytes, then
// SplitMix64), in [-1, 1] rounded to two decimals so they read well in a worked example.
double defaultValue(const QString &word, QStringView role, int head, int index);

// defaultValue's numbers for one word and role, the word's hash taken once: for whole vectors.
class DefaultNumbers
{
public:
    DefaultNumbers(const QString &word, QStringView role);
    double at(int head, int index) const;
    // m(h, i) = at(h, i) for every head h < m.rows() and index i < m.cols().
    void fill(Eigen::MatrixXd &m) const;

private:
    quint64 m_base;
};

// Component i of the vector does not depend on its length, so growing d only appends.
Eigen::VectorXd defaultVector(const QString &word, QStringView role, int head, int dim);
Eigen::MatrixXd defaultMatrix(QStringView role, int head, int rows, int cols);

} // namespace qkv
