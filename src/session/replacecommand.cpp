#include "session/replacecommand.h"

#include "session/documentsession.h"

namespace qkv {

ReplaceCommand::ReplaceCommand(DocumentSession *session, Document after, const QString &text)
    : m_session(session)
    , m_before(session->document())
    , m_after(std::move(after))
{
    setText(text);
}

void ReplaceCommand::undo()
{
    m_session->modify([this](Document &doc) { doc = m_before; });
}

void ReplaceCommand::redo()
{
    m_session->modify([this](Document &doc) { doc = m_after; });
}

} // namespace qkv
