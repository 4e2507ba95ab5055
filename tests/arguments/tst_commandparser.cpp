// The option vocabulary and the parser every command reads its arguments with: each option one
// row taken by some command, each command's options in the table, the spellings QCommandLineParser
// accepts, and the messages that name the argument at fault.
#include "arguments/commandoptions.h"
#include "arguments/commandparser.h"
#include "arguments/optiontable.h"

#include <QHash>
#include <QSet>
#include <QTest>

#include <algorithm>

using namespace qkv;
using namespace qkv::cli;

class TstCommandParser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyOptionOnceAndTaken()
    {
        QSet<QString> taken;
        for (const CommandRow &command : commandTable()) {
            QVERIFY2(commandNamed(command.name) == &command, qPrintable(command.name));
            for (const QString &name : command.options) {
                const OptionRow *row = optionNamed(name, command.name);
                QVERIFY2(row, qPrintable(command.name + u": "_qs + name));
                QVERIFY(row->commands.isEmpty() || row->commands.contains(command.name));
                QCOMPARE(row->names.first(), name); // commands name options by their first name
                QVERIFY2(!taken.contains(command.name + name), qPrintable(command.name + u" twice: "_qs + name));
                taken.insert(command.name + name);
                taken.insert(name);
            }
        }
        QHash<QString, QStringList> rowCommands; // a name's rows' commands so far
        for (const OptionRow &row : optionTable()) {
            QVERIFY2(!row.help.isEmpty(), qPrintable(row.dashed()));
            for (const QString &name : row.names) {
                QVERIFY2(!name.startsWith(u'-') && !name.contains(u'='), qPrintable(name));
                // Two rows of one name only for different commands each (export's and heads' --scores).
                const bool clash = rowCommands.contains(name)
                    && (row.commands.isEmpty() || rowCommands[name].isEmpty()
                        || std::any_of(row.commands.begin(), row.commands.end(),
                            [&](const QString &c) { return rowCommands[name].contains(c); }));
                QVERIFY2(!clash, qPrintable(name + u" names two options"_qs));
                rowCommands[name] += row.commands;
            }
            // --help is every command's; any other row nobody takes is a dead word.
            QVERIFY2(row.names.first() == u"help" || taken.contains(row.names.first()),
                qPrintable(row.dashed() + u" is taken by no command"_qs));
        }
        for (const QString &name : modelOptionNames()) {
            QVERIFY(commandNamed(u"compute")->options.contains(name));
            QVERIFY(commandNamed(u"export")->options.contains(name));
        }
    }

    void spellings()
    {
        CommandParser p(u"export");
        // A value is the next argument whatever it looks like; = joins them too; one dash or two.
        QVERIFY(p.parse({u"--from"_qs, u"-1"_qs, u"f"_qs, u"--to=-2"_qs, u"-o"_qs, u"-"_qs, u"-scores"_qs, u"--"_qs,
            u"--not-an-option"_qs}));
        QCOMPARE(p.value(u"from"_qs), u"-1"_qs);
        QCOMPARE(p.value(u"to"_qs), u"-2"_qs);
        QCOMPARE(p.value(u"o"_qs), u"-"_qs);
        QVERIFY(p.isSet(u"scores"_qs));
        QVERIFY(!p.isSet(u"sorted"_qs));
        QCOMPARE(p.positional(), (QStringList {u"f"_qs, u"--not-an-option"_qs}));
        // The long name of -o, and the last of two values.
        QVERIFY(p.parse({u"--output"_qs, u"a.png"_qs, u"--head"_qs, u"2"_qs, u"--head=3"_qs}));
        QCOMPARE(p.value(u"o"_qs), u"a.png"_qs);
        QCOMPARE(p.value(u"head"_qs), u"3"_qs);
        QVERIFY(p.positional().isEmpty());
    }

    void messagesNameTheArgument_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::addColumn<bool>("unknown");
        QTest::newRow("unknown, two dashes") << u"compute"_qs << QStringList {u"f"_qs, u"--frobnicate"_qs}
                                             << u"unknown option '--frobnicate'"_qs << true;
        QTest::newRow("unknown, one dash")
            << u"compute"_qs << QStringList {u"-x"_qs, u"f"_qs} << u"unknown option '-x'"_qs << true;
        QTest::newRow("unknown, with a value")
            << u"tokenize"_qs << QStringList {u"m"_qs, u"--top=3"_qs} << u"unknown option '--top'"_qs << true;
        // Another command's option is unknown here.
        QTest::newRow("solve's option to compute") << u"compute"_qs << QStringList {u"f"_qs, u"--weight"_qs, u"1"_qs}
                                                   << u"unknown option '--weight'"_qs << true;
        QTest::newRow("no value") << u"compute"_qs << QStringList {u"f"_qs, u"--top"_qs} << u"--top needs a value"_qs
                                  << false;
        QTest::newRow("a flag's value") << u"compute"_qs << QStringList {u"f"_qs, u"--merge=yes"_qs}
                                        << u"--merge takes no value"_qs << false;
    }
    void messagesNameTheArgument()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        QFETCH(bool, unknown);
        CommandParser p(command);
        QVERIFY(!p.parse(args));
        QCOMPARE(p.error(), error);
        QCOMPARE(p.unknownOption(), unknown);
    }

    void helpListsEveryOption()
    {
        for (const CommandRow &command : commandTable()) {
            const QString help = commandHelp(command.name);
            QVERIFY(help.startsWith(u"Options of qkvlab "_qs + command.name + u":\n"_qs));
            const QStringList options = QStringList(command.options) << u"help"_qs;
            for (const QString &name : options) {
                const OptionRow *row = optionNamed(name, command.name);
                QVERIFY2(help.contains(row->dashed()), qPrintable(command.name + u": "_qs + name));
                // The help's first words, wrapped or not.
                QVERIFY2(help.simplified().contains(row->help.simplified()), qPrintable(row->help));
            }
            for (const QString &line : help.split(u'\n'))
                QVERIFY2(line.size() <= 100, qPrintable(line));
            CommandParser p(command.name);
            QVERIFY(p.parse({u"--help"_qs}));
            QVERIFY(p.helpAsked());
        }
        QVERIFY(!commandHelp(u"export"_qs).contains(u"--solutions"_qs));
    }

    void computeOptions()
    {
        const Parsed<ComputeOptions> p = parseComputeArguments({u"hf:gpt2"_qs, u"--sentence"_qs, u"a b"_qs,
            u"--layer"_qs, u"3"_qs, u"--heads=max"_qs, u"--top"_qs, u"5"_qs, u"--merge"_qs});
        QVERIFY2(p.options, qPrintable(p.error));
        QCOMPARE(p.options->file, u"hf:gpt2"_qs);
        QCOMPARE(p.options->view.sentence, u"a b"_qs);
        QCOMPARE(p.options->view.layer, 2);
        QCOMPARE(p.options->view.headsBy, std::optional(Aggregate::Max));
        QCOMPARE(p.options->view.merge, SubwordStyle::Auto);
        QCOMPARE(p.options->top, 5);
        QCOMPARE(parseComputeArguments({u"f"_qs, u"--top"_qs, u"0"_qs}).error,
            u"--top expects a number of tokens from 1 to 1000"_qs);
        QCOMPARE(parseComputeArguments({u"f"_qs, u"--layer"_qs, u"0"_qs}).error,
            u"--layer: expected a layer from 1, mean, max, rollout or flow, got '0'"_qs);
        for (const auto &[word, how] : {std::pair {u"rollout"_qs, Aggregate::Rollout}, {u"flow"_qs, Aggregate::Flow}}) {
            const Parsed<ComputeOptions> through = parseComputeArguments({u"f"_qs, u"--layer"_qs, word});
            QVERIFY2(through.options, qPrintable(through.error));
            QCOMPARE(through.options->view.layer, -1);
            QVERIFY(through.options->view.layersBy == how);
        }
        QVERIFY(parseComputeArguments({u"f"_qs, u"--rollout"_qs, u"--flow"_qs}).options->rollout);
        QCOMPARE(
            parseComputeArguments({u"f"_qs, u"g"_qs}).error, u"compute takes exactly one FILE (or example:NAME)"_qs);
        const Parsed<ComputeOptions> help = parseComputeArguments({u"--help"_qs});
        QVERIFY(help.help && !help.options && help.error.isEmpty());
    }

    void solveOptions()
    {
        const Parsed<SolveOptions> p = parseSolveArguments(
            {u"example:birds"_qs, u"--query"_qs, u"#2"_qs, u"--key"_qs, u"fly"_qs, u"--weight"_qs, u"0.75"_qs,
                u"--change"_qs, u"both"_qs, u"--head"_qs, u"2"_qs, u"-o"_qs, u"out.qkv.json"_qs, u"--overwrite"_qs});
        QVERIFY2(p.options, qPrintable(p.error));
        QCOMPARE(p.options->query, u"#2"_qs);
        QCOMPARE(p.options->key, u"fly"_qs);
        QCOMPARE(p.options->weight, 0.75);
        QVERIFY(p.options->change == explore::SeekChange::Both);
        QCOMPARE(p.options->head, 1);
        QCOMPARE(p.options->output, u"out.qkv.json"_qs);
        QVERIFY(p.options->overwrite);
        const QStringList base {u"f"_qs, u"--query"_qs, u"a"_qs, u"--key"_qs, u"b"_qs};
        QCOMPARE(parseSolveArguments(base).error, u"solve needs FILE, --query TOKEN, --key TOKEN and --weight W"_qs);
        QCOMPARE(parseSolveArguments(QStringList(base) << u"--weight"_qs << u"nan"_qs).error,
            u"--weight expects a number, not 'nan'"_qs);
        QCOMPARE(parseSolveArguments(QStringList(base) << u"--weight"_qs << u"0.5"_qs << u"--head"_qs << u"0"_qs).error,
            u"--head expects a head's number from 1, not '0'"_qs);
        QCOMPARE(parseSolveArguments(QStringList(base) << u"--weight"_qs << u"0.5"_qs << u"-o"_qs << u"-"_qs).error,
            u"-o takes a file: standard output carries the JSON"_qs);
        // export's --view is no option of solve's.
        const Parsed<SolveOptions> view = parseSolveArguments(QStringList(base) << u"--view"_qs << u"heatmap"_qs);
        QVERIFY(view.unknownOption);
    }

    void otherCommands()
    {
        const Parsed<TokenizeOptions> t = parseTokenizeArguments({u"--sentence"_qs, u"Hi there"_qs, u"hf:gpt2"_qs});
        QVERIFY(t.options);
        QCOMPARE(t.options->model, u"hf:gpt2"_qs);
        QCOMPARE(t.options->sentence, u"Hi there"_qs);
        QCOMPARE(parseTokenizeArguments({}).error, u"tokenize needs a MODEL (a folder or hf:NAME)"_qs);
        const Parsed<LessonCheckOptions> l = parseLessonCheckArguments({u"lesson:first"_qs, u"--solutions"_qs});
        QVERIFY(
            l.options && l.options->solutions && l.options->lesson == u"lesson:first" && l.options->document.isEmpty());
        QVERIFY(!parseLessonCheckArguments({u"lesson:first"_qs}).options);
        QVERIFY(parseExamplesArguments({u"--long"_qs}).options->withNotes);
        QCOMPARE(parseNoArguments(u"models", {u"x"_qs}).error, u"models takes no arguments"_qs);
        QVERIFY(parseNoArguments(u"lesson list", {u"-q"_qs}).unknownOption);
    }
};

QTEST_GUILESS_MAIN(TstCommandParser)
#include "tst_commandparser.moc"
