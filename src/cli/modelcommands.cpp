#include "cli/modelcommands.h"

#include "analysis/attentionflow.h"
#include "arguments/commandoptions.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "document/jsonwriter.h"
#include "export/resultjson.h"
#include "transformer/hubcache.h"
#include "transformer/localmodels.h"

#include <QJsonArray>

namespace qkv::cli {
namespace {

QString humanCount(double x, const QString &unit)
{
    const char *prefixes[] = {"", "k", "M", "G", "T"};
    int i = 0;
    while (x >= 1000 && i < 4) {
        x /= 1000;
        ++i;
    }
    return QStringLiteral("%1 %2%3").arg(x, 0, 'f', x < 10 && i > 0 ? 1 : 0).arg(QLatin1String(prefixes[i]), unit);
}

QJsonArray topTokens(const live::Prediction &p)
{
    QJsonArray top;
    for (const live::PredictedToken &t : p.top)
        top.append(QJsonObject {{QStringLiteral("token"), t.token}, {QStringLiteral("id"), t.id},
            {QStringLiteral("probability"), t.probability}});
    return top;
}

} // namespace

int listModels(const QStringList &args, FILE *out, FILE *err)
{
    if (const auto parsed = parseNoArguments(u"models", args); !parsed.options)
        return stopped(parsed, QStringLiteral("models"), out, err);
    const std::vector<transformer::CachedModel> models = transformer::listCachedModels();
    if (models.empty()) {
        print(err,
            QStringLiteral("qkvlab: no usable model in the Hugging Face cache (%1), Ollama's store (%2) or LM "
                           "Studio's folders\n")
                .arg(transformer::hubCacheFolder(), transformer::ollamaFolder()));
        return 0;
    }
    for (const transformer::CachedModel &m : models)
        print(out,
            QStringLiteral("%1\t%2\t%3 layers × %4 heads\t%5\t%6\n")
                .arg(m.location, m.family)
                .arg(m.layers)
                .arg(m.heads)
                .arg(humanCount(static_cast<double>(m.parameters), QStringLiteral("parameters")),
                    humanCount(static_cast<double>(m.bytes), QStringLiteral("B"))));
    return 0;
}

int tokenize(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<TokenizeOptions> parsed = parseTokenizeArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("tokenize"), out, err);
    const QString &location = parsed.options->model, &sentence = parsed.options->sentence;
    QString error;
    const auto model = live::LiveModel::open(location, &error);
    if (!model) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    const tokenizers::Encoding e = model->encode(sentence);
    QJsonArray ids;
    for (int id : e.ids)
        ids.append(id);
    const QJsonObject json {{QStringLiteral("tokens"), QJsonArray::fromStringList(e.display)},
        {QStringLiteral("pieces"), QJsonArray::fromStringList(e.pieces)}, {QStringLiteral("ids"), ids}};
    const QByteArray bytes = toPrettyJson(json);
    write(out, bytes);
    return 0;
}

void addRunToJson(const live::LiveRun &run, bool causal, QJsonObject &json)
{
    QJsonArray ids;
    for (int id : run.ids)
        ids.append(id);
    json.insert(QStringLiteral("ids"), ids);
    if (run.attention && run.attention->decoder) { // T5: what its decoder ran on
        QJsonArray decoder;
        for (int id : run.forward->decoderIds)
            decoder.append(id);
        json.insert(QStringLiteral("target"), run.target);
        json.insert(QStringLiteral("decoder_tokens"), QJsonArray::fromStringList(run.attention->decoder->tokens));
        json.insert(QStringLiteral("decoder_ids"), decoder);
    }
    if (causal) {
        json.insert(
            QStringLiteral("next"), run.predictions.empty() ? QJsonArray() : topTokens(run.predictions.front()));
        return;
    }
    QJsonArray masks;
    for (const live::Prediction &p : run.predictions)
        masks.append(QJsonObject {{QStringLiteral("position"), p.position}, {QStringLiteral("top"), topTokens(p)}});
    json.insert(QStringLiteral("next"), masks);
}

QString addRolloutAndFlow(const ModelAttention *model, const ComputeOptions &o, QJsonObject &json)
{
    const ModelAttention *shown = model ? shownStack(*model, o.view) : nullptr;
    if (!shown)
        return QStringLiteral("--rollout and --flow need a model's attention (a model run on --sentence, or its file)");
    if (shown->isCross())
        return QStringLiteral("rollout and flow follow a token through its own layers: not cross-attention");
    const std::vector<analysis::Matrix> layers = residualLayers(*shown);
    if (o.rollout)
        json.insert(QStringLiteral("rollout"), matrixToJson(analysis::rollout(layers)));
    if (o.flow) {
        if (shown->n > analysis::flowTokenLimit)
            return QStringLiteral("--flow takes sentences of up to %1 tokens, and this one has %2")
                .arg(analysis::flowTokenLimit)
                .arg(shown->n);
        json.insert(QStringLiteral("flow"), matrixToJson(analysis::attentionFlow(layers)));
    }
    return {};
}

void addDifferenceToJson(const live::ModelDifference &difference, const QString &other, QJsonObject &json)
{
    QJsonArray heads;
    for (const live::HeadDifference &h : difference.heads)
        heads.append(QJsonObject {{QStringLiteral("layer"), h.layer + 1}, {QStringLiteral("head"), h.head + 1},
            {QStringLiteral("largest"), h.largest}, {QStringLiteral("moved"), h.moved}});
    QJsonArray predictions;
    for (const live::PredictionDifference &p : difference.predictions) {
        QJsonArray tokens;
        for (const live::ComparedToken &t : p.tokens)
            tokens.append(QJsonObject {{QStringLiteral("token"), t.token}, {QStringLiteral("id"), t.id},
                {QStringLiteral("probability"), t.before}, {QStringLiteral("compared_probability"), t.after}});
        predictions.append(
            QJsonObject {{QStringLiteral("position"), p.position}, {QStringLiteral("divergence"), p.divergence},
                {QStringLiteral("largest"), p.largest}, {QStringLiteral("tokens"), tokens}});
    }
    json.insert(QStringLiteral("compared"),
        QJsonObject {{QStringLiteral("model"), other}, {QStringLiteral("largest"), difference.largest},
            {QStringLiteral("heads"), heads}, {QStringLiteral("predictions"), predictions}});
}

} // namespace qkv::cli
