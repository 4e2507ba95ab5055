#include "arguments/commandparser.h"

#include "arguments/optiontable.h"

#include <utility>

namespace qkv::cli {
namespace {

const QString helpName = QStringLiteral("help");

// "--name=value" → "--name": the option as the user typed its name.
QString spelled(const QString &argument)
{
    return argument.section(u'=', 0, 0);
}

QString bareName(const QString &argument)
{
    QString name = spelled(argument);
    while (name.startsWith(u'-'))
        name.remove(0, 1);
    return name;
}

bool looksLikeOption(const QString &argument)
{
    return argument.size() > 1 && argument.startsWith(u'-');
}

} // namespace

CommandParser::CommandParser(QStringView command)
    : m_command(commandNamed(command))
{
    Q_ASSERT_X(m_command, "CommandParser", "a command missing from commandTable()");
    // "-o" and "-help" alike: one dash or two, a name is a whole word, never letters run together.
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    QStringList names = m_command ? m_command->options : QStringList();
    names << helpName;
    for (const QString &name : names) {
        const OptionRow *row = optionNamed(name, m_command ? m_command->name : QString());
        Q_ASSERT_X(row, "CommandParser", "an option missing from optionTable()");
        if (row)
            m_parser.addOption(QCommandLineOption(row->names, row->help, row->valueName));
    }
}

bool CommandParser::parse(const QStringList &arguments)
{
    m_error.clear();
    m_unknown = false;
    if (m_parser.parse(QStringList {QStringLiteral("qkvlab")} + arguments))
        return true;
    // Qt's message is terse and translated by Qt's catalogue; ours names the argument as typed.
    const qsizetype end = arguments.indexOf(QStringLiteral("--"));
    const QStringList options = end < 0 ? arguments : arguments.first(end);
    if (const QStringList unknown = m_parser.unknownOptionNames(); !unknown.isEmpty()) {
        m_unknown = true;
        QString typed = QStringLiteral("--") + unknown.first();
        for (const QString &argument : options)
            if (looksLikeOption(argument) && bareName(argument) == unknown.first()) {
                typed = spelled(argument);
                break;
            }
        m_error = QStringLiteral("unknown option '%1'").arg(typed);
        return false;
    }
    for (qsizetype i = 0; i < options.size(); ++i) {
        const QString &argument = options[i];
        const OptionRow *row = looksLikeOption(argument)
            ? optionNamed(bareName(argument), m_command ? m_command->name : QString())
            : nullptr;
        if (!row)
            continue;
        if (!row->takesValue() && argument.contains(u'=')) {
            m_error = QStringLiteral("%1 takes no value").arg(spelled(argument));
            return false;
        }
        if (row->takesValue() && !argument.contains(u'=')) {
            if (i + 1 >= arguments.size()) {
                m_error = QStringLiteral("%1 needs a value").arg(argument);
                return false;
            }
            ++i; // its value, whatever it looks like ("--from -1")
        }
    }
    m_error = m_parser.errorText();
    return false;
}

bool CommandParser::isSet(const QString &name) const
{
    Q_ASSERT_X(
        name == helpName || (m_command && m_command->options.contains(name)), "CommandParser::isSet", qPrintable(name));
    return m_parser.isSet(name);
}

QString CommandParser::value(const QString &name) const
{
    Q_ASSERT_X(m_command && m_command->options.contains(name), "CommandParser::value", qPrintable(name));
    return m_parser.value(name);
}

QStringList CommandParser::values(const QString &name) const
{
    Q_ASSERT_X(m_command && m_command->options.contains(name), "CommandParser::values", qPrintable(name));
    return m_parser.values(name);
}

QString commandHelp(QStringView command)
{
    const CommandRow *row = commandNamed(command);
    if (!row)
        return {};
    // Names in a column of 28, help wrapped at 100 characters: readable in a wide terminal.
    constexpr qsizetype column = 28, width = 100;
    QString text = QStringLiteral("Options of qkvlab %1:\n").arg(row->name);
    const auto line = [&](const OptionRow &option) {
        QStringList names;
        for (const QString &name : option.names)
            names << (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
        QString left = QStringLiteral("  ") + names.join(QStringLiteral(", "));
        if (option.takesValue())
            left += u' ' + option.valueName;
        QStringList lines;
        if (left.size() >= column)
            lines << std::exchange(left, QString());
        QString current = left.leftJustified(column);
        bool empty = true; // no word of the help on `current` yet
        for (const QString &word : option.help.split(u' ')) {
            if (!empty && current.size() + 1 + word.size() > width) {
                lines << std::exchange(current, QString(column, u' '));
                empty = true;
            }
            current += (empty ? QString() : QStringLiteral(" ")) + word;
            empty = false;
        }
        lines << current;
        text += lines.join(u'\n') + u'\n';
    };
    for (const QString &name : row->options)
        line(*optionNamed(name, row->name));
    line(*optionNamed(helpName));
    if (row->options.isEmpty())
        text += QStringLiteral("(%1 takes no other options)\n").arg(row->name);
    return text;
}

} // namespace qkv::cli
