#pragma once

#include "attention/engine.h"
#include "document/document.h"
#include "document/documentio.h"
#include "modelfiles/modelaggregate.h"
#include "modelfiles/modelattention.h"
#include "modelfiles/tokengroups.h"

#include <QString>

#include <memory>
#include <optional>

namespace qkv {

// How a real model's attention is looked at: which of an encoder-decoder model's attentions, one
// layer or all of them combined, each head or the heads combined, and which tokens (special ones
// hidden, word pieces merged into words).
struct ModelView {
    AttentionStack stack = AttentionStack::Encoder;
    int layer = 0; // -1: every layer combined by `layersBy`
    std::optional<Aggregate> headsBy; // set: the heads combined into one
    Aggregate layersBy = Aggregate::Mean;
    bool hideSpecial = false;
    QStringList specialTokens = defaultSpecialTokens(); // what hideSpecial hides
    SubwordStyle merge = SubwordStyle::None;
    // A model folder or hf:NAME is run on this sentence (--sentence); model files hold their own.
    QString sentence;
    std::optional<QString> target; // an encoder-decoder model's target so far (--target)

    bool operator==(const ModelView &) const = default;
    bool regroups() const { return hideSpecial || merge != SubwordStyle::None; }
    TokenGroupOptions groupOptions() const { return {hideSpecial, specialTokens, merge}; }
};

// The attention the view looks at: `model` itself or, for an encoder-decoder model, its decoder's
// or cross-attention (null when the model has no such stack).
const ModelAttention *shownStack(const ModelAttention &model, const ModelView &view);

// Whether the document of this view computes attention from the model's own queries and keys
// (so that dragging one changes it): the file must hold them, and the view must be one layer's
// heads on the model's own tokens (combined heads or merged tokens have no vectors of their own).
bool usesModelVectors(const ModelAttention &model, const ModelView &view);

// Why the window does not show this look, where a document could be made of it (empty when it
// does): every layer combined (mean, max, rollout, flow) of a run that keeps no attention would
// compute all its heads again on the window's thread, minutes at 4,096 tokens. The command line
// computes it.
QString notShownInWindow(const ModelAttention &all, const ModelView &v);

// A real model's attention as a document QKV Lab computes, shows and edits.
struct ModelDocument {
    Document document;
    // With the model's vectors: the largest difference between the attention recomputed from
    // them and the file's own (-1 when the file's attention is shown as it is).
    double recomputeError = -1;
    std::optional<Result> result; // with the model's vectors: the document computed
};

// With the model's vectors: direct mode with per-token vectors (each head's Q, K and V of the
// layer), scaled softmax, and the causal mask when the file's attention never looks ahead; for
// cross-attention the second sentence's tokens give the keys and values.
// Otherwise: weights mode with the attention as given (grouped, combined), the values the
// model's where they fit. Tokens keep their text, a space inside one shown as "␣". `name` (the
// file's) goes into the title. Empty with the reason in `error` beyond the documents' limits.
std::optional<ModelDocument> modelDocument(
    const ModelAttention &all, const ModelView &v, const QString &name, QString *error = nullptr);

// Whether a FILE argument names a model's attention by its suffix: .npy, .npz, .safetensors.
// (A .json file may be either: openFile tells.)
bool isModelFileName(const QString &path);

// What a FILE argument opens: a document, `example:NAME`, or a real model's attention shown
// with `view` (by suffix; a .json file that is not a QKV Lab document is read as a model's).
// A document asked for with a view other than the default is refused: the options meant a model.
struct OpenedFile {
    LoadResult loaded;
    std::shared_ptr<const ModelAttention> model; // set when the file is a model's
    double recomputeError = -1;
    std::optional<Result> result; // a model's document, when openFile computed it
};
OpenedFile openFile(const QString &fileOrExample, const ModelView &view = {});
// The same for a model's attention already in memory (a model run on a sentence): `where` names
// it in messages, `title` is the document's.
OpenedFile openModelAttention(
    std::shared_ptr<const ModelAttention> model, const ModelView &view, const QString &where, const QString &title);

} // namespace qkv
