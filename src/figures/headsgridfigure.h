#pragma once

#include "figures/heatmapfigure.h"

#include <vector>

namespace qkv {

// Small multiples: every head's heatmap in one grid on one shared colour scale, each captioned
// with its number, the current head outlined. An exported grid draws each tile as a heatmap with
// token labels (and values where they fit), captioned with its strongest weight. Draws without a
// widget; the tiles' cells are cached images, recoloured only when the data changes.
class HeadsGridFigure
{
    Q_DECLARE_TR_FUNCTIONS(HeadsGridFigure)

public:
    HeadsGridFigure();
    ~HeadsGridFigure();

    // Every head of `result`, which must stay alive while the figure uses it; call again
    // whenever its numbers change.
    void setData(const Result *result);
    const Result &result() const;
    // The head outlined, and the query whose row is marked in every tile (-1: none).
    void setCurrent(int head, int token);
    int currentHead() const { return m_currentHead; }
    int selectedToken() const { return m_selectedToken; }

    // As in HeatmapFigure.
    void setColormap(Colormap map);
    Colormap colormap() const { return m_colormap; }
    void setShowScores(bool scores);
    bool showsScores() const { return m_showScores; }
    void setScaleSkipsFirst(bool skip);
    void setUnitScale(bool unit);
    bool unitScale() const { return m_unitScale; }
    // One scale for every head, so tiles compare.
    ColorScale colorScale() const;
    // The tokens every head has (0 when a head's matrix does not match them).
    int tokenCount() const;
    // The keys' (the columns'): the second sentence's in cross-attention, else tokenCount().
    int keyCount() const;

    // Boxes around a cell or a token's row, drawn on every head's tile.
    void setAnnotations(std::vector<PlacedAnnotation> annotations);
    const AnnotationLayer &annotations() const { return m_annotations; }

    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;
    // The cells' square of a head's tile in paint(rect), and the head under a point (-1).
    QRectF tileRect(const QRectF &rect, const FigureStyle &style, int head) const;
    int headAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const;

private:
    struct Layout;
    Layout layout(const QRectF &rect, const FigureStyle &style) const;
    const SquareMatrix &shownValues(const HeadResult &head) const;
    void dataChanged();
    void paintExportedTiles(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    void paintTileBoxes(QPainter &painter, const QRectF &square, int n, const FigureStyle &style) const;

    const Result *m_result = nullptr;
    int m_currentHead = 0;
    int m_selectedToken = -1;
    Colormap m_colormap = Colormap::Viridis;
    bool m_showScores = false;
    bool m_skipFirst = false;
    bool m_unitScale = false;

    quint64 m_serial = 1;
    // Derived from the data, recomputed lazily after dataChanged() bumps m_serial: the one colour
    // scale of all heads, and each head's cells as an image (for the data and mask colours of key).
    struct Scale {
        quint64 serial = 0;
        ColorScale scale;
    };
    struct Tiles {
        std::vector<QImage> images;
        quint64 key = 0;
        MaskColors mask {};
    };
    mutable Scale m_scale;
    mutable Tiles m_tiles;
    mutable HeatmapFigure m_exportedTile; // paints the tiles of an exported grid
    AnnotationLayer m_annotations;
};

} // namespace qkv
