#pragma once

#include "document/document.h"

#include <QUndoCommand>

#include <optional>

namespace qkv {

class DocumentSession;

// Changing the settings. Most settings only change how the numbers are computed (scoring,
// normalization, temperature, mask, mode, positions): undo sets them back and keeps nothing else,
// and consecutive changes of one of them merge into one step (a spin box held down). Settings that
// reshape or re-key the numbers (heads, dimensions, tokenizer, vector scope) may drop some, so
// their undo restores a copy of the document as it was.
class SettingsCommand : public QUndoCommand
{
public:
    SettingsCommand(DocumentSession *session, const Settings &settings);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    // Which of the settings that keep the numbers differ, one bit each; -1 if any other differs.
    static int computedFieldsChanged(const Settings &a, const Settings &b);

private:
    DocumentSession *m_session;
    Settings m_beforeSettings;
    std::optional<Document> m_before; // only for settings that may drop numbers
    Settings m_after;
};

} // namespace qkv
