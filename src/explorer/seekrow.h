#pragma once

#include "document/settings.h"

#include <Eigen/Core>

#include <vector>

namespace qkv::explore {

// One row of attention as a function of the vectors goal-seek may change: the variables z are
// the row's query (when it changes), then the key shared by the target's columns (when it
// changes). It mirrors normalizeRows for that row, with its gradient, so that the search needs
// no n × n recompute per step.
class SeekRow
{
public:
    // `keys`: the visible keys of the row (one per row of the matrix); `shared`: which of them are
    // the changed key's columns (the target and every other visible column of its word);
    // `target`: the index of the target among them.
    SeekRow(Eigen::VectorXd query, Eigen::MatrixXd keys, std::vector<bool> shared, int target,
        Normalization normalization, double divisor, bool changeQuery, bool changeKey);

    // The variables where the search starts: the present query and key.
    Eigen::VectorXd start() const;
    // The target's weight at z; NaN where the row cannot be normalized (a zero sum).
    double weight(const Eigen::VectorXd &z) const;
    // What the search drives to zero: log(weight / w) for softmax (smooth and, in the query,
    // concave), weight − w otherwise; NaN where undefined.
    double gap(const Eigen::VectorXd &z, double w) const;
    // ∂gap/∂z (the same for every w).
    Eigen::VectorXd gradient(const Eigen::VectorXd &z) const;

    bool changesQuery() const { return m_changeQuery; }
    bool changesKey() const { return m_changeKey; }
    int dim() const { return static_cast<int>(m_query.size()); }
    // The query and the shared key at z.
    Eigen::VectorXd queryAt(const Eigen::VectorXd &z) const;
    Eigen::VectorXd keyAt(const Eigen::VectorXd &z) const;

private:
    // The row's scores at z (already divided for softmax).
    Eigen::VectorXd scores(const Eigen::VectorXd &z) const;
    bool softmax() const;

    Eigen::VectorXd m_query;
    Eigen::MatrixXd m_keys;
    std::vector<bool> m_shared;
    int m_sharedCount = 0;
    int m_target;
    Normalization m_normalization;
    double m_divisor;
    bool m_changeQuery, m_changeKey;
};

} // namespace qkv::explore
