#pragma once

#include "attention/engine.h"
#include "figures/annotationlayer.h"
#include "figures/figurestyle.h"
#include "figures/valueaxis.h"

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QRectF>

class QPainter;

namespace qkv {

// One query's attention weights in one head as a bar chart, one bar per key token, in sentence
// order or sorted by weight; or one key's column, a bar per query (who attends to it). Masked keys have no weight bar
// but a hatched "masked" column; bars are labelled with their tokens (thinned, turned and shrunk when they do not fit)
// and, while there is room, their weights. A highlighted key is drawn in orange with its exact weight in a callout, as
// is a hovered one. Draws into any QPainter without a widget.
class DistributionFigure
{
    Q_DECLARE_TR_FUNCTIONS(DistributionFigure)

public:
    DistributionFigure();
    ~DistributionFigure();

    // What is drawn: a head of `result`, which must stay alive while the figure uses it. Call
    // again whenever its numbers change.
    void setData(const Result *result, int head);
    const Result &result() const;
    int head() const { return m_head; }
    // The query whose row is shown (-1, or one past the tokens: the first), or with `column` the
    // key whose column is shown: who attends to it, a bar per query.
    void setQuery(int token, bool column = false);
    int query() const;
    bool isColumn() const { return m_column; }
    // The tokens the bars stand for: the keys of a row, the queries of a column.
    const QStringList &barTokens() const;

    // Against a baseline (a snapshot's result, alive while used; null: none): each key's weight
    // then, drawn as a dashed outline over its bar and named in the legend. A baseline that cannot
    // be compared (another number of tokens) draws none.
    void setBaseline(const Result *baseline, const QString &name);
    const Result *baseline() const { return m_baseline; }
    // The baseline's weights of the shown row, by key (0 where masked); empty when none are drawn.
    QList<double> baselineValues() const;

    // The value axis covers at least `low` … `high` besides the bars' own values (0, 0: only
    // theirs): two figures side by side then share one scale.
    void setValueSpan(double low, double high);

    void setSorted(bool sorted);
    bool isSorted() const { return m_sorted; }
    // The key whose exact weight is shown, in the highlight colour (-1: none).
    void setHighlightedKey(int key);
    int highlightedKey() const { return m_highlightedKey; }
    // The key under the mouse, its weight in a callout too (-1: none).
    void setHoveredKey(int key);

    // What paint() shows: the keys from left to right and their weights (0 where masked).
    QList<int> barOrder() const;
    QList<double> barValues() const;
    // Geometry of paint() for `rect`: a key's bar (for a masked key its hatched column), and the
    // key under a point (-1 outside the bars' columns; a column's labels count as the column).
    QRectF barRect(const QRectF &rect, const FigureStyle &style, int key) const;
    int barAt(const QRectF &rect, const FigureStyle &style, const QPointF &pos) const;
    // The weight the value axis gives a height `y` (beyond the axis too): where a dragged bar ends.
    double valueAt(const QRectF &rect, const FigureStyle &style, qreal y) const;
    // "it → animal: weight 0.2712 (raw score 1.22)": what a hover reports.
    QString describeBar(int key) const;

    void paint(QPainter &painter, const QRectF &rect, const FigureStyle &style) const;

    // Callouts, boxes and arrows over the bars: a token is its bar's column (weight, bar and
    // label); no callout covers a weight.
    void setAnnotations(std::vector<PlacedAnnotation> annotations) { m_annotations.set(std::move(annotations)); }
    const AnnotationLayer &annotations() const { return m_annotations; }
    AnnotationTargets annotationTargets(const QRectF &rect, const FigureStyle &style) const;

private:
    struct Layout;
    const HeadResult *headResult() const;
    // The shown row's or column's weight at `bar`, and whether that cell is masked.
    double weightAt(const SquareMatrix &weights, int bar) const;
    bool maskedAt(const Result &result, int bar) const;
    void changed() { ++m_serial; }
    void update() const; // the bars' order, values and axis, after a change
    Layout layout(const QRectF &rect, const FigureStyle &style) const;
    qreal barTop(const Layout &l, double value) const;
    void paintAxis(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    void paintBars(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    void paintLabels(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    void paintValues(QPainter &painter, const Layout &l, const FigureStyle &style) const;
    void paintCallout(QPainter &painter, const Layout &l, const FigureStyle &style, int key) const;
    AnnotationTargets annotationTargets(const Layout &l) const;
    QFont valueFont(const Layout &l) const;

    const Result *m_result = nullptr;
    const Result *m_baseline = nullptr;
    QString m_baselineName;
    AnnotationLayer m_annotations;
    int m_head = 0;
    int m_query = -1;
    bool m_column = false;
    double m_spanLow = 0, m_spanHigh = 0;
    bool m_sorted = false;
    int m_highlightedKey = -1;
    int m_hoveredKey = -1;

    // Derived from the data, rebuilt lazily after changed() bumps m_serial.
    quint64 m_serial = 1;
    // The shown row: keys left to right, weights (0 where masked) and the value axis.
    struct Bars {
        quint64 serial = 0;
        QList<int> order;
        QList<double> values;
        QList<bool> masked;
        QList<double> ghosts; // the baseline's weights, by key; empty: none drawn
        bool anyMasked = false;
        ValueAxis axis;
    };
    // The widest token label in a font, measured once per tokens and font (an edited value keeps
    // them: at 4,096 tokens measuring them took longer than drawing the bars).
    struct Labels {
        QStringList tokens;
        int bars = -1;
        QFont font;
        qreal widest = 0;
    };
    mutable Bars m_bars;
    mutable Labels m_labels;
};

} // namespace qkv
