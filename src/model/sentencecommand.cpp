#include "sentencecommand.h"

#include "commandids.h"
#include "commandtext.h"
#include "documentsession.h"

namespace qkv {

SentenceCommand::SentenceCommand(DocumentSession *session, const QString &sentence)
    : m_session(session)
    , m_before(session->document().sentence())
    , m_after(sentence)
    , m_attentionBefore(session->document().storedAttention())
    , m_maskedBefore(session->document().maskedCells())
    , m_titleBefore(session->document().title())
{
    setText(sentenceText(m_after));
    m_titleAfter = titleAfterSentenceEdit(m_titleBefore, m_before, m_after, session->document().settings().tokenizer);
}

void SentenceCommand::undo()
{
    m_session->modify([this](Document &doc) {
        doc.setSentence(m_before);
        doc.setTitle(m_titleBefore);
        doc.restoreAttention(m_attentionBefore);
        doc.setMaskedCells(m_maskedBefore);
    });
}

void SentenceCommand::redo()
{
    m_session->modify([this](Document &doc) {
        doc.setSentence(m_after);
        doc.setTitle(m_titleAfter);
        if (m_done) {
            doc.restoreAttention(m_attentionAfter);
            doc.setMaskedCells(m_maskedAfter);
        }
    });
    m_done = true;
    m_attentionAfter = m_session->document().storedAttention();
    m_maskedAfter = m_session->document().maskedCells();
}

int SentenceCommand::id() const
{
    return static_cast<int>(CommandId::Sentence);
}

bool SentenceCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const SentenceCommand *>(other);
    m_after = next->m_after;
    m_attentionAfter = next->m_attentionAfter;
    m_maskedAfter = next->m_maskedAfter;
    m_titleAfter = next->m_titleAfter; // what the document shows now
    setText(sentenceText(m_after));
    setObsolete(m_after == m_before);
    return true;
}

} // namespace qkv
