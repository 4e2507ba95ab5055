#pragma once

#include "attention/engine.h"
#include "export/numbertables.h"

#include <QString>
#include <QStringList>

namespace qkv {

// The kinds of numbers a result exports, as the command line and the export dialog name them.
const QStringList &numberKinds(); // weights, scores, output, queries, keys, values, contributions

// One kind of a result's numbers as a table with token rows: of one head, or of every head
// (head < 0: one table a head, or, for CSV, one table with a head column; for "output", the
// document's output of all heads concatenated), rounded as formatTable rounds `decimals`.
// "contributions" is of the token `query`: a row per key (a_ij·v_j and its share of the output,
// attention/contributions.h), then the output, whose share is the shares' sum (1).
// maxCells ≥ 0 keeps only each table's first rows that hold that many numbers (at least one row):
// a preview; `cut` says whether rows were left out.
QString resultNumbers(const Result &result, const QString &kind, TableFormat format, int head, int decimals = -1,
    int query = 0, qsizetype maxCells = -1, bool *cut = nullptr);

} // namespace qkv
