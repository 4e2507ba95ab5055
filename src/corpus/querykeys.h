#pragma once

#include "corpus/headsrun.h"

#include <Eigen/Core>

namespace qkv::corpus {

// One head's query and key vectors for every token of a corpus's passages, up to a number of
// tokens: the points of AttentionViz's joint plot.
struct QueryKeys {
    QString error;
    bool partial = false; // stopped, or the corpus had more tokens than asked for
    int layer = 0, head = 0;
    Eigen::MatrixXf queries, keys; // a row per token, head_dim columns
    std::vector<int> passage; // per token: its passage (index into passageLines)
    std::vector<int> position; // per token: its place in the passage
    std::vector<int> ids; // per token
    std::vector<qint64> passageLines; // per passage: its first line
    std::vector<qint64> passageStarts {0}; // per passage: its first token's row
    QStringList notes;
};

// Runs `model` over options.corpus (as runHeads reads it, many passages at a time) and keeps head
// `head` of layer `layer` (from 0) for the first `maxTokens` tokens. An encoder-decoder model's
// encoder. `stop` as in runHeads; `progress` hears the tokens gathered.
QueryKeys collectQueryKeys(const live::LiveModel &model, const HeadsOptions &options, int layer, int head,
    qint64 maxTokens, const std::atomic<bool> *stop = nullptr, const std::function<void(qint64)> &progress = {});

} // namespace qkv::corpus
