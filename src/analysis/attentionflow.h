#pragma once

// Attention flow (Abnar & Zuidema, 2020): the layers as a graph whose edges carry attention, and
// for each output token the maximum flow it can draw from each input token through all of them.

#include "analysis/rollout.h"

#include <atomic>

namespace qkv::analysis {

// Sentences up to this many tokens: flow solves n² maximum-flow problems on a graph of L·n² edges.
inline constexpr int flowTokenLimit = 128;

// For output token j (row) and input token i (column): the maximum flow from j above the last of
// `layers` (residualAttention's) to i below the first, through the layered graph where layer l's
// weight (j', i') is the capacity of the edge from j' to i'; each row then divided by its sum, as
// the paper's code does. Rows are spread over the cores. Empty when `cancel` was set meanwhile.
Matrix attentionFlow(const std::vector<Matrix> &layers, const std::atomic<bool> *cancel = nullptr);

} // namespace qkv::analysis
