#pragma once

#include "document/document.h"

#include <QUndoCommand>

namespace qkv {

class DocumentSession;

// Masking or unmasking one (query, key) cell by hand.
class MaskCommand : public QUndoCommand
{
public:
    MaskCommand(DocumentSession *session, Cell cell);

    void undo() override { toggle(); }
    void redo() override { toggle(); }

private:
    void toggle();

    DocumentSession *m_session;
    Cell m_cell;
};

} // namespace qkv
