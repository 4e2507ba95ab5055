#pragma once

#include "modelfiles/modelattention.h"

namespace qkv {

enum class Aggregate { Mean, Max };

// One layer's heads combined cell by cell: their mean (rows still sum to 1) or their maximum
// (where any head looks; rows then sum to 1 or more).
FloatMatrix aggregateHeads(const ModelAttention &m, int layer, Aggregate how);

// One head across every layer, cell by cell.
FloatMatrix aggregateLayers(const ModelAttention &m, int head, Aggregate how);

// Every layer and head at once.
FloatMatrix aggregateAll(const ModelAttention &m, Aggregate how);
// Each layer's heads combined by `heads`, then the layers by `layers` (the max of the layers'
// mean heads is not the mean of anything).
FloatMatrix aggregateAll(const ModelAttention &m, Aggregate heads, Aggregate layers);

} // namespace qkv
