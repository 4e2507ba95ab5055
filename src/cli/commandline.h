#pragma once

#include "arguments/commandparser.h"

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// Whether the arguments ask for a window-less command (`compute`, `examples`, `--help`, …).
bool isCommandLine(const QStringList &arguments);
// Whether the command paints (a figure export), so it needs a QApplication (offscreen is enough).
bool needsGui(const QStringList &arguments);

// Runs a window-less command and returns the process exit status: 0 on success, 1 when a file
// or computation fails, 2 for wrong usage. Output goes to `out`, every message to `err`.
int runCommandLine(const QStringList &arguments, FILE *out = stdout, FILE *err = stderr);

QString usageText();
// "qkvlab: COMMAND: unknown option 'OPTION'" and the usage on `err`; returns 2 (wrong usage).
int unknownOption(FILE *err, const QString &command, const QString &option);

// How a command whose arguments stopped it ends: --help prints its options on `out` (0); an
// unknown option is named with the usage (2); any other mistake is named, with the command (2).
template<typename Options>
int stopped(const Parsed<Options> &parsed, const QString &command, FILE *out, FILE *err);
int stopped(bool help, bool unknown, const QString &error, const QString &command, FILE *out, FILE *err);

template<typename Options>
int stopped(const Parsed<Options> &parsed, const QString &command, FILE *out, FILE *err)
{
    return stopped(parsed.help, parsed.unknownOption, parsed.error, command, out, err);
}

} // namespace qkv::cli
