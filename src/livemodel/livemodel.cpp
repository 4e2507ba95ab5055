#include "livemodel.h"

#include "transformer/forward.h"

#include <QDir>
#include <QFileInfo>

namespace qkv::live {
namespace {

// An Eigen column-major matrix appended row by row, as ModelAttention keeps its numbers.
void appendRows(FloatValues &to, const Eigen::MatrixXf &m)
{
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            to.push_back(m(r, c));
}

} // namespace

std::shared_ptr<const LiveModel> LiveModel::open(const QString &location, QString *error)
{
    transformer::OpenResult opened = transformer::Model::open(location);
    if (!opened.model) {
        *error = opened.error;
        return nullptr;
    }
    tokenizers::LoadedTokenizer tokenizer = tokenizers::loadTokenizer(opened.model->folder());
    if (!tokenizer) {
        *error = QStringLiteral("%1: %2").arg(location, tokenizer.error);
        return nullptr;
    }
    auto live = std::make_shared<LiveModel>();
    live->m_location = location;
    live->m_model = std::move(opened.model);
    live->m_tokenizer = std::move(tokenizer.tokenizer);
    return live;
}

LiveRun run(const LiveModel &live, const QString &sentence, int topK)
{
    LiveRun out;
    out.causal = live.model().config().causal();
    const tokenizers::Encoding encoding = live.encode(sentence);
    out.ids = encoding.ids;
    transformer::ForwardOptions options;
    options.topK = topK;
    // BERT predicts what fills each [MASK]; a causal LM the token after the last.
    if (const std::optional<int> mask = live.tokenizer().maskId(); mask && !live.model().config().causal())
        for (std::size_t i = 0; i < encoding.ids.size(); ++i)
            if (encoding.ids[i] == *mask)
                options.predictPositions.push_back(static_cast<int>(i));
    const transformer::ForwardResult result = transformer::forward(live.model(), encoding.ids, options);
    if (!result.done()) {
        out.error = result.error.isEmpty() ? QStringLiteral("the computation was cancelled") : result.error;
        return out;
    }
    auto attention = std::make_shared<ModelAttention>();
    attention->tokens = encoding.display;
    attention->layers = static_cast<int>(result.layers.size());
    attention->heads = live.model().config().heads;
    attention->n = static_cast<int>(encoding.ids.size());
    attention->dim = live.model().config().headDim;
    const qint64 heads = qint64(attention->layers) * attention->heads;
    attention->attention.reserve(static_cast<std::size_t>(heads * attention->n * attention->n));
    for (FloatValues *v : {&attention->queries, &attention->keys, &attention->values})
        v->reserve(static_cast<std::size_t>(heads * attention->n * attention->dim));
    for (const transformer::LayerRecord &layer : result.layers) {
        for (const transformer::HeadRecord &head : layer.heads) {
            appendRows(attention->attention, head.attention);
            appendRows(attention->queries, head.query);
            appendRows(attention->keys, head.key);
            appendRows(attention->values, head.value);
        }
    }
    out.attention = std::move(attention);
    for (const transformer::Prediction &p : result.predictions) {
        Prediction prediction {p.position, {}};
        for (const transformer::TokenProbability &t : p.top)
            prediction.top.push_back({live.tokenizer().display(t.id), t.id, t.probability});
        out.predictions.push_back(std::move(prediction));
    }
    return out;
}

bool isModelLocation(const QString &argument)
{
    if (argument.startsWith(u"hf:"))
        return true;
    const QFileInfo info(argument);
    return info.isDir() && QFileInfo::exists(QDir(argument).filePath(QStringLiteral("config.json")));
}

} // namespace qkv::live
