#pragma once

// Attention flow (Abnar & Zuidema, 2020): the layers as a graph whose edges carry attention, and
// for each output token the maximum flow it can draw from each input token through all of them.

#include "analysis/rollout.h"

#include <atomic>

namespace qkv::analysis {

// Sentences up to this many tokens: flow solves n² maximum-flow problems on a graph of L·n² edges
// (n⁴ work: 32 tokens through 12 layers take 0.07 s on 2 cores, 64 take 0.8 s, 128 twelve).
inline constexpr int flowTokenLimit = 128;
// In the window, where a view waits for it: up to a second on 2 cores.
inline constexpr int interactiveFlowTokenLimit = 64;

// For output token j (row) and input token i (column): the maximum flow from j above the last of
// `layers` (withResidual's) to i below the first, through the layered graph where layer l's
// weight (j', i') is the capacity of the edge from j' to i'; each row then divided by its sum, as
// the paper's code does. Rows are spread over the cores. Empty when `cancel` was set meanwhile.
Matrix attentionFlow(const std::vector<Matrix> &layers, const std::atomic<bool> *cancel = nullptr);

} // namespace qkv::analysis
