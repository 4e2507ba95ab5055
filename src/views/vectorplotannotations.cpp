// The document's annotations over the vector plot. A token is its query's point (the first role
// shown when queries are hidden) and an arrow ends at its key's: an arrow from "it" to "animal"
// joins the two vectors whose dot product is the score.
#include "views/vectorplotview.h"

#include "figures/annotationlayer.h"
#include "views/vectorplotroles.h"

#include <QChart>
#include <QPainter>
#include <QScatterSeries>

namespace qkv {

using namespace vectorplot;

AnnotationTargets VectorPlotView::annotationTargets(QSizeF size, std::vector<QRectF> keepClear) const
{
    sync(size);
    AnnotationTargets targets;
    const QTransform t = valueToPixel();
    const QRectF plot = m_chart->plotArea();
    // Inside the axes, whose ticks are numbers too.
    targets.bounds = plot.intersected(QRectF(QPointF(0, 0), size));
    const auto marker = [this, t](Role role, int g) {
        const qreal r = m_series[idx(role)]->markerSize() / 2 + 2;
        return QRectF(t.map(m_drawn.cloud.points(role)[g]) - QPointF(r, r), QSizeF(2 * r, 2 * r));
    };
    // Every point stays visible: no callout covers one.
    for (Role role : roles)
        if (isDrawn(role))
            for (int g = 0; g < m_drawn.cloud.groups().size(); ++g)
                if (m_drawn.cloud.has(role, g))
                    keepClear.push_back(marker(role, g));
    targets.numbers = std::move(keepClear);
    const auto point = [this, plot, marker](int token, Role preferred) {
        const int g = groupOf(token);
        if (g < 0)
            return QRectF();
        for (Role role : {preferred, Role::Query, Role::Key, Role::Value})
            if (isDrawn(role) && m_drawn.cloud.has(role, g)) {
                const QRectF r = marker(role, g);
                return plot.contains(r.center()) ? r : QRectF();
            }
        return QRectF();
    };
    targets.token = [point](int token) { return point(token, Role::Query); };
    // In cross-attention an arrow ends at a key of the second sentence.
    targets.arrowEnd = [this, point](int token) { return point(m_drawn.cloud.cloudToken(token, true), Role::Key); };
    return targets;
}

void VectorPlotView::paintAnnotations(QPainter &painter, QSizeF size, std::vector<QRectF> keepClear) const
{
    AnnotationLayer layer;
    layer.set(m_binding.annotations(QStringLiteral("vectors")));
    if (layer.isEmpty())
        return;
    layer.paint(painter, annotationTargets(size, std::move(keepClear)), {palette(), font(), m_figure, locale()});
}

} // namespace qkv
