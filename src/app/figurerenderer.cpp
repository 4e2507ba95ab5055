#include "figurerenderer.h"

#include "arrowgraphview.h"
#include "colormap.h"
#include "distributionview.h"
#include "documentsession.h"
#include "figurecaption.h"
#include "headsgridview.h"
#include "heatmapview.h"
#include "vectorplotview.h"
#include "workedview.h"

#include <QPainter>
#include <QStyle>
#include <QStyleFactory>

#include <cmath>

namespace qkv {

QPalette slidePalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p = fusion->standardPalette();
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Window, Qt::white);
    return p;
}

QStringList FigureRenderer::availableFigureViews()
{
    return {QStringLiteral("heatmap"), QStringLiteral("arrows"), QStringLiteral("vectors"), QStringLiteral("bars"),
        QStringLiteral("worked"), QStringLiteral("heads"), QStringLiteral("figure")};
}

template<typename View>
View *FigureRenderer::adopt(View *view)
{
    view->setPalette(slidePalette());
    view->setAttribute(Qt::WA_DontShowOnScreen);
    m_views.emplace_back(view);
    return view;
}

FigureRenderer::FigureRenderer(DocumentSession *session, const FigureOptions &options)
{
    session->waitForResult();
    m_preferredSize = [](int width) { return QSize(width, width); };
    if (options.view != u"figure") {
        m_paint = paintView(session, options, options.view);
        return;
    }
    // The composed teaching figure: caption on top, heatmap left, arrow graph right.
    const PaintFigure heatmap = paintView(session, options, QStringLiteral("heatmap"));
    const PaintFigure arrows = paintView(session, options, QStringLiteral("arrows"));
    const QString caption = figureCaption(session->document(), session->currentHead(), session->selectedToken());
    const QPalette palette = slidePalette();
    m_paint = [=](QPainter &p, const QRectF &r) {
        p.fillRect(r, palette.base());
        QFont font = p.font();
        font.setPointSizeF(std::clamp(r.width() / 90.0, 8.0, 14.0));
        p.setFont(font);
        p.setPen(palette.color(QPalette::Text));
        const QRectF textRect = r.adjusted(12, 8, -12, 0);
        const QRectF used = p.boundingRect(textRect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption);
        p.drawText(textRect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, caption);
        const QRectF body(r.left(), used.bottom() + 8, r.width(), std::max(0.0, r.bottom() - used.bottom() - 8));
        const qreal half = body.width() / 2;
        heatmap(p, QRectF(body.left(), body.top(), half, body.height()));
        arrows(p, QRectF(body.left() + half, body.top(), half, body.height()));
    };
    m_preferredSize = [](int width) { return QSize(width, width / 2 + std::clamp(width / 90, 8, 14) * 5 + 24); };
}

PaintFigure FigureRenderer::paintView(DocumentSession *session, const FigureOptions &o, const QString &view)
{
    const int colormap = colormapNames().indexOf(o.colormap);
    const auto paintWith = [](auto *v) { return [v](QPainter &p, const QRectF &r) { v->paint(p, r); }; };
    if (view == u"heatmap") {
        auto *v = adopt(new HeatmapView);
        v->setSession(session);
        v->setShowScores(o.scores);
        v->setScaleSkipsFirst(o.skipFirst);
        if (colormap >= 0)
            v->setColormap(static_cast<Colormap>(colormap));
        return paintWith(v);
    }
    if (view == u"heads") {
        auto *v = adopt(new HeadsGridView);
        v->setSession(session);
        v->setShowScores(o.scores);
        v->setScaleSkipsFirst(o.skipFirst);
        if (colormap >= 0)
            v->setColormap(static_cast<Colormap>(colormap));
        return paintWith(v);
    }
    if (view == u"arrows") {
        auto *v = adopt(new ArrowGraphView);
        v->setSession(session);
        v->setGraphLayout(o.arcs ? ArrowGraphView::Layout::Arcs : ArrowGraphView::Layout::Columns);
        v->setHeadMode(o.allHeads ? ArrowGraphView::HeadMode::All : ArrowGraphView::HeadMode::Current);
        v->setFilter(o.filter);
        return paintWith(v);
    }
    if (view == u"vectors") {
        auto *v = adopt(new VectorPlotView);
        v->setSession(session);
        if (o.dimX >= 0 && o.dimY >= 0)
            v->setDimensions(o.dimX, o.dimY);
        return paintWith(v);
    }
    if (view == u"bars") {
        auto *v = adopt(new DistributionView);
        v->setSession(session);
        v->setSorted(o.sorted);
        return paintWith(v);
    }
    if (view == u"worked") {
        auto *v = adopt(new WorkedView);
        v->setSession(session);
        m_preferredSize = [v](int width) { return QSize(width, static_cast<int>(std::ceil(v->contentHeight(width)))); };
        return [v](QPainter &p, const QRectF &r) {
            p.fillRect(r, v->palette().base());
            v->paint(p, r);
        };
    }
    return {};
}

FigureRenderer::~FigureRenderer() = default;

QSize FigureRenderer::preferredSize(int width) const
{
    return m_preferredSize(width);
}

} // namespace qkv
