#include "export/exportoptions.h"

#include "export/outputformats.h"
#include "export/resultnumbers.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>

namespace qkv {

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

const QStringList figureFlags {u"--scores"_qs, u"--skip-first"_qs, u"--all-heads"_qs, u"--sorted"_qs,
    u"--text-as-paths"_qs, u"--no-title"_qs, u"--side-by-side"_qs};
const QStringList figureValues {u"--layout"_qs, u"--threshold"_qs, u"--top-k"_qs, u"--mass"_qs, u"--dims"_qs,
    u"--font-size"_qs, u"--color-scale"_qs, u"--title"_qs};

bool isFigureOption(const QString &arg)
{
    return figureFlags.contains(arg) || figureValues.contains(arg);
}

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

// One of the figure-look options into `f`; an error message, or empty (also for other options).
QString parseFigureOption(const QString &arg, const QString &value, FigureOptions &f)
{
    if (arg == u"--scores")
        f.scores = true;
    else if (arg == u"--skip-first")
        f.skipFirst = true;
    else if (arg == u"--all-heads")
        f.allHeads = true;
    else if (arg == u"--sorted")
        f.sorted = true;
    else if (arg == u"--text-as-paths")
        f.textAsPaths = true;
    else if (arg == u"--no-title")
        f.noTitle = true;
    else if (arg == u"--side-by-side")
        f.sideBySide = true;
    else if (arg == u"--title")
        f.title = value;
    else if (arg == u"--font-size")
        return parseNumber(arg, value, 6, 400, &f.textPx);
    else if (arg == u"--color-scale") {
        if (value != u"unit" && value != u"data")
            return QStringLiteral("--color-scale: expected unit (0 to 1) or data (0 to the largest weight), got '%1'")
                .arg(value);
        f.dataScale = value == u"data";
    } else if (arg == u"--layout") {
        if (value != u"columns" && value != u"arcs")
            return QStringLiteral("--layout: expected columns or arcs, got '%1'").arg(value);
        f.arcs = value == u"arcs";
    } else if (arg == u"--threshold") {
        return parseNumber(arg, value, 0.0, 1.0, &f.filter.threshold);
    } else if (arg == u"--top-k") {
        double k = 0;
        const QString error = parseNumber(arg, value, 0, 1 << 20, &k);
        if (!error.isEmpty() || k != std::floor(k))
            return QStringLiteral("--top-k: expected a whole number from 0 (all), got '%1'").arg(value);
        f.filter.topK = static_cast<int>(k);
    } else if (arg == u"--mass") {
        const QString error = parseNumber(arg, value, 0.0, 1.0, &f.filter.mass);
        if (!error.isEmpty() || f.filter.mass <= 0.0)
            return QStringLiteral("--mass: expected a share above 0 and up to 1, got '%1'").arg(value);
    } else if (arg == u"--dims") {
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
    ExportOptions o;
    bool fromGiven = false, toGiven = false;
    const auto fail = [](const QString &message) { return ParsedExport {std::nullopt, message}; };
    QStringList positional;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &arg = args[i];
        const bool takesValue
            = QStringList {u"--view"_qs, u"--numbers"_qs, u"-o"_qs, u"--output"_qs, u"--format"_qs, u"--head"_qs,
                  u"--query"_qs, u"--scale"_qs, u"--size"_qs, u"--colormap"_qs, u"--decimals"_qs, u"--animate"_qs,
                  u"--from"_qs, u"--to"_qs, u"--frames"_qs, u"--fps"_qs, u"--baseline"_qs}
                  .contains(arg)
            || figureValues.contains(arg) || modelOptionTakesValue(arg);
        if (takesValue && i + 1 >= args.size())
            return fail(QStringLiteral("%1 needs a value").arg(arg));
        const QString value = takesValue ? args[++i] : QString();
        if (arg == u"--view") {
            o.figure.kind = figureKindNamed(value);
            if (!o.figure.kind)
                return fail(
                    QStringLiteral("--view: unknown view '%1' (one of %2)").arg(value, figureKindNames().join(u", ")));
        } else if (arg == u"--numbers") {
            if (!numberKinds().contains(value) && value != u"model")
                return fail(QStringLiteral("--numbers: unknown kind '%1' (one of %2, or model)")
                                .arg(value, numberKinds().join(QStringLiteral(", "))));
            o.numbers = value;
        } else if (arg == u"--worked") {
            o.worked = true;
        } else if (arg == u"--decimals") {
            bool ok = false;
            o.decimals = value.toInt(&ok);
            if (!ok || o.decimals < 0 || o.decimals > maxTableDecimals)
                return fail(QStringLiteral("--decimals: expected a whole number from 0 to %1, got '%2'")
                                .arg(maxTableDecimals)
                                .arg(value));
        } else if (arg == u"-o" || arg == u"--output") {
            if (value.isEmpty())
                return fail(QStringLiteral("-o: the output path is empty"));
            o.output = value;
        } else if (arg == u"--format") {
            o.format = value;
        } else if (arg == u"--head") {
            bool ok = false;
            const int h = value.toInt(&ok);
            if (value == u"all")
                o.head = -1;
            else if (!ok || h < 1)
                return fail(QStringLiteral("--head: expected a head number from 1, or 'all', got '%1'").arg(value));
            else
                o.head = h - 1;
        } else if (arg == u"--query") {
            o.query = value;
        } else if (arg == u"--baseline") {
            if (value.trimmed().isEmpty())
                return fail(QStringLiteral("--baseline: expected a snapshot's name, or 'none'"));
            o.baseline = value.trimmed();
        } else if (arg == u"--scale") {
            bool ok = false;
            o.scale = value.toDouble(&ok);
            if (!ok || !(o.scale >= 1.0 && o.scale <= 4.0))
                return fail(QStringLiteral("--scale: expected a number from 1 to 4, got '%1'").arg(value));
        } else if (arg == u"--size") {
            const auto size = parseSize(value);
            if (!size)
                return fail(QStringLiteral("--size: expected WIDTHxHEIGHT, each from 1 to %1 pixels, got '%2'")
                                .arg(ExportOptions::maxSide)
                                .arg(value));
            o.size = *size;
            o.sizeGiven = true;
        } else if (arg == u"--colormap") {
            o.figure.colormap = value;
        } else if (arg == u"--animate") {
            o.animate = value;
        } else if (arg == u"--from" || arg == u"--to") {
            bool ok = false;
            const double x = value.toDouble(&ok);
            if (!ok || !std::isfinite(x) || std::abs(x) > limits::maxAbsValue)
                return fail(QStringLiteral("%1: expected a number between -%2 and %2, got '%3'")
                                .arg(arg)
                                .arg(limits::maxAbsValue, 0, 'g')
                                .arg(value));
            (arg == u"--from" ? o.from : o.to) = x;
            (arg == u"--from" ? fromGiven : toGiven) = true;
        } else if (arg == u"--frames" || arg == u"--fps") {
            bool ok = false;
            const int n = value.toInt(&ok);
            const int lo = arg == u"--frames" ? 2 : 1, hi = arg == u"--frames" ? ExportOptions::maxFrames : 100;
            if (!ok || n < lo || n > hi)
                return fail(QStringLiteral("%1: expected a whole number from %2 to %3, got '%4'")
                                .arg(arg)
                                .arg(lo)
                                .arg(hi)
                                .arg(value));
            (arg == u"--frames" ? o.frames : o.fps) = n;
        } else if (isModelOption(arg)) {
            if (const QString error = parseModelOption(arg, value, o.model); !error.isEmpty())
                return fail(error);
        } else if (isFigureOption(arg)) {
            if (const QString error = parseFigureOption(arg, value, o.figure); !error.isEmpty())
                return fail(error);
        } else if (arg == u"--overwrite") {
            o.overwrite = true;
        } else if (arg.startsWith(u'-') && arg != u"-") {
            return fail(QStringLiteral("unknown option '%1'").arg(arg));
        } else {
            positional << arg;
        }
    }
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
        if (!fromGiven || !toGiven)
            return fail(QStringLiteral("--animate needs --from A and --to B, the values the frames go through"));
        formatFrom(QString());
        if (!holds(OutputContent::Animation))
            return fail(QStringLiteral("-o: an animation is written as %1 (or give --format), got '%2'")
                            .arg(outputFormatList(OutputContent::Animation, true), o.output));
    } else {
        if (fromGiven || toGiven || o.frames != 60 || o.fps != 20)
            return fail(QStringLiteral("--from, --to, --frames and --fps go with --animate REF"));
        formatFrom(QString());
        if (!holds(OutputContent::Figure))
            return fail(QStringLiteral("-o: a figure is written as %1 (or give --format), got '%2'")
                            .arg(outputFormatList(OutputContent::Figure, true), o.output));
    }
    return {o, {}};
}

} // namespace qkv
