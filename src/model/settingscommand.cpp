#include "settingscommand.h"

#include "commandtext.h"
#include "documentsession.h"

namespace qkv {

SettingsCommand::SettingsCommand(DocumentSession *session, const Settings &settings)
    : m_session(session)
    , m_before(session->document())
    , m_after(settings)
{
    setText(settingsText(m_before.settings(), m_after));
}

void SettingsCommand::redo()
{
    m_session->modify([this](Document &doc) { doc.setSettings(m_after); });
}

void SettingsCommand::undo()
{
    m_session->modify([this](Document &doc) { doc = m_before; });
}

} // namespace qkv
