#pragma once

#include "livemodel/livemodel.h"

#include <QString>

#include <vector>

namespace qkv::live {

// How far one head's attention moved between two runs of the same sentence.
struct HeadDifference {
    int layer = 0;
    int head = 0;
    double largest = 0; // the largest change of one weight, |a − b|
    // The share of a row's attention that went to other tokens, ½·Σ|a − b| (0: none, 1: all of
    // it), averaged over the rows.
    double moved = 0;
};

// How far one prediction moved: the whole distributions' KL divergence and largest change, and
// the tokens of either run's top with both probabilities.
struct PredictionDifference {
    int position = 0;
    double divergence = 0; // KL(first ‖ second), in nats
    double largest = 0; // the largest change of one token's probability
    std::vector<ComparedToken> tokens; // before: the first run's, after: the second's
};

// The same sentence through two files of one model — its F32 or BF16 weights and a quantized
// file, say — compared head by head and prediction by prediction. `error` says why two runs
// cannot be compared: other tokens, or another number of layers, heads or tokens of vocabulary.
struct ModelDifference {
    QString error;
    std::vector<HeadDifference> heads; // layer by layer, head by head
    std::vector<PredictionDifference> predictions;
    double largest = 0; // of every head's
    explicit operator bool() const { return error.isEmpty(); }
};

// `first` and `second` (runs of two models on one sentence; `model` names the tokens, the
// first's) compared; `count` tokens of each run's top are listed per prediction.
ModelDifference compareRuns(const LiveModel &model, const LiveRun &first, const LiveRun &second, int count = 10);

} // namespace qkv::live
