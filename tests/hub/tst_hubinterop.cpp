// The cache is shared with the Hub's other clients: @huggingface/hub (npm, run by node) downloads
// the built-in induction model from the test's Hub, and QKV Lab lists it, opens it and fetches
// nothing again; QKV Lab downloads it, and @huggingface/hub's cache scan finds every file, the
// commit and the branch, and its own download fetches nothing again. Skipped where node or the
// package is missing (.ci/install.sh installs both into build/nodejs).
#include "hub/hubdownload.h"
#include "hub/hubrepo.h"
#include "transformer/hubcache.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "nodereference.h"

#include "hubserver.h"

using namespace Qt::StringLiterals;
using namespace qkv;

class TstHubInterop : public QObject
{
    Q_OBJECT

    test::HubServer m_server;
    const QString m_id = u"qkvlab/induction"_s;
    const QString m_commit = u"0123456789abcdef0123456789abcdef01234567"_s;
    test::NodeReference m_reference;

    struct Run {
        int status = -1;
        QByteArray out, err;
    };
    // node hubinterop.mjs ARGS…, with the event loop running (the Hub is in this process).
    Run node(const QStringList &args)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QKV_NODE_MODULES"_s, m_reference.modules);
        env.remove(u"HF_TOKEN"_s);
        p.setProcessEnvironment(env);
        QSignalSpy done(&p, &QProcess::finished);
        p.start(m_reference.node, QStringList {QStringLiteral(QKV_SOURCE "/tests/hub/interop/hubinterop.mjs")} + args);
        if (!p.waitForStarted() || (done.isEmpty() && !done.wait(60000)))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }
    // QKV Lab's download of `repo` into `cache`; its error, empty when it succeeded.
    QString download(const QString &cache, const QString &repo)
    {
        QString why;
        hub::HubDownload d(cache, *hub::parseRepo(repo, &why), {});
        QSignalSpy finished(&d, &hub::HubDownload::finished);
        d.start();
        if (finished.isEmpty() && !finished.wait(20000))
            return u"(no answer)"_s;
        return finished.first().first().toString();
    }
    static QByteArray contents(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_reference = test::nodeReference(QStringLiteral(QKV_SOURCE), u"nodejs"_s, u"@huggingface/hub"_s);
        if (!m_reference.missing.isEmpty())
            QSKIP(qPrintable(m_reference.missing));
        // The model as the Hub holds it: the weights in LFS, the rest as regular files.
        test::HubServer::Repo repo;
        repo.commit = m_commit;
        const QDir model(QStringLiteral(QKV_SOURCE "/resources/models/induction"));
        for (const QString &name : model.entryList(QDir::Files))
            repo.files.insert(name, {contents(model.filePath(name)), name.endsWith(u".safetensors"_s)});
        QVERIFY(repo.files.size() >= 4);
        m_server.repos.insert(m_id, repo);
        qunsetenv("HF_TOKEN");
        qputenv("HF_TOKEN_PATH", "/nonexistent/token");
        qunsetenv("HF_HUB_OFFLINE");
    }

    void theirDownloadIsOurs()
    {
        QTemporaryDir cache;
        m_server.useFrom(cache.path());
        const Run theirs = node({u"download"_s, m_server.endpoint(), m_id, cache.path()});
        QVERIFY2(theirs.status == 0, theirs.err.constData());
        const QString snapshot = cache.filePath(u"models--qkvlab--induction/snapshots/"_s + m_commit);
        QCOMPARE(QString::fromUtf8(theirs.out).trimmed(), snapshot);

        // Listed and opened as a model of the cache.
        const std::vector<transformer::CachedModel> models = transformer::listCachedModels();
        QCOMPARE(models.size(), std::size_t(1));
        QCOMPARE(models[0].name, m_id);
        QCOMPARE(models[0].folder, snapshot);
        QCOMPARE(models[0].layers, 2);
        QCOMPARE(transformer::hubSnapshot(m_id), snapshot);
        QCOMPARE(transformer::hubSnapshot(m_id + u"@main"_s), snapshot);
        for (auto it = m_server.repos[m_id].files.cbegin(); it != m_server.repos[m_id].files.cend(); ++it)
            QCOMPARE(contents(snapshot + u'/' + it.key()), it->content);

        // Our download finds every file in place and fetches no byte.
        const qint64 sent = m_server.bodyBytesSent;
        QCOMPARE(download(cache.path(), m_id), QString());
        QCOMPARE(m_server.bodyBytesSent, sent);
    }

    void ourDownloadIsTheirs()
    {
        QTemporaryDir cache;
        m_server.useFrom(cache.path());
        QCOMPARE(download(cache.path(), m_id), QString());
        const Run scan = node({u"scan"_s, cache.path()});
        QVERIFY2(scan.status == 0, scan.err.constData());
        const QJsonObject result = QJsonDocument::fromJson(scan.out).object();
        QVERIFY2(result.value(u"warnings").toArray().isEmpty(), scan.out.constData());
        const QJsonArray repos = result.value(u"repos").toArray();
        QCOMPARE(repos.size(), 1);
        const QJsonObject repo = repos[0].toObject();
        QCOMPARE(repo.value(u"name").toString(), m_id);
        QCOMPARE(repo.value(u"type").toString(), u"model"_s);
        const QJsonArray revisions = repo.value(u"revisions").toArray();
        QCOMPARE(revisions.size(), 1);
        const QJsonObject revision = revisions[0].toObject();
        QCOMPARE(revision.value(u"commit").toString(), m_commit);
        QCOMPARE(revision.value(u"refs").toArray(), QJsonArray {u"main"_s});
        // Each file QKV Lab chose, its link resolved to a blob named by its hash, its size right.
        const auto &served = m_server.repos[m_id].files;
        const QJsonArray files = revision.value(u"files").toArray();
        QCOMPARE(files.size(), 5); // README, config, weights, tokenizer, tokenizer_config: not qkvlab.json
        for (const QJsonValue &v : files) {
            const QJsonObject f = v.toObject();
            const QString name = QFileInfo(f.value(u"path").toString()).fileName();
            QVERIFY2(served.contains(name), qPrintable(name));
            const test::HubServer::File &file = *served.constFind(name);
            QCOMPARE(f.value(u"size").toInteger(), file.content.size());
            QCOMPARE(QFileInfo(f.value(u"blob").toString()).fileName(), file.lfs ? file.sha256Of() : file.blobIdOf());
        }

        // Their download of a file we fetched takes it from the cache.
        const qint64 sent = m_server.bodyBytesSent;
        const Run theirs = node({u"file"_s, m_server.endpoint(), m_id, u"model.safetensors"_s, cache.path()});
        QVERIFY2(theirs.status == 0, theirs.err.constData());
        QCOMPARE(QString::fromUtf8(theirs.out).trimmed(),
            cache.filePath(u"models--qkvlab--induction/snapshots/"_s + m_commit + u"/model.safetensors"_s));
        QCOMPARE(m_server.bodyBytesSent, sent);
    }

    // A commit asked for by its hash: no branch names it, and the scan finds it all the same.
    void aCommitOfOursIsTheirs()
    {
        QTemporaryDir cache;
        m_server.useFrom(cache.path());
        QCOMPARE(download(cache.path(), m_id + u'@' + m_commit), QString());
        const Run scan = node({u"scan"_s, cache.path()});
        QVERIFY2(scan.status == 0, scan.err.constData());
        const QJsonObject result = QJsonDocument::fromJson(scan.out).object();
        QVERIFY2(result.value(u"warnings").toArray().isEmpty(), scan.out.constData());
        const QJsonObject revision
            = result.value(u"repos").toArray()[0].toObject().value(u"revisions").toArray()[0].toObject();
        QCOMPARE(revision.value(u"commit").toString(), m_commit);
        QVERIFY(revision.value(u"refs").toArray().isEmpty());
        QCOMPARE(revision.value(u"files").toArray().size(), 5);
    }
};

QTEST_GUILESS_MAIN(TstHubInterop)
#include "tst_hubinterop.moc"
