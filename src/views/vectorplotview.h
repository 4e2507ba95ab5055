#pragma once

#include "attention/engine.h"
#include "figures/vectorcloud.h"
#include "session/sessionbinding.h"

#include <QHash>
#include <QList>
#include <QPointer>
#include <QWidget>

#include <array>
#include <memory>

QT_BEGIN_NAMESPACE
class QChart;
class QMenu;
class QGraphicsScene;
class QLineSeries;
class QScatterSeries;
class QCategoryAxis;
QT_END_NAMESPACE

namespace qkv {

class DocumentSession;
struct AnnotationTargets;

// The query, key and value vectors of the current head as labelled points of a Qt Charts
// scatter plot: one marker shape and colour per role, the selected token's points ringed and
// joined to the origin. d > 2 is shown on its principal plane (PCA, through the origin; see
// projection2d.h), otherwise on two chosen dimensions; the axis titles say which.
// Vectors belong to words, so a repeated word is one point (labelled "the ×2"); tokens that only
// share their text (projection mode with position encoding) stay apart.
// Dragging a point edits the vector through the session (one undo step per drag): two components
// on chosen dimensions, or the vector moved along the two principal axes, which stay fixed during
// the drag so the point follows the mouse. Computed vectors (projection mode; Q and K in weights
// mode, where they are unused) are read-only. One paint routine serves the screen and any
// QPainter, also headless.
class VectorPlotView : public QWidget
{
    Q_OBJECT

public:
    enum class Axes {
        Automatic, // principal axes when d > 2, else the two dimensions
        Dimensions,
        Principal,
    };

    // One plotted point: the vector of `role` of `token` (token -1: none). In cross-attention the
    // second sentence's key j is token n + j (see VectorCloud).
    struct PointRef {
        Role role = Role::Query;
        int token = -1;
        bool isValid() const { return token >= 0; }
    };

    explicit VectorPlotView(QWidget *parent = nullptr);
    ~VectorPlotView() override;

    // Live: the session's current head and selection; edits go back through it.
    void setSession(DocumentSession *session);
    // Drawn for an exported figure: no hover marks.
    void setFigureMode(bool figure);
    DocumentSession *session() const;

    // Data only (export, benchmarks), used while no session is set; nothing is editable then.
    void setResult(Result result, int head = 0);
    void setResult(std::shared_ptr<const Result> result, int head = 0); // no copy
    // The data's document (export): its mode, and which tokens share their vectors.
    void setDocument(Document document);
    const Result &result() const;
    void setHead(int head);
    int head() const;
    void setSelectedToken(int token);
    int selectedToken() const;

    // View options.
    void setAxes(Axes axes);
    Axes axes() const { return m_axes; }
    bool usesPrincipalAxes() const; // what Automatic resolved to
    // The two dimensions shown (0-based); switches to Axes::Dimensions.
    void setDimensions(int x, int y);
    int dimensionX() const { return m_dimX; }
    int dimensionY() const { return m_dimY; }
    void setRoleShown(Role role, bool shown);
    bool isRoleShown(Role role) const { return m_shown[static_cast<std::size_t>(role)]; }
    // Shown and in use: weights mode draws values alone.
    bool isDrawn(Role role) const;
    // The selected word's output o = Σ a·v, drawn with the values: where attention moved its value.
    bool isOutputDrawn() const;

    // Draws the whole plot into `rect` of any painter (screen, image, SVG, PDF).
    void paint(QPainter &painter, const QRectF &rect) const;

    // What paint() shows: a point's coordinates in axis units, where it is drawn in `rect`, the
    // point under a position of the widget, the principal plane in use and the axis titles.
    QPointF plottedValue(PointRef point) const;
    QPointF pointPosition(const QRectF &rect, PointRef point) const;
    PointRef pointAt(const QPointF &pos) const;
    Projection2d projection() const;
    QString axisTitle(Qt::Orientation orientation) const;
    // Whether dragging a point of `role` edits the document, and if not, why.
    bool isEditable(Role role) const;
    QString readOnlyReason(Role role) const;
    QString describePoint(PointRef point) const;
    bool isDragging() const { return m_drag.active; }
    // Fits the principal plane to the vectors as they are now. It is otherwise kept while values
    // are edited (a dragged point must not jump when let go), and fitted anew for new words,
    // another head, d or other roles.
    void refitProjection();
    // The right-click menu for a point (or none): roles, axes, the plane. The caller owns it.
    QMenu *createContextMenu(PointRef at);
    // Where the legend of the three roles goes in `size`: the corner of the plot with the
    // fewest points.
    QRectF legendRect(QSizeF size) const;
    // The legend's entries, in order: the roles drawn, then the output when it is.
    QStringList legendNames() const;
    static QString outputName();
    // The tick labels along an axis as last laid out (Qt::Horizontal: x).
    QStringList tickLabels(Qt::Orientation axis) const;

    QSize sizeHint() const override { return {480, 420}; }
    QSize minimumSizeHint() const override { return {200, 180}; }

Q_SIGNALS:
    // A role, the axes or the dimensions changed (for toolbars mirroring the options).
    void optionsChanged();
    // A message for the status bar (why a vector helper could not be applied).
    void message(const QString &text);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Drag {
        bool active = false;
        PointRef point;
        int group = -1;
        int dragId = 0;
        Eigen::VectorXd start; // the vector when the drag began
        QPointF startValue; // its plotted coordinates
        QPointF grab; // mouse value minus point value at the press
        QPointF pressPos;
        bool moved = false; // past the drag distance: edits are being sent
    };

    const HeadResult *headResult() const;
    // The view's text against the desktop's (at least 1): a figure's markers and tick spacing
    // grow with its text, so a 3,000 px slide is the window's plot enlarged.
    qreal textGrowth() const;
    const Document *document() const; // the session's, the one set, or none
    const Eigen::MatrixXd *roleMatrix(Role role) const;
    int dim() const;
    void dataChanged();
    void optionChanged();
    void sync(QSizeF size) const;
    void syncData() const;
    void syncRanges(QSizeF size) const;
    // Ticks at k · step between low and high, labelled with the decimals the step needs.
    void setTicks(QCategoryAxis *axis, double low, double high, double step) const;
    void syncStyle() const;
    QTransform valueToPixel() const;
    int groupOf(int token) const { return m_drawn.cloud.groupOf(token); }
    // The selection as a point's token: a query, or in cross-attention a second sentence's key.
    int selectedPoint() const;
    void selectPoint(int token);
    void dragTo(const QPointF &pos);
    void endDrag();
    void paintContributionChain(QPainter &painter, const QTransform &t, int group) const;
    void paintOverlay(QPainter &painter, QSizeF size) const;
    // Returns where it wrote the labels.
    std::vector<QRectF> paintLabels(QPainter &painter, QSizeF size, const QRectF &legend) const;
    void paintLegend(QPainter &painter, const QRectF &box) const;
    void paintDragValue(QPainter &painter) const;
    void paintAnnotations(QPainter &painter, QSizeF size, std::vector<QRectF> keepClear) const;
    AnnotationTargets annotationTargets(QSizeF size, std::vector<QRectF> keepClear) const;
    static QString roleName(Role role);
    // A dense plot's markers, which Qt Charts is given none of (see syncData).
    void paintMarkers(QPainter &painter) const;

    SessionBinding m_binding;
    Axes m_axes = Axes::Automatic;
    int m_dimX = 0;
    int m_dimY = 1;
    std::array<bool, 3> m_shown {true, true, true};
    Drag m_drag;

    // The chart, brought up to date lazily by sync() when m_serial moved on.
    std::unique_ptr<QGraphicsScene> m_scene;
    QChart *m_chart = nullptr;
    std::array<QScatterSeries *, 3> m_series {};
    QLineSeries *m_zeroX = nullptr; // the axes through the origin
    QLineSeries *m_zeroY = nullptr;
    QCategoryAxis *m_axisX = nullptr;
    QCategoryAxis *m_axisY = nullptr;
    bool m_figure = false;
    quint64 m_serial = 1;
    // What the chart shows, brought up to date lazily by sync() when m_serial moved on.
    struct Drawn {
        quint64 serial = 0;
        bool refit = true; // fit the principal plane anew on the next sync
        bool styleDirty = true;
        VectorCloud cloud;
        QList<qreal> labelWidths; // per group
        QHash<QString, qreal> widthCache; // label text → width in the widget font
        bool stamped = false; // the markers are paintMarkers', not Qt Charts'
    };
    // The axes' ranges: fitted anew after options or size change, checked after data change.
    struct Ranges {
        bool dirty = true;
        bool check = false; // the data changed: refit if it no longer fits well
        QSizeF size;
    };
    mutable Drawn m_drawn;
    mutable Ranges m_ranges;
};

} // namespace qkv
