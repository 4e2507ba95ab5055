#include "views/accessibleviews.h"

#include "figures/numbertext.h"

#include "figures/tokenlabel.h"
#include "modelfiles/modelattention.h"
#include "views/accessiblegrid.h"
#include "views/arrowgraphview.h"
#include "views/contributionsview.h"
#include "views/distributionview.h"
#include "views/headsgridview.h"
#include "views/heatmapview.h"
#include "views/layersgridview.h"
#include "views/tokenstrip.h"
#include "views/vectorplotview.h"
#include "views/viewregistry.h"
#include "views/workedview.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace qkv {
namespace {

// The selection of one row or column, or none (-1).
QList<int> selectedOnly(int index)
{
    return index >= 0 ? QList<int> {index} : QList<int> {};
}

// A weight as the window shows one to a reader: three decimals, in the user's locale.
QString weightText(double w)
{
    return QLocale().toString(w, 'f', 3);
}

// An AccessibleGrid of one kind of view.
template<class View, QAccessible::Role viewRole>
class ViewGrid : public AccessibleGrid
{
public:
    explicit ViewGrid(View *view)
        : AccessibleGrid(view, viewRole)
    { }
    View *view() const { return static_cast<View *>(viewWidget()); }
};

// The heatmap: one cell per query (row) and key (column), "it attends to animal: 0.119".
class HeatmapAccessible final : public ViewGrid<HeatmapView, QAccessible::Table>
{
    Q_DECLARE_TR_FUNCTIONS(HeatmapAccessible)

public:
    using ViewGrid::ViewGrid;
    const HeadResult *headResult() const
    {
        const Result &r = view()->result();
        const int h = view()->head();
        return h >= 0 && h < std::ssize(r.heads) ? &r.heads[std::size_t(h)] : nullptr;
    }
    int rows() const override { return headResult() ? int(view()->result().tokens.size()) : 0; }
    int columns() const override { return headResult() ? int(view()->result().keys().size()) : 0; }
    QString cellText(int row, int column) const override
    {
        const Result &r = view()->result();
        const QString query = tokenLabel(r.tokens[row]), key = tokenLabel(r.keys()[column]);
        if (view()->concealed())
            return tr("%1 and %2: hidden until you answer").arg(query, key);
        if (!r.isVisible(row, column))
            return tr("%1 does not see %2: masked").arg(query, key);
        QString text = view()->showsScores() && headResult()->scores.rows() == r.tokens.size()
            ? tr("%1 scores %2: %3").arg(query, key, weightText(headResult()->scores(row, column)))
            : tr("%1 attends to %2: %3").arg(query, key, weightText(headResult()->weights(row, column)));
        // The Δ map's colour is the change: say it too.
        const HeatmapFigure &figure = view()->figure();
        if (figure.showsDifference()) {
            const double change = figure.difference(row, column);
            text += tr(", changed by %1 since “%2”").arg(formatChange(change, 3, QLocale()), figure.baselineName());
        }
        return text;
    }
    QString rowName(int row) const override { return tokenLabel(view()->result().tokens[row]); }
    QString columnName(int column) const override { return tokenLabel(view()->result().keys()[column]); }
    QRect cellBounds(int row, int column) const override
    {
        return view()->cellRect(view()->rect(), row, column).toAlignedRect();
    }
    QPoint cellUnder(const QPoint &pos) const override { return view()->cellAt(pos); }
    QList<int> rowsSelected() const override { return selectedOnly(view()->selectedRow()); }
    QList<int> columnsSelected() const override { return selectedOnly(view()->selectedColumn()); }
    bool chooseRow(int row) override
    {
        view()->setSelectedRow(row);
        return true;
    }
    bool chooseColumn(int column) override
    {
        view()->setSelectedColumn(column);
        return true;
    }
};

// The distribution: one row per bar, left to right, "it attends to animal: 0.119".
class DistributionAccessible final : public ViewGrid<DistributionView, QAccessible::Table>
{
    Q_DECLARE_TR_FUNCTIONS(DistributionAccessible)

public:
    using ViewGrid::ViewGrid;
    int keyOf(int row) const { return view()->barOrder().value(row, -1); }
    int rows() const override { return int(view()->barOrder().size()); }
    int columns() const override { return 1; }
    QString cellText(int row, int) const override
    {
        const Result &r = view()->result();
        const int q = view()->query(), key = keyOf(row);
        if (q < 0 || q >= r.tokens.size() || key < 0 || key >= r.keys().size())
            return {};
        const QString query = tokenLabel(r.tokens[q]), keyText = tokenLabel(r.keys()[key]);
        if (!r.isVisible(q, key))
            return tr("%1 does not see %2: masked").arg(query, keyText);
        return tr("%1 attends to %2: %3").arg(query, keyText, weightText(view()->barValues().value(row)));
    }
    QString rowName(int row) const override
    {
        const int key = keyOf(row);
        const QStringList &keys = view()->result().keys();
        return key >= 0 && key < keys.size() ? tokenLabel(keys[key]) : QString();
    }
    QString columnName(int) const override { return tr("weight"); }
    QRect cellBounds(int row, int) const override
    {
        return view()->barRect(view()->rect(), keyOf(row)).toAlignedRect();
    }
    QPoint cellUnder(const QPoint &pos) const override
    {
        const int row = int(view()->barOrder().indexOf(view()->barAt(pos)));
        return row >= 0 ? QPoint(0, row) : QPoint(-1, -1);
    }
    QList<int> rowsSelected() const override
    {
        const int row = int(view()->barOrder().indexOf(view()->highlightedKey()));
        return selectedOnly(row);
    }
    bool chooseRow(int row) override
    {
        view()->setHighlightedKey(keyOf(row));
        return true;
    }
};

// The arrow graph: the focused word's arrows as drawn in full, strongest first, "it attends to
// animal: 0.119" (and the head, when every head is drawn); against a snapshot, the largest change
// first, "it → animal changed by +0.031 since “before”". Empty until a word is focused or locked.
class ArrowGraphAccessible final : public ViewGrid<ArrowGraphView, QAccessible::List>
{
    Q_DECLARE_TR_FUNCTIONS(ArrowGraphAccessible)

public:
    using ViewGrid::ViewGrid;
    std::vector<ArrowGraphView::DrawnEdge> edges() const
    {
        if (view()->focusedToken() < 0)
            return {};
        std::vector<ArrowGraphView::DrawnEdge> out = view()->drawnEdges();
        std::stable_sort(
            out.begin(), out.end(), [](const auto &a, const auto &b) { return a.edge.weight > b.edge.weight; });
        return out;
    }
    // The word at the other end of an arrow from the focused one, and the side it is drawn on.
    std::pair<int, ArrowGraphView::Side> otherEnd(const Edge &e) const
    {
        // In cross-attention a query and a key of one index are different tokens: the side decides.
        const bool fromQuery = view()->result().isCross() ? view()->figure().lockedSide() == ArrowGraphView::Side::Query
                                                          : e.query == view()->focusedToken();
        return fromQuery ? std::pair {e.key, ArrowGraphView::Side::Key}
                         : std::pair {e.query, ArrowGraphView::Side::Query};
    }
    QString nameOf(std::pair<int, ArrowGraphView::Side> end) const
    {
        return ArrowGraphFigure::sideTokens(view()->result(), end.second).value(end.first);
    }
    int rows() const override { return int(edges().size()); }
    int columns() const override { return 1; }
    QString cellText(int row, int) const override
    {
        const auto all = edges();
        if (row < 0 || row >= std::ssize(all))
            return {};
        const ArrowGraphView::DrawnEdge &d = all[std::size_t(row)];
        const Result &r = view()->result();
        const QString from = tokenLabel(r.tokens.value(d.edge.query)), to = tokenLabel(r.keys().value(d.edge.key));
        const ArrowGraphFigure &figure = view()->figure();
        if (figure.showsDifference()) {
            const double change = figure.change(d);
            const QString by = formatChange(change, 3, QLocale());
            return view()->headMode() == ArrowGraphView::HeadMode::All
                ? tr("%1 → %2 changed by %3 since “%4” (head %5)")
                      .arg(from, to, by, figure.baselineName(), QString::number(d.head + 1))
                : tr("%1 → %2 changed by %3 since “%4”").arg(from, to, by, figure.baselineName());
        }
        if (view()->headMode() == ArrowGraphView::HeadMode::All)
            return tr("%1 attends to %2: %3 (head %4)")
                .arg(from, to, weightText(d.edge.weight), QString::number(d.head + 1));
        return tr("%1 attends to %2: %3").arg(from, to, weightText(d.edge.weight));
    }
    QString rowName(int row) const override
    {
        const auto all = edges();
        return row >= 0 && row < std::ssize(all) ? tokenLabel(nameOf(otherEnd(all[std::size_t(row)].edge))) : QString();
    }
    QString columnName(int) const override { return view()->figure().showsDifference() ? tr("change") : tr("weight"); }
    QRect cellBounds(int row, int) const override
    {
        const auto all = edges();
        if (row < 0 || row >= std::ssize(all))
            return {};
        const auto [token, side] = otherEnd(all[std::size_t(row)].edge);
        return view()->tokenRect(token, side).toAlignedRect();
    }
    QPoint cellUnder(const QPoint &pos) const override
    {
        ArrowGraphView::Side side = ArrowGraphView::Side::Query;
        const int token = view()->tokenAt(pos, &side);
        const auto all = edges();
        for (std::size_t i = 0; i < all.size(); ++i)
            if (otherEnd(all[i].edge) == std::pair {token, side})
                return {0, int(i)};
        return {-1, -1};
    }
};

// The layers grid: one row per layer, one column per head, each tile described as its tooltip
// describes it ("layer 2, head 3: strongest 0.98 from “the” to “cat”; …").
class LayersGridAccessible final : public ViewGrid<LayersGridView, QAccessible::Table>
{
    Q_DECLARE_TR_FUNCTIONS(LayersGridAccessible)

public:
    using ViewGrid::ViewGrid;
    int rows() const override { return view()->model() ? view()->model()->layers : 0; }
    int columns() const override { return view()->model() ? view()->model()->heads : 0; }
    QString cellText(int row, int column) const override { return view()->tileDescription(row, column); }
    QString rowName(int row) const override { return tr("layer %1").arg(row + 1); }
    QString columnName(int column) const override { return tr("head %1").arg(column + 1); }
    QRect cellBounds(int row, int column) const override
    {
        return view()->tileRect(view()->rect(), row, column).toAlignedRect();
    }
    QPoint cellUnder(const QPoint &pos) const override
    {
        const auto [layer, head] = view()->tileAt(pos);
        return {head, layer};
    }
    QList<QPoint> cellsSelected() const override
    {
        if (view()->currentHead() < 0)
            return {};
        return {QPoint(view()->currentHead(), view()->currentLayer())};
    }
    QList<int> rowsSelected() const override
    {
        // A whole layer (its heads' aggregate) is current.
        return selectedOnly(view()->currentHead() < 0 ? view()->currentLayer() : -1);
    }
};

// The heads grid: one row per head, "head 3: strongest 0.98 from “the” to “cat”".
class HeadsGridAccessible final : public ViewGrid<HeadsGridView, QAccessible::Table>
{
    Q_DECLARE_TR_FUNCTIONS(HeadsGridAccessible)

public:
    using ViewGrid::ViewGrid;
    int rows() const override { return int(view()->result().heads.size()); }
    int columns() const override { return 1; }
    QString cellText(int row, int) const override
    {
        const Result &r = view()->result();
        const SquareMatrix &w = r.heads[std::size_t(row)].weights;
        Eigen::Index from = -1, to = -1;
        if (w.size() == 0)
            return tr("head %1: no tokens").arg(row + 1);
        const double strongest = w.maxCoeff(&from, &to);
        return tr("head %1: strongest %2 from %3 to %4")
            .arg(row + 1)
            .arg(weightText(strongest), tokenLabel(r.tokens.value(int(from))), tokenLabel(r.keys().value(int(to))));
    }
    QString rowName(int row) const override { return tr("head %1").arg(row + 1); }
    QString columnName(int) const override { return tr("strongest weight"); }
    QRect cellBounds(int row, int) const override { return view()->tileRect(view()->rect(), row).toAlignedRect(); }
    QPoint cellUnder(const QPoint &pos) const override
    {
        const int head = view()->headAt(pos);
        return head >= 0 ? QPoint(0, head) : QPoint(-1, -1);
    }
    QList<int> rowsSelected() const override { return selectedOnly(view()->currentHead()); }
    bool chooseRow(int row) override
    {
        view()->setCurrentHead(row);
        return true;
    }
};

// The token strip: the sentence's tokens as the tokenizer split them, in order.
class TokenStripAccessible final : public ViewGrid<TokenStrip, QAccessible::List>
{
    Q_DECLARE_TR_FUNCTIONS(TokenStripAccessible)

public:
    using ViewGrid::ViewGrid;
    int rows() const override { return int(view()->tokens().size()); }
    int columns() const override { return 1; }
    QString cellText(int row, int) const override
    {
        return tr("%1, token %2 of %3").arg(view()->tokens().value(row)).arg(row + 1).arg(rows());
    }
    QString rowName(int row) const override { return view()->tokens().value(row); }
    QString columnName(int) const override { return tr("token"); }
    QRect cellBounds(int row, int) const override
    {
        const QRect chip = view()->chipRect(row);
        return chip.translated(view()->viewport()->mapTo(view(), QPoint(0, 0))) & view()->rect();
    }
    QPoint cellUnder(const QPoint &pos) const override
    {
        const int token = view()->tokenAt(view()->viewport()->mapFrom(view(), pos));
        return token >= 0 ? QPoint(0, token) : QPoint(-1, -1);
    }
    QList<int> rowsSelected() const override { return selectedOnly(view()->selectedToken()); }
    bool chooseRow(int row) override
    {
        Q_EMIT view()->tokenClicked(row); // as a click: the window selects it everywhere
        return true;
    }
};

// The contributions: a row per key, its share of the selected query's output ("animal: 23 % of
// it's output"), in sentence order.
class ContributionsAccessible final : public ViewGrid<ContributionsView, QAccessible::Table>
{
    Q_DECLARE_TR_FUNCTIONS(ContributionsAccessible)

public:
    using ViewGrid::ViewGrid;
    const Result *result() const { return view()->figure().result(); }
    int rows() const override
    {
        const Result *r = result();
        return r && view()->figure().query() >= 0 ? int(view()->figure().contributions().share.size()) : 0;
    }
    int columns() const override { return 1; }
    QString cellText(int row, int) const override
    {
        const Result &r = *result();
        const double share = view()->figure().contributions().share(row);
        const QString key = tokenLabel(r.keys().value(row)),
                      query = tokenLabel(r.tokens.value(view()->figure().query()));
        return tr("%1: %2 % of %3’s output").arg(key, QLocale().toString(100 * share, 'f', 1), query);
    }
    QString rowName(int row) const override { return tokenLabel(result()->keys().value(row)); }
    QString columnName(int) const override { return tr("share of the output"); }
    QRect cellBounds(int, int) const override { return view()->rect(); }
    QPoint cellUnder(const QPoint &) const override { return {-1, -1}; }
};

// The worked computation: its steps as a reader hears them, one line each (a row of the
// scores' table a line of its own), in plain notation.
class WorkedAccessible final : public ViewGrid<WorkedView, QAccessible::List>
{
    Q_DECLARE_TR_FUNCTIONS(WorkedAccessible)

public:
    using ViewGrid::ViewGrid;
    QStringList lines() const
    {
        QStringList out;
        for (const WorkedBlock &b : view()->figure().blocks(WorkedSyntax::Plain, QLocale())) {
            if (b.kind != WorkedBlock::Kind::Rows) {
                out << b.text;
                continue;
            }
            for (const WorkedRow &row : b.rows) {
                QString line = row.label + u": "_qs + row.expression;
                if (!row.result.isEmpty())
                    line += u" = "_qs + row.result;
                if (!row.note.isEmpty())
                    line += u' ' + row.note;
                out << line;
            }
        }
        return out;
    }
    int rows() const override { return int(lines().size()); }
    int columns() const override { return 1; }
    QString cellText(int row, int) const override { return lines().value(row); }
    QString rowName(int row) const override { return tr("line %1").arg(row + 1); }
    QString columnName(int) const override { return tr("step"); }
    QRect cellBounds(int, int) const override { return view()->rect(); }
    QPoint cellUnder(const QPoint &) const override { return {-1, -1}; }
};

// The vector plot: a row per token (then the second sentence's, in cross-attention), a column
// per role, "q of “it”: (0.41, 1.2)" where the point is drawn.
class VectorsAccessible final : public ViewGrid<VectorPlotView, QAccessible::Table>
{
    Q_DECLARE_TR_FUNCTIONS(VectorsAccessible)

public:
    using ViewGrid::ViewGrid;
    int queries() const { return int(view()->result().tokens.size()); }
    int rows() const override
    {
        const Result &r = view()->result();
        return queries() + (r.isCross() ? int(r.keys().size()) : 0);
    }
    int columns() const override { return 3; }
    VectorPlotView::PointRef point(int row, int column) const { return {static_cast<Role>(column), row}; }
    QString cellText(int row, int column) const override
    {
        const VectorPlotView::PointRef p = point(row, column);
        if (!view()->isDrawn(p.role) || (row >= queries() && p.role == Role::Query))
            return {};
        view()->pointPosition(QRectF(view()->rect()), p); // brings the points up to date
        return view()->describePoint(p).section(u'\n', 0, 0); // the rest is how to drag it
    }
    QString rowName(int row) const override
    {
        const Result &r = view()->result();
        if (row < queries())
            return tokenLabel(r.tokens.value(row));
        return tr("%1 (second sentence)").arg(tokenLabel(r.keys().value(row - queries())));
    }
    QString columnName(int column) const override
    {
        return column == 0 ? tr("query") : column == 1 ? tr("key") : tr("value");
    }
    QRect cellBounds(int row, int column) const override
    {
        if (cellText(row, column).isEmpty())
            return {};
        const QPointF at = view()->pointPosition(QRectF(view()->rect()), point(row, column));
        return QRectF(at - QPointF(5, 5), QSizeF(10, 10)).toAlignedRect();
    }
    QPoint cellUnder(const QPoint &pos) const override
    {
        const VectorPlotView::PointRef p = view()->pointAt(pos);
        return p.isValid() ? QPoint(static_cast<int>(p.role), p.token) : QPoint(-1, -1);
    }
    QList<int> rowsSelected() const override { return selectedOnly(view()->selectedToken()); }
};

template<class View, class Interface>
QAccessibleInterface *accessibleAs(QObject *object)
{
    auto *view = qobject_cast<View *>(object);
    return view ? new Interface(view) : nullptr;
}

QAccessibleInterface *viewAccessible(const QString &, QObject *object)
{
    for (const ViewRow &row : viewRows())
        if (QAccessibleInterface *interface = row.accessible(object))
            return interface;
    // Not views of their own: the model dock's grid, the sentence's tokens.
    if (auto *layers = accessibleAs<LayersGridView, LayersGridAccessible>(object))
        return layers;
    return accessibleAs<TokenStrip, TokenStripAccessible>(object);
}

} // namespace

QAccessibleInterface *heatmapAccessible(QObject *object)
{
    return accessibleAs<HeatmapView, HeatmapAccessible>(object);
}

QAccessibleInterface *arrowsAccessible(QObject *object)
{
    return accessibleAs<ArrowGraphView, ArrowGraphAccessible>(object);
}

QAccessibleInterface *vectorsAccessible(QObject *object)
{
    return accessibleAs<VectorPlotView, VectorsAccessible>(object);
}

QAccessibleInterface *barsAccessible(QObject *object)
{
    return accessibleAs<DistributionView, DistributionAccessible>(object);
}

QAccessibleInterface *contributionsAccessible(QObject *object)
{
    return accessibleAs<ContributionsView, ContributionsAccessible>(object);
}

QAccessibleInterface *workedAccessible(QObject *object)
{
    return accessibleAs<WorkedView, WorkedAccessible>(object);
}

QAccessibleInterface *headsAccessible(QObject *object)
{
    return accessibleAs<HeadsGridView, HeadsGridAccessible>(object);
}

void installViewAccessibility()
{
    static const bool installed = [] {
        QAccessible::installFactory(viewAccessible);
        return true;
    }();
    Q_UNUSED(installed);
}

} // namespace qkv
