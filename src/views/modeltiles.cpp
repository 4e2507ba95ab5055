#include "views/modeltiles.h"

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

const TokenGroups *ModelTiles::groups() const
{
    if (!m_model || !m_groups)
        return nullptr;
    for (const std::vector<int> &members : m_groups->members)
        for (int t : members)
            if (t < 0 || t >= m_model->n)
                return nullptr; // not this model's groups
    return &*m_groups;
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
    const TokenGroups *g = groups();
    return g ? regroup(m_model->weights(layer, head), *g) : m_model->weights(layer, head);
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
