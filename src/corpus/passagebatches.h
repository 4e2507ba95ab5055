#pragma once

#include "corpus/corpuspassages.h"
#include "transformer/forward.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <vector>

namespace qkv::corpus {

// Passages through a model many at a time (transformer::forwardBatch; an encoder-decoder model's
// one at a time), each result in its passage's place. A passage the model refuses names its line.
struct BatchResults {
    std::vector<transformer::ForwardResult> results;
    QString error; // set when the model refused one
    bool cancelled = false;
};
BatchResults runPassages(
    const live::LiveModel &model, const std::vector<Passage> &batch, const std::atomic<bool> *stop);

// What reading and running a corpus came to, beside what `take` made of it.
struct CorpusRun {
    QString error; // nothing could be run
    bool partial = false; // stopped before the corpus's end (by `stop`, by `take`, or a read failing)
    QStringList notes; // what was replaced, cut or skipped
    int passages = 0;
};

// Reads `corpus` into passages of at most `maxTokens` tokens (a line each, or windows), runs them
// in batches and hands each batch with its results and the share of the file read to `take`, which
// returns false to stop there. `stop` is looked at between layers and batches.
CorpusRun runCorpus(const live::LiveModel &model, const QString &corpus, int maxTokens, bool windows,
    const std::atomic<bool> *stop,
    const std::function<bool(const std::vector<Passage> &, const std::vector<transformer::ForwardResult> &, double)>
        &take);

// The passages' limit for `model` from `asked` (0: defaultMaxTokens), said in `notes` when the
// model's positions cut it.
int passageLimit(const live::LiveModel &model, int asked, QStringList &notes);

} // namespace qkv::corpus
