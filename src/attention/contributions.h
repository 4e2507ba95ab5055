#pragma once

#include "attention/engine.h"

#include <Eigen/Core>

namespace qkv {

// Where one query's output comes from: o_i = Σ_j a_ij·v_j, each term a key's contribution.
struct Contributions {
    Eigen::MatrixXd parts; // n × d: row j is a_ij·v_j
    Eigen::VectorXd output; // their sum, o_i
    // Each part's share of the output: its projection on o_i over ‖o_i‖² (the shares sum to 1;
    // a part pointing against the output has a negative share). Zeros when o_i = 0.
    Eigen::VectorXd share;
};

// The contributions of every key to the output of `row` in one head.
Contributions contributions(const HeadResult &head, int row);

} // namespace qkv
