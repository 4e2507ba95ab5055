#include "livemodel/livemodel.h"

#include "livemodel/bundledmodels.h"
#include "livemodel/nexttoken.h"
#include "platform/cores.h"
#include "platform/fileread.h"
#include "tensorfiles/ggufheader.h"
#include "tokenizers/ggufvocab.h"
#include "transformer/forward.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <limits>
#include <type_traits>

namespace qkv::live {
namespace {

// Head `i` of `all` (layer-major) of a buffer of rows × cols blocks, as a row-major matrix.
template<typename Values>
auto blockOf(Values &values, qint64 i, Eigen::Index rows, Eigen::Index cols)
{
    return Eigen::Map<FloatMatrix>(values.data() + i * rows * cols, rows, cols);
}

// The records of one stack's layers as a model's attention file holds them: rows are `tokens`,
// columns `keyTokens` (cross-attention) or the same tokens. Past `halfAbove` bytes (in float32) the
// attention is kept in float16 and, when the records may be changed, each head's float32 copy is released
// from them as soon as it is kept (the run's peak stays near its float32 attention). A head whose
// records no longer hold it is in `kept` (the first heads' float16 attention, kept as each layer
// was done) or, in layers a recomputation took from an earlier run, copied from `previous`, that
// run's attention of the stack. With `recompute` no attention is kept: each head's is computed by it
// when asked for (and released from the records, when they may be changed).
template<typename Records>
std::shared_ptr<ModelAttention> recorded(Records &layers, int heads, int dim, const QStringList &tokens,
    const QStringList &keyTokens = {}, const ModelAttention *previous = nullptr,
    qint64 halfAbove = defaultHalfAttentionAbove, HalfValues kept = {}, RecomputedAttention::Compute recompute = {})
{
    auto a = std::make_shared<ModelAttention>();
    a->tokens = tokens;
    a->keyTokens = keyTokens;
    a->computedHere = true;
    a->layers = static_cast<int>(layers.size());
    a->heads = heads;
    a->n = static_cast<int>(tokens.size());
    a->dim = dim;
    const qint64 all = qint64(a->layers) * heads, n = a->n, m = a->keyCount(), size = n * m;
    const bool half = !recompute && keptInHalf(all * size, halfAbove);
    const qint64 keptHeads = half ? qint64(kept.size()) / std::max<qint64>(size, 1) : 0;
    if (recompute) // the views ask for the shown layer's heads again and again: at least those kept
        a->recomputed = std::make_shared<const RecomputedAttention>(
            std::move(recompute), std::max(qint64(512) << 20, heads * size * qint64(sizeof(float))));
    else if (half) {
        a->halfAttention = std::move(kept);
        a->halfAttention.resize(std::size_t(all * size));
    } else {
        a->attention.resize(std::size_t(all * size));
    }
    a->queries.resize(std::size_t(all * n * dim));
    for (FloatValues *v : {&a->keys, &a->values})
        v->resize(std::size_t(all * m * dim));
    const bool fromPrevious = previous && previous->n == n && previous->keyCount() == m && previous->heads == heads
        && previous->layers == a->layers && previous->keepsHalfAttention() == half;
    inParts(partsFor(double(all) * double(size + 3 * n * dim), 1 << 18, int(all)), [&](int part, int parts) {
        const auto [begin, end] = partOf(all, part, parts);
        FloatMatrix rows; // a head's attention row-major, before it is narrowed
        for (qint64 i = begin; i < end; ++i) {
            auto &head = layers[std::size_t(i / heads)].heads[std::size_t(i % heads)];
            blockOf(a->queries, i, n, dim) = head.query;
            blockOf(a->keys, i, m, dim) = head.key;
            blockOf(a->values, i, m, dim) = head.value;
            if (a->recomputed) {
                if constexpr (!std::is_const_v<Records>)
                    head.attention = Eigen::MatrixXf(); // computed again when asked for
                continue;
            }
            if (head.attention.size() == 0 && i < keptHeads)
                continue; // in float16 already
            if (head.attention.size() == 0) { // released by an earlier run of the same tokens
                Q_ASSERT(fromPrevious);
                if (!fromPrevious)
                    continue; // zeros; never reached: recompute copies only layers of the same sentence
                if (half)
                    std::copy_n(previous->halfAttention.begin() + i * size, size, a->halfAttention.begin() + i * size);
                else
                    std::copy_n(previous->attention.begin() + i * size, size, a->attention.begin() + i * size);
            } else if (half) {
                rows = head.attention;
                qFloatToFloat16(a->halfAttention.data() + i * size, rows.data(), size);
                if constexpr (!std::is_const_v<Records>)
                    head.attention = Eigen::MatrixXf(); // kept in float16 now
            } else {
                blockOf(a->attention, i, n, m) = head.attention;
            }
        }
    });
    return a;
}

// The attention of `layer`'s heads appended to `kept` in float16, their float32 released: a long
// run's peak is then its float16 attention and one layer's float32, not all of it in float32.
void keepInHalf(transformer::LayerRecord &layer, HalfValues &kept, qint64 size)
{
    const auto first = qint64(kept.size()), heads = qint64(layer.heads.size());
    kept.resize(std::size_t(first + heads * size));
    inParts(partsFor(double(heads) * double(size), 1 << 18, int(heads)), [&](int part, int parts) {
        const auto [begin, end] = partOf(heads, part, parts);
        FloatMatrix rows; // row-major, as kept
        for (qint64 h = begin; h < end; ++h) {
            Eigen::MatrixXf &attention = layer.heads[std::size_t(h)].attention;
            rows = attention;
            qFloatToFloat16(kept.data() + first + h * size, rows.data(), size);
            attention = Eigen::MatrixXf();
        }
    });
}

// How a run keeps its heads' attention: as computed, narrowed to float16, or not at all.
enum class Kept { Float32, Float16, Recomputed };

// An encoder-decoder model (T5) is never recomputed: its position biases are not kept.
Kept keptFor(const transformer::Config &config, qint64 weights, qint64 halfAbove, qint64 recomputeAbove)
{
    if (config.family != transformer::Family::T5 && weights * qint64(sizeof(qfloat16)) > recomputeAbove)
        return Kept::Recomputed;
    return keptInHalf(weights, halfAbove) ? Kept::Float16 : Kept::Float32;
}

// `m` row-major, copied in square blocks: Eigen's assignment walks one of the two orders a column
// or row at a time, and at 4,096 tokens (64 MB a head) that took longer than computing the head.
FloatMatrix rowMajor(const Eigen::MatrixXf &m)
{
    constexpr Eigen::Index block = 64;
    FloatMatrix out(m.rows(), m.cols());
    for (Eigen::Index r = 0; r < m.rows(); r += block)
        for (Eigen::Index c = 0; c < m.cols(); c += block) {
            const Eigen::Index rows = std::min(block, m.rows() - r), cols = std::min(block, m.cols() - c);
            out.block(r, c, rows, cols) = m.block(r, c, rows, cols);
        }
    return out;
}

// A head's weights computed again from what `forward` kept, as its run computed them.
RecomputedAttention::Compute recomputing(
    const transformer::Config &config, std::shared_ptr<const transformer::ForwardResult> forward)
{
    return [config, forward = std::move(forward)](
               int layer, int head) { return rowMajor(transformer::headWeights(config, *forward, layer, head)); };
}

// What `soFar`'s layers show while the rest compute: the run begun in `out` (its sentence and
// tokens, shown as `tokens`) with those layers, its attention kept as the whole run's will be
// (`half`: in float16), so that a view of it reads the same numbers as the finished run. The forward
// part holds their vectors and residual streams, not the attention again.
std::shared_ptr<const LiveRun> previewOf(const LiveModel &live, const LiveRun &out,
    const transformer::ForwardResult &soFar, const QStringList &tokens, Kept keep, const HalfValues &kept)
{
    const transformer::Config &c = live.model().config();
    auto preview = std::make_shared<LiveRun>();
    preview->sentence = out.sentence;
    preview->ids = out.ids;
    preview->causal = out.causal;
    preview->preview = true;
    auto forward = std::make_shared<transformer::ForwardResult>();
    forward->status = transformer::ForwardResult::Status::Done;
    forward->ids = soFar.ids;
    forward->interventions = soFar.interventions;
    forward->embeddings = soFar.embeddings;
    forward->layers.reserve(soFar.layers.size());
    for (const transformer::LayerRecord &layer : soFar.layers) {
        transformer::LayerRecord copy;
        copy.residual = layer.residual;
        for (const transformer::HeadRecord &head : layer.heads) // the weights are in `attention` above
            copy.heads.push_back({head.query, head.key, head.value, {}, head.output});
        forward->layers.push_back(std::move(copy));
    }
    const std::shared_ptr<ModelAttention> attention = recorded(soFar.layers, c.heads, c.headDim, tokens, {}, nullptr,
        keep == Kept::Float16 ? 0 : std::numeric_limits<qint64>::max(), kept,
        keep == Kept::Recomputed ? recomputing(c, forward) : RecomputedAttention::Compute());
    attention->layersComputing = c.layers - attention->layers;
    preview->attention = attention;
    preview->forward = std::move(forward);
    return preview;
}

// The heads switched off in `stack`, which the attention of that stack marks.
void markSwitchedOff(ModelAttention &attention, const std::vector<transformer::Intervention> &interventions,
    transformer::Intervention::Stack stack)
{
    for (const transformer::Intervention &i : interventions)
        if (i.kind == transformer::Intervention::Kind::Ablate && i.stack == stack)
            attention.switchedOff.insert({i.layer, i.head});
}

} // namespace

std::shared_ptr<const LiveModel> LiveModel::open(
    const QString &location, QString *error, const transformer::OpenProgress &progress)
{
    QString folder = location;
    if (location.startsWith(u"example:")) {
        folder = bundledModelFolder(location, error);
        if (folder.isEmpty())
            return nullptr;
    }
    transformer::OpenResult opened = transformer::Model::open(folder, progress);
    if (!opened.model) {
        *error = opened.error;
        return nullptr;
    }
    // A GGUF file's tokenizer is in the header the weights were read from: not parsed again.
    const GgufHeader *header = opened.model->ggufHeader();
    tokenizers::LoadedTokenizer tokenizer = header
        ? tokenizers::loadGgufTokenizer(*header, QDir::toNativeSeparators(opened.model->folder()))
        : tokenizers::loadTokenizer(opened.model->folder());
    if (!tokenizer) {
        *error = QStringLiteral("%1: %2").arg(location, tokenizer.error);
        return nullptr;
    }
    auto live = std::make_shared<LiveModel>();
    live->m_location = location;
    live->m_model = std::move(opened.model);
    live->m_tokenizer = std::move(tokenizer.tokenizer);
    // Optional hints of the model's author; a malformed file is as good as none.
    QString ignored;
    const std::optional<QByteArray> hints
        = readWholeFile(QDir(live->m_model->folder()).filePath(QStringLiteral("qkvlab.json")), 65536, &ignored);
    if (hints) {
        const QJsonObject o = QJsonDocument::fromJson(*hints).object();
        live->m_example = o.value(u"example").toString();
        live->m_exampleTarget = o.value(u"target").toString();
        const QJsonObject shown = o.value(u"show").toObject();
        const int layer = shown.value(u"layer").toInt(-1), head = shown.value(u"head").toInt(-1);
        const transformer::Config &c = live->m_model->config();
        if (layer >= 0 && layer < c.layers && head >= 0 && head < c.heads) {
            live->m_shownLayer = layer;
            live->m_shownHead = head;
        }
    }
    return live;
}

LiveRun run(const LiveModel &live, const QString &sentence, const RunOptions &runOptions)
{
    LiveRun out;
    out.sentence = sentence;
    const bool encoderDecoder = live.isEncoderDecoder();
    out.causal = live.model().config().causal() || encoderDecoder; // T5 predicts the target's next token
    const tokenizers::Encoding encoding = live.encode(sentence);
    out.ids = encoding.ids;
    if (encoding.ids.empty() && !sentence.trimmed().isEmpty()) {
        out.error = QStringLiteral("the model's tokenizer (in %1) turns this sentence into no tokens: its vocabulary "
                                   "has none of its pieces")
                        .arg(live.model().folder());
        return out;
    }
    transformer::ForwardOptions options;
    options.topK = runOptions.topK;
    options.interventions = runOptions.interventions;
    options.cancel = runOptions.cancel;
    options.progress = runOptions.progress;
    tokenizers::Encoding target;
    if (encoderDecoder) { // the target so far, without the </s> that would end it
        out.target = runOptions.target;
        target = live.tokenizer().encode(runOptions.target, false);
        options.targetIds = target.ids;
    }
    // BERT predicts what fills each [MASK]; a causal LM the token after the last.
    if (const std::optional<int> mask = live.tokenizer().maskId(); mask && !live.model().config().causal())
        for (std::size_t i = 0; i < encoding.ids.size(); ++i)
            if (encoding.ids[i] == *mask)
                options.predictPositions.push_back(static_cast<int>(i));
    const LiveRun *previous = runOptions.previous;
    const bool fresh = !(previous && previous->forward && previous->ids == encoding.ids);
    QElapsedTimer clock;
    clock.start();
    const transformer::Config &config = live.model().config();
    const qint64 n = qint64(encoding.ids.size());
    const bool previews = fresh && runOptions.preview && !encoderDecoder && options.interventions.empty()
        && runOptions.previewLayer >= 0 && runOptions.previewLayer + 1 < config.layers;
    // A long run keeps each layer's attention in float16 as soon as it is done; a longer one none
    // (released as each layer is done, fresh or recomputed), each head's computed again when shown.
    const qint64 weights = qint64(config.layers) * config.heads * n * n;
    const Kept keep = keptFor(config, weights, runOptions.halfAttentionAbove, runOptions.recomputeAttentionAbove);
    const bool halfAsDone = fresh && !encoderDecoder && keep == Kept::Float16, recomputed = keep == Kept::Recomputed;
    HalfValues kept;
    if (halfAsDone || recomputed)
        options.attentionBytes = recomputed ? 0 : int(sizeof(qfloat16));
    if (previews || halfAsDone || recomputed) {
        options.layerDone = [&](transformer::ForwardResult &soFar) {
            const int done = int(soFar.layers.size());
            // Worth a preview when the layers to come take a while yet, as the ones done took.
            if (previews && done == runOptions.previewLayer + 1
                && double(clock.elapsed()) * (config.layers - done) / done >= runOptions.previewAfterMs)
                runOptions.preview(previewOf(live, out, soFar, encoding.display, keep, kept));
            if (halfAsDone) {
                if (kept.empty())
                    kept.reserve(std::size_t(weights));
                keepInHalf(soFar.layers.back(), kept, n * n);
            }
            if (recomputed)
                for (transformer::HeadRecord &head : soFar.layers.back().heads)
                    head.attention = Eigen::MatrixXf();
        };
    }
    // (An encoder-decoder model is recomputed whole, with the target asked for now.)
    auto computed = std::make_shared<transformer::ForwardResult>(!fresh
            ? transformer::recompute(
                live.model(), *previous->forward, transformer::firstChangedLayer(*previous->forward, options), options)
            : transformer::forward(live.model(), encoding.ids, options));
    const transformer::ForwardResult &result = *computed;
    if (result.status == transformer::ForwardResult::Status::Cancelled) {
        out.cancelled = true;
        return out;
    }
    if (!result.done()) {
        out.error = result.error;
        return out;
    }
    using Stack = transformer::Intervention::Stack;
    const transformer::Config &c = live.model().config();
    // The earlier run's attention, for the layers a recomputation took from it.
    const ModelAttention *before
        = previous && previous->attention && previous->ids == encoding.ids ? previous->attention.get() : nullptr;
    const std::shared_ptr<ModelAttention> attention = recorded(computed->layers, c.heads, c.headDim, encoding.display,
        {}, before, keep == Kept::Float16 ? 0 : std::numeric_limits<qint64>::max(), std::move(kept),
        recomputed ? recomputing(c, computed) : RecomputedAttention::Compute());
    markSwitchedOff(*attention, options.interventions, Stack::Encoder);
    if (encoderDecoder) { // the decoder's rows: its start token, then the target
        QStringList decoderTokens {live.tokenizer().display(c.decoderStart)};
        decoderTokens << target.display;
        const std::shared_ptr<ModelAttention> decoder = recorded(computed->decoderLayers, c.heads, c.headDim,
            decoderTokens, {}, before ? before->decoder.get() : nullptr, runOptions.halfAttentionAbove);
        const std::shared_ptr<ModelAttention> cross = recorded(computed->crossLayers, c.heads, c.headDim, decoderTokens,
            encoding.display, before ? before->cross.get() : nullptr, runOptions.halfAttentionAbove);
        markSwitchedOff(*decoder, options.interventions, Stack::Decoder);
        markSwitchedOff(*cross, options.interventions, Stack::Cross);
        attention->decoder = decoder;
        attention->cross = cross;
    }
    out.attention = attention;
    for (const transformer::Prediction &p : result.predictions) {
        Prediction prediction {p.position, {}};
        for (const transformer::TokenProbability &t : p.top)
            prediction.top.push_back({live.tokenizer().display(t.id), t.id, t.probability});
        out.predictions.push_back(std::move(prediction));
    }
    out.forward = std::move(computed);
    if (const int last = int(out.ids.size()) - 1; keptNextToken(out, last))
        if (NextToken next = nextTokenAfter(live, out, last, nextTokenTop))
            out.lastNext = std::make_shared<const NextToken>(std::move(next));
    return out;
}

AttentionMemory attentionMemory(
    const transformer::Config &config, qint64 tokens, qint64 halfAbove, qint64 recomputeAbove)
{
    AttentionMemory m;
    m.weights = qint64(config.layers) * config.heads * tokens * tokens;
    const Kept keep = keptFor(config, m.weights, halfAbove, recomputeAbove);
    m.half = keep != Kept::Float32;
    m.recomputed = keep == Kept::Recomputed;
    m.bytes = m.weights * qint64(m.half ? sizeof(qfloat16) : sizeof(float));
    return m;
}

std::shared_ptr<ModelAttention> attentionOf(const LiveModel &live, const transformer::ForwardResult &result)
{
    QStringList tokens;
    for (const int id : result.ids)
        tokens << live.tokenizer().display(id);
    const transformer::Config &c = live.model().config();
    std::shared_ptr<ModelAttention> attention = recorded(result.layers, c.heads, c.headDim, tokens);
    markSwitchedOff(*attention, result.interventions, transformer::Intervention::Stack::Encoder);
    return attention;
}

Eigen::VectorXd softmax(const Eigen::VectorXf &logits)
{
    // In double: a change of a thousandth of a percent in a rare token must survive.
    const Eigen::VectorXd l = logits.cast<double>();
    const Eigen::VectorXd e = (l.array() - l.maxCoeff()).exp();
    return e / e.sum();
}

Eigen::VectorXd probabilities(const LiveRun &run, int index)
{
    return softmax(run.forward->logits.row(index).transpose());
}

std::vector<ComparedToken> compareTops(const LiveModel &model, const Eigen::VectorXd &before,
    const std::vector<PredictedToken> &topBefore, const Eigen::VectorXd &after,
    const std::vector<PredictedToken> &topAfter, int count)
{
    std::vector<int> ids;
    for (const std::vector<PredictedToken> *top : {&topAfter, &topBefore})
        for (std::size_t i = 0; i < top->size() && int(i) < count; ++i)
            if (std::find(ids.begin(), ids.end(), (*top)[i].id) == ids.end())
                ids.push_back((*top)[i].id);
    std::vector<ComparedToken> out;
    out.reserve(ids.size());
    for (const int id : ids)
        out.push_back({model.tokenizer().display(id), id, before[id], after[id]});
    std::stable_sort(
        out.begin(), out.end(), [](const ComparedToken &a, const ComparedToken &b) { return a.after > b.after; });
    return out;
}

std::vector<ComparedToken> compare(
    const LiveModel &model, const LiveRun &before, const LiveRun &after, int index, int count)
{
    if (!before.forward || !after.forward || index < 0 || index >= int(before.predictions.size())
        || index >= int(after.predictions.size()) || before.forward->logits.rows() <= index
        || after.forward->logits.rows() <= index)
        return {};
    return compareTops(model, probabilities(before, index), before.predictions[std::size_t(index)].top,
        probabilities(after, index), after.predictions[std::size_t(index)].top, count);
}

bool isNamedModel(const QString &location)
{
    return location.startsWith(u"hf:") || location.startsWith(u"ollama:") || isBundledModel(location);
}

QString modelShortName(const QString &location)
{
    if (location.startsWith(u"hf:"))
        return location.mid(3);
    if (location.startsWith(u"ollama:"))
        return location.mid(7);
    return QFileInfo(QDir::cleanPath(location)).fileName();
}

bool isModelLocation(const QString &argument)
{
    if (isNamedModel(argument))
        return true;
    const QFileInfo info(argument);
    if (info.isFile()) // llama.cpp's one-file models
        return info.suffix().compare(u"gguf", Qt::CaseInsensitive) == 0 || isGgufFile(argument);
    return info.isDir() && QFileInfo::exists(QDir(argument).filePath(QStringLiteral("config.json")));
}

} // namespace qkv::live
