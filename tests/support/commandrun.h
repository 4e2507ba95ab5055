#pragma once

#include "cli/commandline.h"

#include <QByteArray>
#include <QStringList>

#include <cstdio>

namespace qkv::test {

struct CommandRun {
    int status;
    QByteArray out, err;
};

// Everything written to the temporary file `f`, which is closed.
inline QByteArray readBackAndClose(FILE *f)
{
    QByteArray bytes;
    std::rewind(f);
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
        bytes.append(buffer, static_cast<qsizetype>(n));
    std::fclose(f);
    return bytes;
}

// Runs the command line (as `qkvlab ARGS…`) with its output captured in temporary files, or with
// standard output going to `out` (then not captured).
inline CommandRun runCommand(const QStringList &args, FILE *out = nullptr)
{
    FILE *captured = out ? nullptr : std::tmpfile();
    FILE *err = std::tmpfile();
    const int status
        = qkv::cli::runCommandLine(QStringList {QStringLiteral("qkvlab")} + args, out ? out : captured, err);
    return {status, captured ? readBackAndClose(captured) : QByteArray(), readBackAndClose(err)};
}

// How `qkvlab ARGS…` differs from failing as expected: exit `status`, nothing on standard output and
// standard error starting with `message`. Empty when it fails so.
inline QByteArray failureMismatch(const QStringList &args, int status, const QByteArray &message)
{
    const CommandRun r = runCommand(args);
    if (r.status != status)
        return "exit status " + QByteArray::number(r.status) + ", not " + QByteArray::number(status) + ": " + r.err;
    if (!r.out.isEmpty())
        return "wrote to standard output: " + r.out.left(200);
    return r.err.startsWith(message) ? QByteArray() : "said: " + r.err;
}

} // namespace qkv::test
