#pragma once

#include "attention/engine.h"
#include "document/valueref.h"

#include <vector>

namespace qkv {

// Brings `result` up to date with `doc` after an edit of query, key or value numbers in direct
// mode (`changed`: the numbers set), touching only what depends on them, and equal to a full
// compute to rounding:
// - a query: that row's scores, weights and output, O(N·d) per token of the word;
// - a key: that column's scores, every row renormalized by one factor, and each output moved by
//   the changed weight, O(N·d) per token, no matrix product (a row whose weight was mostly on the
//   edited keys is recomputed instead, so that no cancellation can grow);
// - a value: every output moved by aᵢⱼ·Δvⱼ, O(N·d) per token.
// Returns false when the edit or the settings need the full compute (other modes and
// normalizations, key·key or embedding scores, rows that cannot be normalized): `result` is then
// stale and possibly part-updated, and must be recomputed.
// How an update moved one head's weights, so that views of the attention redo only that.
// `rows`: the rows (queries) whose scores and weights changed, ascending: an edited query's rows,
// every row after an edited key, none after a value.
// After one edited key (`keys`: its tokens, ascending; empty otherwise) most rows were only
// rescaled: every weight of row i outside `keys` was multiplied by `factor[i]`, rounded once
// (w' = fl(w·f), so a positive weight stays positive and order is kept), and `before` and `after`
// hold the old and new weights of `keys`, keys.size() per row. factor[i] is 0 where row i was
// formed anew (or could have lost a weight to underflow): a view reads such a row again.
struct HeadChange {
    std::vector<int> rows;
    std::vector<int> keys;
    std::vector<double> factor;
    std::vector<double> before, after;
    bool rescaled() const { return !keys.empty(); }
};
using ChangedRows = std::vector<HeadChange>;
bool updateResult(
    Result &result, const Document &doc, const std::vector<ValueRef> &changed, ChangedRows *changedRows = nullptr);

} // namespace qkv
