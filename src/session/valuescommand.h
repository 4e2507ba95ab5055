#pragma once

#include "document/valueref.h"

#include <QUndoCommand>

#include <vector>

namespace qkv {

class DocumentSession;

// Setting one or more numbers of the document: a typed cell, a pasted block, or one scrub.
// Commands of the same drag (same non-zero dragId, same cells) merge into one undo step, and
// a drag that ends where it started leaves no step at all.
class ValuesCommand : public QUndoCommand
{
public:
    // `text`: what the step is called; by default it says which numbers were set to what.
    ValuesCommand(DocumentSession *session, std::vector<ValueRef> refs, std::vector<double> values, int dragId = 0,
        const QString &text = {});

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;
    int dragId() const { return m_dragId; }

private:
    DocumentSession *m_session;
    std::vector<ValueRef> m_refs;
    std::vector<double> m_before, m_after;
    std::vector<bool> m_wasStored; // a default group is unstored again on undo
    int m_dragId;
    bool m_namedByValues; // the text follows the values of a merged drag
};

} // namespace qkv
