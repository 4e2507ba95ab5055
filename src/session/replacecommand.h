#pragma once

#include "document/document.h"

#include <QUndoCommand>

namespace qkv {

class DocumentSession;

// The whole document replaced by another in one step, named by `text`: a lesson's step or its
// solution, which may change the sentence, the settings and any number at once.
class ReplaceCommand : public QUndoCommand
{
public:
    ReplaceCommand(DocumentSession *session, Document after, const QString &text);

    void undo() override;
    void redo() override;

private:
    DocumentSession *m_session;
    Document m_before, m_after;
};

} // namespace qkv
