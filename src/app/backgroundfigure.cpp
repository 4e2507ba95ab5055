#include "app/backgroundfigure.h"

#include "app/figurerenderer.h"
#include "app/windowprogress.h"
#include "session/documentsession.h"

#include <QThreadPool>

#include <atomic>

namespace qkv {

// Everything the drawing reads, alive until both the window and the worker are done with it.
struct BackgroundFigure::Held {
    Document document;
    std::shared_ptr<const Result> result;
    std::shared_ptr<const Result> baseline;
    std::shared_ptr<const Document> baselineDocument;
    std::unique_ptr<FigureRenderer> renderer;
};

namespace {

// What the worker leaves: written before `done` is set.
struct Outcome {
    QByteArray bytes;
    QString error;
    std::atomic<bool> done = false;
};

} // namespace

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
    const auto outcome = std::make_shared<Outcome>();
    if (renderer.paintsWidgets()) {
        // Painted here, encoded (most of a large PNG's time) on the worker, which never holds
        // the widgets: they go with this object, on this thread.
        QImage image;
        {
            const WaitCursor waiting;
            image = renderImage(spec, renderer.painter(), error);
        }
        if (image.isNull())
            return QByteArray();
        QThreadPool::globalInstance()->start([outcome, image = std::move(image)] {
            outcome->bytes = encodePng(image, &outcome->error);
            outcome->done = true;
        });
    } else {
        QThreadPool::globalInstance()->start([outcome, held = m_held, spec] {
            outcome->bytes = renderFigure(spec, held->renderer->painter(), &outcome->error);
            outcome->done = true;
        });
    }
    WindowProgress progress(parent, label, 0);
    if (!progress.waitUntil([&outcome] { return outcome->done.load(); }))
        return std::nullopt;
    if (error)
        *error = outcome->error;
    return outcome->bytes;
}

} // namespace qkv
