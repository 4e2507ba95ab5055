#pragma once

#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "figures/annotationlayer.h"
#include "figures/colormap.h"
#include "figures/figurestyle.h"
#include "figures/rowpools.h"

#include <QCoreApplication>
#include <QHash>
#include <QImage>
#include <QList>
#include <QPoint>
#include <QRect>
#include <QRectF>
#include <QStringList>

#include <optional>

class QPainter;

namespace qkv {

// Rows = querying token, columns = attended token; each cell coloured by its weight (or raw
// score), with the value written in when it fits, token labels on both axes and a colour bar.
// Draws into any QPainter (window, PNG, SVG, PDF) without a widget. The coloured cells are cached
// as one image at device resolution (max-pooled when there are more tokens than pixels), so a
// repaint for hover or selection does not recolour them.
class HeatmapFigure
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapFigure)

public:
    HeatmapFigure();
    ~HeatmapFigure();

    // What is drawn: a head of `result`, which must stay alive while the figure uses it. Call
    // again whenever its numbers change: the colour scale and the cell image are recomputed.
    void setData(const Result *result, int head);
    // The same after an edit that moved only `rows` of each head's numbers (an edited query):
    // when the colour range stays, only those rows' cells are coloured again.
    void updateRows(const Result *result, int head, const ChangedRows &rows);
    const Result &result() const;
    // Whether `r` is the result drawn (a view's new data reaches the figure after other signals).
    bool shows(const Result *r) const { return m_result == r; }
    int head() const { return m_head; }

    // The selected query's row or key's column is outlined (one at a time; -1: none).
    void setSelection(int row, int column);
    int selectedRow() const { return m_selectedRow; }
    int selectedColumn() const { return m_selectedColumn; }

    void setColormap(Colormap map);
    Colormap colormap() const { return m_colormap; }
    // Raw scores S instead of weights A, always on the diverging map centred at 0.
    void setShowScores(bool scores);
    bool showsScores() const { return m_showScores; }
    // Against a baseline (a snapshot's result, kept alive by the caller; null: none): the cells show
    // now − baseline of what they show (weights or scores) on the diverging map centred at 0, with
    // a colour bar of their own. A baseline that cannot be compared (another number of tokens)
    // leaves the plain cells and says why in differenceRefusal().
    void setBaseline(const Result *baseline, const QString &name);
    const Result *baseline() const { return m_baseline; }
    bool showsDifference() const { return m_baseline && m_delta.size() > 0; }
    // A cell's now − then, when a difference is shown (0 otherwise).
    double difference(int row, int col) const { return showsDifference() ? m_delta(row, col) : 0.0; }
    const QString &baselineName() const { return m_baselineName; }
    const QString &differenceRefusal() const { return m_refusal; }
    // Weights on a fixed 0 … 1 scale instead of 0 … the largest weight.
    void setUnitScale(bool unit);
    bool unitScale() const { return m_unitScale; }
    // The colour scale leaves out the first column (an attention sink would wash out the rest);
    // its cells beyond the scale take the end colour.
    void setScaleSkipsFirst(bool skip);
    bool scaleSkipsFirst() const { return m_skipFirst; }
    void setValuesVisible(bool visible);
    bool valuesVisible() const { return m_valuesVisible; }
    // Cells drawn blank, with no colour bar and no numbers: a lesson's prediction is made before
    // the weights are seen, on a grid whose cells can still be clicked.
    void setConcealed(bool concealed);
    bool concealed() const { return m_concealed; }
    // The colour scale of heatmaps shown side by side (the heads grid's tiles), which then draw
    // neither a colour bar nor axis titles of their own; nullopt: the figure's own.
    void setSharedScale(std::optional<ColorScale> scale);
    // The colours and range in use (the colour bar's).
    ColorScale colorScale() const;

    // Zoomed in: the cells `factor` (1 … maxZoom()) times as large as those of the whole matrix,
    // the point `origin` (in cells: x a column, y a row) at the top left of the cells' frame,
    // held so that the frame stays on the matrix. 1: the whole matrix, as exports draw it.
    void setZoom(double factor, QPointF origin = {});
    double zoom() const { return m_zoom; }
    // The origin in use for the current data (clamped).
    QPointF zoomOrigin() const;
    // The largest factor: four cells along the longer side.
    double maxZoom() const;
    bool zoomed() const { return m_zoom > 1; }
    // The part of the matrix shown for `rect`, in cells (x columns, y rows; fractional at the
    // frame's edges), and the frame on screen that shows it.
    QRectF shownCells(const QRectF &rect, const FigureStyle &style) const;
    QRectF frameRect(const QRectF &rect, const FigureStyle &style) const;
    // Zooms to `factor` keeping the cell under `pos` of `rect` under it.
    void zoomAround(const QRectF &rect, const FigureStyle &style, QPointF pos, double factor);
    // Moves the matrix by `pixels` of `rect` under its frame (the cells follow a dragging hand).
    void panBy(const QRectF &rect, const FigureStyle &style, QPointF pixels);
    // Pans the least that brings the cell (column, row) into the frame (-1: either axis kept).
    void reveal(const QRectF &rect, const FigureStyle &style, int row, int col);
    // Zoomed in, the whole matrix small in the frame's corner with the part in view outlined (on
    // screen: what the cells nearby are part of); empty when not zoomed.
    QRectF overviewRect(const QRectF &rect, const FigureStyle &style) const;
    void paintOverview(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;
    // The origin that centres the frame on the point `pos` of the overview.
    QPointF originFromOverview(const QRectF &rect, const FigureStyle &style, QPointF pos) const;

    // Callouts, boxes and arrows to draw over the cells (a column at the right is kept for the
    // callouts, which may not cover numbers).
    void setAnnotations(std::vector<PlacedAnnotation> annotations) { m_annotations.set(std::move(annotations)); }
    const AnnotationLayer &annotations() const { return m_annotations; }
    // Where they point for `rect`: a token is its row (label and cells), a cell is a cell.
    AnnotationTargets annotationTargets(const QRectF &rect, const FigureStyle &style) const;

    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;

    // Geometry of paint() for `rect`: the whole matrix's cells (beyond the frame when zoomed), one cell, the cell under
    // a point
    // ((column, row), or (-1, -1) outside), the heading under a point ((column, -1) above the
    // grid, (-1, row) beside it, (-1, -1) elsewhere), and the rectangles of the token labels drawn
    // (Qt::Vertical: row labels on the left; Qt::Horizontal: column labels on top, unrotated
    // bounds) with the tokens they name.
    QRectF gridRect(const QRectF &rect, const FigureStyle &style) const;
    QRectF cellRect(const QRectF &rect, const FigureStyle &style, int row, int col) const;
    QPoint cellAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const;
    QPoint headingAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const;
    QList<QRectF> labelRects(
        const QRectF &rect, const FigureStyle &style, Qt::Orientation orientation, QList<int> *tokens = nullptr) const;
    // "it → animal: weight …, raw score …, visible": what a hover reports.
    QString describeCell(int row, int col) const;

    // Shared with the heads grid: the colour bar's title, and the colour scale for a value range
    // (scores: diverging, centred at 0; unit: weights on 0 … 1).
    static QString colorBarTitle(bool scores, bool unit, bool exported);
    static QString differenceTitle(bool scores);
    static ColorScale scaleFor(Colormap map, bool scores, bool unit, double minValue, double maxValue);

private:
    struct Layout;
    Layout layout(const QRectF &rect, const FigureStyle &style) const;
    Layout layout(const QRectF &rect, const FigureStyle &style, bool withBar) const;
    const HeadResult *headResult() const;
    const SquareMatrix *shownValues() const;
    void dataChanged();
    void updateDifference();
    qreal labelAdvance(const QFont &font) const;
    void paintValues(QPainter &painter, const Layout &l, const QLocale &locale) const;
    // Zoomed in: the cells in the frame; `same`: the cached image is of this data and mask.
    void paintZoomedCells(QPainter &painter, const Layout &l, MaskColors mask, bool same) const;
    void paintConcealed(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    void paintLabels(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    AnnotationTargets annotationTargets(const Layout &l, const QRectF &rect) const;

    const Result *m_result = nullptr;
    int m_head = 0;
    int m_selectedRow = -1;
    int m_selectedColumn = -1;
    Colormap m_colormap = Colormap::Viridis;
    bool m_showScores = false;
    bool m_unitScale = false;
    bool m_skipFirst = false;
    bool m_valuesVisible = true;
    bool m_concealed = false;
    double m_zoom = 1;
    QPointF m_origin;
    std::optional<ColorScale> m_sharedScale;
    AnnotationLayer m_annotations;
    const Result *m_baseline = nullptr;
    QString m_baselineName;
    SquareMatrix m_delta; // now − baseline of the shown matrix; empty when no difference is shown
    QString m_refusal;

    // Derived from the data, recomputed lazily after dataChanged() bumps m_serial.
    quint64 m_serial = 1;
    struct Scale {
        quint64 serial = 0;
        ColorScale scale;
    };
    // The widest token label in a font: measuring thousands of labels is slow, so only when the
    // tokens or the font change.
    struct Labels {
        QStringList tokens;
        QFont font;
        quint64 serial = 0;
        qreal advance = 0;
        // The labels as drawn, elided to `drawnWidth` in `drawnFont`, with their advances, by
        // index in `tokens`: shaping them again at every paint was most of a repaint.
        struct Drawn {
            QString text;
            qreal advance;
        };
        QFont drawnFont;
        qreal drawnWidth = -1;
        QHash<int, Drawn> drawn;
    };
    // The coloured cells as one image, for the data, device size and mask colours of `key`.
    struct Cells {
        QImage image;
        quint64 key = 0;
        MaskColors mask {};
        std::vector<int> staleRows; // to colour again before the image is drawn
        // The rows pooled along the image's pixel columns, for the data of `poolsKey`: built at
        // an edited key, followed through edits while the image is kept.
        RowPools pools;
        quint64 poolsKey = 0;
        bool fromPools = false; // every pixel to colour again from `pools`
        // Zoomed in: the window of the whole image at `total` device pixels that the image shows
        // (scrolling moves it); null: the image is the whole matrix.
        QSize total;
        QRect window;
    };
    mutable Scale m_scale;
    mutable Labels m_labels;
    mutable Cells m_cells;
    struct Overview {
        QImage image;
        quint64 key = 0;
        MaskColors mask {};
    };
    mutable Overview m_overview;
};

} // namespace qkv
