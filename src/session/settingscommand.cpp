#include "session/settingscommand.h"

#include "session/commandids.h"
#include "session/commandtext.h"
#include "session/documentsession.h"

namespace qkv {

SettingsCommand::SettingsCommand(DocumentSession *session, const Settings &settings)
    : m_session(session)
    , m_beforeSettings(session->document().settings())
    , m_after(settings)
{
    if (computedFieldsChanged(m_beforeSettings, m_after) < 0)
        m_before = session->document();
    setText(settingsText(m_beforeSettings, m_after));
}

int SettingsCommand::computedFieldsChanged(const Settings &a, const Settings &b)
{
    const bool differ[]
        = {a.scoring != b.scoring, a.normalization != b.normalization, a.temperature != b.temperature, a.mask != b.mask,
            a.mode != b.mode, a.positions != b.positions, a.precision != b.precision, a.softmax != b.softmax};
    Settings rest = a;
    rest.scoring = b.scoring;
    rest.normalization = b.normalization;
    rest.temperature = b.temperature;
    rest.mask = b.mask;
    rest.mode = b.mode;
    rest.positions = b.positions;
    rest.precision = b.precision;
    rest.softmax = b.softmax;
    if (!(rest == b))
        return -1;
    int bits = 0;
    for (int i = 0; i < static_cast<int>(std::size(differ)); ++i)
        bits |= differ[i] ? 1 << i : 0;
    return bits;
}

void SettingsCommand::redo()
{
    m_session->modify([this](Document &doc) { doc.setSettings(m_after); });
}

void SettingsCommand::undo()
{
    m_session->modify([this](Document &doc) {
        if (m_before)
            doc = *m_before;
        else
            doc.setSettings(m_beforeSettings);
    });
}

int SettingsCommand::id() const
{
    return static_cast<int>(CommandId::Settings);
}

bool SettingsCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const SettingsCommand *>(other);
    // One setting changed again (and nothing else): one step from the first value to the last.
    const int mine = computedFieldsChanged(m_beforeSettings, m_after);
    const int theirs = computedFieldsChanged(next->m_beforeSettings, next->m_after);
    if (m_before || next->m_before || mine != theirs || mine == 0 || (mine & (mine - 1)) != 0)
        return false;
    m_after = next->m_after;
    setText(settingsText(m_beforeSettings, m_after));
    setObsolete(m_after == m_beforeSettings);
    return true;
}

} // namespace qkv
