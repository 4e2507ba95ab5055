#include "arguments/headsoptions.h"

#include "arguments/exportoptions.h"
#include "export/outputformats.h"

#include <QFileInfo>

namespace qkv::cli {
namespace {

// The formats heads writes: its numbers (csv, json) and its grids as a figure.
bool headsWrites(const OutputFormat &f)
{
    return f.canHold(OutputContent::HeadScores) || f.canHold(OutputContent::Figure);
}

QString headsFormats()
{
    QStringList names;
    for (const OutputFormat &f : outputFormats())
        if (headsWrites(f))
            names << f.name;
    return names.join(u", "_qs);
}

} // namespace

Parsed<HeadsCommandOptions> parseHeadsArguments(const QStringList &args)
{
    return parseCommand<HeadsCommandOptions>(u"heads", args, [](const CommandParser &parser) {
        const auto fail = [](const QString &why) { return refused<HeadsCommandOptions>(why); };
        HeadsCommandOptions o;
        if (parser.positional().size() != 1)
            return fail(
                QStringLiteral("heads takes exactly one MODEL (a folder, a GGUF file, hf:NAME or example:NAME)"));
        o.model = parser.positional().first();
        o.corpus = parser.value(u"corpus"_qs);
        if (o.corpus.isEmpty())
            return fail(QStringLiteral("heads needs --corpus FILE: the text the heads are measured on"));
        if (parser.isSet(u"scores"_qs)) {
            o.scores.clear();
            for (const QString &name : parser.value(u"scores"_qs).split(u',', Qt::SkipEmptyParts)) {
                const auto score = analysis::headScoreFromName(name.trimmed());
                if (!score)
                    return fail(QStringLiteral("--scores: '%1' is not a score; the scores are %2")
                                    .arg(name.trimmed(), analysis::headScoreNames().join(u", "_qs)));
                if (std::find(o.scores.begin(), o.scores.end(), *score) == o.scores.end())
                    o.scores.push_back(*score);
            }
            if (o.scores.empty())
                return fail(QStringLiteral("--scores: expected score names separated by commas"));
        }
        bool ok = true;
        if (parser.isSet(u"max-tokens"_qs)) {
            o.maxTokens = parser.value(u"max-tokens"_qs).toInt(&ok);
            if (!ok || o.maxTokens < 2 || o.maxTokens > 1 << 20)
                return fail(QStringLiteral("--max-tokens: expected a number of tokens from 2, got '%1'")
                                .arg(parser.value(u"max-tokens"_qs)));
        }
        o.windows = parser.isSet(u"windows"_qs);
        if (parser.isSet(u"seed"_qs)) {
            o.seed = parser.value(u"seed"_qs).toUInt(&ok);
            if (!ok)
                return fail(QStringLiteral("--seed: expected a whole number from 0 to 4294967295, got '%1'")
                                .arg(parser.value(u"seed"_qs)));
        }
        o.output = parser.value(u"o"_qs);
        if (o.output.isEmpty())
            return fail(QStringLiteral("heads needs -o OUT: a .csv or .json file of the scores, or a .png, .svg or "
                                       ".pdf of their grids (- writes CSV or JSON to standard output)"));
        o.format = parser.isSet(u"format"_qs) ? parser.value(u"format"_qs)
            : o.output == u"-"                ? u"csv"_qs
                                              : QFileInfo(o.output).suffix().toLower();
        const OutputFormat *format = outputFormatNamed(o.format);
        if (!format || !headsWrites(*format))
            return fail(QStringLiteral("-o %1: heads writes %2; give --format").arg(o.output, headsFormats()));
        o.format = format->name;
        if (o.output == u"-" && !format->canHold(OutputContent::HeadScores))
            return fail(QStringLiteral("a figure is written to a file, not to standard output"));
        o.overwrite = parser.isSet(u"overwrite"_qs);
        if (parser.isSet(u"size"_qs)) {
            const auto size = parseSize(parser.value(u"size"_qs));
            if (!size)
                return fail(QStringLiteral("--size: expected WIDTHxHEIGHT, each from 1 to %1 pixels, got '%2'")
                                .arg(ExportOptions::maxSide)
                                .arg(parser.value(u"size"_qs)));
            o.size = *size;
        }
        if (parser.isSet(u"scale"_qs)) {
            o.scale = parser.value(u"scale"_qs).toDouble(&ok);
            if (!ok || !(o.scale >= 1.0 && o.scale <= 4.0))
                return fail(
                    QStringLiteral("--scale: expected a number from 1 to 4, got '%1'").arg(parser.value(u"scale"_qs)));
        }
        o.colormap = parser.value(u"colormap"_qs);
        return accepted(o);
    });
}

} // namespace qkv::cli
