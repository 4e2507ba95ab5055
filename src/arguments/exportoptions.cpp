#include "arguments/exportoptions.h"

#include "arguments/commandparser.h"
#include "arguments/modeloptions.h"
#include "export/outputformats.h"
#include "export/resultnumbers.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace qkv::cli {

std::optional<QSize> parseSize(const QString &text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,6})[xX×](\\d{1,6})$"));
    const auto m = pattern.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    const QSize s(m.captured(1).toInt(), m.captured(2).toInt());
    if (s.width() < 1 || s.height() < 1 || s.width() > ExportOptions::maxSide || s.height() > ExportOptions::maxSide)
        return std::nullopt;
    return s;
}

namespace {

// A number option within [low, high]; the message names the option.
QString parseNumber(const QString &arg, const QString &value, double low, double high, double *out)
{
    bool ok = false;
    const double x = value.toDouble(&ok);
    if (!ok || !(x >= low && x <= high))
        return QStringLiteral("%1: expected a number from %2 to %3, got '%4'").arg(arg).arg(low).arg(high).arg(value);
    *out = x;
    return {};
}

// The figure-look options into `f`; an error message naming the option, or empty.
QString readFigureOptions(const CommandParser &parser, FigureOptions &f)
{
    f.scores = parser.isSet(u"scores"_qs);
    f.skipFirst = parser.isSet(u"skip-first"_qs);
    f.allHeads = parser.isSet(u"all-heads"_qs);
    f.sorted = parser.isSet(u"sorted"_qs);
    f.textAsPaths = parser.isSet(u"text-as-paths"_qs);
    f.noTitle = parser.isSet(u"no-title"_qs);
    f.sideBySide = parser.isSet(u"side-by-side"_qs);
    if (parser.isSet(u"title"_qs))
        f.title = parser.value(u"title"_qs);
    const auto given = [&](const QString &name, QString *value) {
        *value = parser.value(name);
        return parser.isSet(name);
    };
    QString value;
    if (given(u"font-size"_qs, &value))
        if (QString error = parseNumber(u"--font-size"_qs, value, 6, 400, &f.textPx); !error.isEmpty())
            return error;
    if (given(u"color-scale"_qs, &value)) {
        if (value != u"unit" && value != u"data")
            return QStringLiteral("--color-scale: expected unit (0 to 1) or data (0 to the largest weight), got '%1'")
                .arg(value);
        f.dataScale = value == u"data";
    }
    if (given(u"layout"_qs, &value)) {
        if (value != u"columns" && value != u"arcs")
            return QStringLiteral("--layout: expected columns or arcs, got '%1'").arg(value);
        f.arcs = value == u"arcs";
    }
    if (given(u"threshold"_qs, &value))
        if (QString error = parseNumber(u"--threshold"_qs, value, 0.0, 1.0, &f.filter.threshold); !error.isEmpty())
            return error;
    if (given(u"top-k"_qs, &value)) {
        double k = 0;
        const QString error = parseNumber(u"--top-k"_qs, value, 0, 1 << 20, &k);
        if (!error.isEmpty() || k != std::floor(k))
            return QStringLiteral("--top-k: expected a whole number from 0 (all), got '%1'").arg(value);
        f.filter.topK = static_cast<int>(k);
    }
    if (given(u"mass"_qs, &value)) {
        const QString error = parseNumber(u"--mass"_qs, value, 0.0, 1.0, &f.filter.mass);
        if (!error.isEmpty() || f.filter.mass <= 0.0)
            return QStringLiteral("--mass: expected a share above 0 and up to 1, got '%1'").arg(value);
    }
    if (given(u"dims"_qs, &value)) {
        static const QRegularExpression pattern(QStringLiteral("^(\\d{1,4}),(\\d{1,4})$"));
        const auto m = pattern.match(value.trimmed());
        if (!m.hasMatch() || m.captured(1).toInt() < 1 || m.captured(2).toInt() < 1 || m.captured(1) == m.captured(2))
            return QStringLiteral("--dims: expected two different dimensions from 1, as X,Y, got '%1'").arg(value);
        f.dimX = m.captured(1).toInt() - 1;
        f.dimY = m.captured(2).toInt() - 1;
    }
    return {};
}

} // namespace

ParsedExport parseExportArguments(const QStringList &args)
{
    CommandParser parser(u"export");
    parser.parse(args);
    if (auto stopped = parser.stop<ExportOptions>())
        return *stopped;
    ExportOptions o;
    const auto fail = [](const QString &message) { return refused<ExportOptions>(message); };
    const auto given = [&](const QString &name, QString *value) {
        *value = parser.value(name);
        return parser.isSet(name);
    };
    QString value;
    if (given(u"view"_qs, &value)) {
        o.figure.kind = figureKindNamed(value);
        if (!o.figure.kind)
            return fail(
                QStringLiteral("--view: unknown view '%1' (one of %2)").arg(value, figureKindNames().join(u", ")));
    }
    if (given(u"numbers"_qs, &value)) {
        if (!numberKinds().contains(value) && value != u"model")
            return fail(QStringLiteral("--numbers: unknown kind '%1' (one of %2, or model)")
                            .arg(value, numberKinds().join(QStringLiteral(", "))));
        o.numbers = value;
    }
    o.worked = parser.isSet(u"worked"_qs);
    if (given(u"decimals"_qs, &value)) {
        bool ok = false;
        o.decimals = value.toInt(&ok);
        if (!ok || o.decimals < 0 || o.decimals > maxTableDecimals)
            return fail(QStringLiteral("--decimals: expected a whole number from 0 to %1, got '%2'")
                            .arg(maxTableDecimals)
                            .arg(value));
    }
    if (given(u"o"_qs, &o.output) && o.output.isEmpty())
        return fail(QStringLiteral("-o: the output path is empty"));
    o.format = parser.value(u"format"_qs);
    if (given(u"head"_qs, &value)) {
        bool ok = false;
        const int h = value.toInt(&ok);
        if (value == u"all")
            o.head = -1;
        else if (!ok || h < 1)
            return fail(QStringLiteral("--head: expected a head number from 1, or 'all', got '%1'").arg(value));
        else
            o.head = h - 1;
    }
    o.query = parser.value(u"query"_qs);
    if (given(u"baseline"_qs, &value)) {
        if (value.trimmed().isEmpty())
            return fail(QStringLiteral("--baseline: expected a snapshot's name, or 'none'"));
        o.baseline = value.trimmed();
    }
    if (given(u"scale"_qs, &value)) {
        bool ok = false;
        o.scale = value.toDouble(&ok);
        if (!ok || !(o.scale >= 1.0 && o.scale <= 4.0))
            return fail(QStringLiteral("--scale: expected a number from 1 to 4, got '%1'").arg(value));
    }
    if (given(u"size"_qs, &value)) {
        const auto size = parseSize(value);
        if (!size)
            return fail(QStringLiteral("--size: expected WIDTHxHEIGHT, each from 1 to %1 pixels, got '%2'")
                            .arg(ExportOptions::maxSide)
                            .arg(value));
        o.size = *size;
        o.sizeGiven = true;
    }
    o.figure.colormap = parser.value(u"colormap"_qs);
    o.animate = parser.value(u"animate"_qs);
    const bool fromGiven = parser.isSet(u"from"_qs), toGiven = parser.isSet(u"to"_qs);
    for (auto [name, target] : {std::pair {u"from"_qs, &o.from}, {u"to"_qs, &o.to}}) {
        if (!given(name, &value))
            continue;
        bool ok = false;
        const double x = value.toDouble(&ok);
        if (!ok || !std::isfinite(x) || std::abs(x) > limits::maxAbsValue)
            return fail(QStringLiteral("--%1: expected a number between -%2 and %2, got '%3'")
                            .arg(name)
                            .arg(limits::maxAbsValue, 0, 'g')
                            .arg(value));
        *target = x;
    }
    for (auto [name, target, lo, hi] :
        {std::tuple {u"frames"_qs, &o.frames, 2, ExportOptions::maxFrames}, {u"fps"_qs, &o.fps, 1, 100}}) {
        if (!given(name, &value))
            continue;
        bool ok = false;
        const int n = value.toInt(&ok);
        if (!ok || n < lo || n > hi)
            return fail(QStringLiteral("--%1: expected a whole number from %2 to %3, got '%4'")
                            .arg(name)
                            .arg(lo)
                            .arg(hi)
                            .arg(value));
        *target = n;
    }
    if (const QString error = readSampling(parser, o.steps, false); !error.isEmpty())
        return fail(error);
    const bool sampled = parser.isSet(u"tokens"_qs) || parser.isSet(u"temperature"_qs) || parser.isSet(u"top-p"_qs)
        || parser.isSet(u"seed"_qs);
    if (sampled && !o.animatesSteps())
        return fail(QStringLiteral("--tokens, --temperature, --top-p and --seed go with --animate steps"));
    if (o.steps.tokens > ExportOptions::maxFrames)
        return fail(QStringLiteral("--tokens: an animation holds at most %1 frames, got %2")
                        .arg(ExportOptions::maxFrames)
                        .arg(o.steps.tokens));
    if (const QString error = readModelOptions(parser, o.model); !error.isEmpty())
        return fail(error);
    if (const QString error = readFigureOptions(parser, o.figure); !error.isEmpty())
        return fail(error);
    o.overwrite = parser.isSet(u"overwrite"_qs);
    const QStringList positional = parser.positional();
    if (positional.size() != 1)
        return fail(QStringLiteral("export takes exactly one FILE (or example:NAME)"));
    o.file = positional.first();
    if (int(o.figure.kind.has_value()) + int(!o.numbers.isEmpty()) + int(o.worked) != 1)
        return fail(QStringLiteral("export needs one of --view VIEW, --numbers KIND or --worked"));
    if (!o.animate.isEmpty() && !o.figure.kind)
        return fail(QStringLiteral("--animate needs --view VIEW: the figure each frame shows"));
    if (o.figure.sideBySide && (!o.figure.kind || !o.animate.isEmpty()))
        return fail(QStringLiteral("--side-by-side needs --view VIEW (and no --animate): the figure drawn twice"));
    if (o.figure.sideBySide && o.baseline == u"none")
        return fail(QStringLiteral("--side-by-side needs a snapshot to draw beside now: not --baseline none"));
    if (o.output.isEmpty())
        return fail(QStringLiteral("export needs -o OUT (or -o - for standard output)"));
    if (o.decimals >= 0 && ((o.figure.kind && o.figure.kind != FigureKind::Worked) || o.numbers == u"model"))
        return fail(
            QStringLiteral("--decimals: only --numbers (but model), --worked and --view worked write rounded numbers"));
    o.figure.decimals = o.figure.kind == FigureKind::Worked ? o.decimals : -1;
    // The format the option or the file's suffix names, normalized to the table's name; an
    // unknown one is kept as given, for the message.
    const auto formatFrom = [&](const QString &fallback) {
        if (o.format.isEmpty())
            o.format = o.output == u"-" ? fallback : QFileInfo(o.output).suffix().toLower();
        if (const OutputFormat *f = outputFormatNamed(o.format); f && f->name != o.format && !o.format.isEmpty())
            o.format = f->name;
    };
    const auto holds = [&](OutputContent content) {
        const OutputFormat *f = outputFormatNamed(o.format);
        return f && f->canHold(content);
    };
    if (o.worked) {
        // Prose with formulas: Markdown, or LaTeX for a document; a terminal gets Markdown.
        formatFrom(u"md"_qs);
        if (o.format.isEmpty())
            return fail(QStringLiteral("-o %1: no suffix tells the format: give --format %2")
                            .arg(o.output, outputFormatList(OutputContent::Worked)));
        if (!holds(OutputContent::Worked))
            return fail(
                QStringLiteral("--worked writes %1, not '%2'").arg(outputFormatList(OutputContent::Worked), o.format));
    } else if (!o.numbers.isEmpty()) {
        formatFrom(u"csv"_qs);
        if (o.numbers == u"model") {
            // Every layer's attention, queries, keys and values with the tokens, for numpy.
            if (!holds(OutputContent::ModelArchive))
                return fail(QStringLiteral("--numbers model writes an .npz archive, not '%1'").arg(o.format));
        } else if (o.format.isEmpty()) { // -o /dev/stdout, a pipe, a name without a suffix
            return fail(QStringLiteral("-o %1: no suffix tells the format: give --format %2")
                            .arg(o.output, outputFormatList(OutputContent::Numbers)));
        } else if (!holds(OutputContent::Numbers)) {
            return fail(QStringLiteral("--format: expected %1, got '%2'")
                            .arg(outputFormatList(OutputContent::Numbers), o.format));
        }
    } else if (!o.animate.isEmpty()) {
        if (o.animatesSteps() && (fromGiven || toGiven || parser.isSet(u"frames"_qs)))
            return fail(QStringLiteral(
                "--animate steps draws a frame per token: --from, --to and --frames go with a number's REF"));
        if (!o.animatesSteps() && (!fromGiven || !toGiven))
            return fail(QStringLiteral("--animate needs --from A and --to B, the values the frames go through"));
        formatFrom(QString());
        if (!holds(OutputContent::Animation))
            return fail(QStringLiteral("-o: an animation is written as %1 (or give --format), got '%2'")
                            .arg(outputFormatList(OutputContent::Animation, true), o.output));
    } else {
        if (fromGiven || toGiven || parser.isSet(u"frames"_qs) || parser.isSet(u"fps"_qs))
            return fail(QStringLiteral("--from, --to, --frames and --fps go with --animate REF"));
        formatFrom(QString());
        if (!holds(OutputContent::Figure))
            return fail(QStringLiteral("-o: a figure is written as %1 (or give --format), got '%2'")
                            .arg(outputFormatList(OutputContent::Figure, true), o.output));
    }
    return accepted(o);
}

} // namespace qkv::cli
