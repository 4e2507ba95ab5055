#pragma once

#include "transformer/config.h"

#include <Eigen/Core>

#include <vector>

namespace qkv::transformer {

// Rotary position embedding of the Llama family for positions 0 … n−1, computed the way
// Hugging Face does in float32 (inverse frequencies, then p·inv_freq, then cos and sin), with
// rope_scaling "llama3" applied to the frequencies.
class Rotary
{
public:
    Rotary(const Config &config, Eigen::Index tokens);
    // Positions first … first + count − 1 of a sequence of first + count tokens (the new tokens
    // after a cache).
    Rotary(const Config &config, Eigen::Index first, Eigen::Index count);
    // Passages of these lengths stacked as rows, each counting its positions from 0.
    Rotary(const Config &config, const std::vector<Eigen::Index> &passages);

    // Rotates each head_dim-wide block of the columns of `x` (rows are positions), in place:
    // with halves [x₁, x₂] of its first rotated() columns → [x₁cos − x₂sin, x₂cos + x₁sin];
    // the columns after those pass unchanged.
    void apply(Eigen::MatrixXf &x) const;

    // For `tokens` positions: longrope picks its factors by the length.
    static Eigen::VectorXf inverseFrequencies(const Config &config, Eigen::Index tokens = 1);

private:
    Eigen::Index m_half = 0;
    Eigen::Index m_headDim = 0;
    Eigen::MatrixXf m_cos, m_sin; // n × head_dim/2
};

} // namespace qkv::transformer
