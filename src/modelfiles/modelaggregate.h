#pragma once

#include "analysis/rollout.h"
#include "modelfiles/modelattention.h"

namespace qkv {

// How heads or layers are combined: cell by cell (Mean, Max), or, for the layers only, followed
// through all of them with the residual connection (Rollout, Flow: analysis/, of the heads' mean;
// a model's own self-attention, not cross-attention).
enum class Aggregate { Mean, Max, Rollout, Flow };
inline bool throughLayers(Aggregate a)
{
    return a == Aggregate::Rollout || a == Aggregate::Flow;
}

// One layer's heads combined cell by cell: their mean (rows still sum to 1) or their maximum
// (where any head looks; rows then sum to 1 or more).
FloatMatrix aggregateHeads(const ModelAttention &m, int layer, Aggregate how);

// One head across every layer, cell by cell.
FloatMatrix aggregateLayers(const ModelAttention &m, int head, Aggregate how);

// Every layer and head at once.
FloatMatrix aggregateAll(const ModelAttention &m, Aggregate how);
// Each layer's heads combined by `heads`, then the layers by `layers` (the max of the layers'
// mean heads is not the mean of anything). Rollout and flow take the heads' mean whatever `heads`.
FloatMatrix aggregateAll(const ModelAttention &m, Aggregate heads, Aggregate layers);

// Each layer's heads' mean with the residual connection (analysis::withResidual), in double: what
// rollout and flow are computed from.
std::vector<analysis::Matrix> residualLayers(const ModelAttention &m);

} // namespace qkv
