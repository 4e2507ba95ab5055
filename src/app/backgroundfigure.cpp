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
    // Written by the worker before `done` is set.
    QByteArray bytes;
    QString error;
    std::atomic<bool> done = false;
};

BackgroundFigure::BackgroundFigure(DocumentSession &session, const FigureOptions &options)
    : m_held(std::make_shared<Held>())
{
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
    const std::shared_ptr<Held> held = m_held;
    if (held->renderer->paintsWidgets()) {
        const QByteArray bytes = renderFigure(spec, held->renderer->painter(), error);
        return bytes;
    }
    QThreadPool::globalInstance()->start([held, spec] {
        held->bytes = renderFigure(spec, held->renderer->painter(), &held->error);
        held->done = true;
    });
    WindowProgress progress(parent, label, 0);
    if (!progress.waitUntil([&held] { return held->done.load(); }))
        return std::nullopt;
    if (error)
        *error = held->error;
    return held->bytes;
}

} // namespace qkv
