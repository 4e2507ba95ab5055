#include "workspace/lessonmodel.h"

#include "modelfiles/modeldocument.h"
#include "transformer/generation.h"

#include <QDir>
#include <QFileInfo>

namespace qkv {

QString lessonModelLocation(const QString &model, const QString &lessonFile)
{
    if (model.startsWith(u"hf:") || model.startsWith(u"ollama:") || model.startsWith(u"example:")
        || QDir::isAbsolutePath(model) || lessonFile.startsWith(u"lesson:"))
        return model;
    return QDir::cleanPath(QFileInfo(lessonFile).absoluteDir().filePath(model));
}

QString lessonModelText(const live::LiveModel &live, const lessons::ModelStart &model, QString *why)
{
    if (!model.generate)
        return model.sentence;
    const lessons::Generation &g = *model.generate;
    const transformer::Sampling sampling {g.temperature, g.topK, g.topP, std::uint64_t(g.seed)};
    std::vector<int> ids = live.encode(model.sentence).ids;
    const transformer::Generated written = transformer::generate(live.model(), ids, g.tokens, sampling);
    if (!written.error.isEmpty()) {
        *why = QStringLiteral("the step's generation: %1").arg(written.error);
        return {};
    }
    ids.insert(ids.end(), written.ids.begin(), written.ids.end());
    return live.tokenizer().decode(ids);
}

std::optional<Document> lessonModelDocument(const live::LiveModel &live, const lessons::ModelStart &model,
    const std::vector<transformer::Intervention> &interventions, QString *why)
{
    const int layers = live.model().config().layers;
    if (model.layer >= layers) {
        *why = QStringLiteral("the model has %1 layers, not %2").arg(layers).arg(model.layer + 1);
        return std::nullopt;
    }
    live::RunOptions options;
    options.topK = 1;
    options.interventions = interventions;
    const QString text = lessonModelText(live, model, why);
    if (text.isEmpty())
        return std::nullopt;
    const live::LiveRun run = live::run(live, text, options);
    if (!run) {
        *why = run.error;
        return std::nullopt;
    }
    ModelView view;
    view.layer = model.layer;
    const OpenedFile opened = openModelAttention(run.attention, view, live.location(), live.location());
    if (!opened.loaded) {
        *why = opened.loaded.error.message;
        return std::nullopt;
    }
    return *opened.loaded.document;
}

lessons::ModelRunner lessonModelRunner(std::shared_ptr<const live::LiveModel> live)
{
    return [live = std::move(live)](
               const lessons::ModelStart &model, QString *why) { return lessonModelDocument(*live, model, {}, why); };
}

} // namespace qkv
