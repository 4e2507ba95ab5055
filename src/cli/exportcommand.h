#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// `qkvlab export FILE (--view V | --numbers KIND) -o OUT …`: figures and tables of numbers
// without a window. Returns the exit status (0, 1 file problems, 2 usage).
int runExport(const QStringList &args, FILE *out, FILE *err);

} // namespace qkv::cli
