#pragma once

#include "attention/engine.h"
#include "export/numbertables.h"

#include <QString>
#include <QStringList>

namespace qkv {

// The kinds of numbers a result exports, as the command line and the export dialog name them.
const QStringList &numberKinds(); // weights, scores, output, queries, keys, values

// One kind of a result's numbers as a table with token rows: of one head, or of every head
// (head < 0: one table a head, or, for CSV, one table with a head column; for "output", the
// document's output of all heads concatenated), rounded as formatTable rounds `decimals`.
QString resultNumbers(const Result &result, const QString &kind, TableFormat format, int head, int decimals = -1);

} // namespace qkv
