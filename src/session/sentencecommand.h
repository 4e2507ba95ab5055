#pragma once

#include "document/document.h"

#include <QUndoCommand>

#include <set>
#include <vector>

namespace qkv {

class DocumentSession;

// Changing the sentence; typing merges into one step per burst, as text editors do: a pause of
// a second, or a new word begun after a space, starts the next step. Undo restores the sentence and the
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
    QString m_before, m_after;
    qint64 m_lastEdit; // when the last edit merged into this step (ms, monotonic)
    std::vector<Eigen::MatrixXd> m_attentionBefore;
    std::set<Cell> m_maskedBefore;
    QString m_titleBefore, m_titleAfter; // the title follows a sentence it named or that was replaced
    bool m_done = false; // the first redo has run: the state after it is below
    std::vector<Eigen::MatrixXd> m_attentionAfter;
    std::set<Cell> m_maskedAfter;
};

} // namespace qkv
