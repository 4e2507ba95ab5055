#pragma once

#include "export/figureoptions.h"
#include "figures/figurewriter.h"

#include <QByteArray>
#include <QString>

#include <memory>
#include <optional>

class QWidget;

namespace qkv {

class DocumentSession;

// One figure of what the session shows now, written to bytes on a worker thread while the window
// shows a progress dialog with Stop (after 300 ms) and keeps answering. The figure holds its own
// document and the session's results (sharedResult), so edits after a Stop change copies and the
// abandoned drawing finishes unseen. The vector plot draws through a chart widget, which only the
// GUI thread may do: as PNG it is painted there band by band under the same dialog and encoded on
// the worker; as SVG and PDF, drawn there whole (0.2 s at 4,096 words), under a wait cursor.
class BackgroundFigure
{
public:
    BackgroundFigure(DocumentSession &session, const FigureOptions &options);
    ~BackgroundFigure();
    BackgroundFigure(const BackgroundFigure &) = delete;
    BackgroundFigure &operator=(const BackgroundFigure &) = delete;

    // The figure's bytes, empty on failure with the reason in `error`; nullopt when Stop was
    // pressed. `label` says what is drawn, in the progress dialog.
    std::optional<QByteArray> render(QWidget *parent, const QString &label, const FigureSpec &spec, QString *error);

private:
    struct Held;
    std::shared_ptr<Held> m_held;
};

} // namespace qkv
