#pragma once

#include "kernels/matmul.h"

#include <QJsonObject>
#include <QProcess>
#include <QString>

#include <cmath>

// Running a peer (numpy, matplotlib) or our own executable as a process, for the benchmark.
namespace qkv::bench {

// Debian's interpreter on purpose: its python3-numpy and -matplotlib are the peers, not whatever
// python3 is on PATH.
inline const QString python = QStringLiteral("/usr/bin/python3");

inline QJsonObject unavailable(const QString &reason)
{
    return {{QStringLiteral("available"), false}, {QStringLiteral("reason"), reason}};
}

// Milliseconds to a tenth: timing noise is larger than that.
inline double tenths(double ms)
{
    return std::round(ms * 10) / 10;
}

// peer / ours to two decimals: above 1, QKV Lab is faster.
inline double ratio(double peer, double ours)
{
    return ours > 0 ? std::round(peer / ours * 100) / 100 : 0;
}

// A peer's numpy runs on the same OpenBLAS as we do: where it would fall back to its slowest
// kernels on a CPU it does not know, it gets the ones our products run with, so the comparison
// is of the code, not of the kernels.
inline QProcessEnvironment peerEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (!env.contains(QStringLiteral("OPENBLAS_CORETYPE")))
        env.insert(QStringLiteral("OPENBLAS_CORETYPE"), QString::fromLatin1(kernels::blasKernels()));
    return env;
}

// Runs a program to its end; false with the reason in `error` if it failed.
inline bool runProcess(const QString &program, const QStringList &args, QByteArray *out, QString *error,
    int timeoutMinutes = 5, const QProcessEnvironment &env = peerEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForFinished(timeoutMinutes * 60 * 1000)) {
        p.kill();
        p.waitForFinished();
        *error = program + QStringLiteral(" did not finish: ") + p.errorString();
        return false;
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("%1 failed (exit %2): %3")
                     .arg(program)
                     .arg(p.exitCode())
                     .arg(QString::fromUtf8(p.readAllStandardError()).trimmed().right(400));
        return false;
    }
    if (out)
        *out = p.readAllStandardOutput();
    return true;
}

} // namespace qkv::bench
