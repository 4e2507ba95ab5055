#pragma once

#include "analysis/headstatistics.h"
#include "livemodel/livemodel.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <vector>

namespace qkv::corpus {

struct HeadsOptions {
    QString corpus; // a text file
    std::vector<analysis::HeadScore> scores = analysis::allHeadScores();
    int maxTokens = 0; // a passage's tokens at most; 0: defaultMaxTokens (never more than the model's positions)
    bool windows = false; // the text cut into windows of maxTokens tokens, not a passage a line
    int randomSequences = 20; // repeated random sequences for induction-random
    quint32 seed = 1; // of those sequences
    int topCount = 5; // passages kept a head and score
    // Keep every passage's tokens, not only those some head scores highest on (tests; memory
    // then grows with the corpus).
    bool keepAllPassages = false;
};
inline constexpr int defaultMaxTokens = 256;

struct HeadsProgress {
    double fraction = 0; // of the corpus file read
    int passages = 0;
    qint64 tokens = 0;
};

// What a corpus showed of a model's heads.
struct HeadsReport {
    QString error; // set when nothing could be computed
    bool partial = false; // stopped before the corpus's end: the means are of the passages run
    analysis::HeadStatistics statistics;
    int passages = 0; // of the corpus (not the generated sequences)
    qint64 tokens = 0;
    int maxTokens = 0;
    int repeatLength = 0; // of the generated sequences; 0 when none ran
    QStringList notes; // what was replaced, cut or skipped on the way
    // The tokens and first line of the passages some head scores highest on (of every passage with
    // keepAllPassages): what is kept of the corpus, so memory stays bounded however long it is.
    struct KeptPassage {
        std::vector<int> ids;
        qint64 line = 0;
    };
    std::map<int, KeptPassage> kept;

    std::vector<int> passageIds(int passage) const; // empty when not kept
    qint64 passageLine(int passage) const; // 0 when not kept
};

// Runs `model` over the passages of options.corpus (many at a time, forwardBatch) and averages
// each head's scores. `stop` is looked at between batches: the report then keeps what was run,
// marked partial. `progress` is told after each batch, on the calling thread. Never throws.
HeadsReport runHeads(const live::LiveModel &model, const HeadsOptions &options, const std::atomic<bool> *stop = nullptr,
    const std::function<void(const HeadsProgress &)> &progress = {});

} // namespace qkv::corpus
