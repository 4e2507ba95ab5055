#include "analysis/attentionflow.h"

#include "analysis/maxflow.h"
#include "platform/cores.h"

namespace qkv::analysis {

Matrix attentionFlow(const std::vector<Matrix> &layers, const std::atomic<bool> *cancel)
{
    if (layers.empty())
        return {};
    const int n = int(layers.front().rows()), depth = int(layers.size());
    Matrix flow = Matrix::Zero(n, n);
    // Node l·n + t is token t below layer l (l = 0: the input; l = depth: the output).
    const auto graph = [&] {
        MaxFlow g((depth + 1) * n);
        for (int l = 0; l < depth; ++l)
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < n; ++i)
                    if (const double w = layers[std::size_t(l)](j, i); w > 0)
                        g.addEdge((l + 1) * n + j, l * n + i, w);
        return g;
    };
    // A part of rows a thread, each with its own graph: a row's n flows share it.
    const double work = double(n) * n * depth * n * n;
    inParts(partsFor(work, 1e6, n), [&](int part, int parts) {
        MaxFlow g = graph();
        const auto [begin, end] = partOf(n, part, parts);
        for (long long j = begin; j < end; ++j) {
            if (cancel && cancel->load())
                return;
            for (int i = 0; i < n; ++i)
                flow(j, i) = g.run(depth * n + int(j), i);
            if (const double sum = flow.row(j).sum(); sum > 0)
                flow.row(j) /= sum;
        }
    });
    if (cancel && cancel->load())
        return {};
    return flow;
}

} // namespace qkv::analysis
