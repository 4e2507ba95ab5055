#pragma once

#include "arguments/commandparser.h"
#include "arguments/samplingoptions.h"
#include "explorer/goalseek.h"
#include "modelfiles/modeldocument.h"

#include <QString>
#include <QStringList>

namespace qkv::cli {

// `qkvlab compute FILE [MODEL OPTIONS] [--top K]`
struct ComputeOptions {
    QString file; // a document, example:NAME, a model's file or folder, hf:NAME
    ModelView view;
    int top = 10; // a model's likeliest next tokens listed
    QString compare; // another file of the same model, run on the same sentence and compared
    bool rollout = false, flow = false; // through every layer (Abnar & Zuidema, 2020)
};
Parsed<ComputeOptions> parseComputeArguments(const QStringList &args);

// `qkvlab solve FILE --query TOKEN --key TOKEN --weight W [--change …] [--head N] [-o OUT [--overwrite]]`
struct SolveOptions {
    QString file, query, key; // the tokens as given: their text or #N
    double weight = 0;
    explore::SeekChange change = explore::SeekChange::Query;
    int head = 0; // 0-based
    QString output; // empty: only the JSON on standard output
    bool overwrite = false;
};
Parsed<SolveOptions> parseSolveArguments(const QStringList &args);

// `qkvlab tokenize MODEL --sentence TEXT`
struct TokenizeOptions {
    QString model, sentence;
};
Parsed<TokenizeOptions> parseTokenizeArguments(const QStringList &args);

// `qkvlab lesson check LESSON DOCUMENT` or `qkvlab lesson check LESSON --solutions`
struct LessonCheckOptions {
    QString lesson, document; // document empty with solutions
    bool solutions = false;
};
Parsed<LessonCheckOptions> parseLessonCheckArguments(const QStringList &args);

// `qkvlab examples [--long]`
struct ExamplesOptions {
    bool withNotes = false;
};
Parsed<ExamplesOptions> parseExamplesArguments(const QStringList &args);

// A command without options or arguments (`models`, `lesson list`): refuses any.
// qkvlab download REPO[@REVISION] [--include GLOB]… [--dry-run]
struct DownloadOptions {
    QString repo; // as typed: checked by hub::parseRepo when it runs
    QStringList include;
    bool dryRun = false;
};
Parsed<DownloadOptions> parseDownloadArguments(const QStringList &args);

// qkvlab generate MODEL --sentence TEXT --tokens N [--temperature T] [--top-k K] [--top-p P]
// [--seed S] [--json] [-o OUT.npz [--overwrite]]
struct GenerateOptions {
    QString model, sentence;
    SamplingOptions sampling;
    bool json = false;
    QString output; // -o OUT.npz: the attention of every step (the whole text's, row by row)
    bool overwrite = false;
};
Parsed<GenerateOptions> parseGenerateArguments(const QStringList &args);

struct NoOptions {
};
Parsed<NoOptions> parseNoArguments(QStringView command, const QStringList &args);

} // namespace qkv::cli
