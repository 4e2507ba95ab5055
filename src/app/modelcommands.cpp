#include "app/modelcommands.h"

#include "app/cliprint.h"
#include "app/commandline.h"
#include "document/jsonwriter.h"
#include "transformer/hubcache.h"

#include <QJsonArray>

namespace qkv::app {
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
    if (!args.isEmpty())
        return args.first().startsWith(u'-') ? unknownOption(err, QStringLiteral("models"), args.first())
                                             : usageError(err, QStringLiteral("models takes no arguments"));
    const std::vector<transformer::CachedModel> models = transformer::listCachedModels();
    if (models.empty()) {
        print(err,
            QStringLiteral("qkvlab: no usable model in the Hugging Face cache (%1)\n")
                .arg(transformer::hubCacheFolder()));
        return 0;
    }
    for (const transformer::CachedModel &m : models)
        print(out,
            QStringLiteral("hf:%1\t%2\t%3 layers × %4 heads\t%5\t%6\n")
                .arg(m.name, m.family)
                .arg(m.layers)
                .arg(m.heads)
                .arg(humanCount(static_cast<double>(m.parameters), QStringLiteral("parameters")),
                    humanCount(static_cast<double>(m.bytes), QStringLiteral("B"))));
    return 0;
}

int tokenize(const QStringList &args, FILE *out, FILE *err)
{
    QString location, sentence;
    for (qsizetype i = 0; i < args.size(); ++i) {
        if (args[i] == u"--sentence") {
            if (i + 1 >= args.size())
                return usageError(err, QStringLiteral("tokenize: --sentence needs a value"));
            sentence = args[++i];
        } else if (args[i].size() > 1 && args[i].startsWith(u'-')) {
            return unknownOption(err, QStringLiteral("tokenize"), args[i]);
        } else if (location.isEmpty()) {
            location = args[i];
        } else {
            return usageError(err, QStringLiteral("tokenize takes exactly one MODEL"));
        }
    }
    if (location.isEmpty())
        return usageError(err, QStringLiteral("tokenize needs a MODEL (a folder or hf:NAME)"));
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

} // namespace qkv::app
