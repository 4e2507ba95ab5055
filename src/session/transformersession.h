#pragma once

#include "modelfiles/modeldocument.h"

#include <QObject>

#include <memory>
#include <vector>

namespace qkv {

class DocumentSession;

// A real model opened in the window: the model's attention and how it is looked at
// (layer, heads, tokens). Each look becomes the session's document; the edits of a look are
// kept while the model is open, so coming back to a layer finds its vectors as they were left.
class TransformerSession : public QObject
{
    Q_OBJECT

public:
    explicit TransformerSession(DocumentSession *session, QObject *parent = nullptr);

    // Shows a model opened by openFile() (its document is the session's from then on).
    void show(const OpenedFile &opened, const QString &path);
    // The same model computed again (a real model on a new sentence, or after an intervention):
    // the layer, head and token looked at stay where the new numbers have them. With
    // `keepDocument` (the numbers of the shown view did not change) the document and its undo
    // history stay too; the other views come from the new numbers.
    void replace(std::shared_ptr<const ModelAttention> model, bool keepDocument);
    // The session's document is no longer a model's (another file was opened).
    void close();
    bool isOpen() const { return static_cast<bool>(m_model); }
    // The whole model (an encoder-decoder model's three attentions), and the attention the view
    // looks at (the model itself but for a decoder's or cross-attention).
    const std::shared_ptr<const ModelAttention> &model() const { return m_model; }
    const ModelAttention *shown() const { return m_model ? shownStack(*m_model, m_view) : nullptr; }
    const QString &path() const { return m_path; }
    const ModelView &view() const { return m_view; }
    // The shown tokens as groups of the model's (set when special tokens are hidden or pieces
    // merged), for views of the whole model.
    std::optional<TokenGroups> tokenGroups() const;
    // With the model's vectors: how far the attention computed from them is from the file's.
    double recomputeError() const { return m_recomputeError; }

    // Looks at the model another way; the reason when it cannot (the view stays), else empty.
    QString setView(const ModelView &asked);

    // Edits that only this session holds: the shown view came back with edits made earlier
    // (its undo history is gone, so the undo stack alone does not tell), and other views left
    // with edits. Saving writes the shown view only.
    bool shownViewWasEdited() const { return m_shownEdited; }
    int editedOtherViews() const;
    void markShownViewSaved() { m_shownEdited = false; }

Q_SIGNALS:
    void modelChanged(); // opened, or closed
    void viewChanged();
    void modelReplaced(); // replace(): model() holds new numbers

private:
    DocumentSession *m_session;
    std::shared_ptr<const ModelAttention> m_model;
    QString m_path;
    ModelView m_view;
    double m_recomputeError = -1;
    bool m_shownEdited = false;
    struct Kept {
        ModelView view;
        Document document; // as last left
        double recomputeError;
        bool edited; // differs from the file's numbers
    };
    std::vector<Kept> m_kept;
    // The snapshots taken of each look, kept across new numbers (an intervention, a new
    // sentence), so that a look compares with how it was before them.
    struct LookSnapshots {
        ModelView view;
        std::vector<Snapshot> snapshots;
        QString baseline;
    };
    std::vector<LookSnapshots> m_snapshots;
    // The shown token of `to` that stands for shown token `token` of `from` (-1: none).
    int carriedToken(const ModelView &from, const ModelView &to, int token) const;
    // `view`'s document and result, the shown result freed first where the new one comes with it
    // (DocumentSession::releaseResult); the shown result is back when there is none.
    std::optional<ModelDocument> inPlaceOfShown(const ModelView &view, QString *error);
    void rememberSnapshots(const ModelView &view, const Document &doc);
    void restoreSnapshots(const ModelView &view, Document &doc) const;
};

} // namespace qkv
