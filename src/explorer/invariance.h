#pragma once

#include "document/document.h"

#include <QString>

#include <optional>
#include <vector>

namespace qkv::explore {

// The transformations a student tries to see what attention ignores, each one click.
enum class Invariance {
    ShiftKeys, // the same vector (1, …, 1) added to every key
    ScaleQueriesKeys, // every query × 2, every key ÷ 2
    RotateQueriesKeys, // queries and keys turned by the same 30° rotation of dimensions 1 and 2
    PermuteWords, // the sentence's words in reverse order
    Temperature, // the temperature doubled (set beside halving every query)
};

inline constexpr Invariance allInvariances[] = {Invariance::ShiftKeys, Invariance::ScaleQueriesKeys,
    Invariance::RotateQueriesKeys, Invariance::PermuteWords, Invariance::Temperature};

// "Add the same vector to every key": the button's words and the undo step's name.
QString title(Invariance kind);
QString idOf(Invariance kind); // "shift-keys", for files and the command line

struct Transformed {
    std::optional<Document> document; // empty when refused
    QString refusal;
    std::vector<int> order; // token i of the new document is token order[i] of the old
    std::vector<int> keyOrder; // the same for the keys' tokens (the second sentence's in cross-attention)
};

// The document after the transformation (every head), or why this document cannot take it.
Transformed transform(const Document &doc, Invariance kind);

// How one view's numbers moved, the tokens matched up (after a permutation, by word).
struct ViewChange {
    QString view; // "scores", "weights", "outputs"
    bool changed = false; // by more than rounding (1e-9)
    double largest = 0; // the largest |difference|
};

struct InvarianceReport {
    std::vector<ViewChange> views;
    QString why; // the reason, with the numbers
};

// What the transformation did to a document: scores, weights and outputs compared, and why.
InvarianceReport compare(const Document &before, const Transformed &after, Invariance kind);

} // namespace qkv::explore
