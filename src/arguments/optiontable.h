#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace qkv::cli {

// One option of the command line, the same for every command that takes it: the one place its
// name, its value and its help are written. A name means one thing, except where two commands
// each have their own row of it (`commands`): export's --scores flag and heads' --scores LIST.
struct OptionRow {
    QStringList names; // without dashes: "o", "output"; messages name it by the first
    QString valueName; // what follows it ("N|all"); empty: a flag
    QString help; // one line: what it does
    QStringList commands = {}; // the only commands this row is for; empty: any that takes the name

    bool takesValue() const { return !valueName.isEmpty(); }
    // "-o" or "--view": the first name as typed.
    QString dashed() const;
};

// Every option, in the order --help lists them.
const std::vector<OptionRow> &optionTable();
// The row with this name (any of its names, without dashes) for `command` (empty: any), or nullptr.
const OptionRow *optionNamed(QStringView name, QStringView command = {});

// A command and the options it takes, by their first names: the one list a command's parser,
// its --help and the test of the usage text read.
struct CommandRow {
    QString name; // "compute", "lesson check"
    QStringList options;
};
const std::vector<CommandRow> &commandTable();
const CommandRow *commandNamed(QStringView name);

// The options the commands that open a model file or folder share: --layer, --heads, --merge, …
const QStringList &modelOptionNames();

} // namespace qkv::cli
