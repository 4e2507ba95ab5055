#pragma once

#include "livemodel/livemodel.h"

namespace qkv::live {

// What a causal language model would write after one token of a run — any token's row, not only
// the last — so that every step of a generated text, and every word of a typed one, reads as a
// choice: the distribution there, and the token the text goes on with.
struct NextToken {
    int position = -1; // the token whose row gave the distribution
    Eigen::VectorXd probabilities; // every token of the vocabulary
    std::vector<PredictedToken> top; // most probable first
    int written = -1; // the id the text goes on with after `position`; -1 after its last token
    explicit operator bool() const { return position >= 0; }
};

// How many of the likeliest tokens a NextToken lists: the Prediction dock's bars.
inline constexpr int nextTokenTop = 8;

// Empty (position -1) when the run is not a causal language model's or has no such token.
NextToken nextTokenAfter(const LiveModel &model, const LiveRun &run, int position, int topK);

// Whether the run kept the logits after token `position` (its last, of a typed sentence): then
// nextTokenAfter is a softmax, else a product with the whole vocabulary's weights.
bool keptNextToken(const LiveRun &run, int position);

// Where `id` stands in `probabilities`: 1 for the most probable token.
int rankOf(const Eigen::VectorXd &probabilities, int id);

} // namespace qkv::live
