#pragma once

#include "transformer/forward.h"

#include <QObject>
#include <QUndoStack>

#include <vector>

namespace qkv {

namespace live {
class LiveSession;
}

// The undo history of a model running in the window. What the model computes is its sentence
// and its interventions, so each step holds both as they were before and after: a sentence typed
// (a step per burst of typing, as in documents), the queries, keys and values of a head edited
// (one step per drag), a head switched off or on, a layer reset. Undo and redo put back exactly
// that state and the model computes it again, however often the shown layer's document was
// rebuilt in between: a step never refers to cells of a document that is gone.
class LiveHistory : public QObject
{
    Q_OBJECT

public:
    explicit LiveHistory(live::LiveSession *live, QObject *parent = nullptr);

    QUndoStack *stack() { return &m_stack; }

    // Typing: the model runs after a pause (LiveSession::setSentence); replaced numbers, which
    // belong to the old tokens, are dropped and come back with an undo.
    void typeSentence(const QString &sentence);
    // A whole new sentence as one step of its own (`text`), never merged with typing: what a
    // model wrote, a passage chosen elsewhere.
    void replaceSentence(const QString &sentence, const QString &text);
    // The same for an encoder-decoder model's target.
    void typeTarget(const QString &target);
    // New interventions on the same sentence, as the step `text`. Steps of one drag (the same
    // non-zero dragId) merge; a step that changes nothing is none.
    void changeInterventions(std::vector<transformer::Intervention> next, const QString &text, int dragId = 0);

    // The interventions the history holds, each kept once however many states share it (tests:
    // steps share what an edit did not change).
    qsizetype interventionsHeld() const;

Q_SIGNALS:
    // An undo or redo put another sentence back: the sentence box shows it.
    void sentenceRestored(const QString &sentence);
    void targetRestored(const QString &target);

private:
    void type(const QString &sentence, const QString &target, const QString &text);

    live::LiveSession *m_live;
    QUndoStack m_stack; // emptied whenever a model is opened or closed: its state is where history begins
};

} // namespace qkv
