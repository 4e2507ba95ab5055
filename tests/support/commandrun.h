#pragma once

#include "commandline.h"

#include <QByteArray>
#include <QStringList>

#include <cstdio>

namespace qkv::test {

struct CommandRun {
    int status;
    QByteArray out, err;
};

// Runs the command line (as `qkvlab ARGS…`) with its output captured in temporary files.
inline CommandRun runCommand(const QStringList &args)
{
    FILE *out = std::tmpfile();
    FILE *err = std::tmpfile();
    const int status = qkv::app::runCommandLine(QStringList {QStringLiteral("qkvlab")} + args, out, err);
    auto slurp = [](FILE *f) {
        QByteArray bytes;
        std::rewind(f);
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;)
            bytes.append(buffer, static_cast<qsizetype>(n));
        std::fclose(f);
        return bytes;
    };
    return {status, slurp(out), slurp(err)};
}

} // namespace qkv::test
