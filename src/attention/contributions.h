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

// The same for the model's output through W_O (projection mode): o_i = Σ_h o_hi·W_O⁽ʰ⁾, where
// W_O⁽ʰ⁾ is head h's d rows of W_O ((heads·d) × d_model), so key j's part is Σ_h a_hij·v_hj·W_O⁽ʰ⁾,
// every head's part of it summed. Empty when W_O's rows are not heads·d.
Contributions contributionsThroughWo(const Result &result, const Eigen::MatrixXd &wo, int row);

} // namespace qkv
