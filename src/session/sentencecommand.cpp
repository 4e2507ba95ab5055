#include "session/sentencecommand.h"

#include "session/commandids.h"
#include "session/commandtext.h"
#include "session/documentsession.h"

#include <chrono>

namespace qkv {

TypingBurst::TypingBurst(const QString &typed)
    : m_typed(typed)
    , m_when(std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
                 .count())
{ }

bool TypingBurst::continueWith(const TypingBurst &next)
{
    constexpr qint64 burstPauseMs = 1000;
    const bool paused = next.m_when - m_when >= burstPauseMs;
    const auto endsWord = [](const QString &s) { return !s.isEmpty() && s.back().isSpace(); };
    const bool newWord = endsWord(m_typed) && !endsWord(next.m_typed) && next.m_typed.size() > m_typed.size();
    if (paused || newWord)
        return false;
    *this = next;
    return true;
}

SentenceCommand::SentenceCommand(DocumentSession *session, const QString &sentence)
    : m_session(session)
    , m_before(session->document().sentence())
    , m_after(sentence)
    , m_attentionBefore(session->document().storedAttention())
    , m_maskedBefore(session->document().maskedCells())
    , m_titleBefore(session->document().title())
{
    setText(sentenceText(m_before, sentence));
    m_titleAfter = titleAfterSentenceEdit(m_titleBefore, m_before, sentence, session->document().settings().tokenizer);
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
        doc.setSentence(m_after.typed());
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
    if (!m_after.continueWith(next->m_after))
        return false;
    m_attentionAfter = next->m_attentionAfter;
    m_maskedAfter = next->m_maskedAfter;
    m_titleAfter = next->m_titleAfter; // what the document shows now
    setText(sentenceText(m_before, m_after.typed()));
    setObsolete(m_after.typed() == m_before);
    return true;
}

} // namespace qkv
