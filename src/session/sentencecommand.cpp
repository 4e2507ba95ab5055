#include "session/sentencecommand.h"

#include "session/commandids.h"
#include "session/commandtext.h"
#include "session/documentsession.h"

#include <chrono>

namespace qkv {

SentenceCommand::SentenceCommand(DocumentSession *session, const QString &sentence)
    : m_session(session)
    , m_before(session->document().sentence())
    , m_after(sentence)
    , m_lastEdit(
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
              .count())
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
    constexpr qint64 burstPauseMs = 1000;
    const bool paused = next->m_lastEdit - m_lastEdit >= burstPauseMs;
    const auto endsWord = [](const QString &s) { return !s.isEmpty() && s.back().isSpace(); };
    const bool newWord = endsWord(m_after) && !endsWord(next->m_after) && next->m_after.size() > m_after.size();
    if (paused || newWord)
        return false;
    m_lastEdit = next->m_lastEdit;
    m_after = next->m_after;
    m_attentionAfter = next->m_attentionAfter;
    m_maskedAfter = next->m_maskedAfter;
    m_titleAfter = next->m_titleAfter; // what the document shows now
    setText(sentenceText(m_after));
    setObsolete(m_after == m_before);
    return true;
}

} // namespace qkv
