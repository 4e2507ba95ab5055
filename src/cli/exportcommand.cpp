#include "cli/exportcommand.h"

#include "arguments/exportoptions.h"
#include "attention/difference.h"
#include "attention/engine.h"
#include "cli/animationexport.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "cli/openinput.h"
#include "cli/stepsanimation.h"
#include "cli/terminalbusy.h"
#include "document/documentio.h"
#include "export/figurecaption.h"
#include "export/resultnumbers.h"
#include "export/workedcomputation.h"
#include "figures/colormap.h"
#include "modelfiles/modeldocument.h"
#include "modelfiles/npzwriter.h"
#include "platform/atomicsave.h"
#include "views/figurerenderer.h"

#include <QFileInfo>

namespace qkv::cli {
namespace {

int writeOutput(const ExportOptions &o, const QByteArray &bytes, FILE *out, FILE *err)
{
    if (o.output == u"-") {
        write(out, bytes);
        return 0;
    }
    // A path that cannot be resolved (a loop of links, a folder missing) is an error here, not
    // a file that "does not exist yet"; a device or pipe is written into, never replaced.
    const SaveTarget target = resolveSaveTarget(o.output);
    if (target.kind == SaveTarget::File && !o.overwrite) {
        print(err, QStringLiteral("qkvlab: %1 exists; add --overwrite to replace it\n").arg(o.output));
        return 1;
    }
    const QString error = saveAtomically(o.output, bytes);
    if (!error.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    return 0;
}

// A figure of thousands of pixels a side, or a long animation, takes seconds: it is said.
QString busyText(const ExportOptions &o)
{
    return o.output == u"-" ? QStringLiteral("Exporting")
                            : QStringLiteral("Exporting %1").arg(QFileInfo(o.output).fileName());
}

using AnimationProgress = std::function<bool(int done, int total)>;

// An animation's frames drawn by `draw` (its progress on the terminal), then written.
template<typename Draw>
int writeAnimation(const ExportOptions &o, FILE *out, FILE *err, Draw &&draw)
{
    QString error;
    bool usage = false;
    QByteArray bytes;
    {
        TerminalBusy shown(busyText(o));
        bytes = draw(&error, &usage, [&shown](int done, int total) {
            shown.setProgress(done, total);
            return true;
        });
    }
    if (bytes.isEmpty()) {
        print(err, QStringLiteral("qkvlab: export: %1\n").arg(error));
        return usage ? 2 : 1;
    }
    return writeOutput(o, bytes, out, err);
}

// The snapshot an export compares with: its result, name and (side by side) its document.
struct Baseline {
    std::optional<Result> result;
    QString name;
    const Document *document = nullptr;
};

// The snapshot a figure shows differences from (--baseline's, or the document's own) computed
// into `baseline`; 0, or the exit status after saying why not on `err`. The heatmap, the arrow graph
// (alone or in the composed figure) and the bars draw differences, and the worked computation (as a
// figure or as text) says what a changed number was: --baseline with anything else is refused, and
// a document's own baseline is then left out. --side-by-side draws any view of the snapshot beside
// now's, of any sentence: it needs a snapshot, and refuses none.
int resolveBaseline(const ExportOptions &o, const Document &doc, const Result &result, Baseline &baseline, FILE *err)
{
    QString &name = baseline.name;
    name = o.baseline ? (*o.baseline == u"none" ? QString() : *o.baseline) : doc.baseline();
    QStringList names;
    for (const Snapshot &s : doc.snapshots())
        names << s.name;
    const QString there = names.isEmpty() ? QStringLiteral("it has none")
                                          : QStringLiteral("its snapshots: %1").arg(names.join(QStringLiteral(", ")));
    if (name.isEmpty() && o.figure.sideBySide) {
        print(err,
            QStringLiteral("qkvlab: export: --side-by-side: the document has no baseline snapshot; name one with "
                           "--baseline NAME (%1)\n")
                .arg(there));
        return 2;
    }
    if (name.isEmpty())
        return 0;
    const Snapshot *snapshot = findSnapshot(doc.snapshots(), name);
    if (!snapshot) {
        print(err,
            QStringLiteral("qkvlab: export: --baseline: the document has no snapshot '%1' (%2)\n").arg(name, there));
        return 2;
    }
    Result computed = compute(*snapshot->state);
    if (o.figure.sideBySide) {
        baseline.result = std::move(computed);
        baseline.document = snapshot->state.get();
        return 0;
    }
    const bool drawn = o.numbers.isEmpty() && o.animate.isEmpty()
        && (o.worked || o.figure.kind == FigureKind::Heatmap || o.figure.kind == FigureKind::Bars
            || o.figure.kind == FigureKind::Arrows || o.figure.kind == FigureKind::Worked
            || o.figure.kind == FigureKind::Figure);
    if (!drawn) {
        name.clear();
        if (!o.baseline)
            return 0;
        print(err,
            QStringLiteral("qkvlab: export: --baseline: differences are drawn by --view heatmap, arrows, bars, worked "
                           "and figure, and --worked; "
                           "not by this export yet\n"));
        return 2;
    }
    if (const QString why = Difference::refusal(result, computed, std::max(o.head, 0), name); !why.isEmpty()) {
        print(err,
            QStringLiteral("qkvlab: export: %1%2\n").arg(o.baseline ? QStringLiteral("--baseline: ") : QString(), why));
        name.clear();
        return o.baseline ? 1 : 0;
    }
    baseline.result = std::move(computed);
    return 0;
}

// The figure of the result already computed (or read with the document): nothing is computed again.
int exportFigure(
    const ExportOptions &o, const Document &doc, const Result &result, const Baseline &baseline, FILE *out, FILE *err)
{
    if (!o.figure.colormap.isEmpty() && !colormapNames().contains(o.figure.colormap)) {
        print(err,
            QStringLiteral("qkvlab: export: --colormap: unknown colormap '%1' (one of %2)\n")
                .arg(o.figure.colormap, colormapNames().join(QStringLiteral(", "))));
        return 2;
    }
    if (std::max(o.figure.dimX, o.figure.dimY) >= doc.settings().dim) {
        print(err,
            QStringLiteral("qkvlab: export: --dims %1,%2: the document's vectors have d = %3 dimensions\n")
                .arg(o.figure.dimX + 1)
                .arg(o.figure.dimY + 1)
                .arg(doc.settings().dim));
        return 2;
    }
    // The token the document is about, as the window opens on it, unless --query names another.
    const int focus = doc.focusToken();
    FigureInput input {&doc, &result, std::max(o.head, 0), focus < result.tokens.size() ? focus : -1, false,
        baseline.result ? &*baseline.result : nullptr, baseline.name, baseline.document};
    if (!o.query.isEmpty()) {
        input.token = static_cast<int>(doc.tokens().indexOf(o.query));
        if (input.token < 0) {
            print(err, QStringLiteral("qkvlab: export: --query: the sentence has no token '%1'\n").arg(o.query));
            return 2;
        }
    }
    if (!o.animate.isEmpty())
        return writeAnimation(o, out, err, [&](QString *error, bool *usage, const AnimationProgress &progress) {
            return exportAnimation(o, doc, input.token, error, usage, progress);
        });
    FigureRenderer renderer(input, o.figure);
    FigureSpec spec;
    spec.size = o.sizeGiven ? o.size : renderer.preferredSize(o.size.width());
    spec.size = spec.size.boundedTo(QSize(ExportOptions::maxSide, ExportOptions::maxSide));
    spec.scale = o.scale;
    spec.format = o.format == u"svg" ? FigureFormat::Svg : o.format == u"pdf" ? FigureFormat::Pdf : FigureFormat::Png;
    spec.textAsPaths = o.figure.textAsPaths;
    spec.title = figureTitle(doc);
    QString error;
    QByteArray bytes;
    {
        const TerminalBusy shown(busyText(o));
        bytes = renderFigure(spec, renderer.painter(), &error);
    }
    if (bytes.isEmpty()) {
        print(err, QStringLiteral("qkvlab: export: %1\n").arg(error));
        return 1;
    }
    return writeOutput(o, bytes, out, err);
}

// The token of --query (default: the token the document is about); -1, said on `err`, when the
// sentence has none.
int queryToken(const ExportOptions &o, const Document &doc, const Result &result, FILE *err)
{
    if (o.query.isEmpty())
        return std::max(doc.focusToken(), 0);
    const int query = static_cast<int>(result.tokens.indexOf(o.query));
    if (query < 0) {
        const QString tokens = result.tokens.size() <= 40
            ? QStringLiteral(" (its tokens: %1)").arg(result.tokens.join(QStringLiteral(", ")))
            : QString();
        print(err, QStringLiteral("qkvlab: export: --query: the sentence has no token '%1'%2\n").arg(o.query, tokens));
    }
    return query;
}

// The steps of --query in --head, or in every head.
int exportWorked(const ExportOptions &o, const Document &doc, const Result &result, const Result *baseline,
    const QString &baselineName, FILE *out, FILE *err)
{
    const int query = queryToken(o, doc, result, err);
    if (query < 0)
        return 2;
    WorkedOptions options;
    if (o.decimals >= 0)
        options.decimals = o.decimals;
    const WorkedSyntax syntax = o.format == u"tex" ? WorkedSyntax::Latex : WorkedSyntax::Markdown;
    const QString text = workedHeadsText(doc, result, o.head, query, syntax, options, baseline, baselineName);
    return writeOutput(o, text.toUtf8(), out, err);
}

} // namespace

int runExport(const QStringList &args, FILE *out, FILE *err)
{
    const ParsedExport parsed = parseExportArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("export"), out, err);
    ExportOptions o = *parsed.options;
    if (o.animatesSteps())
        return writeAnimation(o, out, err, [&](QString *error, bool *usage, const AnimationProgress &progress) {
            return exportSteps(o, error, usage, err, progress);
        });
    OpenedInput input = openInput(o.file, o.model);
    OpenedFile &opened = input.opened;
    // A model's figure quotes the sentence as typed, as the window does, not its tokens
    // ("Ġcat").
    if (input.run && o.model.stack == AttentionStack::Encoder)
        o.figure.sentence = o.model.sentence;
    if (opened.loaded && o.numbers == u"model") {
        QString error = opened.model ? QString() : QStringLiteral("--numbers model: %1 is not a model").arg(o.file);
        const QByteArray npz = opened.model ? modelAttentionToNpz(*opened.model, &error) : QByteArray();
        if (npz.isEmpty()) {
            print(err, QStringLiteral("qkvlab: export: %1\n").arg(error));
            return 1;
        }
        return writeOutput(o, npz, out, err);
    }
    const LoadResult &loaded = opened.loaded;
    if (!loaded) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(loaded.error.toString()));
        return 1;
    }
    const Result result = opened.result ? std::move(*opened.result) : compute(*loaded.document);
    if (o.head >= static_cast<int>(result.heads.size())) {
        print(err,
            QStringLiteral("qkvlab: export: --head %1: the document has %2 head(s)\n")
                .arg(o.head + 1)
                .arg(result.heads.size()));
        return 2;
    }
    Baseline baseline;
    if (const int status = resolveBaseline(o, *loaded.document, result, baseline, err); status != 0)
        return status;
    if (!o.numbers.isEmpty()) {
        const int query = queryToken(o, *loaded.document, result, err);
        if (query < 0)
            return 2;
        return writeOutput(o,
            resultNumbers(result, o.numbers, *tableFormatFromString(o.format), o.head, o.decimals, query).toUtf8(), out,
            err);
    }
    if (o.worked)
        return exportWorked(
            o, *loaded.document, result, baseline.result ? &*baseline.result : nullptr, baseline.name, out, err);
    return exportFigure(o, *loaded.document, result, baseline, out, err);
}

} // namespace qkv::cli
