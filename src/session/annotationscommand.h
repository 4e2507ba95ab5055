#pragma once

#include "document/annotation.h"

#include <QUndoCommand>

#include <vector>

namespace qkv {

class DocumentSession;

// The document's annotations replaced (one added, edited or removed): no number moves, so nothing
// is computed again; the views redraw.
class AnnotationsCommand : public QUndoCommand
{
public:
    AnnotationsCommand(DocumentSession *session, std::vector<Annotation> after, const QString &text);

    void undo() override;
    void redo() override;

private:
    DocumentSession *m_session;
    std::vector<Annotation> m_before, m_after;
};

} // namespace qkv
