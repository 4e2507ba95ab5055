// The download section: `qkvlab download` of one large LFS file from a Hub on 127.0.0.1 (the
// tests' server) against curl fetching the same bytes from the same server, each a process of its
// own, alternating. Ours goes through the model info and the resolve redirect as against the Hub,
// writes the file and hashes it (SHA-256) as it arrives; curl only writes it.
#include "viewbenches.h"

#include "hubserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <vector>

namespace qkv::bench {
namespace {

// Runs `program` to its end while the server answers (the event loop turns); wall seconds, or
// -1 when it failed.
double timedProcess(const QString &program, const QStringList &args, const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QEventLoop loop;
    QObject::connect(&p, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&p, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    QElapsedTimer clock;
    clock.start();
    p.start(program, args);
    loop.exec();
    const double seconds = double(clock.nsecsElapsed()) / 1e9;
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0 ? seconds : -1;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace

QJsonObject downloadTimings(const QString &qkvlab, bool quick)
{
    const QString curl = QStandardPaths::findExecutable(QStringLiteral("curl"));
    if (curl.isEmpty())
        return {{QStringLiteral("skipped"), QStringLiteral("curl is not installed")}};
    const qint64 bytes = quick ? qint64(128) << 20 : qint64(1) << 30;
    QByteArray weights(bytes, Qt::Uninitialized);
    auto *words = reinterpret_cast<quint64 *>(weights.data());
    quint64 x = 0x9e3779b97f4a7c15ULL;
    for (qint64 i = 0; i < bytes / 8; ++i) { // incompressible, quickly
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        words[i] = x;
    }
    test::HubServer server;
    test::HubServer::Repo repo;
    repo.commit = QStringLiteral("5555555555666666666677777777778888888888");
    repo.files.insert(QStringLiteral("config.json"), {R"({"model_type": "gpt2"})", false});
    repo.files.insert(QStringLiteral("model.safetensors"), {weights, true});
    server.repos.insert(QStringLiteral("bench/big"), repo);
    const QString sha = server.repos[QStringLiteral("bench/big")].files[QStringLiteral("model.safetensors")].sha256Of();
    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HF_ENDPOINT"), server.endpoint());
    std::vector<double> ours, peer;
    for (int run = 0; run < 3; ++run) {
        const QString cache = dir.filePath(QStringLiteral("cache%1").arg(run));
        env.insert(QStringLiteral("HF_HUB_CACHE"), cache);
        ours.push_back(timedProcess(qkvlab, {QStringLiteral("download"), QStringLiteral("bench/big")}, env));
        QDir(cache).removeRecursively();
        const QString out = dir.filePath(QStringLiteral("curl.bin"));
        peer.push_back(timedProcess(curl,
            {QStringLiteral("-sf"), QStringLiteral("-o"), out, server.endpoint() + QStringLiteral("/lfs/") + sha},
            env));
        QFile::remove(out);
    }
    if (*std::min_element(ours.begin(), ours.end()) < 0 || *std::min_element(peer.begin(), peer.end()) < 0)
        return {{QStringLiteral("error"), QStringLiteral("a download failed")}};
    const double oursS = median(ours), peerS = median(peer);
    const double mib = double(bytes) / (1 << 20);
    return {{QStringLiteral("file_mib"), mib}, {QStringLiteral("qkvlab_download_s"), oursS},
        {QStringLiteral("curl_s"), peerS}, {QStringLiteral("qkvlab_mib_per_s"), mib / oursS},
        {QStringLiteral("curl_mib_per_s"), mib / peerS}, {QStringLiteral("throughput_over_curl"), peerS / oursS},
        {QStringLiteral("note"),
            QStringLiteral("medians of 3 alternating runs; ours includes the model info, the resolve redirect, "
                           "writing and SHA-256; SPEC asks throughput_over_curl >= 0.8")}};
}

} // namespace qkv::bench
