#pragma once

#include "attention/engine.h"
#include "document/settings.h"

#include <Eigen/Core>

#include <QLocale>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace qkv {

class Document;

// What one key contributes to the worked query's row.
struct WorkedKey {
    bool masked = false;
    double score = 0; // the engine's raw S(query, key); the given A in weights mode
    double scaled = 0; // score ÷ divisor (softmax normalizations)
    double exponential = 0; // e^(scaled − shift) (softmax normalizations)
    double weight = 0; // the engine's A(query, key)
};

// The same query's row in a snapshot's result (a baseline of the same length and heads): what the
// steps say a changed score, weight or output was.
struct WorkedBaseline {
    QString name;
    std::vector<double> scores; // empty when the snapshot has none (weights mode)
    std::vector<double> weights;
    Eigen::VectorXd output;
};

// Every number of one query's attention in one head, as the worked-example articles show it:
// the engine's scores, weights, output and similarities, plus the vectors they came from, so
// that each step can be written out term by term. Built from a computed Result; no widgets.
struct WorkedComputation {
    QStringList tokens; // the queries'
    QStringList keyNames; // cross-attention: the second sentence's tokens (empty: the keys are `tokens`)
    const QStringList &keyTokens() const { return keyNames.isEmpty() ? tokens : keyNames; }
    Settings settings;
    int head = 0;
    int query = -1; // -1: nothing to work out
    // The vectors whose dot products are the scores: q·k, k·k, v·v or x·x (empty in weights mode).
    Eigen::VectorXd compared;
    Eigen::MatrixXd comparedKeys; // one row per token
    Eigen::MatrixXd values; // V, one row per token
    double divisor = 1; // √d·T (scaled softmax) or T (softmax)
    double shift = 0; // subtracted from every exponent when e^x would be unreadably large or small
    double total = 0; // the sum the row is divided by: of exponentials (softmax) or scores (sum)
    std::vector<WorkedKey> keys; // one per token, in sentence order
    Eigen::VectorXd output; // the engine's O(query)
    // similarityBefore/After: v(query)·v(j) and o(query)·v(j); empty in cross-attention, where
    // the query's token has no value among the keys'.
    Eigen::VectorXd before, after;
    bool switchedOff = false; // the head's output is replaced by zero (HeadResult::switchedOff)
    QString warning; // why the row could not be normalized; empty when it could
    std::optional<WorkedBaseline> then; // compareWorked's

    bool isValid() const { return query >= 0; }
    int maskedCount() const;
};

// What the scores of a head compare: the rows of `queries` dotted with the rows of `keys` give S
// (q·k, k·k, v·v, or x·x of the embeddings); both empty in weights mode.
struct ComparedVectors {
    Eigen::MatrixXd queries, keys;
};
ComparedVectors comparedVectors(const Document &doc, const HeadResult &head);
// The number the scores are divided by before softmax: √d·T (scaled softmax) or T (softmax), with
// d the width of the compared vectors; 1 for the other normalizations.
double softmaxDivisor(const Settings &settings, Eigen::Index width);
// Whether a head's weights come from softmax of the scores (not given, summed or raw).
bool usesSoftmax(const Settings &settings);

// Query `query`'s row as the steps show it: per key its score, scaled score, exponential and weight,
// the shift taken off every exponent (0 unless e^x would be unreadable) and the sum the row is
// divided by (of exponentials for softmax, of scores for sum).
void workRow(const Result &result, const HeadResult &head, const Settings &settings, int query, double divisor,
    std::vector<WorkedKey> &keys, double &shift, double &total);

// The worked computation of `query` in `head`; invalid when either is out of range.
WorkedComputation workedComputation(const Document &doc, const Result &result, int head, int query);
// Against `baseline` (a snapshot's result, named `name`): `w.then` holds its numbers of the same
// row, and false is returned when it cannot be compared with `now` (the result `w` was worked
// from; Difference::refusal) or `w` is invalid.
bool compareWorked(WorkedComputation &w, const Result &now, const Result &baseline, const QString &name);

// Markdown and LaTeX are for copying; Plain (Unicode, no markup, exp(x) for e^x) is what the view
// lays out itself.
enum class WorkedSyntax { Markdown, Latex, Plain };

constexpr int defaultWorkedDecimals = 3;

// How the steps are written out. The defaults keep a 200-token sentence readable: only the
// heaviest keys are worked out term by term and the others are summed in one line per step.
struct WorkedOptions {
    int decimals = defaultWorkedDecimals; // every shown number has exactly this many decimals (0 to 10)
    int maxKeys = 16; // above this many visible keys, only the maxKeys heaviest are listed (0: all)
    int maxTerms = 8; // longer dot products and vectors show this many terms, then "…" (0: all)
    // The decimal separator of plain text, which the window shows (with "; " between a vector's
    // numbers where it is a comma). Markdown and LaTeX are copied into documents: always C.
    QLocale locale = QLocale::c();
};

// The keys written out term by term, in sentence order: every token when there are at most
// maxKeys, else the maxKeys visible keys with the largest |weight|.
std::vector<int> workedListedKeys(const WorkedComputation &w, int maxKeys);

// One number of the steps: exactly `decimals` decimals (formatFixed's rule, so that every number
// of one output has the same precision), a million or more in scientific notation; a true minus
// sign (braced in LaTeX, "{-}", so that it never reads as a binary minus), none on a rounded zero.
// Plain text takes `locale`'s decimal separator.
QString formatWorkedNumber(double x, int decimals, WorkedSyntax syntax, const QLocale &locale = QLocale::c());

// One row of a step: "label: expression result note", e.g. "The: 0.6 × 0.2 + … = " "0.17".
struct WorkedRow {
    QString label; // text (a token, "5 others")
    QString expression; // formula (in LaTeX: math)
    QString result; // the row's outcome, which the view sets in bold; may be empty
    QString note; // text after the result, e.g. "(was −0.09, closer)"
    bool masked = false; // the expression then says the key is left out
    int token = -1; // the token the row is about (its label); -1 for "5 others"
};

// The written-out steps as blocks, each piece already in the syntax's notation.
struct WorkedBlock {
    enum class Kind { Title, Step, Text, Note, Warning, Result, Rows };
    Kind kind = Kind::Text;
    QString text; // every kind but Rows
    std::vector<WorkedRow> rows; // Rows
};
std::vector<WorkedBlock> workedBlocks(
    const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options = {});

// Blocks joined: Markdown, a LaTeX fragment for a document using amsmath, or plain text.
QString joinWorkedBlocks(const std::vector<WorkedBlock> &blocks, WorkedSyntax syntax);
// The blocks of a query's row joined.
QString workedText(const WorkedComputation &w, WorkedSyntax syntax, const WorkedOptions &options = {});
// The worked computation of `query` in `head`, or in every head one after another (head < 0);
// against `baseline` when given and comparable.
QString workedHeadsText(const Document &doc, const Result &result, int head, int query, WorkedSyntax syntax,
    const WorkedOptions &options = {}, const Result *baseline = nullptr, const QString &baselineName = {});
inline QString workedMarkdown(const WorkedComputation &w, const WorkedOptions &options = {})
{
    return workedText(w, WorkedSyntax::Markdown, options);
}
inline QString workedLatex(const WorkedComputation &w, const WorkedOptions &options = {})
{
    return workedText(w, WorkedSyntax::Latex, options);
}

} // namespace qkv
