// The numpy peer of the engine benchmark: the same cases and product shapes timed by numpy in
// Debian's python3, and our figures as ratios to its.

#include "numpypeer.h"

#include "benchprocess.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace qkv::bench {
namespace {

// Debian's interpreter on purpose: its python3-numpy is the peer, not whatever python3 is on PATH.
const QString peerPython = u"/usr/bin/python3"_s;
constexpr int peerTimeoutMs = 10 * 60 * 1000;

QString casesArgument(const std::vector<CaseResult> &cases)
{
    QStringList parts;
    for (const CaseResult &r : cases)
        parts << u"%1x%2x%3"_s.arg(r.c.n).arg(r.c.d).arg(r.c.heads);
    return parts.join(u',');
}

QString shapesArgument(const std::vector<Shape> &shapes)
{
    QStringList parts;
    for (const Shape &s : shapes)
        parts << u"%1x%2x%3"_s.arg(s.m).arg(s.k).arg(s.n);
    return parts.join(u',');
}

} // namespace

QString defaultPeerScript()
{
    const QString sourceDir = qEnvironmentVariable("QKV_SOURCE_DIR");
    if (!sourceDir.isEmpty())
        return sourceDir + u"/tests/bench/numpy_peer.py"_s;
    return QString::fromUtf8(QKV_BENCH_PEER_SCRIPT);
}

QJsonObject runPeer(
    const QString &script, const std::vector<CaseResult> &cases, const std::vector<Shape> &shapes, const Budget &budget)
{
    if (!QFileInfo::exists(script))
        return unavailable(u"peer script not found: "_s + script);
    if (!QFileInfo(peerPython).isExecutable())
        return unavailable(peerPython + u" not found"_s);
    QProcess process;
    process.setProcessEnvironment(qkv::bench::peerEnvironment());
    process.start(peerPython,
        {script, u"--cases"_s, casesArgument(cases), u"--matmul"_s, shapesArgument(shapes), u"--budget"_s,
            QString::number(budget.seconds), u"--max-reps"_s, QString::number(budget.maxReps), u"--total"_s,
            QString::number(budget.peerSeconds)});
    if (!process.waitForFinished(peerTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        return unavailable(u"numpy peer did not finish: "_s + process.errorString());
    }
    const QString stderrText = QString::fromUtf8(process.readAllStandardError()).trimmed().right(500);
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return unavailable(u"numpy peer failed (exit %1): %2"_s.arg(process.exitCode()).arg(stderrText));
    QJsonParseError error;
    const QJsonDocument json = QJsonDocument::fromJson(process.readAllStandardOutput(), &error);
    if (!json.isObject())
        return unavailable(u"numpy peer printed no JSON object: "_s + error.errorString());
    return json.object();
}

QJsonArray numpyRatios(const QJsonObject &peer, const std::vector<CaseResult> &results)
{
    std::map<Case, double> numpyMs;
    for (const QJsonValue &v : peer.value(u"attention"_s).toArray()) {
        const QJsonObject o = v.toObject();
        if (!o.contains(u"ms"_s)) // skipped by the peer's own time budget
            continue;
        numpyMs[{o.value(u"n"_s).toInt(), o.value(u"d"_s).toInt(), o.value(u"heads"_s).toInt()}]
            = o.value(u"ms"_s).toDouble();
    }
    QJsonArray ratios;
    for (const CaseResult &r : results) {
        const auto it = numpyMs.find(r.c);
        if (it == numpyMs.end())
            continue;
        ratios.append(QJsonObject {
            {u"n"_s, r.c.n},
            {u"d"_s, r.c.d},
            {u"heads"_s, r.c.heads},
            {u"numpy_ms"_s, it->second},
            {u"numpy_over_kernel"_s, sig(it->second / r.kernel.ms)},
            {u"numpy_over_document"_s, sig(it->second / r.document.ms)},
        });
    }
    return ratios;
}

QJsonArray matmulRatios(const QJsonObject &peer, const QJsonArray &eigen)
{
    const QJsonArray numpy = peer.value(u"matmul"_s).toArray();
    QJsonArray ratios;
    for (qsizetype i = 0; i < std::min(numpy.size(), eigen.size()); ++i) {
        const double numpyGflops = numpy[i].toObject().value(u"gflops"_s).toDouble();
        const QJsonObject e = eigen[i].toObject();
        if (numpyGflops > 0)
            ratios.append(QJsonObject {{u"shape"_s, e.value(u"shape"_s)},
                {u"eigen_over_numpy"_s, sig(e.value(u"gflops"_s).toDouble() / numpyGflops)}});
    }
    return ratios;
}

} // namespace qkv::bench
