#pragma once

#include "figures/heatmapfigure.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <vector>

namespace qkv {

class DocumentSession;

// Small multiples: every head's heatmap in one grid on one shared colour scale, each captioned
// with its number, the current head outlined; a click focuses a head. One paint routine serves
// the screen and export; the tiles' cells are cached images, recoloured only when data changes.
class HeadsGridView : public QWidget
{
    Q_OBJECT

public:
    explicit HeadsGridView(QWidget *parent = nullptr);
    ~HeadsGridView() override;

    // Live: shows the session's heads, current head and selection; a click calls setCurrentHead.
    void setSession(DocumentSession *session);
    DocumentSession *session() const;
    // Data only (export, benchmarks), used while no session is set; move large results in.
    void setResult(Result result);
    const Result &result() const;

    // Without a session these are the view's own; with one, the session's.
    void setCurrentHead(int head);
    int currentHead() const;
    void setSelectedToken(int token);
    int selectedToken() const;

    // View options, as in HeatmapView.
    void setColormap(Colormap map);
    Colormap colormap() const { return m_colormap; }
    void setShowScores(bool scores);
    // As HeatmapView::setScaleSkipsFirst.
    void setScaleSkipsFirst(bool skip);
    bool showsScores() const { return m_showScores; }
    void setUnitScale(bool unit);
    bool unitScale() const { return m_unitScale; }
    // Drawn for an exported figure: each tile a heatmap with token labels (and values where they
    // fit), captioned with its strongest weight; no current-head frame.
    void setFigureMode(bool figure);
    // One scale for every head, so tiles compare.
    ColorScale colorScale() const;

    // Draws every tile, caption and the shared colour bar into `rect` of any painter.
    void paint(QPainter &painter, const QRectF &rect) const;
    // The cells' square of a head's tile in paint(rect), and the head under a widget point (-1).
    QRectF tileRect(const QRectF &rect, int head) const;
    int headAt(const QPointF &pos) const;

    QSize sizeHint() const override { return {480, 360}; }
    QSize minimumSizeHint() const override { return {120, 120}; }

Q_SIGNALS:
    void headClicked(int head);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Layout;
    Layout layout(const QRectF &rect) const;
    int tokenCount() const;
    const SquareMatrix &shownValues(const HeadResult &head) const;
    void dataChanged();
    void paintFigureTiles(QPainter &painter, const Layout &l) const;

    QPointer<DocumentSession> m_session;
    Result m_own;
    int m_currentHead = 0;
    int m_selectedToken = -1;
    Colormap m_colormap = Colormap::Viridis;
    bool m_showScores = false;
    bool m_skipFirst = false;
    bool m_unitScale = false;
    bool m_figure = false;
    mutable HeatmapFigure m_figureTile; // paints the tiles of a figure

    quint64 m_serial = 1;
    mutable quint64 m_scaleSerial = 0;
    mutable ColorScale m_scale;
    mutable std::vector<QImage> m_tiles;
    mutable quint64 m_tilesKey = 0;
    mutable MaskColors m_tilesMask {};
};

} // namespace qkv
