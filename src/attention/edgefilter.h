#pragma once

#include "attention/attention.h"
#include "attention/incrementalupdate.h"

#include <QtGlobal>

#include <vector>

namespace qkv {

// Which attention edges an arrow graph draws. The three filters combine as an intersection, and
// each one judges an edge within its own query's row, so the result does not depend on the order
// in which they are applied. An edge is a visible cell with a finite, positive weight: masked
// cells, zero rows and the negative scores of the "none" normalization are never edges.
struct EdgeFilter {
    // Keep weights ≥ threshold; 0 keeps every edge.
    double threshold = 0.02;
    // Keep the k strongest edges of each query; 0 keeps every edge.
    int topK = 16;
    // Keep the strongest edges that together carry this share of the row's weight; 1 keeps every
    // edge. The edge that crosses the share is kept, so p = 0.5 of (0.4, 0.3, 0.3) keeps two.
    double mass = 1.0;

    // Every edge: the "all N² edges" view.
    static EdgeFilter none() { return {0.0, 0, 1.0}; }
    bool operator==(const EdgeFilter &) const = default;
};

// a → b: query `query` attends to key `key` with `weight`.
struct Edge {
    int query;
    int key;
    double weight;
    bool operator==(const Edge &) const = default;
};

// Every row's edges before filtering (`count`, for a "12 of 144 edges" caption) and, when the
// filter can follow a rescaled row (a threshold above 0 and no mass share), what the selection
// found in each row besides its edges: every edge at or above the threshold (`strong`, row q's
// from start[q] to start[q + 1]) and a bound on the weight of its other edges. A row an edited key
// only rescaled (HeadChange) is then selected again from those few cells, not from its n weights.
struct RowEdges {
    std::vector<qint64> count;
    std::vector<Edge> strong;
    std::vector<qint64> start;
    std::vector<double> bound;
};

// The kept edges of every row: rows in order, each strongest first. Ties go to the key earlier
// in the sentence, so equal weights are cut the same way on every run. `visible` is the result's
// visibility matrix (empty when nothing is masked). `considered`, when given, receives the number
// of edges before filtering, and `rows` what reselectRows needs.
std::vector<Edge> selectEdges(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    qint64 *considered = nullptr, RowEdges *rows = nullptr);
// After an update that moved `change.rows` of these weights: the kept edges of those rows, in
// order, the same as selectEdges now gives for them, with `rows` (from selectEdges or this) brought
// up to date. A rescaled row is selected from its strong cells and the change's new weights of the
// edited keys, unless its bound, rescaled, reaches the threshold: then, as a row formed anew, from
// its weights.
std::vector<Edge> reselectRows(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    const HeadChange &change, RowEdges &rows);

} // namespace qkv
