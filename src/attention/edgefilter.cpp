#include "attention/edgefilter.h"

#include "platform/cores.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace qkv {
namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

struct Candidate {
    double weight;
    int key;
};

// Strongest first, then reading order: the one ranking every filter uses.
bool stronger(const Candidate &a, const Candidate &b)
{
    return a.weight > b.weight || (a.weight == b.weight && a.key < b.key);
}

bool isEdge(double x)
{
    return x > 0 && x < inf;
}

// A rescaled row can be selected from its strong cells when every other cell is known to stay
// below the threshold, and when no share of the row's total weight is asked for (that total
// would need the whole row).
bool keepsStrongCells(const EdgeFilter &filter)
{
    return filter.threshold > 0 && filter.mass >= 1.0;
}

// What one pass over a row finds.
struct RowScan {
    qint64 count = 0; // its edges
    double total = 0; // their weight
    double bound = 0; // the largest weight of an edge below the threshold
};

// Row q's edges counted and summed, those at or above the threshold appended to `kept`. Counted,
// summed and bounded in four independent lanes (one chain of additions would wait on each one),
// in one pass that also keeps the cells at or above the threshold (few in a long row: a branch
// rarely taken).
RowScan scanRow(const double *w, const double *seen, Eigen::Index n, double threshold, std::vector<Candidate> &kept)
{
    double lane[4] = {0, 0, 0, 0}, below[4] = {0, 0, 0, 0};
    qint64 lanes[4] = {0, 0, 0, 0};
    Eigen::Index k = 0;
    const auto visit = [&](Eigen::Index j, int u) {
        const double x = w[j];
        const bool edge = isEdge(x) && (!seen || seen[j] != 0);
        lane[u] += edge ? x : 0.0;
        lanes[u] += edge;
        below[u] = std::max(below[u], edge && x < threshold ? x : 0.0);
        if (edge && x >= threshold)
            kept.push_back({x, static_cast<int>(j)});
    };
    for (; k + 4 <= n; k += 4)
        for (int u = 0; u < 4; ++u)
            visit(k + u, u);
    for (; k < n; ++k)
        visit(k, 0);
    return {lanes[0] + lanes[1] + lanes[2] + lanes[3], (lane[0] + lane[1]) + (lane[2] + lane[3]),
        std::max(std::max(below[0], below[1]), std::max(below[2], below[3]))};
}

// Row q's kept edges appended to `edges`, strongest first, from `kept` (every edge at or above the
// threshold, in any order) and the row's total weight. Every edge ranked above a kept one is at
// least as strong, so it passed the threshold too: ranking only those gives the same top-k and the
// same running mass as ranking the whole row, at a fraction of the cost for long sentences.
void keepStrongest(
    std::vector<Candidate> &kept, const EdgeFilter &filter, double total, int q, std::vector<Edge> &edges)
{
    if (filter.topK > 0 && kept.size() > static_cast<std::size_t>(filter.topK)) {
        std::nth_element(kept.begin(), kept.begin() + filter.topK, kept.end(), stronger);
        kept.resize(static_cast<std::size_t>(filter.topK));
    }
    std::sort(kept.begin(), kept.end(), stronger);
    const bool byMass = filter.mass < 1.0;
    const double target = filter.mass * total;
    // Rounding must not add an edge: 0.7 + 0.1 falls short of 0.8 by one ulp.
    const double slack = 1e-9 * total;
    double carried = 0;
    for (const Candidate &c : kept) {
        if (byMass && carried >= target - slack)
            break;
        carried += c.weight;
        edges.push_back({q, c.key, c.weight});
    }
}

// Row q's strong cells and bound appended to `rows` (when the filter keeps them) and its count.
void keepRow(RowEdges &rows, const EdgeFilter &filter, int q, const std::vector<Candidate> &kept, const RowScan &scan)
{
    rows.count.push_back(scan.count);
    if (!keepsStrongCells(filter))
        return;
    rows.start.push_back(static_cast<qint64>(rows.strong.size()));
    rows.bound.push_back(scan.bound);
    for (const Candidate &c : kept)
        rows.strong.push_back({q, c.key, c.weight});
}

// The kept edges of rows [begin, end) appended to `edges`, and what `rows` keeps of them.
qint64 selectRows(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    Eigen::Index begin, Eigen::Index end, std::vector<Edge> &edges, RowEdges *rows)
{
    const auto n = weights.cols();
    const bool masked = visible.rows() == weights.rows() && visible.cols() == n;
    qint64 count = 0;
    std::vector<Candidate> kept;
    for (Eigen::Index q = begin; q < end; ++q) {
        kept.clear();
        const RowScan scan
            = scanRow(weights.row(q).data(), masked ? visible.row(q).data() : nullptr, n, filter.threshold, kept);
        count += scan.count;
        if (rows)
            keepRow(*rows, filter, static_cast<int>(q), kept, scan);
        keepStrongest(kept, filter, scan.total, static_cast<int>(q), edges);
    }
    return count;
}

// The rows' kept state after `part` (rows that follow those of `into`).
void append(RowEdges &into, const RowEdges &part)
{
    const auto offset = static_cast<qint64>(into.strong.size());
    into.count.insert(into.count.end(), part.count.begin(), part.count.end());
    into.strong.insert(into.strong.end(), part.strong.begin(), part.strong.end());
    for (const qint64 s : part.start)
        into.start.push_back(s + offset);
    into.bound.insert(into.bound.end(), part.bound.begin(), part.bound.end());
}

void closeRows(RowEdges &rows, const EdgeFilter &filter)
{
    if (keepsStrongCells(filter))
        rows.start.push_back(static_cast<qint64>(rows.strong.size()));
}

// Row q, which `change` rescaled by f, from its strong cells: false when a cell below the
// threshold may now reach it (the row must be read).
bool rescaleRow(const RowEdges &old, const EdgeFilter &filter, const HeadChange &change, int q, double f,
    RowEdges &rows, std::vector<Candidate> &kept)
{
    const auto row = static_cast<std::size_t>(q);
    // Every other weight w became fl(w·f) ≤ fl(bound·f): rounding keeps order.
    RowScan scan {old.count[row], 1.0, old.bound[row] * f};
    if (!(scan.bound < filter.threshold))
        return false;
    kept.clear();
    const auto strong = old.strong.begin();
    for (auto c = strong + old.start[row]; c != strong + old.start[row + 1]; ++c) {
        if (std::binary_search(change.keys.begin(), change.keys.end(), c->key))
            continue;
        const double w = c->weight * f; // the update's product, to the bit; still an edge as f > 1/2
        if (w >= filter.threshold)
            kept.push_back({w, c->key});
        else
            scan.bound = std::max(scan.bound, w);
    }
    const std::size_t keys = change.keys.size();
    for (std::size_t e = 0; e < keys; ++e) {
        // A hidden cell's weights are 0 here, never an edge.
        const double before = change.before[row * keys + e], after = change.after[row * keys + e];
        scan.count += qint64(isEdge(after)) - qint64(isEdge(before));
        if (isEdge(after) && after >= filter.threshold)
            kept.push_back({after, change.keys[e]});
        else if (isEdge(after))
            scan.bound = std::max(scan.bound, after);
    }
    keepRow(rows, filter, q, kept, scan);
    return true;
}

} // namespace

std::vector<Edge> selectEdges(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    qint64 *considered, RowEdges *rows)
{
    // n queries' rows of m keys (m ≠ n in cross-attention).
    const auto n = weights.rows();
    if (rows)
        *rows = {};
    if (weights.cols() == 0) {
        if (considered)
            *considered = 0;
        return {};
    }
    // Rows split over the cores, parts of 32 k cells at least, joined in row order.
    const int partCount = partsFor(double(n) * double(weights.cols()), 32 * 1024, int(n));
    const auto size = static_cast<std::size_t>(partCount);
    std::vector<std::vector<Edge>> parts(size);
    std::vector<RowEdges> partRows(size);
    std::vector<qint64> counts(size, 0);
    inParts(partCount, [&](int part, int total) {
        clearUpperVectorState(); // see vectorstate.h
        const auto [begin, end] = partOf(n, part, total);
        const auto p = static_cast<std::size_t>(part);
        counts[p] = selectRows(weights, visible, filter, begin, end, parts[p], rows ? &partRows[p] : nullptr);
    });
    if (considered)
        *considered = std::accumulate(counts.begin(), counts.end(), qint64(0));
    if (rows) {
        *rows = std::move(partRows[0]);
        for (std::size_t p = 1; p < size; ++p)
            append(*rows, partRows[p]);
        closeRows(*rows, filter);
    }
    for (std::size_t p = 1; p < size; ++p)
        parts[0].insert(parts[0].end(), parts[p].begin(), parts[p].end());
    return std::move(parts[0]);
}

std::vector<Edge> reselectRows(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    const HeadChange &change, RowEdges &rows)
{
    const auto n = weights.rows();
    const auto size = static_cast<std::size_t>(n);
    if (weights.cols() != n || rows.count.size() != size) {
        std::vector<Edge> edges = selectEdges(weights, visible, filter, nullptr, &rows);
        std::erase_if(
            edges, [&](const Edge &e) { return !std::binary_search(change.rows.begin(), change.rows.end(), e.query); });
        return edges;
    }
    const bool keeps = keepsStrongCells(filter) && rows.start.size() == size + 1 && rows.bound.size() == size;
    const bool rescaled = keeps && change.rescaled() && change.factor.size() == size
        && change.before.size() == size * change.keys.size() && change.after.size() == change.before.size();
    RowEdges next;
    if (keeps) {
        next.count.reserve(size);
        next.start.reserve(size + 1);
        next.bound.reserve(size);
        next.strong.reserve(rows.strong.size());
    }
    std::vector<Edge> edges;
    std::vector<Candidate> kept;
    auto moved = change.rows.begin();
    for (int q = 0; q < n; ++q) {
        const auto row = static_cast<std::size_t>(q);
        if (moved == change.rows.end() || *moved != q) { // kept as it was
            if (keeps) {
                const auto s = rows.strong.begin();
                next.count.push_back(rows.count[row]);
                next.start.push_back(static_cast<qint64>(next.strong.size()));
                next.bound.push_back(rows.bound[row]);
                next.strong.insert(next.strong.end(), s + rows.start[row], s + rows.start[row + 1]);
            }
            continue;
        }
        ++moved;
        const double f = rescaled ? change.factor[row] : 0.0;
        if (f > 0 && rescaleRow(rows, filter, change, q, f, next, kept)) {
            keepStrongest(kept, filter, 1.0, q, edges);
            continue;
        }
        if (keeps) {
            selectRows(weights, visible, filter, q, q + 1, edges, &next);
        } else {
            RowEdges one;
            selectRows(weights, visible, filter, q, q + 1, edges, &one);
            rows.count[row] = one.count.front();
        }
    }
    if (keeps) {
        closeRows(next, filter);
        rows = std::move(next);
    }
    return edges;
}

} // namespace qkv
