#include "cli/animationexport.h"

#include "animation/animationwriter.h"
#include "document/valuepath.h"
#include "views/figurerenderer.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QPainter>

namespace qkv::cli {

PaintFigure captioned(const PaintFigure &figure, const QString &caption, qreal px)
{
    return [figure, caption, px](QPainter &p, const QRectF &rect) {
        const QFont font = figureFont(px);
        const qreal strip = QFontMetricsF(font).height() * 1.8;
        figure(p, rect.adjusted(0, 0, 0, -strip));
        p.setFont(font);
        p.setPen(Qt::black);
        p.drawText(QRectF(rect.left(), rect.bottom() - strip, rect.width(), strip), Qt::AlignCenter, caption);
    };
}

QByteArray exportAnimation(const ExportOptions &o, const Document &doc, int token, QString *error, bool *usage,
    const std::function<bool(int done, int total)> &progress)
{
    *usage = false;
    QString why;
    const std::optional<ValueRef> ref = parseValuePath(o.animate, doc, &why);
    if (!ref) {
        *usage = true;
        *error = QStringLiteral("--animate: %1").arg(why);
        return {};
    }
    animation::Frames frames;
    frames.delayMs = 1000 / o.fps;
    FigureSpec spec;
    spec.scale = o.scale;
    // One renderer for every frame, so that the vector plot keeps the first frame's plane.
    std::optional<FigureRenderer> renderer;
    for (int f = 0; f < o.frames; ++f) {
        const double value = o.from + (o.to - o.from) * f / (o.frames - 1);
        Document d = doc;
        d.setValue(*ref, value);
        const Result result = compute(d);
        const FigureInput input {&d, &result, std::max(o.head, 0), token, false, nullptr, {}, nullptr};
        if (renderer)
            renderer->setInput(input);
        else
            renderer.emplace(input, o.figure);
        if (f == 0) // one size for every frame: the first's, as a still figure would have it
            spec.size = (o.sizeGiven ? o.size : renderer->preferredSize(o.size.width()))
                            .boundedTo(QSize(ExportOptions::maxSide, ExportOptions::maxSide));
        const qreal px = figureTextPx(o.figure, QSizeF(spec.size));
        const QString caption = QStringLiteral("%1 = %2").arg(describe(*ref), QLocale::c().toString(value, 'f', 3));
        const PaintFigure paint = captioned(renderer->painter(), caption, px);
        QImage image = renderImage(spec, paint, error);
        if (image.isNull())
            return {};
        frames.images.push_back(std::move(image));
        if (progress && !progress(f + 1, o.frames)) {
            *error = QStringLiteral("stopped");
            return {};
        }
    }
    return o.format == u"gif" ? animation::encodeGif(frames, error) : animation::encodeWebp(frames, error);
}

} // namespace qkv::cli
