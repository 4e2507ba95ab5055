#include "modelfiles/modeldocument.h"

#include "analysis/attentionflow.h"

#include "attention/engine.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace qkv {
namespace {

// One token per whitespace-separated word of the sentence, whatever the token holds.
QString sentenceOf(const QStringList &tokens)
{
    static const QRegularExpression space(QStringLiteral("\\s"));
    QStringList words;
    for (QString t : tokens) {
        t.replace(space, QStringLiteral("␣"));
        words << (t.isEmpty() ? QStringLiteral("∅") : t);
    }
    return words.join(u' ');
}

Eigen::MatrixXd toDouble(const Eigen::Ref<const FloatMatrix> &m)
{
    return m.cast<double>();
}

// Whether a model never lets a token see later ones in this layer: a causal (decoder) model.
// Row by row, without a copy: at 4,096 tokens a head is 16.8 M weights.
bool looksAhead(const ModelAttention &m, int layer)
{
    for (int h = 0; h < m.heads; ++h) {
        const FloatMatrix w = m.weights(layer, h);
        for (Eigen::Index r = 0; r + 1 < w.rows(); ++r)
            if (w.row(r).tail(w.cols() - r - 1).cwiseAbs().maxCoeff() > 1e-6f)
                return true;
    }
    return false;
}

QString layerText(const ModelAttention &all, const ModelAttention &m, const ModelView &v)
{
    // An encoder-decoder model's three attentions each have their layers.
    const QString stack = !all.isEncoderDecoder() ? QString()
        : v.stack == AttentionStack::Encoder      ? QStringLiteral("encoder ")
        : v.stack == AttentionStack::Decoder      ? QStringLiteral("decoder ")
                                                  : QStringLiteral("cross-attention ");
    if (v.layer < 0) {
        switch (v.layersBy) {
        case Aggregate::Max:
            return QStringLiteral("max of %1 %2layers").arg(m.layers).arg(stack);
        case Aggregate::Rollout:
            return QStringLiteral("rollout through %1 %2layers").arg(m.layers).arg(stack);
        case Aggregate::Flow:
            return QStringLiteral("flow through %1 %2layers").arg(m.layers).arg(stack);
        case Aggregate::Mean:
            break;
        }
        return QStringLiteral("mean of %1 %2layers").arg(m.layers).arg(stack);
    }
    return QStringLiteral("%1layer %2 of %3").arg(stack).arg(v.layer + 1).arg(m.layers);
}

// The attention matrices the view shows, one per document head.
std::vector<FloatMatrix> shownAttention(const ModelAttention &m, const ModelView &v)
{
    std::vector<FloatMatrix> out;
    if (v.headsBy || (v.layer < 0 && throughLayers(v.layersBy))) { // rollout and flow: the whole model
        const Aggregate heads = v.headsBy.value_or(Aggregate::Mean);
        out.push_back(v.layer < 0 ? aggregateAll(m, heads, v.layersBy) : aggregateHeads(m, v.layer, heads));
        return out;
    }
    for (int h = 0; h < m.heads; ++h)
        out.push_back(v.layer < 0 ? aggregateLayers(m, h, v.layersBy) : FloatMatrix(m.weights(v.layer, h)));
    return out;
}

bool fits(int tokens, int heads, int dim, QString *error)
{
    QString why;
    if (tokens < 1)
        why = QStringLiteral("no tokens are left to show");
    else if (tokens > limits::maxTokens)
        why = QStringLiteral("%1 tokens are more than the %2 a document holds").arg(tokens).arg(limits::maxTokens);
    else if (heads > limits::maxHeads)
        why = QStringLiteral("%1 heads are more than the %2 a document holds").arg(heads).arg(limits::maxHeads);
    else if (dim > limits::maxDim)
        why = QStringLiteral("vectors of %1 dimensions are more than the %2 a document holds")
                  .arg(dim)
                  .arg(limits::maxDim);
    if (error)
        *error = why;
    return why.isEmpty();
}

// The document loader has read it already (and refused it): it is small enough to look in.
bool looksLikeModelJson(const QString &path)
{
    QFile f(path);
    if (path.startsWith(QLatin1String("example:")) || !f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = f.readAll();
    return bytes.contains("\"attention") && !bytes.contains("\"format\"");
}

} // namespace

const ModelAttention *shownStack(const ModelAttention &model, const ModelView &view)
{
    return model.stack(view.stack);
}

bool usesModelVectors(const ModelAttention &model, const ModelView &view)
{
    const ModelAttention *m = shownStack(model, view);
    return m && m->hasVectors() && view.layer >= 0 && !view.headsBy && !view.regroups();
}

QString notShownInWindow(const ModelAttention &all, const ModelView &v)
{
    const ModelAttention *m = shownStack(all, v);
    if (!m || !m->recomputesAttention() || v.layer >= 0)
        return {};
    return QStringLiteral("every layer combined needs all %1 heads' attention, and a run of %2 tokens keeps none (each "
                          "head is computed again from its queries and keys when shown): choose a layer, or use "
                          "qkvlab compute --layer %3")
        .arg(m->layers * m->heads)
        .arg(m->n)
        .arg(v.layersBy == Aggregate::Max          ? QStringLiteral("max")
                : v.layersBy == Aggregate::Rollout ? QStringLiteral("rollout")
                : v.layersBy == Aggregate::Flow    ? QStringLiteral("flow")
                                                   : QStringLiteral("mean"));
}

std::optional<ModelDocument> modelDocument(
    const ModelAttention &all, const ModelView &v, const QString &name, QString *error)
{
    const ModelAttention *shown = shownStack(all, v);
    const auto refuse = [error](const QString &why) {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!shown)
        return refuse(QStringLiteral("the model has no decoder: it is not an encoder-decoder model"));
    const ModelAttention &m = *shown;
    // Hidden or merged tokens are grouped on one sentence; cross-attention's rows and columns
    // are two.
    if (m.isCross() && v.regroups())
        return refuse(QStringLiteral("cross-attention is shown on the model's own tokens: special tokens cannot be "
                                     "hidden nor word pieces merged in it"));
    const bool whole = v.layer < 0 && throughLayers(v.layersBy); // rollout or flow: one matrix
    if (whole && m.isCross())
        return refuse(QStringLiteral("rollout and flow follow a token through its own layers: not cross-attention"));
    if (v.layer < 0 && v.layersBy == Aggregate::Flow && m.n > analysis::interactiveFlowTokenLimit)
        return refuse(QStringLiteral("flow is shown for up to %1 tokens (it solves n² maximum flows), and the "
                                     "sentence has %2: choose rollout, or a shorter sentence")
                          .arg(analysis::interactiveFlowTokenLimit)
                          .arg(m.n));
    const bool vectors = usesModelVectors(all, v);
    const bool values = m.hasVectors() && v.layer >= 0 && !v.headsBy; // per head, maybe regrouped
    TokenGroups groups;
    if (v.regroups())
        groups = groupTokens(m.tokens, v.groupOptions());
    if (v.layer >= m.layers) {
        if (error)
            *error = QStringLiteral("layer %1: the model has %2 layer(s)").arg(v.layer + 1).arg(m.layers);
        return std::nullopt;
    }
    const QStringList tokens = v.regroups() ? groups.labels : m.tokens;
    const int heads = v.headsBy || whole ? 1 : m.heads;
    if (!fits(static_cast<int>(tokens.size()), heads, values ? m.dim : 1, error)
        || (m.isCross() && !fits(m.keyCount(), heads, values ? m.dim : 1, error)))
        return std::nullopt;

    if (m.recomputed && v.layer >= 0) // every head of the layer is read below: computed at once
        m.recomputed->prepare(v.layer, m.heads);
    ModelDocument out;
    Document &doc = out.document;
    Settings s;
    s.heads = heads;
    s.vectors = VectorScope::PerToken;
    s.mode = vectors ? Mode::Direct : Mode::Weights;
    s.dim = values ? m.dim : s.dim;
    s.normalization = Normalization::ScaledSoftmax;
    if (vectors && !m.isCross() && !looksAhead(m, v.layer))
        s.mask = MaskKind::Causal;
    doc.setSettings(s);
    doc.setSentence(sentenceOf(tokens));
    if (m.isCross())
        doc.setCrossSentence(sentenceOf(m.keyTokens));
    if (v.layer >= 0 && !v.headsBy) {
        std::set<int> off;
        for (const auto &[layer, head] : m.switchedOff)
            if (layer == v.layer)
                off.insert(head);
        doc.setSwitchedOffHeads(off);
    }
    doc.setTitle(QStringLiteral("%1 · %2").arg(name, layerText(all, m, v)));
    if (values) {
        // Per head and role, the n × d matrix of the shown tokens; merged pieces have no vectors
        // of their own, so their mean stands in (for the values they give).
        const auto shown = [&](const ModelAttention::View &all) -> Eigen::MatrixXd {
            if (v.regroups())
                return regroupVectors(all, groups).cast<double>();
            return all.cast<double>();
        };
        std::vector<WordVectors> perHead;
        perHead.reserve(static_cast<std::size_t>(heads));
        for (int h = 0; h < heads; ++h)
            perHead.push_back({shown(m.queryVectors(v.layer, h)), shown(m.keyVectors(v.layer, h)),
                shown(m.valueVectors(v.layer, h))});
        // Cross-attention: the queries' tokens hold only queries, the keys' only keys and values.
        const auto store = [&](const QString &key, int row, std::initializer_list<Role> roles) {
            WordVectors w {Eigen::MatrixXd::Zero(heads, s.dim), Eigen::MatrixXd::Zero(heads, s.dim),
                Eigen::MatrixXd::Zero(heads, s.dim)};
            for (int h = 0; h < heads; ++h)
                for (Role role : roles)
                    w[role].row(h) = perHead[static_cast<std::size_t>(h)][role].row(row);
            doc.setWordVectors(key, w);
        };
        for (int i = 0; i < doc.tokenCount(); ++i)
            store(doc.vectorKey(i), i,
                m.isCross() ? std::initializer_list<Role> {Role::Query}
                            : std::initializer_list<Role> {Role::Query, Role::Key, Role::Value});
        for (int j = 0; m.isCross() && j < doc.keyTokenCount(); ++j)
            store(doc.keyVectorKey(j), j, {Role::Key, Role::Value});
    }
    const std::vector<FloatMatrix> attention = shownAttention(m, v);
    bool unlike = false; // the model's vectors do not give its attention by softmax(QKᵀ/√d)
    if (vectors) {
        const Result &r = out.result.emplace(compute(doc));
        double worst = 0;
        for (int h = 0; h < heads; ++h)
            worst = std::max(worst, (r.heads[h].weights - attention[h].cast<double>()).cwiseAbs().maxCoeff());
        out.recomputeError = worst;
        // A sliding window shorter than the sentence or Gemma 2's soft-capped scores: the
        // model's own attention is shown rather than a recomputation that differs from it.
        unlike = worst > 1e-3;
        if (unlike) {
            s.mode = Mode::Weights;
            doc.setSettings(s);
            out.result.reset();
        }
    }
    if (!vectors || unlike) {
        for (int h = 0; h < heads; ++h)
            doc.setAttention(h, toDouble(v.regroups() ? regroup(attention[h], groups) : attention[h]));
    }
    const QString source = m.computedHere ? QStringLiteral("the forward pass's") : QStringLiteral("the file's");
    QString description = QStringLiteral("A real model's attention, %1 %2: %3 layer(s) × %4 head(s) × %5 tokens.")
                              .arg(m.computedHere ? QStringLiteral("run here:") : QStringLiteral("from"), name)
                              .arg(m.layers)
                              .arg(m.heads)
                              .arg(m.n);
    if (m.layersComputing > 0)
        description += QStringLiteral(" The model is still computing its other %1 layer(s).").arg(m.layersComputing);
    if (m.isCross())
        description += QStringLiteral(" Cross-attention: the decoder's %1 target tokens ask, the encoder's output of "
                                      "the %2 source tokens answers (keys and values).")
                           .arg(m.n)
                           .arg(m.keyCount());
    if (whole)
        description += v.layersBy == Aggregate::Rollout
            ? QStringLiteral(" Shown: attention rollout (Abnar & Zuidema, 2020): each layer's heads' mean with the "
                             "residual connection, 0.5·Ā + 0.5·I, multiplied through all %1 layers; row = output "
                             "token, column = the input token it draws on.")
                  .arg(m.layers)
            : QStringLiteral(" Shown: attention flow (Abnar & Zuidema, 2020): the maximum flow from each output "
                             "token to each input token through all %1 layers, each layer's heads' mean with the "
                             "residual connection (0.5·Ā + 0.5·I) as the capacities, each row over its sum.")
                  .arg(m.layers);
    if (unlike)
        description += QStringLiteral(" The weights are %1: softmax(QKᵀ/√d) of the model's queries and keys differs "
                                      "from them by up to %2 (a sliding window, capped scores or position biases added "
                                      "to them), so they are shown as the model computed them.")
                           .arg(source)
                           .arg(out.recomputeError, 0, 'g', 3);
    else if (vectors)
        description += QStringLiteral(" Computed from the model's own queries and keys (softmax(QKᵀ/√d)%1); "
                                      "the largest difference from %2 attention is %3.")
                           .arg(s.mask == MaskKind::Causal ? QStringLiteral(", causal") : QString(), source)
                           .arg(out.recomputeError, 0, 'g', 3);
    else if (!whole) // rollout and flow said what they are computed from
        description += QStringLiteral(" The weights are %1%2.")
                           .arg(source,
                               v.regroups() ? QStringLiteral(", pieces merged (a word receives the sum of its "
                                                             "pieces' attention and gives their mean)")
                                            : QString());
    doc.setDescription(description);
    return out;
}

bool isModelFileName(const QString &path)
{
    const QString name = path.toLower();
    return name.endsWith(QLatin1String(".npy")) || name.endsWith(QLatin1String(".npz"))
        || name.endsWith(QLatin1String(".safetensors"));
}

OpenedFile openFile(const QString &fileOrExample, const ModelView &view)
{
    OpenedFile out;
    if (!isModelFileName(fileOrExample)) {
        out.loaded = loadDocument(fileOrExample);
        if (out.loaded && !(view == ModelView {})) { // the options were meant for a model: say so
            out.loaded.document.reset();
            out.loaded.error = LoadError {fileOrExample, 0, 0, {},
                QStringLiteral("a QKV Lab document, not a model's attention: --layer, --heads, --hide-special, "
                               "--special, --merge, --sentence, --target and --stack apply to a model only")};
        }
        // Only a JSON file without "format" that names attention may be a model's.
        if (out.loaded || out.loaded.error.path != u"format" || !looksLikeModelJson(fileOrExample))
            return out;
    }
    QString error;
    auto model = loadModelAttention(fileOrExample, &error);
    if (!model) {
        if (isModelFileName(fileOrExample))
            out.loaded.error = LoadError {{}, 0, 0, {}, error};
        else // neither: say both, the user knows which was meant
            out.loaded.error.message += QStringLiteral(", nor a model's attention: ") + error;
        return out;
    }
    return openModelAttention(std::make_shared<const ModelAttention>(std::move(*model)), view, fileOrExample,
        QFileInfo(fileOrExample).fileName());
}

OpenedFile openModelAttention(
    std::shared_ptr<const ModelAttention> model, const ModelView &view, const QString &where, const QString &title)
{
    OpenedFile out;
    QString error;
    out.model = std::move(model);
    auto md = modelDocument(*out.model, view, title, &error);
    if (!md) {
        out.loaded.error = LoadError {where, 0, 0, {}, error};
        out.model.reset();
        return out;
    }
    out.loaded.document = std::move(md->document);
    out.recomputeError = md->recomputeError;
    out.result = std::move(md->result);
    return out;
}

} // namespace qkv
