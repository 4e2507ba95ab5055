#include "cli/stepsanimation.h"

#include "animation/animationwriter.h"
#include "cli/animationexport.h"
#include "cli/cliprint.h"
#include "livemodel/livemodel.h"
#include "modelfiles/tokengroups.h"
#include "transformer/generation.h"
#include "views/figurerenderer.h"

#include <QLocale>

#include <optional>

namespace qkv::cli {
namespace {

// The shown token a model's token is in (the view may hide special tokens or merge pieces);
// -1 when it is hidden.
int shownToken(const ModelAttention &attention, const ModelView &view, int token)
{
    if (!view.regroups())
        return token;
    const TokenGroups groups = groupTokens(attention.tokens, view.groupOptions());
    for (std::size_t g = 0; g < groups.members.size(); ++g)
        if (std::ranges::binary_search(groups.members[g], token))
            return int(g);
    return -1;
}

} // namespace

std::vector<StepFrame> stepFrames(
    const live::LiveModel &model, const ExportOptions &o, QString *error, bool *usage, FILE *err)
{
    *usage = false;
    const transformer::Config &c = model.model().config();
    if (!c.causal() || c.family == transformer::Family::T5 || !model.model().hasLanguageHead()) {
        *error = QStringLiteral("--animate steps: a \"%1\" model does not write text; steps are a causal language "
                                "model's (GPT-2, Llama, Qwen…)")
                     .arg(c.modelType);
        return {};
    }
    std::vector<int> ids = model.encode(o.model.sentence).ids;
    std::size_t first = 1; // the first token a frame is about
    if (o.steps.tokens > 0) {
        const transformer::Sampling sampling {o.steps.temperature, 0, o.steps.topP, o.steps.seed};
        if (const QString why = transformer::checkSampling(sampling); !why.isEmpty()) {
            *usage = true;
            *error = why;
            return {};
        }
        const transformer::Generated g = transformer::generate(model.model(), ids, o.steps.tokens, sampling);
        if (!g.error.isEmpty()) {
            *error = g.error;
            return {};
        }
        if (err && int(g.ids.size()) < o.steps.tokens)
            print(err,
                QStringLiteral("qkvlab: note: %1 tokens, not %2: the model's %3 positions end there\n")
                    .arg(g.ids.size())
                    .arg(o.steps.tokens)
                    .arg(c.positionLimit()));
        first = ids.size();
        ids.insert(ids.end(), g.ids.begin(), g.ids.end());
    }
    if (ids.size() <= first) {
        *usage = true;
        *error = QStringLiteral("--animate steps: the sentence is one token, so nothing follows it; add --tokens N to "
                                "let the model write");
        return {};
    }
    if (ids.size() - first > std::size_t(ExportOptions::maxFrames)) {
        *usage = true;
        *error = QStringLiteral("--animate steps: %1 steps, more than the %2 frames an animation holds")
                     .arg(ids.size() - first)
                     .arg(ExportOptions::maxFrames);
        return {};
    }
    // One pass over the whole text holds every step: a causal row sees only the tokens up to it.
    const transformer::ForwardResult whole = transformer::forward(model.model(), ids);
    if (!whole.done()) {
        *error = whole.error;
        return {};
    }
    const std::shared_ptr<const ModelAttention> attention = live::attentionOf(model, whole);
    const tokenizers::Tokenizer &t = model.tokenizer();
    const int steps = int(ids.size() - first);
    std::vector<StepFrame> frames;
    for (int k = 0; k < steps; ++k) {
        StepFrame f;
        f.written = int(first) + k;
        f.chooser = f.written - 1;
        f.id = ids[std::size_t(f.written)];
        f.attention = firstTokens(*attention, f.written + 1);
        f.probability = live::softmax(transformer::logitsAfter(model.model(), whole, f.chooser))[f.id];
        f.text = t.decode(std::vector<int>(ids.begin(), ids.begin() + f.written + 1));
        // A rare token's chance keeps its digits: "0.004 %", not "0.0 %".
        const int digits = f.probability < 0.001 ? 3 : 1;
        f.caption = QStringLiteral("step %1 of %2: “%3” (%4 %) after “%5”")
                        .arg(k + 1)
                        .arg(steps)
                        .arg(t.display(f.id), QLocale::c().toString(100 * f.probability, 'f', digits),
                            t.display(ids[std::size_t(f.chooser)]));
        frames.push_back(std::move(f));
    }
    return frames;
}

QByteArray exportSteps(const ExportOptions &o, QString *error, bool *usage, FILE *err,
    const std::function<bool(int done, int total)> &progress)
{
    *usage = true;
    if (!live::isModelLocation(o.file)) {
        *error = QStringLiteral("--animate steps runs a model (a folder, a GGUF file, hf:NAME or example:NAME), not %1")
                     .arg(o.file);
        return {};
    }
    if (o.model.sentence.isEmpty()) {
        *error = QStringLiteral("--animate steps needs --sentence TEXT: the text the model reads or continues");
        return {};
    }
    if (o.model.target || o.model.stack != AttentionStack::Encoder) {
        *error = QStringLiteral("--animate steps: --target and --stack are an encoder-decoder model's, which "
                                "writes no steps here");
        return {};
    }
    *usage = false;
    const std::shared_ptr<const live::LiveModel> model = live::LiveModel::open(o.file, error);
    if (!model)
        return {};
    const std::vector<StepFrame> steps = stepFrames(*model, o, error, usage, err);
    if (steps.empty())
        return {};
    const QString name = live::modelShortName(o.file);
    // Every frame's document, built as the frame is drawn (a frame's own tokens and numbers).
    const auto opened = [&](const StepFrame &f) { return openModelAttention(f.attention, o.model, o.file, name); };
    // The renderer keeps pointers into a frame's document until the next one is set: each lives
    // on the heap until then.
    const auto last = std::make_unique<OpenedFile>(opened(steps.back()));
    if (!last->loaded) {
        *error = last->loaded.error.toString();
        return {};
    }
    const auto input = [&](const OpenedFile &file, const StepFrame &f) {
        return FigureInput {&*file.loaded.document, &*file.result, std::max(o.head, 0),
            shownToken(*f.attention, o.model, f.chooser), false, nullptr, {}, nullptr};
    };
    // One size for every frame, the whole text's (the last frame's); one renderer, so that the
    // vector plot keeps one plane.
    FigureOptions look = o.figure;
    look.sentence = steps.back().text;
    FigureRenderer renderer(input(*last, steps.back()), look);
    FigureSpec spec;
    spec.scale = o.scale;
    spec.size = (o.sizeGiven ? o.size : renderer.preferredSize(o.size.width()))
                    .boundedTo(QSize(ExportOptions::maxSide, ExportOptions::maxSide));
    const qreal px = figureTextPx(o.figure, QSizeF(spec.size));
    animation::Frames frames;
    frames.delayMs = 1000 / o.fps;
    std::unique_ptr<OpenedFile> shown;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        std::unique_ptr<OpenedFile> next
            = k + 1 < steps.size() ? std::make_unique<OpenedFile>(opened(steps[k])) : nullptr;
        const OpenedFile &file = next ? *next : *last;
        if (!file.loaded) {
            *error = file.loaded.error.toString();
            return {};
        }
        renderer.setInput(input(file, steps[k]), steps[k].text);
        shown = std::move(next);
        QImage image = renderImage(spec, captioned(renderer.painter(), steps[k].caption, px), error);
        if (image.isNull())
            return {};
        frames.images.push_back(std::move(image));
        if (progress && !progress(int(k) + 1, int(steps.size()))) {
            *error = QStringLiteral("stopped");
            return {};
        }
    }
    return o.format == u"gif" ? animation::encodeGif(frames, error) : animation::encodeWebp(frames, error);
}

} // namespace qkv::cli
