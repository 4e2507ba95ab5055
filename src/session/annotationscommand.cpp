#include "session/annotationscommand.h"

#include "session/documentsession.h"

namespace qkv {

AnnotationsCommand::AnnotationsCommand(DocumentSession *session, std::vector<Annotation> after, const QString &text)
    : m_session(session)
    , m_before(session->document().annotations())
    , m_after(std::move(after))
{
    setText(text);
}

void AnnotationsCommand::undo()
{
    m_session->modifyAnnotations(m_before);
}

void AnnotationsCommand::redo()
{
    m_session->modifyAnnotations(m_after);
}

} // namespace qkv
