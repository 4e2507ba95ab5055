#include "analysis/maxflow.h"

#include <algorithm>
#include <limits>

namespace qkv::analysis {

MaxFlow::MaxFlow(int nodes, double tolerance)
    : m_edges(std::size_t(nodes))
    , m_level(std::size_t(nodes))
    , m_next(std::size_t(nodes))
    , m_tolerance(tolerance)
{
    m_queue.reserve(std::size_t(nodes));
}

void MaxFlow::addEdge(int from, int to, double capacity)
{
    auto &out = m_edges[std::size_t(from)], &back = m_edges[std::size_t(to)];
    out.push_back({to, int(back.size()) + (from == to ? 1 : 0), capacity, capacity});
    back.push_back({from, int(out.size()) - 1, 0.0, 0.0});
}

// Each node's distance from `source` over edges with capacity left; whether `sink` is reached.
bool MaxFlow::level(int source, int sink)
{
    std::fill(m_level.begin(), m_level.end(), -1);
    m_queue.clear();
    m_queue.push_back(source);
    m_level[std::size_t(source)] = 0;
    for (std::size_t i = 0; i < m_queue.size(); ++i) {
        const int node = m_queue[i];
        for (const Edge &e : m_edges[std::size_t(node)])
            if (e.left > m_tolerance && m_level[std::size_t(e.to)] < 0) {
                m_level[std::size_t(e.to)] = m_level[std::size_t(node)] + 1;
                m_queue.push_back(e.to);
            }
    }
    return m_level[std::size_t(sink)] >= 0;
}

// One augmenting path from `node` down the level graph, at most `amount`; what it carried. Each
// node's next edge to try is kept (m_next): an edge that led nowhere is not tried again this level.
double MaxFlow::push(int node, int sink, double amount)
{
    if (node == sink)
        return amount;
    auto &edges = m_edges[std::size_t(node)];
    for (int &i = m_next[std::size_t(node)]; i < int(edges.size()); ++i) {
        Edge &e = edges[std::size_t(i)];
        if (e.left <= m_tolerance || m_level[std::size_t(e.to)] != m_level[std::size_t(node)] + 1)
            continue;
        if (const double carried = push(e.to, sink, std::min(amount, e.left)); carried > 0) {
            e.left -= carried;
            m_edges[std::size_t(e.to)][std::size_t(e.reverse)].left += carried;
            return carried;
        }
    }
    return 0;
}

double MaxFlow::run(int source, int sink)
{
    if (source == sink)
        return 0;
    for (auto &edges : m_edges)
        for (Edge &e : edges)
            e.left = e.capacity;
    double flow = 0;
    while (level(source, sink)) {
        std::fill(m_next.begin(), m_next.end(), 0);
        while (const double carried = push(source, sink, std::numeric_limits<double>::infinity()))
            flow += carried;
    }
    return flow;
}

} // namespace qkv::analysis
