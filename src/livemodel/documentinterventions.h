#pragma once

#include "document/document.h"
#include "modelfiles/modelattention.h"
#include "transformer/forward.h"

#include <vector>

namespace qkv::live {

struct LiveRun;

// Which attention of an encoder-decoder model an intervention changes (Encoder for every other
// model); each function below looks at that stack's layers only.
using Stack = transformer::Intervention::Stack;
Stack interventionStack(AttentionStack stack);
AttentionStack attentionStack(Stack stack);

// Whether `a` and `b` differ in what comes before `layer` of `stack`, i.e. in anything that the
// layer's queries, keys and values are computed from: earlier layers, and for the decoder's
// layers the whole encoder (and for cross-attention the decoder's own attention of that layer).
bool differBefore(const std::vector<transformer::Intervention> &a, const std::vector<transformer::Intervention> &b,
    int layer, Stack stack = Stack::Encoder);

// What one layer's document (the per-token queries, keys and values of every head that
// modelDocument makes of a layer) asks of the model, made from the run `shown` it was made of and
// edited since: a replacement for each head and role whose matrix differs from that run's, and
// the replacements `shown` already had for the others. Comparing with the shown run, not with
// the model's own, keeps numbers that moved only because an earlier layer was changed from
// being frozen. Empty when the document is not such a layer's (other tokens, other heads or
// combined views). Cross-attention's document has the target's queries and the source's keys and
// values.
std::vector<transformer::Intervention> interventionsFromDocument(
    const Document &doc, int layer, const LiveRun &shown, Stack stack = Stack::Encoder);

// The queries, keys and values of `layer` that `interventions` replace.
std::vector<transformer::Intervention> layerEdits(
    const std::vector<transformer::Intervention> &interventions, int layer, Stack stack = Stack::Encoder);

// `current` with the query, key and value replacements of `layer` swapped for `layerEdits`;
// ablations and other layers stay.
std::vector<transformer::Intervention> withLayerEdits(std::vector<transformer::Intervention> current, int layer,
    std::vector<transformer::Intervention> layerEdits, Stack stack = Stack::Encoder);

// `current` with head `head` of `layer` ablated or not.
std::vector<transformer::Intervention> withAblation(
    std::vector<transformer::Intervention> current, int layer, int head, bool ablated, Stack stack = Stack::Encoder);
bool isAblated(
    const std::vector<transformer::Intervention> &interventions, int layer, int head, Stack stack = Stack::Encoder);

// The same interventions in any order.
bool sameInterventions(
    const std::vector<transformer::Intervention> &a, const std::vector<transformer::Intervention> &b);

// Without anything in `layer` of `stack` (every layer of every stack when -1): "Reset layer", "Reset all".
std::vector<transformer::Intervention> withoutLayer(
    std::vector<transformer::Intervention> current, int layer, Stack stack = Stack::Encoder);

} // namespace qkv::live
