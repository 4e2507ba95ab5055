#include "views/modeltiles.h"

#include "platform/cores.h"

#include <algorithm>

namespace qkv {

void ModelTiles::setModel(std::shared_ptr<const ModelAttention> model)
{
    m_model = std::move(model);
    ++m_serial;
}

void ModelTiles::setTokenGroups(std::optional<TokenGroups> groups)
{
    m_groups = std::move(groups);
    ++m_serial;
}

void ModelTiles::setColormap(Colormap map)
{
    m_colormap = map;
    ++m_colourSerial;
}

void ModelTiles::setScaleSkipsFirst(bool skip)
{
    m_skipFirst = skip;
    ++m_colourSerial;
}

int ModelTiles::layers() const
{
    return m_model && m_model->n > 0 ? m_model->layers : 0;
}

int ModelTiles::heads() const
{
    return m_model && m_model->n > 0 ? m_model->heads : 0;
}

namespace {

// `groups` if they are of `model`'s tokens.
const TokenGroups *groupsOf(const ModelAttention &model, const std::optional<TokenGroups> &groups)
{
    if (!groups)
        return nullptr;
    for (const std::vector<int> &members : groups->members)
        for (int t : members)
            if (t < 0 || t >= model.n)
                return nullptr; // not this model's groups
    return &*groups;
}

// A pass over every head (`passing`) does not keep a recomputed model's heads.
FloatMatrix shownOf(const ModelAttention &model, const TokenGroups *g, int layer, int head, bool passing = false)
{
    FloatMatrix w = passing ? model.weightsInPassing(layer, head) : model.weights(layer, head);
    return g ? regroup(w, *g) : w;
}

} // namespace

const TokenGroups *ModelTiles::groups() const
{
    return m_model ? groupsOf(*m_model, m_groups) : nullptr;
}

ModelTiles::Reduced ModelTiles::reduce(const ModelAttention &model, const std::optional<TokenGroups> &groups,
    quint64 serial, const std::atomic<bool> *cancel, std::atomic<int> *done)
{
    const TokenGroups *g = groupsOf(model, groups);
    const int count = model.n > 0 ? model.layers * model.heads : 0;
    Reduced out {serial, std::vector<PooledMatrix>(std::size_t(count))};
    std::atomic<bool> stopped = false;
    // The heads spread over the cores: each is a product and a softmax of its own.
    inParts(partsFor(double(count), 1, count), [&](int part, int parts) {
        const auto [begin, end] = partOf(count, part, parts);
        for (auto i = int(begin); i < int(end) && !stopped; ++i) {
            if (cancel && cancel->load(std::memory_order_relaxed)) {
                stopped = true;
                break;
            }
            const FloatMatrix w = shownOf(model, g, i / model.heads, i % model.heads, true);
            const QSize side(std::min(int(w.cols()), reducedSide), std::min(int(w.rows()), reducedSide));
            out.tiles[std::size_t(i)] = maxPool(w.data(), int(w.rows()), int(w.cols()), side);
            if (done)
                ++*done;
        }
    });
    if (stopped)
        out.tiles.clear();
    return out;
}

bool ModelTiles::waitsForReduction() const
{
    return m_model && m_model->recomputesAttention() && layers() * heads() > 0 && !reduced();
}

void ModelTiles::setReduced(Reduced reduced)
{
    if (reduced.serial != m_serial || reduced.tiles.size() != std::size_t(layers() * heads()))
        return;
    m_reduced = std::move(reduced);
    m_pooledSerial = 0; // pooled again, from these
}

int ModelTiles::shownTokens() const
{
    const TokenGroups *g = groups();
    return g ? static_cast<int>(g->members.size()) : m_model ? m_model->n : 0;
}

QStringList ModelTiles::shownLabels() const
{
    const TokenGroups *g = groups();
    return g ? g->labels : m_model ? m_model->tokens : QStringList();
}

FloatMatrix ModelTiles::shownWeights(int layer, int head) const
{
    return shownOf(*m_model, groups(), layer, head);
}

void ModelTiles::pool(QSize pixels) const
{
    if (m_pooledSerial == m_serial && !m_pooled.empty() && m_pooled.front().size == pixels)
        return;
    const int count = layers() * heads();
    m_pooled.resize(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        const int layer = i / heads(), head = i % heads();
        auto &out = m_pooled[static_cast<std::size_t>(i)];
        if (reduced()) { // pooled from the reduction, whose maxima are the whole head's
            const PooledMatrix &r = m_reduced.tiles[static_cast<std::size_t>(i)];
            out = maxPool(r.values.data(), r.size.height(), r.size.width(), pixels);
            out.max = r.max;
            out.maxFromSecond = r.maxFromSecond;
            continue;
        }
        const FloatMatrix w = shownWeights(layer, head);
        out = maxPool(w.data(), static_cast<int>(w.rows()), static_cast<int>(w.cols()), pixels);
    }
    m_pooledSerial = m_serial;
    ++m_poolCount;
}

ColorScale ModelTiles::colorScale() const
{
    if (m_pooledSerial != m_serial)
        pool(QSize(1, 1)); // only the maxima; images() pools at the tiles' size
    float top = 0;
    for (const PooledMatrix &p : m_pooled)
        top = std::max(top, m_skipFirst ? p.maxFromSecond : p.max);
    return ColorScale::fit(m_colormap, 0.0, top);
}

const std::vector<QImage> &ModelTiles::images(QSize pixels) const
{
    pool(pixels);
    if (m_imagesSerial != m_pooledSerial || m_imagesColourSerial != m_colourSerial || m_images.size() != m_pooled.size()
        || (!m_images.empty() && m_images.front().size() != pixels)) {
        const ColorScale scale = colorScale();
        m_images.clear();
        m_images.reserve(m_pooled.size());
        for (const PooledMatrix &p : m_pooled)
            m_images.push_back(pooledImage(p, scale));
        m_imagesSerial = m_pooledSerial;
        m_imagesColourSerial = m_colourSerial;
    }
    return m_images;
}

} // namespace qkv
