#include "panels/backgroundfigure.h"

#include "panels/windowprogress.h"
#include "session/documentsession.h"
#include "views/figurerenderer.h"

namespace qkv {

// Everything the drawing reads, alive until both the window and the worker are done with it.
struct BackgroundFigure::Held {
    Document document;
    std::shared_ptr<const Result> result;
    std::shared_ptr<const Result> baseline;
    std::shared_ptr<const Document> baselineDocument;
    std::unique_ptr<FigureRenderer> renderer;
};

BackgroundFigure::BackgroundFigure(DocumentSession &session, const FigureOptions &options)
    : m_held(std::make_shared<Held>())
{
    const WaitCursor waiting;
    session.waitForResult();
    Held &h = *m_held;
    h.document = session.document();
    h.result = session.sharedResult();
    h.baseline = session.sharedBaselineResult(true);
    const Snapshot *snapshot = h.document.baselineSnapshot();
    if (h.baseline && snapshot)
        h.baselineDocument = snapshot->state;
    const FigureInput input {&h.document, h.result.get(), session.currentHead(), session.selectedToken(),
        session.isKeySelected(), h.baseline.get(), h.baseline ? h.document.baseline() : QString(),
        h.baselineDocument.get()};
    h.renderer = std::make_unique<FigureRenderer>(input, options);
}

BackgroundFigure::~BackgroundFigure() = default;

std::optional<QByteArray> BackgroundFigure::render(
    QWidget *parent, const QString &label, const FigureSpec &spec, QString *error)
{
    const FigureRenderer &renderer = *m_held->renderer;
    if (renderer.paintsWidgets() && spec.format != FigureFormat::Png) {
        const WaitCursor waiting;
        return renderFigure(spec, renderer.painter(), error);
    }
    using Drawn = std::pair<QByteArray, QString>; // the bytes, or why there are none
    WindowProgress progress(parent, label, 1);
    std::function<Drawn()> work;
    if (renderer.paintsWidgets()) {
        // Painted here band by band, the window answering between bands, and encoded (most of a
        // large PNG's time) on the worker, which never holds the widgets: they go with this
        // object, on this thread.
        const QImage image = renderImageInBands(
            spec, renderer.painter(),
            [&progress](int done, int total) {
                progress.setMaximum(total);
                return progress.advance(done);
            },
            error);
        if (progress.stopped())
            return std::nullopt;
        if (image.isNull())
            return QByteArray();
        work = [image] {
            Drawn d;
            d.first = encodePng(image, &d.second);
            return d;
        };
    } else {
        work = [held = m_held, spec] {
            Drawn d;
            d.first = renderFigure(spec, held->renderer->painter(), &d.second);
            return d;
        };
    }
    const std::optional<Drawn> drawn = runOnWorker(progress, std::move(work));
    if (!drawn)
        return std::nullopt;
    if (error)
        *error = drawn->second;
    return drawn->first;
}

} // namespace qkv
