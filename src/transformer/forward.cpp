#include "transformer/forwardsteps.h"
#include "transformer/memorybudget.h"
#include "transformer/refusal.h"

#include <new>

namespace qkv::transformer {
namespace {

QString kindName(Intervention::Kind kind)
{
    switch (kind) {
    case Intervention::Kind::Query:
        return QStringLiteral("query");
    case Intervention::Kind::Key:
        return QStringLiteral("key");
    case Intervention::Kind::Value:
        return QStringLiteral("value");
    case Intervention::Kind::Attention:
        return QStringLiteral("attention");
    case Intervention::Kind::Ablate:
        return QStringLiteral("ablation");
    }
    return {};
}

QString stackName(Intervention::Stack stack)
{
    switch (stack) {
    case Intervention::Stack::Encoder:
        return QStringLiteral("encoder");
    case Intervention::Stack::Decoder:
        return QStringLiteral("decoder");
    case Intervention::Stack::Cross:
        return QStringLiteral("cross-attention");
    }
    return {};
}

void checkOptions(const Model &model, Eigen::Index n, const ForwardOptions &o)
{
    const Config &c = model.config();
    const bool seq2seq = c.family == Family::T5;
    const auto m = Eigen::Index(o.targetIds.size()) + 1; // the decoder's rows
    if (!seq2seq && !o.targetIds.empty())
        refuse(
            QStringLiteral("a target text is for encoder-decoder models (T5); this is %1").arg(familyName(c.family)));
    if (seq2seq)
        checkIds(c, o.targetIds.empty() ? std::vector<int> {c.decoderStart} : o.targetIds);
    for (const Intervention &i : o.interventions) {
        const bool encoder = i.stack == Intervention::Stack::Encoder;
        QString what
            = QStringLiteral("intervention (%1, layer %2, head %3)").arg(kindName(i.kind)).arg(i.layer).arg(i.head);
        if (seq2seq)
            what.insert(what.indexOf(u'(') + 1, stackName(i.stack) + u", "_qs);
        else if (!encoder)
            refuse(QStringLiteral("%1: the model has no decoder").arg(what));
        const int layers = encoder ? c.layers : c.decoderLayers;
        if (i.layer < 0 || i.layer >= layers || i.head < 0 || i.head >= c.heads)
            refuse(QStringLiteral("%1: the model has %2 layers of %3 heads").arg(what).arg(layers).arg(c.heads));
        if (i.kind == Intervention::Kind::Ablate)
            continue;
        // Rows: the stack's queries (keys and values: its keys'); a cross-attention's keys are the source's.
        const bool cross = i.stack == Intervention::Stack::Cross;
        const Eigen::Index queries = encoder ? n : m, keys = cross ? n : queries;
        const bool keyRows = i.kind == Intervention::Kind::Key || i.kind == Intervention::Kind::Value;
        const Eigen::Index rows = keyRows ? keys : queries;
        const Eigen::Index cols = i.kind == Intervention::Kind::Attention ? keys : c.headDim;
        // A query, key or value edit may cover only the first tokens (a prompt's, while the
        // model writes on): the rows past it are the model's own. Attention is a whole matrix.
        const bool partial = i.kind != Intervention::Kind::Attention && i.values.rows() >= 1 && i.values.rows() < rows;
        if ((i.values.rows() != rows && !partial) || i.values.cols() != cols)
            refuse(QStringLiteral("%1: expected %2 × %3 values, got %4 × %5")
                       .arg(what)
                       .arg(rows)
                       .arg(cols)
                       .arg(i.values.rows())
                       .arg(i.values.cols()));
        if (!i.values.allFinite())
            refuse(QStringLiteral("%1: holds NaN or infinite values").arg(what));
    }
    for (int p : o.predictPositions) {
        if (p < 0 || p >= n)
            refuse(QStringLiteral("prediction position %1 is not one of the %2 tokens").arg(p).arg(n));
    }
    if (!o.predictPositions.empty() && !model.hasLanguageHead())
        refuse(QStringLiteral("the checkpoint has no masked-LM head, so it predicts no tokens"));
}

// Layers `from` … end of `r` (which holds the ones before), then the predictions.
void runFrom(const Model &model, ForwardResult &r, int from, const ForwardOptions &o)
{
    const Config &c = model.config();
    const auto n = Eigen::Index(r.ids.size());
    const Rotaries rotaries(c, {n});
    Eigen::MatrixXf x = r.streamBefore(from);
    for (int layer = from; layer < c.layers; ++layer) {
        if (o.cancel && o.cancel->load(std::memory_order_relaxed)) {
            r.status = ForwardResult::Status::Cancelled;
            return;
        }
        Interventions here;
        for (const Intervention &i : o.interventions) {
            if (i.layer == layer)
                here.push_back(&i);
        }
        LayerRecord record;
        x = runLayer(model, layer, x, rotaries.at(c, layer), here, {&record, 1});
        // Finite weights can still overflow float32 (or an intervention can make them): say
        // where, rather than hand on NaN.
        if (!x.allFinite())
            refuse(QStringLiteral("layer %1: the residual stream overflowed float32").arg(layer));
        record.residual = x;
        r.layers.push_back(std::move(record));
        if (o.layerDone)
            o.layerDone(r);
        if (o.progress)
            o.progress(layer + 1, c.layers);
    }
    r.logitPositions = o.predictPositions;
    if (r.logitPositions.empty() && c.causal() && model.hasLanguageHead())
        r.logitPositions = {int(n - 1)};
    if (!r.logitPositions.empty()) {
        r.logits = logitsAt(model, x, r.logitPositions);
        for (std::size_t i = 0; i < r.logitPositions.size(); ++i)
            r.predictions.push_back(
                {r.logitPositions[i], topTokens(r.logits.row(Eigen::Index(i)).transpose(), o.topK)});
    }
    r.status = ForwardResult::Status::Done;
}

bool sameAt(const std::vector<Intervention> &a, const std::vector<Intervention> &b, int layer)
{
    std::vector<const Intervention *> left, right;
    for (const Intervention &i : a) {
        if (i.layer == layer)
            left.push_back(&i);
    }
    for (const Intervention &i : b) {
        if (i.layer == layer)
            right.push_back(&i);
    }
    if (left.size() != right.size())
        return false;
    for (std::size_t i = 0; i < left.size(); ++i) {
        if (!(*left[i] == *right[i]))
            return false;
    }
    return true;
}

} // namespace

void checkIds(const Config &c, const std::vector<int> &ids, int attentionBytes)
{
    if (ids.empty())
        refuse(QStringLiteral("no tokens to compute"));
    const auto n = qint64(ids.size());
    if (n > c.positionLimit())
        refuse(QStringLiteral("%1 tokens are more than the model's %2 positions").arg(n).arg(c.positionLimit()));
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (ids[i] < 0 || ids[i] >= c.vocab)
            refuse(QStringLiteral("token %1: id %2 is outside the vocabulary (0 to %3)")
                       .arg(i)
                       .arg(ids[i])
                       .arg(c.vocab - 1));
    }
    // What the result keeps: per head the attention (n × n) and four n × head_dim; attention kept
    // in float16 as each layer is done has one layer's in float32 on top.
    const double heads = double(c.heads) * double(n) * double(n);
    const double kept
        = c.layers * (attentionBytes * heads + 4.0 * (double(c.heads) * 4.0 * n * c.headDim + double(n) * c.hidden))
        + (attentionBytes < 4 ? 4.0 * heads : 0.0);
    if (kept > double(availableMemory()) / 2)
        refuse(QStringLiteral("%1 tokens would keep %2 MiB of attention and vectors, more than the memory available")
                   .arg(n)
                   .arg(kept / (1 << 20), 0, 'f', 0));
}

bool Intervention::operator==(const Intervention &o) const
{
    if (layer != o.layer || head != o.head || kind != o.kind || stack != o.stack)
        return false;
    return kind == Kind::Ablate
        || (values.rows() == o.values.rows() && values.cols() == o.values.cols() && values == o.values);
}

const Eigen::MatrixXf &ForwardResult::streamBefore(int layer) const
{
    return layer == 0 ? embeddings : layers.at(std::size_t(layer - 1)).residual;
}

ForwardResult forward(const Model &model, const std::vector<int> &ids, const ForwardOptions &options)
{
    return refusedOr([&](ForwardResult &r) {
        checkIds(model.config(), ids, options.attentionBytes);
        checkOptions(model, Eigen::Index(ids.size()), options);
        r.ids = ids;
        r.interventions = options.interventions;
        r.embeddings = embed(model, ids);
        if (model.config().family == Family::T5)
            runEncoderDecoder(model, r, options);
        else
            runFrom(model, r, 0, options);
    });
}

ForwardResult recompute(const Model &model, const ForwardResult &previous, int fromLayer, const ForwardOptions &options)
{
    if (model.config().family == Family::T5 && !previous.ids.empty()) // two stacks: computed again whole
        return forward(model, previous.ids, options);
    return refusedOr([&](ForwardResult &r) {
        const int layers = model.config().layers;
        if (previous.ids.empty() || previous.status == ForwardResult::Status::Refused)
            refuse(QStringLiteral("recompute needs a computed result to start from"));
        if (fromLayer < 0 || fromLayer > layers || std::size_t(fromLayer) > previous.layers.size())
            refuse(QStringLiteral("cannot recompute from layer %1: %2 layers were computed")
                       .arg(fromLayer)
                       .arg(previous.layers.size()));
        checkOptions(model, Eigen::Index(previous.ids.size()), options);
        for (int layer = 0; layer < fromLayer; ++layer) {
            if (!sameAt(previous.interventions, options.interventions, layer))
                refuse(QStringLiteral("the interventions at layer %1 changed: recompute from there, not from layer %2")
                           .arg(layer)
                           .arg(fromLayer));
        }
        r.ids = previous.ids;
        r.interventions = options.interventions;
        r.embeddings = previous.embeddings;
        r.layers.assign(previous.layers.begin(), previous.layers.begin() + fromLayer);
        runFrom(model, r, fromLayer, options);
    });
}

int firstChangedLayer(const ForwardResult &previous, const ForwardOptions &options)
{
    const int layers = int(previous.layers.size());
    for (int layer = 0; layer < layers; ++layer) {
        if (!sameAt(previous.interventions, options.interventions, layer))
            return layer;
    }
    return layers;
}

} // namespace qkv::transformer
