#include "modelfiles/recomputedattention.h"

#include "platform/cores.h"

namespace qkv {

RecomputedAttention::RecomputedAttention(Compute compute, qint64 cacheBytes)
    : m_compute(std::move(compute))
    , m_cacheBytes(cacheBytes)
{ }

std::shared_ptr<const FloatMatrix> RecomputedAttention::cached(int layer, int head) const
{
    const std::lock_guard lock(m_mutex);
    for (auto i = m_cache.begin(); i != m_cache.end(); ++i)
        if (i->layer == layer && i->head == head) {
            m_cache.splice(m_cache.begin(), m_cache, i);
            return i->weights;
        }
    return nullptr;
}

void RecomputedAttention::prepare(int layer, int heads) const
{
    inParts(partsFor(double(heads), 1, heads), [&](int part, int parts) {
        const auto [begin, end] = partOf(heads, part, parts);
        for (auto h = int(begin); h < int(end); ++h)
            if (!cached(layer, h))
                (void)weights(layer, h);
    });
}

FloatMatrix RecomputedAttention::weights(int layer, int head) const
{
    if (const std::shared_ptr<const FloatMatrix> found = cached(layer, head))
        return *found;
    auto computed = std::make_shared<const FloatMatrix>(m_compute(layer, head));
    const std::lock_guard lock(m_mutex);
    ++m_computed;
    m_cache.push_front({layer, head, computed});
    // The newest always stays, however large; older ones go while the cache holds more than it may.
    qint64 bytes = 0;
    for (auto i = m_cache.begin(); i != m_cache.end();) {
        bytes += qint64(i->weights->size()) * qint64(sizeof(float));
        i = i != m_cache.begin() && bytes > m_cacheBytes ? m_cache.erase(i) : std::next(i);
    }
    return *computed;
}

FloatMatrix RecomputedAttention::weightsInPassing(int layer, int head) const
{
    if (const std::shared_ptr<const FloatMatrix> found = cached(layer, head))
        return *found;
    FloatMatrix computed = m_compute(layer, head);
    const std::lock_guard lock(m_mutex);
    ++m_computed;
    return computed;
}

int RecomputedAttention::computedCount() const
{
    const std::lock_guard lock(m_mutex);
    return m_computed;
}

} // namespace qkv
