#include "attention/edgefilter.h"

#include "platform/twocores.h"
#include "platform/vectorstate.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace qkv {
namespace {

struct Candidate {
    double weight;
    int key;
};

// Strongest first, then reading order: the one ranking every filter uses.
bool stronger(const Candidate &a, const Candidate &b)
{
    return a.weight > b.weight || (a.weight == b.weight && a.key < b.key);
}

// The kept edges of rows [begin, end) appended to `edges`; returns the edges considered, and
// each row's in `rowCounts` (from `begin`) when given.
qint64 selectRows(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    Eigen::Index begin, Eigen::Index end, std::vector<Edge> &edges, qint64 *rowCounts = nullptr)
{
    const auto n = weights.cols();
    const bool masked = visible.rows() == weights.rows() && visible.cols() == n;
    const bool byMass = filter.mass < 1.0;
    constexpr double inf = std::numeric_limits<double>::infinity();
    qint64 count = 0;
    std::vector<Candidate> kept;
    for (Eigen::Index q = begin; q < end; ++q) {
        const double *w = weights.row(q).data();
        const double *seen = masked ? visible.row(q).data() : nullptr;
        // An edge: a visible, finite, positive weight. Counted and summed in four independent
        // lanes (one chain of additions would wait on each one), in one pass over the row that
        // also keeps the cells at or above the threshold (few in a long row: a branch rarely taken).
        const double threshold = filter.threshold;
        kept.clear();
        double lane[4] = {0, 0, 0, 0};
        qint64 lanes[4] = {0, 0, 0, 0};
        Eigen::Index k = 0;
        for (; k + 4 <= n; k += 4)
            for (int u = 0; u < 4; ++u) {
                const double x = w[k + u];
                const bool edge = x > 0 && x < inf && (!seen || seen[k + u] != 0);
                lane[u] += edge ? x : 0.0;
                lanes[u] += edge;
                if (edge && x >= threshold)
                    kept.push_back({x, static_cast<int>(k + u)});
            }
        for (; k < n; ++k) {
            const bool edge = w[k] > 0 && w[k] < inf && (!seen || seen[k] != 0);
            lane[0] += edge ? w[k] : 0.0;
            lanes[0] += edge;
            if (edge && w[k] >= threshold)
                kept.push_back({w[k], static_cast<int>(k)});
        }
        const double total = (lane[0] + lane[1]) + (lane[2] + lane[3]);
        const qint64 rowCount = lanes[0] + lanes[1] + lanes[2] + lanes[3];
        count += rowCount;
        if (rowCounts)
            rowCounts[q - begin] = rowCount;
        // Every edge ranked above a kept one is at least as strong, so it passed the threshold
        // too: ranking only the kept edges gives the same top-k and the same running mass as
        // ranking the whole row, at a fraction of the cost for long sentences.
        if (filter.topK > 0 && kept.size() > static_cast<std::size_t>(filter.topK)) {
            std::nth_element(kept.begin(), kept.begin() + filter.topK, kept.end(), stronger);
            kept.resize(static_cast<std::size_t>(filter.topK));
        }
        std::sort(kept.begin(), kept.end(), stronger);
        const double target = filter.mass * total;
        // Rounding must not add an edge: 0.7 + 0.1 falls short of 0.8 by one ulp.
        const double slack = 1e-9 * total;
        double carried = 0;
        for (const Candidate &c : kept) {
            if (byMass && carried >= target - slack)
                break;
            carried += c.weight;
            edges.push_back({static_cast<int>(q), c.key, c.weight});
        }
    }
    return count;
}

} // namespace

std::vector<Edge> selectEdges(const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter,
    qint64 *considered, std::vector<qint64> *perRow)
{
    const auto n = weights.rows();
    if (perRow)
        perRow->assign(static_cast<std::size_t>(weights.cols() == n ? n : 0), 0);
    if (weights.cols() != n) {
        if (considered)
            *considered = 0;
        return {};
    }
    // Rows split between two cores from 64 k cells; the halves joined in row order.
    std::vector<Edge> parts[2];
    qint64 counts[2] = {0, 0};
    onTwoCores(double(n) * double(n) >= 64 * 1024, [&](int part, int partCount) {
        clearUpperVectorState(); // see vectorstate.h
        const auto [begin, end] = partOf(n, part, partCount);
        counts[part]
            = selectRows(weights, visible, filter, begin, end, parts[part], perRow ? perRow->data() + begin : nullptr);
    });
    if (considered)
        *considered = counts[0] + counts[1];
    parts[0].insert(parts[0].end(), parts[1].begin(), parts[1].end());
    return std::move(parts[0]);
}

std::vector<Edge> selectRowEdges(
    const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter, int row, qint64 *considered)
{
    std::vector<Edge> edges;
    const qint64 count = weights.cols() == weights.rows() && row >= 0 && row < weights.rows()
        ? selectRows(weights, visible, filter, row, row + 1, edges)
        : 0;
    if (considered)
        *considered = count;
    return edges;
}

} // namespace qkv
