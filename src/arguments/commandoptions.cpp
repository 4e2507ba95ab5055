#include "arguments/commandoptions.h"

#include "arguments/modeloptions.h"

#include <cmath>

namespace qkv::cli {

Parsed<ComputeOptions> parseComputeArguments(const QStringList &args)
{
    return parseCommand<ComputeOptions>(u"compute", args, [](const CommandParser &parser) -> Parsed<ComputeOptions> {
        ComputeOptions o;
        if (parser.isSet(u"top"_qs)) {
            bool ok = false;
            o.top = parser.value(u"top"_qs).toInt(&ok);
            if (!ok || o.top < 1 || o.top > 1000)
                return refused<ComputeOptions>(QStringLiteral("--top expects a number of tokens from 1 to 1000"));
        }
        if (const QString error = readModelOptions(parser, o.view); !error.isEmpty())
            return refused<ComputeOptions>(error);
        if (parser.positional().size() != 1)
            return refused<ComputeOptions>(QStringLiteral("compute takes exactly one FILE (or example:NAME)"));
        o.file = parser.positional().first();
        o.compare = parser.value(u"compare"_qs);
        if (parser.isSet(u"compare"_qs) && (o.compare.isEmpty() || o.view.sentence.isEmpty()))
            return refused<ComputeOptions>(
                QStringLiteral("--compare takes a second model, and both run on --sentence TEXT"));
        o.rollout = parser.isSet(u"rollout"_qs);
        o.flow = parser.isSet(u"flow"_qs);
        if ((o.rollout || o.flow) && o.view.regroups())
            return refused<ComputeOptions>(QStringLiteral(
                "--rollout and --flow follow every token of the model: not with --merge, --hide-special or --special"));
        return accepted(o);
    });
}

Parsed<SolveOptions> parseSolveArguments(const QStringList &args)
{
    return parseCommand<SolveOptions>(u"solve", args, [](const CommandParser &parser) -> Parsed<SolveOptions> {
        SolveOptions o;
        if (parser.positional().size() > 1)
            return refused<SolveOptions>(QStringLiteral("solve takes one FILE (or example:NAME)"));
        o.file = parser.positional().value(0);
        o.query = parser.value(u"query"_qs);
        o.key = parser.value(u"key"_qs);
        o.output = parser.value(u"o"_qs);
        o.overwrite = parser.isSet(u"overwrite"_qs);
        if (parser.isSet(u"o"_qs) && o.output == u"-")
            return refused<SolveOptions>(QStringLiteral("-o takes a file: standard output carries the JSON"));
        if (o.file.isEmpty() || o.query.isEmpty() || o.key.isEmpty() || !parser.isSet(u"weight"_qs))
            return refused<SolveOptions>(QStringLiteral("solve needs FILE, --query TOKEN, --key TOKEN and --weight W"));
        bool ok = false;
        const QString weight = parser.value(u"weight"_qs);
        o.weight = weight.toDouble(&ok);
        if (!ok || !std::isfinite(o.weight))
            return refused<SolveOptions>(QStringLiteral("--weight expects a number, not '%1'").arg(weight));
        if (parser.isSet(u"change"_qs)) {
            const QString text = parser.value(u"change"_qs);
            const auto change = explore::seekChangeFromString(text);
            if (!change)
                return refused<SolveOptions>(QStringLiteral("--change is query, key or both, not '%1'").arg(text));
            o.change = *change;
        }
        if (parser.isSet(u"head"_qs)) {
            const QString text = parser.value(u"head"_qs);
            o.head = text.toInt(&ok) - 1;
            if (!ok || o.head < 0)
                return refused<SolveOptions>(
                    QStringLiteral("--head expects a head's number from 1, not '%1'").arg(text));
        }
        return accepted(o);
    });
}

Parsed<DownloadOptions> parseDownloadArguments(const QStringList &args)
{
    return parseCommand<DownloadOptions>(u"download", args, [](const CommandParser &parser) -> Parsed<DownloadOptions> {
        if (parser.positional().size() != 1)
            return refused<DownloadOptions>(QStringLiteral(
                "download takes exactly one REPO (gpt2, ORG/NAME, ORG/NAME@REVISION or its Hub address)"));
        DownloadOptions o {parser.positional().first(), parser.values(u"include"_qs), parser.isSet(u"dry-run"_qs)};
        for (const QString &glob : o.include)
            if (glob.isEmpty())
                return refused<DownloadOptions>(QStringLiteral("--include needs a pattern, as \"*.json\""));
        return accepted(o);
    });
}

Parsed<TokenizeOptions> parseTokenizeArguments(const QStringList &args)
{
    return parseCommand<TokenizeOptions>(u"tokenize", args, [](const CommandParser &parser) -> Parsed<TokenizeOptions> {
        if (parser.positional().size() > 1)
            return refused<TokenizeOptions>(QStringLiteral("tokenize takes exactly one MODEL"));
        if (parser.positional().isEmpty())
            return refused<TokenizeOptions>(QStringLiteral("tokenize needs a MODEL (a folder or hf:NAME)"));
        return accepted(TokenizeOptions {parser.positional().first(), parser.value(u"sentence"_qs)});
    });
}

Parsed<LessonCheckOptions> parseLessonCheckArguments(const QStringList &args)
{
    return parseCommand<LessonCheckOptions>(
        u"lesson check", args, [](const CommandParser &parser) -> Parsed<LessonCheckOptions> {
            LessonCheckOptions o;
            o.solutions = parser.isSet(u"solutions"_qs);
            const QStringList files = parser.positional();
            if (files.size() != (o.solutions ? 1 : 2))
                return refused<LessonCheckOptions>(
                    QStringLiteral("lesson check takes a LESSON and a DOCUMENT, or a LESSON and --solutions"));
            o.lesson = files[0];
            o.document = files.value(1);
            return accepted(o);
        });
}

Parsed<ExamplesOptions> parseExamplesArguments(const QStringList &args)
{
    return parseCommand<ExamplesOptions>(u"examples", args, [](const CommandParser &parser) -> Parsed<ExamplesOptions> {
        if (!parser.positional().isEmpty())
            return refused<ExamplesOptions>(QStringLiteral("examples takes no arguments but --long"));
        return accepted(ExamplesOptions {parser.isSet(u"long"_qs)});
    });
}

Parsed<GenerateOptions> parseGenerateArguments(const QStringList &args)
{
    return parseCommand<GenerateOptions>(u"generate", args, [](const CommandParser &parser) -> Parsed<GenerateOptions> {
        const auto fail = [](const QString &why) { return refused<GenerateOptions>(why); };
        GenerateOptions o;
        if (parser.positional().size() != 1)
            return fail(
                QStringLiteral("generate takes exactly one MODEL (a folder, a GGUF file, hf:NAME or example:NAME)"));
        o.model = parser.positional().first();
        o.sentence = parser.value(u"sentence"_qs);
        if (o.sentence.isEmpty())
            return fail(QStringLiteral("generate needs --sentence TEXT: what the model continues"));
        if (!parser.isSet(u"tokens"_qs))
            return fail(QStringLiteral("generate needs --tokens N: how many tokens to add"));
        if (const QString error = readSampling(parser, o.sampling, true); !error.isEmpty())
            return fail(error);
        o.json = parser.isSet(u"json"_qs);
        o.output = parser.value(u"o"_qs);
        o.overwrite = parser.isSet(u"overwrite"_qs);
        if (parser.isSet(u"o"_qs) && !o.output.endsWith(u".npz"_qs, Qt::CaseInsensitive))
            return fail(QStringLiteral("-o: every step's attention is written as a NumPy archive, OUT.npz, not '%1'")
                            .arg(o.output));
        return accepted(o);
    });
}

Parsed<NoOptions> parseNoArguments(QStringView command, const QStringList &args)
{
    return parseCommand<NoOptions>(command, args, [command](const CommandParser &parser) -> Parsed<NoOptions> {
        if (!parser.positional().isEmpty())
            return refused<NoOptions>(QStringLiteral("%1 takes no arguments").arg(command));
        return accepted(NoOptions {});
    });
}

} // namespace qkv::cli
