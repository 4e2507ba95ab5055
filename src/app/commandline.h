#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::app {

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

} // namespace qkv::app
