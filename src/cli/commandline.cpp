#include "cli/commandline.h"

#include "arguments/commandoptions.h"
#include "attention/engine.h"
#include "cli/appidentity.h"
#include "cli/cliprint.h"
#include "cli/downloadcommand.h"
#include "cli/exportcommand.h"
#include "cli/generatecommand.h"
#include "cli/headscommand.h"
#include "cli/lessoncommand.h"
#include "cli/modelcommands.h"
#include "cli/openinput.h"
#include "cli/solvecommand.h"
#include "document/documentio.h"
#include "document/examplenotes.h"
#include "document/examples.h"
#include "document/jsonwriter.h"
#include "export/resultjson.h"
#include "livemodel/bundledmodels.h"

#include <QJsonObject>

namespace qkv::cli {
namespace {

const QStringList commands {QStringLiteral("compute"), QStringLiteral("examples"), QStringLiteral("export"),
    QStringLiteral("lesson"), QStringLiteral("models"), QStringLiteral("download"), QStringLiteral("heads"),
    QStringLiteral("generate"), QStringLiteral("solve"), QStringLiteral("tokenize"), QStringLiteral("help"),
    QStringLiteral("--help"), QStringLiteral("-h"), QStringLiteral("--version"), QStringLiteral("-v")};

int compute(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<ComputeOptions> parsed = parseComputeArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("compute"), out, err);
    const ComputeOptions &o = *parsed.options;
    OpenedInput input = openInput(o.file, o.view, o.top);
    OpenedFile &opened = input.opened;
    const LoadResult &loaded = opened.loaded;
    if (!loaded) {
        print(err, QStringLiteral("qkvlab: %1\n").arg(loaded.error.toString()));
        return 1;
    }
    const Result result = opened.result ? std::move(*opened.result) : qkv::compute(*loaded.document);
    QJsonObject object = resultToJson(result);
    if (input.run)
        addRunToJson(*input.run, input.run->causal, object);
    if (o.rollout || o.flow) {
        if (const QString error = addRolloutAndFlow(opened.model.get(), o, object); !error.isEmpty()) {
            print(err, QStringLiteral("qkvlab: %1: %2\n").arg(o.file, error));
            return 1;
        }
    }
    if (!o.compare.isEmpty()) { // the same sentence through another file of the model
        const OpenedInput other = openInput(o.compare, o.view, o.top);
        if (!other.opened.loaded) {
            print(err, QStringLiteral("qkvlab: %1\n").arg(other.opened.loaded.error.toString()));
            return 1;
        }
        if (!input.run || !other.run) {
            print(err,
                QStringLiteral("qkvlab: --compare compares two models, and %1 is not one\n")
                    .arg(input.run ? o.compare : o.file));
            return 1;
        }
        const live::ModelDifference difference = live::compareRuns(*input.model, *input.run, *other.run, o.top);
        if (!difference) {
            print(err, QStringLiteral("qkvlab: %1 and %2: %3\n").arg(o.file, o.compare, difference.error));
            return 1;
        }
        addDifferenceToJson(difference, o.compare, object);
    }
    const QByteArray json = toPrettyJson(object);
    write(out, json);
    return 0;
}

int examples(const QStringList &args, FILE *out, FILE *err)
{
    const Parsed<ExamplesOptions> parsed = parseExamplesArguments(args);
    if (!parsed.options)
        return stopped(parsed, QStringLiteral("examples"), out, err);
    const bool long_ = parsed.options->withNotes;
    // With --long, each example's note: its article, what it shows, where the article is wrong.
    const auto list = [&](const QString &name, const QString &title) {
        print(out, QStringLiteral("example:%1\t%2\n").arg(name, title));
        if (long_)
            print(out, exampleNoteText(exampleNote(name)) + QLatin1Char('\n'));
    };
    for (const QString &name : exampleNames()) {
        const LoadResult loaded = loadDocument(QStringLiteral("example:") + name);
        list(name, loaded ? loaded.document->title() : QStringLiteral("(unreadable)"));
    }
    for (const QString &name : live::bundledModelNames()) // a model: run it with --sentence
        list(name, live::bundledModelTitle(name));
    return 0;
}

} // namespace

QString usageText()
{
    return QStringLiteral(
        "Usage:\n"
        "  qkvlab [FILE]            open the window on FILE (default: example:%1)\n"
        "  qkvlab compute FILE [MODEL OPTIONS] [--compare MODEL] [--rollout] [--flow]\n"
        "                           print tokens, per-head queries, keys, values, scores,\n"
        "                           weights and output, the whole output and warnings as JSON;\n"
        "                           --compare runs another file of the same model (another\n"
        "                           precision or quantization) and adds \"compared\": how far\n"
        "                           each head's attention and the prediction moved; --rollout\n"
        "                           and --flow add a model's attention rollout and flow through\n"
        "                           every layer (n x n, row = output, column = input token)\n"
        "  qkvlab export FILE --numbers weights|scores|output|queries|keys|values|contributions\n"
        "         [--query TOKEN] [--format csv|md|tex|bmatrix] [--head N|all] [--decimals 0-10]\n"
        "         -o OUT|- [MODEL OPTIONS]\n"
        "                           write numbers as CSV, Markdown or LaTeX (rounded to 6\n"
        "                           decimals, CSV every digit, unless --decimals is given);\n"
        "                           contributions: each key's a·v to --query's output, with\n"
        "                           its share\n"
        "  qkvlab export FILE --worked [--query TOKEN] [--head N|all] [--decimals 0-10]\n"
        "         [--format md|tex] [--baseline SNAPSHOT|none] -o OUT|- [MODEL OPTIONS]\n"
        "                           write the worked computation of one token (default: the\n"
        "                           token the example is about) as Markdown or LaTeX, every\n"
        "                           number with 3 decimals unless --decimals is given; a\n"
        "                           number that changed since the snapshot says what it was\n"
        "  qkvlab export FILE --view heatmap|arrows|vectors|bars|contributions|worked|heads|\n"
        "         figure -o OUT.png|svg|pdf [--head N] [--query TOKEN] [--scale 1-4] [--size WxH]\n"
        "         [--colormap NAME] [--scores] [--skip-first] [--layout columns|arcs] [--all-heads]\n"
        "         [--threshold W] [--top-k K] [--mass P] [--sorted] [--dims X,Y]\n"
        "         [--text-as-paths] [--font-size PX] [--color-scale unit|data]\n"
        "         [--title TEXT|--no-title] [--baseline SNAPSHOT|none] [--side-by-side]\n"
        "         [MODEL OPTIONS]\n"
        "                           write a figure for a slide: text grows with --size\n"
        "                           (2.5% of the shorter side), weights coloured 0 to the\n"
        "                           largest, as the window does (0 to 1: --color-scale unit);\n"
        "                           --baseline draws what changed since a snapshot (heatmap,\n"
        "                           arrows, bars, worked, figure; default the document's\n"
        "                           baseline); --side-by-side draws any view of it (A) beside\n"
        "                           now (B)\n"
        "  qkvlab export FILE --view VIEW --animate REF --from A --to B [--frames N] [--fps F]\n"
        "         -o OUT.gif|webp [FIGURE OPTIONS]\n"
        "                           an animation: the number at REF (its JSON path, e.g.\n"
        "                           words.it.q[0]) swept from A to B in N frames (default 60,\n"
        "                           20 a second), the value in a caption under each frame\n"
        "  qkvlab export MODEL --sentence TEXT --view VIEW --animate steps [--tokens N]\n"
        "         [--temperature T] [--top-p P] [--seed S] [--fps F] -o OUT.gif|webp\n"
        "                           a text a token a frame: the model writes N tokens (or,\n"
        "                           without --tokens, reads the sentence), each frame the row\n"
        "                           that chose the token and its probability in a caption\n"
        "         (export refuses to replace an existing file without --overwrite)\n"
        "  qkvlab examples [--long] list the bundled examples; --long adds each one's note: its\n"
        "                           article, what it shows, where the article is wrong\n"
        "  qkvlab lesson check LESSON DOCUMENT\n"
        "                           print, as JSON, each exercise of LESSON (a .qkvlesson.json\n"
        "                           or lesson:NAME) and whether DOCUMENT meets it; exit 0 all\n"
        "                           met, 1 not all, 2 bad input\n"
        "  qkvlab lesson check LESSON --solutions\n"
        "                           check that every stored solution meets its exercise\n"
        "  qkvlab lesson list       list the bundled lessons\n"
        "  qkvlab models            list the models of the Hugging Face cache, Ollama and LM Studio\n"
        "  qkvlab download REPO[@REVISION] [--include GLOB]... [--dry-run]\n"
        "                           fetch a model from the Hugging Face Hub into its cache\n"
        "                           (resumed after an interruption, verified); then qkvlab hf:REPO\n"
        "  qkvlab generate MODEL --sentence TEXT --tokens N [--temperature T] [--top-k K]\n"
        "         [--top-p P] [--seed S] [--json] [-o OUT.npz [--overwrite]]\n"
        "                           the model continues the sentence a token at a time (greedy,\n"
        "                           or sampled from the seed: the same tokens on every machine);\n"
        "                           -o writes every step's attention (opens in QKV Lab, numpy)\n"
        "  qkvlab heads MODEL --corpus FILE [--scores LIST] [--max-tokens N] [--windows]\n"
        "         [--seed N] -o OUT.csv|json|png|svg|pdf [--overwrite] [--size WxH] [--scale S]\n"
        "         [--colormap NAME]\n"
        "                           score every head over a corpus (a passage a line, at least\n"
        "                           1,000 for stable means): entropy, previous-token,\n"
        "                           duplicate-token, induction, induction-random, first-token,\n"
        "                           special-tokens, distance, concentration (README: Head\n"
        "                           statistics); a row per layer and head, or a grid per score;\n"
        "                           Ctrl-C stops and writes what was run, marked partial\n"
        "  qkvlab solve FILE --query TOKEN --key TOKEN --weight W [--change query|key|both]\n"
        "         [--head N] [-o OUT [--overwrite]]\n"
        "                           goal-seek: the smallest change of the query (or key, or\n"
        "                           both) that gives the cell weight W, as JSON; -o writes the\n"
        "                           edited document; exit 3 when W cannot be reached\n"
        "  qkvlab tokenize MODEL --sentence TEXT\n"
        "                           print the tokens and ids the model sees\n"
        "  qkvlab COMMAND --help    show a command's options, each with what it does\n"
        "  qkvlab --help            show this help\n"
        "  qkvlab --version         show the version\n"
        "\n"
        "FILE is a .qkv.json document, example:NAME for a bundled example, or a real model's\n"
        "attention (.npz, .npy, .safetensors, or JSON with \"tokens\" and \"attention\").\n"
        "MODEL is a model folder (config.json, safetensors, tokenizer), a GGUF file, hf:NAME from the\n"
        "Hugging Face cache or ollama:NAME; compute and export take it as FILE with --sentence TEXT, and\n"
        "compute then adds \"ids\" and \"next\" (the top --top K tokens, default 10).\n"
        "MODEL OPTIONS (compute and export of a model file): --layer N|mean|max|rollout|flow\n"
        "  (default 1; rollout and flow follow the heads' mean through every layer),\n"
        "  --heads each|mean|max, --hide-special, --special \"TOKEN ...\" (hide these instead),\n"
        "  --merge (word pieces into words), --sentence TEXT (what a MODEL is run on); an\n"
        "  encoder-decoder MODEL (T5) also --target TEXT (its target so far) and\n"
        "  --stack encoder|decoder|cross (which of its attentions is shown).\n"
        "Exit status: 0 success, 1 a file could not be read or written (none there, not a file, no\n"
        "such example), 2 wrong usage (an unknown command, option or word), 3 a weight solve\n"
        "cannot reach (its JSON gives the closest weight that can be reached).\n")
        .arg(defaultExampleName());
}

int stopped(bool help, bool unknown, const QString &error, const QString &command, FILE *out, FILE *err)
{
    if (help) {
        print(out, commandHelp(command));
        return 0;
    }
    if (unknown)
        return unknownOption(err, command, error.section(u'\'', 1, 1));
    // "compute takes exactly one FILE" names its command already; "--top expects …" does not.
    print(err,
        QStringLiteral("qkvlab: %1\nTry 'qkvlab %2 --help'.\n")
            .arg(error.startsWith(command) ? error : command + QStringLiteral(": ") + error, command));
    return 2;
}

int unknownOption(FILE *err, const QString &command, const QString &option)
{
    print(err,
        QStringLiteral("qkvlab: %1unknown option '%2'\n\n%3")
            .arg(command.isEmpty() ? QString() : command + QStringLiteral(": "), option, usageText()));
    return 2;
}

bool isCommandLine(const QStringList &arguments)
{
    return arguments.size() > 1 && commands.contains(arguments.at(1));
}

bool needsGui(const QStringList &arguments)
{
    // heads paints its grids when -o names a figure; a QApplication costs it nothing next to the run.
    return (arguments.value(1) == u"export" && arguments.contains(QStringLiteral("--view")))
        || arguments.value(1) == u"heads";
}

namespace {

int runCommand(const QStringList &arguments, FILE *out, FILE *err)
{
    const QString command = arguments.value(1);
    const QStringList rest = arguments.mid(2);
    const bool help = command == u"--help" || command == u"-h" || command == u"help";
    if ((help || command == u"--version" || command == u"-v") && !rest.isEmpty())
        return rest.first().startsWith(u'-') ? unknownOption(err, command, rest.first())
                                             : usageError(err, QStringLiteral("%1 takes no arguments").arg(command));
    if (help) {
        print(out, usageText());
        return 0;
    }
    if (command == u"--version" || command == u"-v") {
        print(out, QStringLiteral("qkvlab %1\n").arg(applicationVersion()));
        return 0;
    }
    if (command == u"compute")
        return compute(rest, out, err);
    if (command == u"examples")
        return examples(rest, out, err);
    if (command == u"models")
        return listModels(rest, out, err);
    if (command == u"download")
        return runDownload(rest, out, err);
    if (command == u"tokenize")
        return tokenize(rest, out, err);
    if (command == u"heads")
        return runHeadsCommand(rest, out, err);
    if (command == u"generate")
        return runGenerate(rest, out, err);
    if (command == u"export")
        return runExport(rest, out, err);
    if (command == u"lesson")
        return runLesson(rest, out, err);
    if (command == u"solve")
        return runSolve(rest, out, err);
    return usageError(err, QStringLiteral("unknown command '%1'").arg(command));
}

} // namespace

int runCommandLine(const QStringList &arguments, FILE *out, FILE *err)
{
    return finishOutput(out, err, runCommand(arguments, out, err));
}

} // namespace qkv::cli
