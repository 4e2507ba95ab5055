#pragma once

#include "document.h"
#include "engine.h"

#include <QObject>
#include <QUndoStack>

namespace qkv {

// The open document, its computed attention and its undo history: the one place every edit
// goes through. Commands change the document through here; each change recomputes once and
// emits resultChanged, which every view and table listens to.
class DocumentSession : public QObject
{
    Q_OBJECT

public:
    explicit DocumentSession(QObject *parent = nullptr);

    const Document &document() const { return m_document; }
    const Result &result() const { return m_result; }
    QUndoStack *undoStack() { return &m_undo; }

    // Replaces the whole document (open, new, example); clears the history.
    void resetDocument(const Document &doc);
    // An undoable edit of the sentence.
    void editSentence(const QString &sentence);

    // For undo commands only: apply a change and recompute.
    void applySentence(
        const QString &sentence, const std::vector<Eigen::MatrixXd> *attention, const std::set<Cell> *masked);

Q_SIGNALS:
    void documentReset();
    void resultChanged();

private:
    void recompute();

    Document m_document;
    Result m_result;
    QUndoStack m_undo;
};

} // namespace qkv
