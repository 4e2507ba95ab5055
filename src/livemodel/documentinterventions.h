#pragma once

#include "document/document.h"
#include "transformer/forward.h"

#include <vector>

namespace qkv::live {

struct LiveRun;

// What one layer's document (the per-token queries, keys and values of every head that
// modelDocument makes of a layer) asks of the model, made from the run `shown` it was made of and
// edited since: a replacement for each head and role whose matrix differs from that run's, and
// the replacements `shown` already had for the others. Comparing with the shown run, not with
// the model's own, keeps numbers that moved only because an earlier layer was changed from
// being frozen. Empty when the document is not such a layer's (other tokens, other heads or
// combined views).
std::vector<transformer::Intervention> interventionsFromDocument(const Document &doc, int layer, const LiveRun &shown);

// The queries, keys and values of `layer` that `interventions` replace.
std::vector<transformer::Intervention> layerEdits(
    const std::vector<transformer::Intervention> &interventions, int layer);

// `current` with the query, key and value replacements of `layer` swapped for `layerEdits`;
// ablations and other layers stay.
std::vector<transformer::Intervention> withLayerEdits(
    std::vector<transformer::Intervention> current, int layer, std::vector<transformer::Intervention> layerEdits);

// `current` with head `head` of `layer` ablated or not.
std::vector<transformer::Intervention> withAblation(
    std::vector<transformer::Intervention> current, int layer, int head, bool ablated);
bool isAblated(const std::vector<transformer::Intervention> &interventions, int layer, int head);

// The same interventions in any order.
bool sameInterventions(
    const std::vector<transformer::Intervention> &a, const std::vector<transformer::Intervention> &b);

// Without anything in `layer` (every layer when -1): "Reset layer", "Reset all".
std::vector<transformer::Intervention> withoutLayer(std::vector<transformer::Intervention> current, int layer);

} // namespace qkv::live
