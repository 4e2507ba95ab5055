#include "edgefilter.h"

#include <algorithm>
#include <cmath>

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

} // namespace

std::vector<Edge> selectEdges(
    const SquareMatrix &weights, const SquareMatrix &visible, const EdgeFilter &filter, qint64 *considered)
{
    std::vector<Edge> edges;
    qint64 count = 0;
    const auto n = weights.rows();
    if (weights.cols() != n) {
        if (considered)
            *considered = 0;
        return edges;
    }
    const bool masked = visible.rows() == n && visible.cols() == n;
    const bool byMass = filter.mass < 1.0;
    std::vector<Candidate> kept;
    for (Eigen::Index q = 0; q < n; ++q) {
        const double *row = weights.row(q).data();
        const double *seen = masked ? visible.row(q).data() : nullptr;
        kept.clear();
        double total = 0;
        for (Eigen::Index k = 0; k < n; ++k) {
            const double w = row[k];
            if ((seen && seen[k] == 0) || !std::isfinite(w) || w <= 0)
                continue;
            total += w;
            ++count;
            if (w >= filter.threshold)
                kept.push_back({w, static_cast<int>(k)});
        }
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
    if (considered)
        *considered = count;
    return edges;
}

} // namespace qkv
