#include "cli/generatecommand.h"

#include "arguments/commandoptions.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "cli/terminalbusy.h"
#include "document/jsonwriter.h"
#include "livemodel/continuation.h"
#include "livemodel/livemodel.h"
#include "modelfiles/npzwriter.h"
#include "platform/atomicsave.h"
#include "transformer/generation.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv::cli {
namespace {

QJsonObject tokensJson(const tokenizers::Tokenizer &t, const std::vector<int> &ids, const QString &text)
{
    QJsonArray idList, tokens;
    for (const int id : ids) {
        idList.append(id);
        tokens.append(t.display(id));
    }
    return {{u"ids"_qs, idList}, {u"tokens"_qs, tokens}, {u"text"_qs, text}};
}

// Every step's attention: a causal model's row of each token over the tokens before it, which is
// what the step that wrote it computed, so one pass over the whole text holds every step.
int writeSteps(const GenerateOptions &o, const live::LiveModel &model, const std::vector<int> &all, FILE *err)
{
    const SaveTarget target = resolveSaveTarget(o.output);
    if (target.kind == SaveTarget::File && !o.overwrite) {
        print(err, QStringLiteral("qkvlab: %1 exists; add --overwrite to replace it\n").arg(o.output));
        return 1;
    }
    const transformer::ForwardResult whole = transformer::forward(model.model(), all);
    if (!whole.done()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(whole.error));
        return 1;
    }
    QString error;
    const QByteArray npz = modelAttentionToNpz(*live::attentionOf(model, whole), &error);
    if (npz.isEmpty() || !(error = saveAtomically(o.output, npz)).isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    return 0;
}

} // namespace

int runGenerate(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<GenerateOptions> parsed = parseGenerateArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("generate"), out, err);
    const GenerateOptions &o = *parsed.options;
    const SamplingOptions &so = o.sampling;
    const transformer::Sampling sampling {so.temperature, so.topK, so.topP, so.seed};
    if (const QString why = transformer::checkSampling(sampling); !why.isEmpty())
        return usageError(err, QStringLiteral("generate: %1").arg(why));
    QString error;
    const auto model = live::LiveModel::open(o.model, &error);
    if (!model) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    const std::vector<int> prompt = model->encode(o.sentence).ids;
    transformer::Generated g;
    {
        TerminalBusy busy(QStringLiteral("Generating with %1").arg(live::modelShortName(o.model)), err);
        transformer::GenerateRun run;
        run.step
            = [&](int, int index) { busy.setDetail(QStringLiteral("token %1 of %2").arg(index + 1).arg(so.tokens)); };
        g = transformer::generate(model->model(), prompt, so.tokens, sampling, run);
    }
    if (!g.error.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(g.error));
        return 1;
    }
    if (int(g.ids.size()) < so.tokens)
        print(err,
            QStringLiteral("qkvlab: note: %1 tokens, not %2: the model's %3 positions end there\n")
                .arg(g.ids.size())
                .arg(so.tokens)
                .arg(model->model().config().positionLimit()));
    // The whole text, the prompt's and the continuation's.
    const tokenizers::Tokenizer &t = model->tokenizer();
    std::vector<int> all = prompt;
    all.insert(all.end(), g.ids.begin(), g.ids.end());
    if (!o.output.isEmpty()) {
        if (const int status = writeSteps(o, *model, all, err); status != 0)
            return status;
    }
    const QString whole = t.decode(all), promptText = t.decode(prompt);
    const QString added = live::continuationText(t, prompt, g.ids);
    if (!o.json) {
        print(out, whole + u'\n');
        return finishOutput(out, err, 0);
    }
    QJsonObject json {{u"model"_qs, model->location()}, {u"prompt"_qs, tokensJson(t, prompt, promptText)},
        {u"continuation"_qs, tokensJson(t, g.ids, added)},
        {u"sampling"_qs,
            QJsonObject {{u"temperature"_qs, so.temperature}, {u"top_k"_qs, so.topK}, {u"top_p"_qs, so.topP},
                {u"seed"_qs, QString::number(so.seed)}}}};
    write(out, toPrettyJson(json));
    return finishOutput(out, err, 0);
}

} // namespace qkv::cli
