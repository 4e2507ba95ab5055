#pragma once

#include "document.h"

#include <QUndoCommand>

namespace qkv {

class DocumentSession;

// Changing the settings. Shrinking heads or dimensions drops numbers, so undo restores the
// document as it was; settings change rarely, which keeps that copy cheap.
class SettingsCommand : public QUndoCommand
{
public:
    SettingsCommand(DocumentSession *session, const Settings &settings);

    void undo() override;
    void redo() override;

private:
    DocumentSession *m_session;
    Document m_before;
    Settings m_after;
};

} // namespace qkv
