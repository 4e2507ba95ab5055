#pragma once

#include "arguments/exportoptions.h"
#include "livemodel/livemodel.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace qkv::cli {

// One frame of `qkvlab export MODEL --sentence TEXT --animate steps`: the text up to a token
// (that token the last), and the row that chose it — the token before's, whose attention the
// frame shows and whose distribution it was drawn from.
struct StepFrame {
    std::shared_ptr<const ModelAttention> attention; // the model's on the text up to `written`
    int chooser = 0; // the row shown: the token before `written`
    int written = 0; // the token's place in the text
    int id = 0; // and its id
    double probability = 0; // its probability in the chooser's distribution
    QString text; // the text up to `written`, as the tokenizer decodes it (the title quotes it)
    QString caption; // "step 3 of 8: “mat” (97.2 %) after “the”"
};

// The frames of a text the model writes (--tokens N, sampled as o.steps says), a frame per new
// token; without --tokens, of the sentence itself, a frame per token after the first. Empty with
// the reason in `error` (`usage` when the arguments are at fault).
std::vector<StepFrame> stepFrames(
    const live::LiveModel &model, const ExportOptions &o, QString *error, bool *usage, FILE *err = nullptr);

// The animation of those frames as o.view draws them (GIF or WebP by o.format). Opens o.file;
// `progress` as exportAnimation's.
QByteArray exportSteps(const ExportOptions &o, QString *error, bool *usage, FILE *err,
    const std::function<bool(int done, int total)> &progress = {});

} // namespace qkv::cli
