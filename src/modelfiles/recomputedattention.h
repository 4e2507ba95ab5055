#pragma once

#include <Eigen/Core>

#include <QtGlobal>

#include <functional>
#include <list>
#include <memory>
#include <mutex>

namespace qkv {

using FloatMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// The attention of a run too long to keep every head's (a Llama's 4,096 tokens: 9 GB even in
// float16): each head's weights computed when asked for, from the queries and keys the run kept,
// the last ones asked for kept while they fit `cacheBytes` (the views ask for the shown layer's
// heads again and again). Safe to ask from several threads; a head two threads ask for at once is
// computed twice rather than one waiting on the other.
class RecomputedAttention
{
public:
    using Compute = std::function<FloatMatrix(int layer, int head)>;
    explicit RecomputedAttention(Compute compute, qint64 cacheBytes = qint64(512) << 20);

    FloatMatrix weights(int layer, int head) const;
    // The same, computed but not kept when not cached: for a pass over every head (the heads grid,
    // an export), which would otherwise push out the layer in view.
    FloatMatrix weightsInPassing(int layer, int head) const;
    // Heads 0 … heads − 1 of `layer` computed at once, spread over the cores, and kept while they
    // fit: a view that then asks for them one by one finds them ready.
    void prepare(int layer, int heads) const;
    // How many heads were computed (not found in the cache), for tests.
    int computedCount() const;

private:
    std::shared_ptr<const FloatMatrix> cached(int layer, int head) const;
    struct Cached {
        int layer = 0;
        int head = 0;
        std::shared_ptr<const FloatMatrix> weights;
    };
    Compute m_compute;
    qint64 m_cacheBytes;
    mutable std::mutex m_mutex;
    mutable std::list<Cached> m_cache; // the last asked for first
    mutable int m_computed = 0;
};

} // namespace qkv
