#pragma once

#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "document/document.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

namespace qkv {

class DocumentSession;

// The one way a view follows what it shows: a session's result, current head and selected token
// while one is set, or data of its own (tests, benchmarks, a result without a document) with a
// head and a selection of its own. A view reads everything here and changes the head or the
// selection here, which passes it on to the session when there is one; the signals say what
// moved, whichever the source.
class SessionBinding : public QObject
{
    Q_OBJECT

public:
    explicit SessionBinding(QObject *parent = nullptr);
    ~SessionBinding() override;

    // Follows `session` (nullptr: the own data); every signal fires once.
    void setSession(DocumentSession *session);
    DocumentSession *session() const;

    // The data shown while no session is set: a result, and the document it came from when there
    // is one (export draws a document's result without a session).
    void setResult(Result result);
    // The same without a copy (a figure of 4,000 tokens would copy 256 MB); never null.
    void setResult(std::shared_ptr<const Result> result);
    void setDocument(Document document);

    const Result &result() const;
    // The document, for what a result does not say (the mode, shared vectors): the session's, or
    // the one set; none without either.
    const Document *document() const;
    // The result of the session's baseline snapshot and its name (null and empty: none), for the
    // views that show what changed.
    const Result *baseline() const;
    QString baselineName() const;
    // The document's annotations of `view` (an annotationViews() name) on the result's tokens.
    std::vector<PlacedAnnotation> annotations(const QString &view) const;

    int head() const;
    void setHead(int head);
    // The selected token (-1: none): a query, or with isKeySelected() a key.
    int selectedToken() const;
    bool isKeySelected() const;
    void setSelection(int token, bool asKey = false);

    // While resultChanged and attentionChanged are being signalled after an edit of a few numbers:
    // the rows of each head whose weights moved, for a view that redoes only those; otherwise null.
    const ChangedRows *changedRows() const { return m_changedRows; }

Q_SIGNALS:
    // New numbers: another session, own data, or the session's new result. attentionKept: only
    // the outputs moved (a value was edited), every head's scores and weights are as they were.
    void resultChanged(bool attentionKept);
    // The same, for views of the attention alone: fired with resultChanged unless it was kept.
    void attentionChanged();
    void headChanged(int head);
    void selectionChanged(int token, bool asKey);
    // The document's annotations changed (and no number).
    void annotationsChanged();

private:
    void announceResult(bool attentionKept, const ChangedRows *changedRows = nullptr);
    void announceAll();

    QPointer<DocumentSession> m_session;
    std::shared_ptr<const Result> m_own;
    std::optional<Document> m_ownDocument;
    const ChangedRows *m_changedRows = nullptr;
    int m_head = 0;
    int m_token = -1;
    bool m_key = false;
};

} // namespace qkv
