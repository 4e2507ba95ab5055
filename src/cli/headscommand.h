#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// qkvlab heads MODEL --corpus FILE …: every head of MODEL scored over the corpus's passages and
// written as CSV, JSON or a figure of the grids. Notes (lines cut, UTF-8 replaced) on `err`;
// Ctrl-C stops the run and writes what was run, marked partial. Exit 0 done, 1 a file could not
// be read or written, 2 bad input, 130 stopped by Ctrl-C (the partial result written).
int runHeadsCommand(const QStringList &args, FILE *out, FILE *err);

} // namespace qkv::cli
