#pragma once

#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "document/document.h"

#include <QObject>
#include <QThreadPool>
#include <QUndoStack>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace qkv {

class ValuesCommand;

// The open document, its computed attention, its undo history and the shared selection: the
// one place every edit goes through. Edits become undo commands; a command changes the
// document through modify(), which recomputes once and tells the models and views.
class DocumentSession : public QObject
{
    Q_OBJECT

public:
    explicit DocumentSession(QObject *parent = nullptr);
    ~DocumentSession() override;

    const Document &document() const { return m_document; }
    // The latest computed result. For large documents (see isComputedInBackground) it is
    // computed on a worker thread and may briefly describe the previous edit; resultChanged
    // says when a newer one arrives.
    const Result &result() const { return *m_result; }
    // The same result, held: it stays as it is for as long as it is held (a figure drawn on a
    // worker thread), the session changing a copy of it meanwhile.
    std::shared_ptr<const Result> sharedResult() const { return m_result; }
    static bool isComputedInBackground(const Document &doc);
    // The result of the document's baseline snapshot, for the views that show differences;
    // computed once per snapshot, whose state never changes. Null when none is chosen, or while a
    // large one (isComputedInBackground) is computed on the worker: resultChanged says when it
    // arrives. `wait` computes it at once instead (export).
    const Result *baselineResult(bool wait = false) const { return sharedBaselineResult(wait).get(); }
    std::shared_ptr<const Result> sharedBaselineResult(bool wait = false) const;
    bool isComputing() const { return m_computing; }
    // Whether the latest resultChanged left every head's scores and weights as they were (a
    // value was edited: only outputs moved), so views of the attention alone need not redo anything.
    bool attentionKept() const { return m_attentionKept; }
    // After an edit of a few numbers, the rows of each head whose scores and weights the latest
    // resultChanged moved (views redo only those); null when the result was computed whole.
    const ChangedRows *changedRows() const { return m_changedRows ? &*m_changedRows : nullptr; }
    // Blocks until the result describes the current document (tests, benchmark, export).
    void waitForResult();
    QUndoStack *undoStack() { return &m_undo; }
    // The document as it was opened (or last reset): the starting vectors a word can go back to.
    const Document &openedDocument() const { return m_opened; }

    // Replaces the whole document (open, new, example, recovery); clears the history and selects
    // the document's focus token (none if it names none).
    // `computed`: its result, when already computed (a real model's layer is computed to check
    // it against the file's attention: not twice).
    void resetDocument(const Document &doc, std::optional<Result> computed = std::nullopt);
    // Before such a reset: the shown result's n × n matrices are freed now, so that the old and
    // the new are never held at once (2.4 GB each for a 9-head layer of 4,096 tokens). Until the
    // reset, or restoreResult(), the result is empty and nothing may read it. Nothing is freed
    // while another holder (a figure drawn in the background) shares it.
    void releaseResult();
    // The released result computed again from the document, when no reset came after all.
    void restoreResult();

    // Undoable edits. A sentence or settings that would make the document too large to compute
    // (sizeRefusal) change nothing and are answered by editRefused.
    void editSentence(const QString &sentence);
    // Cross-attention's second sentence (empty: back to self-attention), as one undoable edit;
    // refused with settings it cannot be computed with (crossRefusal).
    void editCrossSentence(const QString &sentence);
    void editSettings(const Settings &settings);
    // `text` names the step when the edit is more than numbers typed or dragged ("Set … to zero").
    void editValues(
        const std::vector<ValueRef> &refs, const std::vector<double> &values, int dragId = 0, const QString &text = {});
    void editValue(const ValueRef &ref, double value, int dragId = 0) { editValues({ref}, {value}, dragId); }
    void toggleMask(Cell cell);
    // The whole document replaced in one undo step named `text` (a lesson's step or solution);
    // refused like a sentence or settings edit when it would be too large to compute.
    void editDocument(const Document &doc, const QString &text);
    // The annotations replaced in one undo step named `text`; allowed on a real model's layer too,
    // where the step is the model's history's (setModelHistory).
    void editAnnotations(const std::vector<Annotation> &annotations, const QString &text);
    // While a real model runs, the document is one of its layers: its settings and masks are the
    // model's, and editing them is refused with `why` (editRefused); empty allows it again.
    void setSettingsFixed(const QString &why) { m_settingsFixed = why; }
    const QString &settingsFixed() const { return m_settingsFixed; }
    // The same for the numbers: a running model's view that combines its numbers (merged pieces,
    // combined heads) cannot hand an edit back to the model. The tables show them read-only.
    void setValuesFixed(const QString &why);
    const QString &valuesFixed() const { return m_valuesFixed; }
    // While a real model runs, an edit of the values is a step of the model's one history, not of
    // this session's stack: editValues() asks `route` first, and when it takes the edit it applies
    // it (`edit.redo()`) and makes the step; otherwise the edit is a step here as ever. Empty: none.
    using ValuesRoute = std::function<bool(ValuesCommand &edit)>;
    void setValuesRoute(ValuesRoute route) { m_valuesRoute = std::move(route); }
    // The same for what a model keeps across its runs (annotations): their steps go on `stack`, the
    // model's history, while one runs. Null: this session's stack.
    void setModelHistory(QUndoStack *stack) { m_modelHistory = stack; }
    // A fresh id for the edits of one drag, which then merge into one undo step.
    int newDragId() { return ++m_lastDragId; }

    // The token every view highlights (-1 for none), as a query (its row: what it attends to) or
    // as a key (its column: who attends to it), and the head the single-head views show.
    // selectedTokenChanged tells of either change.
    int selectedToken() const { return m_selectedToken; }
    bool isKeySelected() const { return m_keySelected; }
    void setSelection(int token, bool asKey);
    void setSelectedToken(int token) { setSelection(token, false); }
    void setSelectedKey(int token) { setSelection(token, true); }
    int currentHead() const { return m_currentHead; }
    void setCurrentHead(int head);

Q_SIGNALS:
    // The token list, a dimension, the heads or the mode changed: tables must reset.
    void shapeChanged();
    // Only numbers changed.
    void valuesChanged();
    void resultChanged();
    void documentReset();
    void selectedTokenChanged(int token);
    void currentHeadChanged(int head);
    // Why the last sentence or settings edit was not made.
    void editRefused(const QString &why);
    // setValuesFixed changed whether the numbers can be edited: the tables' cells and columns.
    void valuesFixedChanged();
    // The annotations changed, and nothing else.
    void annotationsChanged();

private:
    // The undo commands' way in, theirs only: every change of the document is a step of history.
    friend class AnnotationsCommand;
    friend class MaskCommand;
    friend class ReplaceCommand;
    friend class SentenceCommand;
    friend class SettingsCommand;
    friend class ValuesCommand;
    void modifyAnnotations(const std::vector<Annotation> &annotations)
    {
        m_document.setAnnotations(annotations);
        Q_EMIT annotationsChanged();
    }
    // Changes the document, recomputes, notifies.
    template<typename F>
    void modify(F &&change)
    {
        const QStringList tokens = m_document.tokens();
        const Settings settings = m_document.settings();
        change(m_document);
        afterChange(tokens != m_document.tokens() || !(settings == m_document.settings()));
    }
    // The same for a change of the numbers `refs` only: when the shown result is current, only
    // what depends on them is recomputed (updateResult), at once even for large documents.
    template<typename F>
    void modifyValues(const std::vector<ValueRef> &refs, F &&change)
    {
        const bool current = !m_computing && m_resultGeneration == m_generation;
        change(m_document);
        ChangedRows rows;
        if (current && updateResult(ownResult(), m_document, refs, &rows))
            afterIncrementalUpdate(std::move(rows));
        else
            afterChange(false);
    }

    bool refuseSize(const Settings &settings, const QString &sentence);
    void afterChange(bool shapeChanged, std::optional<Result> computed = std::nullopt);
    void afterIncrementalUpdate(ChangedRows rows);
    void clampSelection();
    void startBackgroundCompute();
    void startBaselineCompute(const std::shared_ptr<const Document> &state);
    void acceptResult(Result result, quint64 generation);
    // The result to change: a copy while someone else holds it (sharedResult), else itself, so
    // the views' pointers to it stay good.
    Result &ownResult();
    void setResult(Result result);
    void setBaselineResult(Result result) const;

    Document m_document;
    Document m_opened;
    std::shared_ptr<Result> m_result;
    bool m_released = false; // releaseResult() emptied it
    QUndoStack m_undo;
    int m_lastDragId = 0;
    QString m_settingsFixed;
    QString m_valuesFixed;
    ValuesRoute m_valuesRoute;
    QUndoStack *m_modelHistory = nullptr;
    int m_selectedToken = -1;
    bool m_keySelected = false;
    int m_currentHead = 0;
    quint64 m_generation = 0; // counts document changes, to know whether a result is current
    quint64 m_resultGeneration = 0;
    bool m_computing = false;
    bool m_attentionKept = false;
    std::optional<ChangedRows> m_changedRows;
    mutable std::shared_ptr<const Document> m_baselineState; // what m_baselineResult was computed of
    mutable std::shared_ptr<Result> m_baselineResult; // changed in place too while nobody else holds it
    std::shared_ptr<const Document> m_baselinePending; // being computed on the worker
    QThreadPool m_pool; // one worker; destroyed (and waited for) before the members it uses
};

} // namespace qkv
