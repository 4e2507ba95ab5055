#pragma once

#include "figures/colormap.h"
#include "figures/maxpool.h"
#include "modelfiles/tokengroups.h"

#include <QImage>
#include <QSize>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace qkv {

// Every layer's and head's attention of a model as a small image on one colour scale, for the
// layers grid. Each tile is pooled straight from the model's floats once per data or size
// change and coloured once per colour change; asking again returns the cached images. A model
// that computes each head's attention when asked for (a long run's: tens of milliseconds a head)
// is first reduced, off the window's thread, to at most reducedSide² values a head (reduce()),
// from which the tiles are pooled: a tile's pixel then shows the largest weight of a region a
// reduced cell wider at most, its scale's top the exact one.
class ModelTiles
{
public:
    static constexpr int reducedSide = 256;
    struct Reduced {
        quint64 serial = 0; // of the data it was reduced from
        std::vector<PooledMatrix> tiles; // layer-major
    };
    // Every head's shown weights max-pooled to at most reducedSide² (on any thread), counting the
    // heads in `done`; empty when `cancel` is set before the end.
    static Reduced reduce(const ModelAttention &model, const std::optional<TokenGroups> &groups, quint64 serial,
        const std::atomic<bool> *cancel = nullptr, std::atomic<int> *done = nullptr);
    // Whether tiles wait for reduce(): the model computes each head when asked for, and the
    // reduction of its data is not here yet.
    bool waitsForReduction() const;
    // Taken when it is of the data now shown.
    void setReduced(Reduced reduced);
    quint64 serial() const { return m_serial; }

    void setModel(std::shared_ptr<const ModelAttention> model);
    const std::shared_ptr<const ModelAttention> &model() const { return m_model; }
    // Groups that name a token the model does not have are ignored.
    void setTokenGroups(std::optional<TokenGroups> groups);
    const std::optional<TokenGroups> &tokenGroups() const { return m_groups; }
    void setColormap(Colormap map);
    Colormap colormap() const { return m_colormap; }
    void setScaleSkipsFirst(bool skip);
    bool scaleSkipsFirst() const { return m_skipFirst; }

    // 0 for a model without tokens.
    int layers() const;
    int heads() const;
    // The tokens shown: the groups' count when they apply.
    int shownTokens() const;
    QStringList shownLabels() const;
    // What a tile shows: the head's weights, regrouped when the groups apply.
    FloatMatrix shownWeights(int layer, int head) const;

    // From 0 to the largest weight of any tile (from column 1 on when skipping the first). Reads
    // every number if no tiles are pooled yet; knownScale() says whether they are.
    ColorScale colorScale() const;
    bool knownScale() const { return m_pooledSerial == m_serial; }
    // The tiles, layer-major, `pixels` each.
    const std::vector<QImage> &images(QSize pixels) const;
    // How many times the tiles were pooled from the model's numbers.
    int poolCount() const { return m_poolCount; }

private:
    const TokenGroups *groups() const;
    void pool(QSize pixels) const;
    bool reduced() const { return m_reduced.serial == m_serial && !m_reduced.tiles.empty(); }

    std::shared_ptr<const ModelAttention> m_model;
    std::optional<TokenGroups> m_groups;
    Colormap m_colormap = Colormap::Viridis;
    bool m_skipFirst = false;

    // Caches, keyed by serials: m_serial counts data changes, m_colourSerial colour changes.
    quint64 m_serial = 1;
    quint64 m_colourSerial = 1;
    mutable quint64 m_pooledSerial = 0;
    mutable std::vector<PooledMatrix> m_pooled; // layer-major, at one pixel size
    mutable quint64 m_imagesSerial = 0;
    mutable quint64 m_imagesColourSerial = 0;
    mutable std::vector<QImage> m_images;
    mutable int m_poolCount = 0;
    Reduced m_reduced;
};

} // namespace qkv
