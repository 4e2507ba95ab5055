#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// What `qkvlab [FILE]`, the window, was given. Qt's own options (-platform, -style, -reverse…)
// pass; any other option, a second FILE, or a FILE that is not there, not a file (a pipe, a
// device, a folder that holds no model), nor example:NAME, hf:NAME or a command is an error,
// said on `err` before any window opens.
struct WindowArguments {
    QString file; // empty: the default example
    int status = -1; // the exit status once an error is said; -1: open the window
};
WindowArguments parseWindowArguments(const QStringList &arguments, FILE *err);

} // namespace qkv::cli
