#include "figurerenderer.h"

#include "colormap.h"
#include "documentsession.h"
#include "headsgridview.h"
#include "heatmapview.h"
#include "workedview.h"

#include <QPainter>
#include <QStyle>
#include <QStyleFactory>

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
    return {QStringLiteral("heatmap"), QStringLiteral("heads"), QStringLiteral("worked")};
}

FigureRenderer::FigureRenderer(DocumentSession *session, const QString &view)
{
    session->waitForResult();
    const auto adopt = [this](auto *widget) {
        widget->setPalette(slidePalette());
        widget->setAttribute(Qt::WA_DontShowOnScreen);
        m_views.emplace_back(widget);
        return widget;
    };
    m_preferredSize = [](int width) { return QSize(width, width); };
    if (view == u"heatmap") {
        auto *v = adopt(new HeatmapView);
        v->setSession(session);
        m_paint = [v](QPainter &p, const QRectF &r) { v->paint(p, r); };
    } else if (view == u"heads") {
        auto *v = adopt(new HeadsGridView);
        v->setSession(session);
        m_paint = [v](QPainter &p, const QRectF &r) { v->paint(p, r); };
    } else if (view == u"worked") {
        auto *v = adopt(new WorkedView);
        v->setSession(session);
        m_paint = [v](QPainter &p, const QRectF &r) {
            p.fillRect(r, v->palette().base());
            v->paint(p, r);
        };
        m_preferredSize = [v](int width) { return QSize(width, static_cast<int>(std::ceil(v->contentHeight(width)))); };
    }
}

FigureRenderer::~FigureRenderer() = default;

void FigureRenderer::setColormap(const QString &name)
{
    const int index = colormapNames().indexOf(name);
    if (index < 0)
        return;
    for (const auto &w : m_views) {
        if (auto *h = qobject_cast<HeatmapView *>(w.get()))
            h->setColormap(static_cast<Colormap>(index));
        if (auto *g = qobject_cast<HeadsGridView *>(w.get()))
            g->setColormap(static_cast<Colormap>(index));
    }
}

QSize FigureRenderer::preferredSize(int width) const
{
    return m_preferredSize(width);
}

} // namespace qkv
