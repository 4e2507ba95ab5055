#pragma once

#include "export/workedcomputation.h"

namespace qkv {

// What one query gives the worked key: the key's entry of that query's row, with the row's own
// normalization (shift and sum), since a weight is made within its query's row.
struct WorkedQuery {
    WorkedKey entry; // score, scaled, exponential and weight of (query, key)
    double shift = 0;
    double total = 0;
    bool workedOut = false; // listed: the row's shift and total are filled in
};

// One key's column of one head: how much every query attends to that key, as the worked view
// explains it when a key is selected. Built from a computed Result; no widgets.
struct WorkedColumn {
    QStringList tokens; // the queries'
    QStringList keyNames; // cross-attention: the second sentence's tokens (empty: the keys are `tokens`)
    const QStringList &keyTokens() const { return keyNames.isEmpty() ? tokens : keyNames; }
    Settings settings;
    int head = 0;
    int key = -1; // -1: nothing to work out
    Eigen::MatrixXd comparedQueries; // each query's compared vector, one row per token (empty: weights mode)
    Eigen::VectorXd comparedKey; // the key's compared vector
    Eigen::VectorXd value; // v(key), which each query's output takes with its weight
    double divisor = 1;
    std::vector<WorkedQuery> queries; // one per token, in sentence order
    std::vector<int> listed; // the queries worked out term by term, in sentence order
    int strongest = -1; // the visible query with the largest weight on the key

    bool isValid() const { return key >= 0; }
};

// The column of `key` in `head`, working out every query when there are at most `maxQueries`
// (0: all), else the maxQueries visible ones with the largest weights.
WorkedColumn workedColumn(const Document &doc, const Result &result, int head, int key, int maxQueries);

std::vector<WorkedBlock> workedColumnBlocks(
    const WorkedColumn &c, WorkedSyntax syntax, const WorkedOptions &options = {});
inline QString workedColumnText(const WorkedColumn &c, WorkedSyntax syntax, const WorkedOptions &options = {})
{
    return joinWorkedBlocks(workedColumnBlocks(c, syntax, options), syntax);
}

} // namespace qkv
