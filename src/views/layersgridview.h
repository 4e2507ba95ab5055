#pragma once

#include "views/modeltiles.h"

#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace qkv {

// The model view of a real transformer: every layer's (rows, top to bottom) and head's
// (columns) attention as a small heatmap on one shared colour scale, so heads compare at a
// glance; the current tile outlined, a click or the arrow keys choose one, hovering tells what a
// head does. Tiles are pooled from the floats once per data or size change and coloured once
// per colour change: hover, selection and repaint only draw cached images. A model that computes
// its heads when asked for is reduced on a worker first, the grid saying so meanwhile.
class LayersGridView : public QWidget
{
    Q_OBJECT

public:
    explicit LayersGridView(QWidget *parent = nullptr);
    ~LayersGridView() override;

    void setModel(std::shared_ptr<const ModelAttention> model);
    const std::shared_ptr<const ModelAttention> &model() const { return m_tiles.model(); }
    // When set, the tiles show regroup(weights): hidden tokens dropped, word pieces merged.
    // Groups that name a token the model does not have are ignored.
    void setTokenGroups(std::optional<TokenGroups> groups);
    const std::optional<TokenGroups> &tokenGroups() const { return m_tiles.tokenGroups(); }

    // Head -1: the layer as a whole (an aggregate of its heads is shown elsewhere); its row is
    // outlined.
    void setCurrent(int layer, int head);
    int currentLayer() const { return m_layer; }
    int currentHead() const { return m_head; }

    // Heads switched off in a running model (an ablation): their tiles are crossed out. With
    // `offered`, a tile's context menu switches its head on or off (switchRequested).
    void setSwitchedOff(std::vector<std::pair<int, int>> heads, bool offered);
    bool isSwitchedOff(int layer, int head) const;

    void setColormap(Colormap map);
    Colormap colormap() const { return m_tiles.colormap(); }
    // As HeatmapView::setScaleSkipsFirst: the scale's top leaves out column 0 of every tile.
    void setScaleSkipsFirst(bool skip);
    bool scaleSkipsFirst() const { return m_tiles.scaleSkipsFirst(); }
    // From 0 to the largest weight of any tile.
    ColorScale colorScale() const { return m_tiles.colorScale(); }

    // Draws the tiles, labels and colour bar into `rect` of any painter (screen and export).
    void paint(QPainter &painter, const QRectF &rect) const;
    // A tile's square in paint(rect) (head -1: its whole row), and the tile under a widget point
    // ({-1, -1} outside the grid; the gap after a tile belongs to it).
    QRectF tileRect(const QRectF &rect, int layer, int head) const;
    std::pair<int, int> tileAt(QPointF widgetPos) const;
    // "layer 3, head 5: …": the strongest weight and where it goes, the mean row entropy and the
    // share given to the first, the previous and the same token, which tell sink, positional and
    // broad heads apart. Computed on first request, then kept.
    QString tileDescription(int layer, int head) const;
    // How many times the tiles were pooled from the model's numbers: tests and the benchmark
    // check that hover and selection never pool again.
    int poolCount() const { return m_tiles.poolCount(); }
    // Whether the tiles wait for a recomputed model's heads, computed on a worker.
    bool waitsForHeads() const { return m_tiles.waitsForReduction(); }

    QSize sizeHint() const override { return {640, 640}; }
    QSize minimumSizeHint() const override { return {120, 120}; }

Q_SIGNALS:
    void tileClicked(int layer, int head);
    // {-1, -1} when the pointer leaves the tiles.
    void tileHovered(int layer, int head);
    void switchRequested(int layer, int head, bool off);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Layout;
    Layout layout(const QRectF &rect, bool estimate = false) const;
    int layers() const;
    int heads() const;
    void dataChanged();
    void setHovered(std::pair<int, int> tile);
    void choose(int layer, int head);
    void reduceOnWorker();
    void stopReduction();

    ModelTiles m_tiles;
    QFutureWatcher<ModelTiles::Reduced> m_reduction;
    std::shared_ptr<std::atomic<bool>> m_stopReduction;
    std::shared_ptr<std::atomic<int>> m_reducedHeads; // of the reduction running
    QTimer m_reductionProgress; // repaints the count while it runs
    quint64 m_reducing = 0; // the data serial being reduced, 0 for none
    int m_layer = 0;
    int m_head = 0;
    std::pair<int, int> m_hovered {-1, -1};
    std::vector<std::pair<int, int>> m_switchedOff; // (layer, head)
    bool m_switchOffered = false;
    mutable std::vector<QString> m_descriptions; // layer-major, made on first hover
};

} // namespace qkv
