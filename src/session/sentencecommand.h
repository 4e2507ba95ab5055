#pragma once

#include "document/document.h"

#include <QUndoCommand>

#include <set>
#include <vector>

namespace qkv {

class DocumentSession;

// One burst of typing, as text editors make undo steps of it: a pause of a second, or a new word
// begun after a space, starts the next burst.
class TypingBurst
{
public:
    explicit TypingBurst(const QString &typed);
    // Whether `next` (typed after this) continues the burst; if so, the burst now ends with it.
    bool continueWith(const TypingBurst &next);
    const QString &typed() const { return m_typed; }

private:
    QString m_typed;
    qint64 m_when; // ms, monotonic
};

// Changing the sentence; typing merges into one step per burst (TypingBurst). Undo restores the sentence and the
// attention matrices and masks that the new token count had reshaped; redo restores the ones the
// edit left (typing "ab" one key at a time reshapes twice, which one reshape does not repeat).
class SentenceCommand : public QUndoCommand
{
public:
    SentenceCommand(DocumentSession *session, const QString &sentence);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    DocumentSession *m_session;
    QString m_before;
    TypingBurst m_after;
    std::vector<Eigen::MatrixXd> m_attentionBefore;
    std::set<Cell> m_maskedBefore;
    QString m_titleBefore, m_titleAfter; // the title follows a sentence it named or that was replaced
    bool m_done = false; // the first redo has run: the state after it is below
    std::vector<Eigen::MatrixXd> m_attentionAfter;
    std::set<Cell> m_maskedAfter;
};

} // namespace qkv
