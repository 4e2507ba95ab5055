// The views against matplotlib (SPEC §4, issues 4 and 5), measured in the same run: the same
// heatmaps and arrow graphs redrawn after an edit at 1000 × 1000 px, and `qkvlab export` of a
// heatmap PNG as a whole process against a numpy + matplotlib script doing the same. Ratios are
// matplotlib_ms / qkvlab_ms: above 1, QKV Lab is faster.

#include "benchprocess.h"
#include "viewbenches.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

using namespace Qt::StringLiterals;

namespace qkv::bench {
namespace {

// Median wall milliseconds of `reps` whole runs of a process, after one warm-up run (page cache).
double processMs(const QString &program, const QStringList &args, int reps, QString *error)
{
    if (!runProcess(program, args, nullptr, error))
        return -1;
    std::vector<double> ms;
    for (int i = 0; i < reps; ++i) {
        QElapsedTimer t;
        t.start();
        if (!runProcess(program, args, nullptr, error))
            return -1;
        ms.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

// Our time for the case the peer measured, from our own JSON: `list` of objects, matched on
// `tokens` (and `case` containing `caseText` when given).
double oursFor(const QJsonArray &list, int tokens, const QString &caseText = {})
{
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        if (o.value(u"tokens"_s).toInt() == tokens
            && (caseText.isEmpty() || o.value(u"case"_s).toString().contains(caseText)))
            return o.value(u"firstPaintMs"_s).toDouble();
    }
    return 0;
}

} // namespace

QJsonObject matplotlibTimings(
    const QString &scriptDir, const QJsonObject &heatmap, const QJsonObject &arrows, bool quick)
{
    const QString script = scriptDir + u"/matplotlib_peer.py"_s;
    if (!QFileInfo(python).isExecutable() || !QFileInfo::exists(script))
        return unavailable(u"needs %1 and %2"_s.arg(python, script));
    QByteArray out;
    QString error;
    if (!runProcess(python, {script, u"--reps"_s, QString::number(quick ? 3 : 9)}, &out, &error))
        return unavailable(error);
    QJsonObject peer = QJsonDocument::fromJson(out).object();
    if (!peer.value(u"available"_s).toBool())
        return peer;
    QJsonArray ratios;
    for (const QJsonValue &v : peer.value(u"heatmap"_s).toArray()) {
        const int n = v[u"tokens"_s].toInt();
        const double ours = oursFor(heatmap.value(u"heatmap"_s).toArray(), n);
        ratios.append(QJsonObject {{u"view"_s, u"heatmap"_s}, {u"tokens"_s, n}, {u"qkvlab_ms"_s, ours},
            {u"matplotlib_ms"_s, v[u"redrawMs"_s]},
            {u"matplotlib_over_qkvlab"_s, ratio(v[u"redrawMs"_s].toDouble(), ours)}});
    }
    for (const QJsonValue &v : peer.value(u"arrows"_s).toArray()) {
        const int n = v[u"tokens"_s].toInt();
        const QString which = v[u"threshold"_s].toDouble() > 0 ? u"columns, N = %1, default"_s.arg(n)
                                                               : u"columns, N = %1, all"_s.arg(n);
        const double ours = oursFor(arrows.value(u"cases"_s).toArray(), n, which);
        ratios.append(QJsonObject {{u"view"_s, u"arrows"_s}, {u"tokens"_s, n}, {u"qkvlab_ms"_s, ours},
            {u"matplotlib_ms"_s, v[u"redrawMs"_s]},
            {u"matplotlib_over_qkvlab"_s, ratio(v[u"redrawMs"_s].toDouble(), ours)}});
    }
    peer.insert(u"ratios"_s, ratios);
    peer.insert(u"what"_s,
        u"matplotlib (Agg) redraws after new data (set_data / LineCollection, then canvas.draw) against "
        "the views' first paint after an edit, both 1000x1000 px; goal: every ratio >= 10"_s);
    return peer;
}

QJsonObject exportProcessTimings(const QString &scriptDir, const QString &qkvlab, bool quick)
{
    const QString script = scriptDir + u"/matplotlib_export.py"_s;
    const QString doc = QDir(scriptDir).filePath(u"../../resources/examples/animal.qkv.json"_s);
    if (!QFileInfo(qkvlab).isExecutable())
        return unavailable(qkvlab + u" not found"_s);
    QTemporaryDir dir;
    const int reps = quick ? 3 : 9;
    QString error;
    const double ours = processMs(qkvlab,
        {u"export"_s, u"example:animal"_s, u"--view"_s, u"heatmap"_s, u"--size"_s, u"1000x1000"_s, u"-o"_s,
            dir.filePath(u"qkvlab.png"_s), u"--overwrite"_s},
        reps, &error);
    if (ours < 0)
        return unavailable(error);
    QJsonObject o {{u"qkvlab_ms"_s, ours}, {u"reps"_s, reps},
        {u"what"_s,
            u"whole processes, wall time, median: `qkvlab export example:animal --view heatmap` against "
            "matplotlib_export.py (json + numpy + matplotlib Agg) saving the same 1000x1000 heatmap; "
            "SPEC 4 asks matplotlib_over_qkvlab >= 5"_s}};
    if (!QFileInfo(python).isExecutable() || !QFileInfo::exists(script)) {
        o.insert(u"matplotlib"_s, unavailable(u"needs %1 and %2"_s.arg(python, script)));
        return o;
    }
    const double peer = processMs(python, {script, doc, dir.filePath(u"matplotlib.png"_s)}, reps, &error);
    if (peer < 0) {
        o.insert(u"matplotlib"_s, unavailable(error));
        return o;
    }
    o.insert(u"matplotlib_ms"_s, peer);
    o.insert(u"matplotlib_over_qkvlab"_s, ratio(peer, ours));
    return o;
}

// Issue 15: 60 frames of a 12-token heatmap at 1000 x 1000 px as a GIF, ours within 2 s and at
// least 5 times faster than matplotlib's FuncAnimation with Pillow's writer doing the same.
QJsonObject animationProcessTimings(const QString &scriptDir, const QString &qkvlab, bool quick)
{
    if (!QFileInfo(qkvlab).isExecutable())
        return unavailable(qkvlab + u" not found"_s);
    // The animal example with a twelfth word, whose vectors both sides read from the file.
    QFile example(QDir(scriptDir).filePath(u"../../resources/examples/animal.qkv.json"_s));
    if (!example.open(QIODevice::ReadOnly))
        return unavailable(example.fileName() + u": "_s + example.errorString());
    QJsonObject doc = QJsonDocument::fromJson(example.readAll()).object();
    doc.insert(u"sentence"_s, doc.value(u"sentence"_s).toString() + u" today"_s);
    QJsonObject words = doc.value(u"words"_s).toObject();
    words.insert(u"today"_s,
        QJsonObject {{u"q"_s, QJsonArray {0.2, 0.1, 0.3}}, {u"k"_s, QJsonArray {0.3, 0.2, 0.1}},
            {u"v"_s, QJsonArray {0.1, 0.3, 0.2}}});
    doc.insert(u"words"_s, words);
    QTemporaryDir dir;
    const QString docPath = dir.filePath(u"twelve.qkv.json"_s);
    QFile file(docPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(QJsonDocument(doc).toJson()) < 0)
        return unavailable(docPath + u": "_s + file.errorString());
    file.close();
    const int reps = quick ? 1 : 3;
    QString error;
    const double ours = processMs(qkvlab,
        {u"export"_s, docPath, u"--view"_s, u"heatmap"_s, u"--animate"_s, u"words.animal.k[0]"_s, u"--from"_s, u"0"_s,
            u"--to"_s, u"3"_s, u"--frames"_s, u"60"_s, u"--size"_s, u"1000x1000"_s, u"-o"_s,
            dir.filePath(u"qkvlab.gif"_s), u"--overwrite"_s},
        reps, &error);
    if (ours < 0)
        return unavailable(error);
    QJsonObject o {{u"qkvlab_ms"_s, ours}, {u"reps"_s, reps}, {u"frames"_s, 60}, {u"tokens"_s, 12},
        {u"gif_bytes"_s, QFileInfo(dir.filePath(u"qkvlab.gif"_s)).size()},
        {u"what"_s,
            u"whole processes, wall time, median: `qkvlab export --view heatmap --animate words.animal.k[0] --from 0 "
            "--to 3 --frames 60 --size 1000x1000 -o OUT.gif` on a 12-token document against "
            "matplotlib_animation.py (FuncAnimation + PillowWriter) saving the same 60 frames; issue 15 asks "
            "qkvlab_ms <= 2000 and matplotlib_over_qkvlab >= 5"_s}};
    const QString script = scriptDir + u"/matplotlib_animation.py"_s;
    if (!QFileInfo(python).isExecutable() || !QFileInfo::exists(script)) {
        o.insert(u"matplotlib"_s, unavailable(u"needs %1 and %2"_s.arg(python, script)));
        return o;
    }
    const double peer = processMs(python,
        {script, docPath, u"animal"_s, u"0"_s, u"0"_s, u"3"_s, u"60"_s, dir.filePath(u"matplotlib.gif"_s)}, reps,
        &error);
    if (peer < 0) {
        o.insert(u"matplotlib"_s, unavailable(error));
        return o;
    }
    o.insert(u"matplotlib_ms"_s, peer);
    o.insert(u"matplotlib_over_qkvlab"_s, ratio(peer, ours));
    o.insert(u"meets_spec"_s, ours <= 2000 && ratio(peer, ours) >= 5);
    return o;
}

} // namespace qkv::bench
