// The large_model section: the models people run on their own machines, at their real shapes
// with random weights — Llama 3.2 1B, and with --llama-8b Llama 3.1 8B (its files take 29 GB) —
// written by qkvmake_llama_shaped as a BF16 safetensors folder and as llama.cpp's Q4_K_M and Q8_0
// GGUF files. Each is timed by qkvlivemodel_timing in a process of its own (32 tokens through
// every layer with every head's attention kept, peak memory, the forward pass against the
// float32 GEMM of the same shapes); each GGUF file also by llama.cpp itself (node-llama-cpp's
// prebuilt CPU build: prompt processing of the same 32 ids, its threads set to ours) in the same
// run.
#include "benchprocess.h"
#include "viewbenches.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace qkv::bench {
using namespace Qt::StringLiterals;
namespace {

QString sourceDir()
{
    const QString source = qEnvironmentVariable("QKV_SOURCE_DIR");
    return source.isEmpty() ? QStringLiteral(QKV_BENCH_SOURCE_DIR) : source;
}

// llama.cpp's prompt processing of `ids` in `model` on `threads` threads, or why not.
QJsonObject llamaCpp(const QString &model, const QJsonArray &ids, int threads, int minutes)
{
    const QString node = QStandardPaths::findExecutable(u"node"_s);
    const QString modules = sourceDir() + u"/build/nodejs-llamacpp/node_modules"_s;
    if (node.isEmpty() || !QFileInfo::exists(modules + u"/node-llama-cpp"_s))
        return unavailable(u"node-llama-cpp is not in build/nodejs-llamacpp (bash .ci/dev.sh test installs it)"_s);
    QStringList list;
    for (const QJsonValue &id : ids)
        list << QString::number(id.toInt());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"QKV_NODE_MODULES"_s, modules);
    QByteArray json;
    QString error;
    if (!runProcess(node,
            {sourceDir() + u"/tests/transformer/llamacpp/llamacpp_reference.mjs"_s, model, u"--ids"_s, list.join(u','),
                u"--threads"_s, QString::number(threads), u"--repeats"_s, u"3"_s},
            &json, &error, minutes, env))
        return unavailable(error);
    QJsonObject o = QJsonDocument::fromJson(json).object();
    o.remove(u"system_info"_s); // one line of CPU flags, the same for every file
    return o;
}

qint64 weightFileBytes(const QString &location)
{
    const QFileInfo info(location);
    return info.isDir() ? QFileInfo(location + u"/model.safetensors"_s).size() : info.size();
}

} // namespace

QJsonObject largeModelTimings(bool quick, bool eightB)
{
    if (quick)
        return unavailable(u"skipped with --quick: writing the Llama-3.2-1B-shaped files takes 4.6 GB"_s);
    QJsonObject out {{u"weights"_s, u"random, of the real models' shapes"_s}, {u"tokens"_s, 32}};
    QStringList shapes {u"1b"_s};
    if (eightB)
        shapes << u"8b"_s;
    for (const QString &shape : shapes) {
        QTemporaryDir dir; // one shape's files at a time: the 8B's take 29 GB
        QByteArray name;
        QString error;
        if (!runProcess(QStringLiteral(QKV_BENCH_MAKE_LLAMA), {dir.path(), shape}, &name, &error, 30)) {
            out.insert(shape, unavailable(error));
            continue;
        }
        const QString base = dir.filePath(QString::fromUtf8(name.trimmed()));
        const int minutes = shape == u"8b" ? 60 : 15;
        QJsonObject models;
        for (const QString &kind : {u"bf16"_s, u"q4_k_m"_s, u"q8_0"_s}) {
            const QString location = base + u'-' + kind + (kind == u"bf16" ? u""_s : u".gguf"_s);
            QByteArray json;
            if (!runProcess(QStringLiteral(QKV_BENCH_LIVEMODEL_TIMING), {location, u"32"_s}, &json, &error, minutes)) {
                models.insert(kind, unavailable(error));
                continue;
            }
            QJsonObject t = QJsonDocument::fromJson(json).object();
            t.remove(u"model"_s);
            const double fileMiB = double(weightFileBytes(location)) / (1 << 20);
            t.insert(u"file_mib"_s, fileMiB);
            // Issue 49: peak memory ≤ 1.1 × the weights' file + 1 GiB; forward ≥ 0.5 of GEMM;
            // within 2× of llama.cpp's prompt processing of the same file.
            const bool memory = t.value(u"peak_resident_mib"_s).toDouble() <= 1.1 * fileMiB + 1024;
            bool met = memory && t.value(u"forward_over_gemm"_s).toDouble() >= 0.5;
            if (kind != u"bf16") {
                const QJsonObject peer
                    = llamaCpp(location, t.value(u"ids"_s).toArray(), t.value(u"threads"_s).toInt(), minutes);
                t.insert(u"llamacpp"_s, peer);
                if (peer.contains(u"prompt_ms"_s)) {
                    const double over = t.value(u"forward_ms"_s).toDouble() / peer.value(u"prompt_ms"_s).toDouble();
                    t.insert(u"forward_over_llamacpp"_s, std::round(over * 100) / 100);
                    met = met && over <= 2;
                }
            }
            t.remove(u"ids"_s);
            t.insert(u"meets_issue_49"_s, met);
            models.insert(kind, t);
        }
        out.insert(QString::fromUtf8(name.trimmed()), models);
    }
    return out;
}

} // namespace qkv::bench
