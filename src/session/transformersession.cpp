#include "session/transformersession.h"

#include "attention/engine.h"
#include "session/documentsession.h"

#include <QFileInfo>

#include <algorithm>

namespace qkv {

TransformerSession::TransformerSession(DocumentSession *session, QObject *parent)
    : QObject(parent)
    , m_session(session)
{ }

void TransformerSession::show(const OpenedFile &opened, const QString &path)
{
    m_model = opened.model;
    m_path = path;
    m_view = {};
    m_kept.clear();
    m_snapshots.clear();
    m_shownEdited = false;
    m_recomputeError = opened.recomputeError;
    m_session->resetDocument(*opened.loaded.document, opened.result);
    Q_EMIT modelChanged();
    Q_EMIT viewChanged();
}

void TransformerSession::replace(std::shared_ptr<const ModelAttention> model, bool keepDocument)
{
    m_model = std::move(model);
    for (const Kept &k : m_kept)
        rememberSnapshots(k.view, k.document);
    m_kept.clear();
    if (!keepDocument) {
        rememberSnapshots(m_view, m_session->document());
        ModelView view = m_view;
        if (!shownStack(*m_model, view))
            view.stack = AttentionStack::Encoder;
        view.layer = std::min(view.layer, shownStack(*m_model, view)->layers - 1);
        std::optional<ModelDocument> md
            = notShownInWindow(*m_model, view).isEmpty() ? inPlaceOfShown(view, nullptr) : std::nullopt;
        if (!md) { // a view the new numbers cannot give (too many tokens for combined heads…)
            view = ModelView {};
            view.sentence = m_view.sentence;
            md = inPlaceOfShown(view, nullptr);
        }
        if (md) {
            const int head = m_session->currentHead(), token = m_session->selectedToken();
            restoreSnapshots(view, md->document);
            // A teacher's marks name tokens by their words: they stay on the new sentence's.
            md->document.setAnnotations(m_session->document().annotations());
            m_view = view;
            m_recomputeError = md->recomputeError;
            m_shownEdited = false;
            m_session->resetDocument(md->document, std::move(md->result));
            m_session->setCurrentHead(std::min(head, md->document.settings().heads - 1));
            m_session->setSelectedToken(token < md->document.tokenCount() ? token : -1);
        }
    }
    Q_EMIT modelReplaced();
    if (!keepDocument)
        Q_EMIT viewChanged();
}

void TransformerSession::close()
{
    if (!m_model)
        return;
    m_model.reset();
    m_kept.clear();
    m_snapshots.clear();
    m_path.clear();
    Q_EMIT modelChanged();
}

int TransformerSession::editedOtherViews() const
{
    return static_cast<int>(
        std::count_if(m_kept.begin(), m_kept.end(), [this](const Kept &k) { return k.edited && !(k.view == m_view); }));
}

std::optional<TokenGroups> TransformerSession::tokenGroups() const
{
    if (!m_model || !m_view.regroups())
        return std::nullopt;
    return groupTokens(shown()->tokens, m_view.groupOptions());
}

QString TransformerSession::setView(const ModelView &asked)
{
    ModelView view = asked;
    // Another stack of an encoder-decoder model: its own number of layers.
    if (const ModelAttention *stack = m_model ? shownStack(*m_model, view) : nullptr;
        stack && view.stack != m_view.stack)
        view.layer = std::min(view.layer, stack->layers - 1);
    if (!m_model || view == m_view)
        return {};
    if (QString why = notShownInWindow(*m_model, view); !why.isEmpty())
        return why;
    const auto keptFor = [this](const ModelView &v) {
        return std::find_if(m_kept.begin(), m_kept.end(), [&](const Kept &k) { return k.view == v; });
    };
    Document next;
    std::optional<Result> computed;
    double error = -1;
    bool nextEdited = false;
    if (const auto it = keptFor(view); it != m_kept.end()) {
        next = it->document;
        error = it->recomputeError;
        nextEdited = it->edited;
    } else {
        QString why;
        auto md = inPlaceOfShown(view, &why);
        if (!md)
            return why;
        next = std::move(md->document);
        restoreSnapshots(view, next);
        computed = std::move(md->result);
        error = md->recomputeError;
    }
    const bool edited = m_shownEdited || !m_session->undoStack()->isClean();
    if (const auto it = keptFor(m_view); it != m_kept.end()) {
        it->document = m_session->document();
        it->edited = edited;
    } else {
        m_kept.push_back({m_view, m_session->document(), m_recomputeError, edited});
    }
    // The head and token looked at stay, where the new look has them: the same word when pieces
    // are merged or split again, or special tokens hidden or shown.
    const int head = m_session->currentHead();
    const int token = carriedToken(m_view, view, m_session->selectedToken());
    m_view = view;
    m_recomputeError = error;
    m_shownEdited = nextEdited;
    m_session->resetDocument(next, std::move(computed));
    m_session->setCurrentHead(std::min(head, next.settings().heads - 1));
    m_session->setSelectedToken(token < next.tokenCount() ? token : -1);
    Q_EMIT viewChanged();
    return {};
}

std::optional<ModelDocument> TransformerSession::inPlaceOfShown(const ModelView &view, QString *error)
{
    // The shown result goes before the new one is computed with its document (from the model's
    // vectors): at 4,096 tokens each is gigabytes, never two at once.
    const ModelAttention *shown = shownStack(*m_model, view);
    const bool released = shown && view.layer < shown->layers && usesModelVectors(*m_model, view);
    if (released)
        m_session->releaseResult();
    std::optional<ModelDocument> md = modelDocument(*m_model, view, QFileInfo(m_path).fileName(), error);
    if (!md)
        m_session->restoreResult();
    else if (released && !md->result) // shown as the model's own weights after all
        md->result = compute(md->document);
    return md;
}

int TransformerSession::carriedToken(const ModelView &from, const ModelView &to, int token) const
{
    // Another stack: other tokens, whose row of the same index (if any) stays selected.
    if (token < 0 || from.stack != to.stack || (!from.regroups() && !to.regroups()))
        return token;
    // The model's tokens the shown one stands for (itself when nothing is grouped).
    std::vector<int> pieces {token};
    if (from.regroups()) {
        const TokenGroups groups = groupTokens(shownStack(*m_model, from)->tokens, from.groupOptions());
        if (token >= std::ssize(groups.members))
            return -1;
        pieces = groups.members[static_cast<std::size_t>(token)];
    }
    if (!to.regroups()) // a word split again: its last piece, which has seen the whole word
        return pieces.empty() ? -1 : pieces.back();
    const TokenGroups groups = groupTokens(shownStack(*m_model, to)->tokens, to.groupOptions());
    for (auto piece = pieces.rbegin(); piece != pieces.rend(); ++piece)
        for (std::size_t g = 0; g < groups.members.size(); ++g)
            if (std::ranges::binary_search(groups.members[g], *piece))
                return static_cast<int>(g);
    return -1; // every piece hidden
}

void TransformerSession::rememberSnapshots(const ModelView &view, const Document &doc)
{
    std::erase_if(m_snapshots, [&](const LookSnapshots &s) { return s.view == view; });
    if (!doc.snapshots().empty())
        m_snapshots.push_back({view, doc.snapshots(), doc.baseline()});
}

void TransformerSession::restoreSnapshots(const ModelView &view, Document &doc) const
{
    for (const LookSnapshots &s : m_snapshots)
        if (s.view == view) {
            doc.setSnapshots(s.snapshots);
            doc.setBaseline(s.baseline);
        }
}

} // namespace qkv
