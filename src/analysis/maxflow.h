#pragma once

#include <vector>

namespace qkv::analysis {

// The maximum flow through a directed graph by Dinic's algorithm: the shortest augmenting paths
// level by level, a blocking flow on each level graph. Capacities are real numbers: a residual
// capacity at or below `tolerance` counts as none, so that sums of rounded numbers end. The graph
// is built once and run from any source to any sink, each run starting with every edge empty.
class MaxFlow
{
public:
    explicit MaxFlow(int nodes, double tolerance = 1e-15);
    void addEdge(int from, int to, double capacity);
    double run(int source, int sink);

private:
    struct Edge {
        int to;
        int reverse; // its reverse's index in m_edges[to]
        double capacity, left;
    };
    bool level(int source, int sink);
    double push(int node, int sink, double amount);

    std::vector<std::vector<Edge>> m_edges;
    std::vector<int> m_level, m_next, m_queue;
    double m_tolerance;
};

} // namespace qkv::analysis
