#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>

namespace qkv::cli {

struct CommandRow;

// What a command's arguments said, checked: the options, or why not.
template<typename Options>
struct Parsed {
    std::optional<Options> options;
    QString error; // names the argument at fault
    bool unknownOption = false; // the error is an option the command does not take: the usage follows it
    bool help = false; // --help: the command's options are shown, nothing is run
};

// One command's arguments read by QCommandLineParser with the options commandTable() gives that
// command, as optionTable() spells them (--name VALUE, --name=VALUE, -o VALUE; options anywhere;
// everything after -- is a FILE). Every command also takes --help.
class CommandParser
{
public:
    explicit CommandParser(QStringView command);

    // The arguments after the command's name. False with error() set: an option the command does
    // not take ("unknown option '--x'"), an option without its value ("--x needs a value"), a
    // flag given one ("--x takes no value").
    bool parse(const QStringList &arguments);
    QString error() const { return m_error; }
    bool unknownOption() const { return m_unknown; }
    bool helpAsked() const { return m_parser.isSet(QStringLiteral("help")); }

    // By the option's first name, which the command must take.
    bool isSet(const QString &name) const;
    QString value(const QString &name) const; // the last one given
    QStringList values(const QString &name) const; // every one given, in order
    QStringList positional() const { return m_parser.positionalArguments(); }

    // A failure result carrying this parser's error.
    template<typename Options>
    Parsed<Options> failure() const
    {
        return {std::nullopt, m_error, m_unknown, false};
    }
    // The result once parse() failed or --help was asked; nullopt when the command goes on.
    template<typename Options>
    std::optional<Parsed<Options>> stop() const
    {
        if (!m_error.isEmpty())
            return failure<Options>();
        if (helpAsked())
            return Parsed<Options> {std::nullopt, {}, false, true};
        return std::nullopt;
    }

private:
    const CommandRow *m_command;
    QCommandLineParser m_parser;
    QString m_error;
    bool m_unknown = false;
};

// Parses `args` for `command`; once they parse and no --help is asked, `read(parser)` turns them
// into the command's options (or refuses them).
template<typename Options, typename Read>
Parsed<Options> parseCommand(QStringView command, const QStringList &args, Read read)
{
    CommandParser parser(command);
    parser.parse(args);
    if (auto stopped = parser.stop<Options>())
        return *stopped;
    return read(parser);
}

template<typename Options>
Parsed<Options> accepted(Options options)
{
    return {std::move(options), {}, false, false};
}

template<typename Options>
Parsed<Options> refused(const QString &message)
{
    return {std::nullopt, message, false, false};
}

// `qkvlab COMMAND --help`: the command's options, one a line with its value and help.
QString commandHelp(QStringView command);

} // namespace qkv::cli
