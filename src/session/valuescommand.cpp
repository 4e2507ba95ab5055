#include "session/valuescommand.h"

#include "session/commandids.h"
#include "session/commandtext.h"
#include "session/documentsession.h"

namespace qkv {

ValuesCommand::ValuesCommand(
    DocumentSession *session, std::vector<ValueRef> refs, std::vector<double> values, int dragId, const QString &text)
    : m_session(session)
    , m_refs(std::move(refs))
    , m_after(std::move(values))
    , m_dragId(dragId)
    , m_namedByValues(text.isEmpty())
{
    const Document &doc = session->document();
    for (const ValueRef &r : m_refs) {
        m_before.push_back(doc.value(r));
        m_wasStored.push_back(doc.isStored(r));
    }
    setText(m_namedByValues ? valuesText(doc, m_refs, m_after, m_dragId != 0) : text);
}

void ValuesCommand::redo()
{
    m_session->modifyValues(m_refs, [this](Document &doc) {
        for (std::size_t i = 0; i < m_refs.size(); ++i)
            doc.setValue(m_refs[i], m_after[i]);
    });
}

void ValuesCommand::undo()
{
    m_session->modifyValues(m_refs, [this](Document &doc) {
        for (std::size_t i = m_refs.size(); i-- > 0;)
            doc.setValue(m_refs[i], m_before[i]);
        for (std::size_t i = 0; i < m_refs.size(); ++i)
            if (!m_wasStored[i])
                doc.unstore(m_refs[i]);
    });
}

int ValuesCommand::id() const
{
    return static_cast<int>(CommandId::Values);
}

bool ValuesCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const ValuesCommand *>(other);
    if (m_dragId == 0 || o->m_dragId != m_dragId || o->m_refs != m_refs)
        return false;
    m_after = o->m_after;
    if (m_namedByValues)
        setText(valuesText(m_session->document(), m_refs, m_after, true));
    setObsolete(m_after == m_before);
    return true;
}

} // namespace qkv
