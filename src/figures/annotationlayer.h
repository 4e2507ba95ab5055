#pragma once

#include "document/annotation.h"
#include "figures/figurestyle.h"

#include <QColor>
#include <QRectF>

#include <functional>
#include <vector>

class QPainter;

namespace qkv {

// Where a figure's annotations point: the figure says where it drew each token (and, on a
// heatmap, each cell), which numbers the annotations must leave readable, and where callouts go.
struct AnnotationTargets {
    std::function<QRectF(int token)> token; // its label, node, bar or point; empty: not drawn
    std::function<QRectF(int token)> arrowEnd; // where an arrow to it ends, when not token()
    std::function<QRectF(int token)> arrowStart; // where an arrow from it starts, when not token()
    std::function<QRectF(int row, int col)> cell; // a heatmap's cells; unset elsewhere
    std::vector<QRectF> numbers; // text no callout may cover
    QRectF bounds; // the figure: callouts stay inside
    QRectF column; // a column kept for callouts beside a figure full of numbers (may be empty)
};

// A figure's annotations (document/annotation.h) with their tokens found: boxes drawn around
// their targets, arrows curved between tokens, and callouts, each placed where it covers no number,
// no target and no other callout, joined to its target by a leader line.
class AnnotationLayer
{
public:
    void set(std::vector<PlacedAnnotation> annotations) { m_annotations = std::move(annotations); }
    const std::vector<PlacedAnnotation> &annotations() const { return m_annotations; }
    bool isEmpty() const { return m_annotations.empty(); }

    // The column a figure filled with numbers (the heatmap) keeps at its right for callouts: the
    // widest callout and a gap, 0 when it has none.
    qreal columnWidth(const FigureStyle &style) const;

    void paint(QPainter &painter, const AnnotationTargets &targets, const FigureStyle &style) const;
    // Where paint() writes each annotation's text (empty for one without text), in order.
    std::vector<QRectF> textRects(const AnnotationTargets &targets, const FigureStyle &style) const;

private:
    struct Placed;
    std::vector<Placed> layout(const AnnotationTargets &targets, const FigureStyle &style) const;

    std::vector<PlacedAnnotation> m_annotations;
};

// The annotations' colour: Okabe–Ito vermilion, which no colour map of ours uses, lighter on a
// dark background.
QColor annotationColor(const FigureStyle &style);

} // namespace qkv
