#include "cli/headscommand.h"

#include "arguments/headsoptions.h"
#include "cli/cliprint.h"
#include "cli/commandline.h"
#include "cli/terminalbusy.h"
#include "corpus/headsoutput.h"
#include "document/jsonwriter.h"
#include "figures/figurewriter.h"
#include "figures/headscoresfigure.h"
#include "livemodel/livemodel.h"
#include "platform/atomicsave.h"
#include "views/headscoresview.h"

#include <QPainter>

#include <atomic>
#include <csignal>

namespace qkv::cli {
namespace {

std::atomic<bool> interrupted {false};

// Ctrl-C once: the run stops after the passages it is on and what was run is written; twice:
// the process ends as it would have.
extern "C" void stopOnInterrupt(int)
{
    if (interrupted.exchange(true))
        std::_Exit(130);
}

QString writeResult(
    const HeadsCommandOptions &o, const corpus::HeadsReport &report, const live::LiveModel &model, FILE *out)
{
    const auto save = [&](const QByteArray &bytes) -> QString {
        if (o.output == u"-") {
            write(out, bytes);
            return {};
        }
        return saveAtomically(o.output, bytes);
    };
    if (o.format == u"csv")
        return save(corpus::headsCsv(report));
    if (o.format == u"json") {
        corpus::HeadsOptions options;
        options.corpus = o.corpus;
        options.windows = o.windows;
        options.seed = o.seed;
        return save(toPrettyJson(corpus::headsJson(report, model, options)));
    }
    int map = colormapNames().indexOf(o.colormap.isEmpty() ? colormapName(Colormap::Viridis) : o.colormap);
    HeadScoresFigure figure;
    figure.setGrids(scoreGrids(report.statistics));
    figure.setColormap(Colormap(map));
    FigureSpec spec;
    spec.size = o.size;
    spec.scale = o.scale;
    spec.format = o.format == u"svg" ? FigureFormat::Svg : o.format == u"pdf" ? FigureFormat::Pdf : FigureFormat::Png;
    spec.title = QStringLiteral("%1 heads over %2").arg(live::modelShortName(o.model), o.corpus);
    FigureStyle style;
    style.exported = true;
    style.palette = QPalette(Qt::black, Qt::white);
    style.font = pixelFont(style.font, std::max(10.0, std::min(o.size.width(), o.size.height()) * 0.018));
    return writeFigure(o.output, spec, [&](QPainter &painter, const QRectF &rect) {
        painter.fillRect(rect, Qt::white);
        figure.paint(painter, rect, style);
    });
}

} // namespace

int runHeadsCommand(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<HeadsCommandOptions> parsed = parseHeadsArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("heads"), out, err);
    const HeadsCommandOptions &o = *parsed.options;
    if (!o.colormap.isEmpty() && !colormapNames().contains(o.colormap))
        return usageError(
            err, QStringLiteral("--colormap: expected %1, got '%2'").arg(colormapNames().join(u", "_qs), o.colormap));
    if (o.output != u"-") { // said before the run, not after it
        const SaveTarget target = resolveSaveTarget(o.output);
        if (target.kind == SaveTarget::Refused) {
            print(err, QStringLiteral("qkvlab: %1\n").arg(target.error));
            return 1;
        }
        if (target.kind == SaveTarget::File && !o.overwrite) {
            print(err, QStringLiteral("qkvlab: %1 exists; add --overwrite to replace it\n").arg(o.output));
            return 1;
        }
    }
    QString error;
    const auto model = live::LiveModel::open(o.model, &error);
    if (!model) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(error));
        return 1;
    }
    corpus::HeadsOptions options;
    options.corpus = o.corpus;
    options.scores = o.scores;
    options.maxTokens = o.maxTokens;
    options.windows = o.windows;
    options.seed = o.seed;
    interrupted = false;
    const auto previous = std::signal(SIGINT, stopOnInterrupt);
    corpus::HeadsReport report;
    {
        TerminalBusy busy(QStringLiteral("Scoring the heads of %1").arg(live::modelShortName(o.model)), err);
        report = corpus::runHeads(*model, options, &interrupted, [&](const corpus::HeadsProgress &p) {
            busy.setDetail(QStringLiteral("%1 passages, %2 tokens, %3 % of the corpus")
                               .arg(p.passages)
                               .arg(p.tokens)
                               .arg(int(p.fraction * 100)));
        });
    }
    std::signal(SIGINT, previous);
    if (!report.error.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(report.error));
        return 1;
    }
    for (const QString &note : report.notes)
        print(err, QStringLiteral("qkvlab: note: %1\n").arg(note));
    if (report.partial)
        print(err,
            QStringLiteral("qkvlab: stopped after %1 passages: the scores are of those alone (partial)\n")
                .arg(report.passages));
    if (const QString failed = writeResult(o, report, *model, out); !failed.isEmpty()) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(failed));
        return 1;
    }
    return finishOutput(out, err, interrupted ? 130 : 0);
}

} // namespace qkv::cli
