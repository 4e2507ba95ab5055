#pragma once

#include <QByteArray>
#include <QString>

#include <cstdio>

namespace qkv::cli {

// What the command line writes. A failed write (a full disk behind `> out.json`, a closed pipe)
// is remembered with its reason, so finishOutput() can turn it into exit status 1.
void write(FILE *stream, const QByteArray &bytes);
void print(FILE *stream, const QString &text);
// "qkvlab: MESSAGE\nTry 'qkvlab --help'.\n" on `err`; returns 2, the status of wrong usage.
int usageError(FILE *err, const QString &message);
// Flushes `out`; when anything written to it was lost, says why on `err` and returns 1 (or
// `status` when that is already a failure); otherwise returns `status`.
int finishOutput(FILE *out, FILE *err, int status);

} // namespace qkv::cli
