// Downloads from a Hub on 127.0.0.1 (hubserver.h) into a cache folder of the test's own: the
// standard layout, nothing fetched twice, resumed after a dropped connection or a killed
// process, refused when a byte is wrong or the listing is hostile, retried when the Hub is busy,
// a gated repository's token sent to the Hub only.
#include "hub/hubdownload.h"
#include "transformer/hubcache.h"
#include "transformer/refusal.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "hubserver.h"

using namespace qkv;
using namespace qkv::hub;
using namespace Qt::StringLiterals;

class TstHubDownload : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<test::HubServer> m_server;
    std::unique_ptr<QTemporaryDir> m_cache;
    const QString m_commit = u"0123456789abcdef0123456789abcdef01234567"_s;
    QByteArray m_weights;

    // Downloads `spec` and returns the error (empty: done).
    QString download(const QString &spec, HubDownload::Options options = {}, HubDownload **kept = nullptr)
    {
        QString why;
        const std::optional<RepoRef> repo = parseRepo(spec, &why);
        if (!repo)
            return why;
        options.backoffMs = 10;
        if (options.stallMs == 30000)
            options.stallMs = 2000;
        auto *d = new HubDownload(m_cache->path(), *repo, options, this);
        QSignalSpy done(d, &HubDownload::finished);
        d->start();
        if (done.isEmpty() && !done.wait(20000))
            return u"(no answer)"_s;
        if (qEnvironmentVariableIsSet("QKV_HUB_DEBUG"))
            qDebug() << m_server->requests;
        if (kept)
            *kept = d;
        else
            d->deleteLater();
        return done.first().first().toString();
    }
    QString repoFolder() const { return m_cache->filePath(u"models--org--tiny"_s); }
    QString snapshot(const QString &path) const { return repoFolder() + u"/snapshots/"_s + m_commit + u'/' + path; }

private Q_SLOTS:
    void init()
    {
        m_server = std::make_unique<test::HubServer>();
        m_cache = std::make_unique<QTemporaryDir>();
        m_server->useFrom(m_cache->path());
        qunsetenv("HF_TOKEN");
        qputenv("HF_TOKEN_PATH", "/nonexistent/token");
        qunsetenv("HF_HUB_OFFLINE");
        m_weights = QByteArray(300000, '\0');
        for (qsizetype i = 0; i < m_weights.size(); ++i)
            m_weights[i] = char((i * 131 + i / 7) & 0xff);
        test::HubServer::Repo repo;
        repo.commit = m_commit;
        repo.files.insert(u"config.json"_s, {R"({"model_type": "gpt2"})", false});
        repo.files.insert(u"tokenizer.json"_s, {R"({"model": {}})", false});
        repo.files.insert(u"model.safetensors"_s, {m_weights, true});
        repo.files.insert(u"pytorch_model.bin"_s, {QByteArray(1000, 'b'), true});
        repo.files.insert(u"onnx/model.onnx"_s, {QByteArray(1000, 'o'), true});
        m_server->repos.insert(u"org/tiny"_s, repo);
    }

    // huggingface_hub's layout: blobs by ETag, the snapshot's relative links, refs/main; the
    // weights in safetensors only; found by hf:NAME; nothing fetched the second time.
    void fetchesIntoTheStandardLayout()
    {
        HubDownload *d = nullptr;
        QCOMPARE(download(u"org/tiny"_s, {}, &d), QString());
        QStringList chosen;
        for (const RepoFile &f : d->files())
            chosen << f.path;
        QCOMPARE(chosen, (QStringList {u"config.json"_s, u"model.safetensors"_s, u"tokenizer.json"_s}));
        const QString sha = test::HubServer::sha256(m_weights);
        const QFileInfo weights(snapshot(u"model.safetensors"_s));
        QVERIFY(weights.isSymLink());
        QCOMPARE(
            QFile::symLinkTarget(weights.filePath()), QFileInfo(repoFolder() + u"/blobs/"_s + sha).canonicalFilePath());
        QCOMPARE(QFileInfo(weights.filePath()).symLinkTarget(), repoFolder() + u"/blobs/"_s + sha);
        QFile blob(repoFolder() + u"/blobs/"_s + sha);
        QVERIFY(blob.open(QIODevice::ReadOnly));
        QCOMPARE(blob.readAll(), m_weights);
        const QString configId = test::HubServer::gitBlobId(R"({"model_type": "gpt2"})");
        QVERIFY(QFileInfo::exists(repoFolder() + u"/blobs/"_s + configId));
        QFile ref(repoFolder() + u"/refs/main"_s);
        QVERIFY(ref.open(QIODevice::ReadOnly));
        QCOMPARE(ref.readAll(), m_commit.toLatin1());
        QVERIFY(!QFileInfo::exists(snapshot(u"pytorch_model.bin"_s)));
        QVERIFY(QDir(repoFolder() + u"/blobs"_s).entryList(QDir::Files).size() == 3); // no .incomplete left
        QCOMPARE(transformer::hubSnapshot(u"org/tiny"_s), repoFolder() + u"/snapshots/"_s + m_commit);
        QCOMPARE(transformer::hubSnapshot(u"org/tiny@main"_s), repoFolder() + u"/snapshots/"_s + m_commit);
        QCOMPARE(transformer::hubSnapshot(u"org/tiny@"_s + m_commit), repoFolder() + u"/snapshots/"_s + m_commit);
        QVERIFY_THROWS_EXCEPTION(transformer::Refusal, transformer::hubSnapshot(u"org/tiny@v2"_s));
        QVERIFY_THROWS_EXCEPTION(transformer::Refusal, transformer::hubSnapshot(u"org/tiny@../../x"_s));
        QCOMPARE(download(u"org/tiny@v2"_s), QString()); // a tag: its ref, the same files
        QCOMPARE(transformer::hubSnapshot(u"org/tiny@v2"_s), repoFolder() + u"/snapshots/"_s + m_commit);
        // Again: the listing only.
        const qint64 sent = m_server->bodyBytesSent;
        QCOMPARE(download(u"org/tiny"_s), QString());
        QCOMPARE(m_server->bodyBytesSent, sent);
        QCOMPARE(d->missingBytes(), 0);
        // --include picks other files; a dry run fetches nothing.
        HubDownload::Options options;
        options.include = {u"onnx/*"_s};
        options.dryRun = true;
        HubDownload *dry = nullptr;
        QCOMPARE(download(u"org/tiny"_s, options, &dry), QString());
        QCOMPARE(dry->files().size(), std::size_t(1));
        QCOMPARE(dry->missingBytes(), 1000);
        QCOMPARE(m_server->bodyBytesSent, sent);
    }

    // A connection dropped mid-file is resumed by itself from where it stopped; a partial file
    // left by a killed process is resumed by the next download. Only missing bytes are fetched.
    void resumesWhereItStopped()
    {
        m_server->faults.push_back({.path = u"/lfs/"_s + test::HubServer::sha256(m_weights), .closeAfter = 100000});
        QCOMPARE(download(u"org/tiny"_s), QString());
        QCOMPARE(m_server->requests.filter(u"/lfs/"_s).filter(u"bytes=100000-"_s).size(), 1);
        const qint64 small = QByteArray(R"({"model_type": "gpt2"})").size() + QByteArray(R"({"model": {}})").size();
        // The missing bytes, and at most one retry's worth more: Qt itself may send a request again
        // when the connection closes as its answer starts.
        QVERIFY2(m_server->bodyBytesSent <= 2 * m_weights.size() + small, qPrintable(m_server->requests.join(u' ')));

        // Killed at 123,456 bytes: the .incomplete holds them.
        m_cache = std::make_unique<QTemporaryDir>();
        qputenv("HF_HUB_CACHE", m_cache->path().toLocal8Bit());
        QVERIFY(QDir().mkpath(repoFolder() + u"/blobs"_s));
        QFile partial(repoFolder() + u"/blobs/"_s + test::HubServer::sha256(m_weights) + u".incomplete"_s);
        QVERIFY(partial.open(QIODevice::WriteOnly));
        partial.write(m_weights.left(123456));
        partial.close();
        m_server->bodyBytesSent = 0;
        QCOMPARE(download(u"org/tiny"_s), QString());
        QCOMPARE(m_server->bodyBytesSent, m_weights.size() - 123456 + small);
        QFile done(snapshot(u"model.safetensors"_s));
        QVERIFY(done.open(QIODevice::ReadOnly));
        QCOMPARE(done.readAll(), m_weights);
    }

    // A flipped byte: refused, naming the file; nothing in the snapshot, the partial gone.
    void aWrongByteIsRefused()
    {
        const QString sha = test::HubServer::sha256(m_weights);
        m_server->faults.push_back({.path = u"/lfs/"_s + sha, .flipByte = 5000});
        const QString error = download(u"org/tiny"_s);
        QVERIFY2(
            error.contains(u"model.safetensors: the content does not match the Hub's SHA-256"_s), qPrintable(error));
        QVERIFY(!QFileInfo::exists(snapshot(u"model.safetensors"_s)));
        QVERIFY(!QFileInfo::exists(repoFolder() + u"/blobs/"_s + sha));
        QVERIFY(!QFileInfo::exists(repoFolder() + u"/blobs/"_s + sha + u".incomplete"_s));
        // More bytes than listed: cut there and refused.
        m_server->faults.push_back({.path = u"/lfs/"_s + sha, .extraBytes = 10});
        QVERIFY(download(u"org/tiny"_s).contains(u"sent more than its listed 300000 bytes"_s));
        QVERIFY(!QFileInfo::exists(snapshot(u"model.safetensors"_s)));
        // Then a good download.
        QCOMPARE(download(u"org/tiny"_s), QString());
    }

    // A busy Hub is retried with backoff, then given up with a clear message; a redirect loop and
    // a stalled transfer end too.
    void aBusyHubIsRetried()
    {
        m_server->faults.push_back({.path = u"config.json"_s, .status = 503, .times = 2});
        QCOMPARE(download(u"org/tiny"_s), QString());
        m_cache = std::make_unique<QTemporaryDir>();
        m_server->faults.push_back({.path = u"config.json"_s, .status = 500, .times = 100});
        HubDownload::Options options;
        options.retries = 3;
        const QString error = download(u"org/tiny"_s, options);
        QVERIFY2(error.contains(u"config.json: HTTP 500, and 3 retries did not help"_s), qPrintable(error));
        m_server->faults.clear();
        m_server->faults.push_back({.path = u"tokenizer.json"_s, .redirectLoop = true, .times = 100});
        QVERIFY(download(u"org/tiny"_s).contains(u"more than 10 redirects"_s));
        m_server->faults.clear();
        m_server->faults.push_back({.path = u"tokenizer.json"_s, .stall = true, .times = 100});
        options.stallMs = 200;
        options.retries = 1;
        const QString stalled = download(u"org/tiny"_s, options);
        QVERIFY2(
            stalled.contains(u"tokenizer.json"_s) && stalled.contains(u"retries did not help"_s), qPrintable(stalled));
    }

    // Hostile listings and names: nothing written outside the repository's folder.
    void hostileInputIsRefused_data()
    {
        QTest::addColumn<QByteArray>("listing");
        QTest::addColumn<QString>("expected");
        const auto with = [](const QByteArray &file) {
            return R"({"id": "org/tiny", "sha": "0123456789abcdef0123456789abcdef01234567", "siblings": [)" + file
                + "]}";
        };
        const QByteArray blob = R"("blobId": "0123456789abcdef0123456789abcdef01234567", "size": 3)";
        QTest::newRow("parent") << with(R"({"rfilename": "../../evil.safetensors", )" + blob + "}")
                                << u"siblings[0].rfilename: \"../../evil.safetensors\" leaves its folder"_s;
        QTest::newRow("absolute") << with(R"({"rfilename": "/etc/evil", )" + blob + "}") << u"not a relative path"_s;
        QTest::newRow("nul") << with(R"({"rfilename": "a\u0000b", )" + blob + "}") << u"control character"_s;
        QTest::newRow("twice") << with(R"({"rfilename": "config.json", )" + blob + R"(}, {"rfilename": "config.json", )"
            + blob + "}") << u"listed twice"_s;
        QTest::newRow("file and folder") << with(R"({"rfilename": "a", )" + blob + R"(}, {"rfilename": "a/b", )" + blob
            + "}") << u"is a file and a folder"_s;
        QTest::newRow("bad hash") << with(R"({"rfilename": "config.json", "blobId": "xyz", "size": 3})")
                                  << u"expected 40 hexadecimal digits"_s;
        QTest::newRow("not json") << QByteArray("<html>") << u"not JSON"_s;
    }
    void hostileInputIsRefused()
    {
        QFETCH(QByteArray, listing);
        QFETCH(QString, expected);
        m_server->repos[u"org/tiny"_s].listingOverride = listing;
        const QString error = download(u"org/tiny"_s);
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY(QDir(m_cache->path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }

    // A symbolic link planted in the repository's folder (to send the files elsewhere) is refused;
    // nothing is written through it.
    void aPlantedLinkIsRefused()
    {
        QTemporaryDir elsewhere;
        QVERIFY(QDir().mkpath(repoFolder()));
        QVERIFY(QFile::link(elsewhere.path(), repoFolder() + u"/blobs"_s));
        const QString error = download(u"org/tiny"_s);
        QVERIFY2(error.contains(u"blobs is a symbolic link: refusing to write through it"_s), qPrintable(error));
        QVERIFY(QDir(elsewhere.path()).isEmpty());
        QVERIFY(QFile::remove(repoFolder() + u"/blobs"_s));
        QVERIFY(QDir().mkpath(repoFolder() + u"/snapshots"_s));
        QVERIFY(QFile::link(elsewhere.path(), repoFolder() + u"/snapshots/"_s + m_commit));
        QVERIFY(download(u"org/tiny"_s).contains(u"symbolic link"_s));
        QVERIFY(QDir(elsewhere.path()).isEmpty());
    }

    // A gated repository: without a token the message says where to accept its terms; with
    // HF_TOKEN it downloads, the token sent to the Hub and never to the file host it redirects to.
    void aGatedRepositoryNeedsItsToken()
    {
        m_server->repos[u"org/tiny"_s].token = "hf_secret";
        const QString error = download(u"org/tiny"_s);
        QVERIFY2(error.contains(u"gated or private"_s) && error.contains(m_server->endpoint() + u"/org/tiny"_s),
            qPrintable(error));
        qputenv("HF_TOKEN", "hf_secret");
        m_server->lfsOnOtherHost = true;
        m_server->requests.clear();
        m_server->authorizations.clear();
        QCOMPARE(download(u"org/tiny"_s), QString());
        QCOMPARE(m_server->requests.filter(u"/lfs/"_s).size(), 1);
        for (qsizetype i = 0; i < m_server->requests.size(); ++i)
            QCOMPARE(m_server->authorizations[i],
                m_server->requests[i].contains(u"/lfs/"_s) ? QByteArray() : QByteArray("Bearer hf_secret"));
        qunsetenv("HF_TOKEN");
    }

    // A model of a type QKV Lab does not run is refused before any file is fetched, naming it.
    void anotherArchitectureIsRefused()
    {
        m_server->repos[u"org/tiny"_s].modelType = u"t5"_s;
        HubDownload::Options options;
        options.modelTypes = {u"gpt2"_s, u"llama"_s};
        const QString error = download(u"org/tiny"_s, options);
        QVERIFY2(error.contains(u"org/tiny is a \"t5\" model, which QKV Lab does not run (it runs gpt2, llama)"_s),
            qPrintable(error));
        QCOMPARE(m_server->bodyBytesSent, 0);
        options.include = {u"config.json"_s};
        QCOMPARE(download(u"org/tiny"_s, options), QString());
    }

    // A Hub (a mirror) whose model info does not say the type: config.json is read first, and
    // what it says decides before any weight is fetched.
    void theTypeIsReadFromTheConfigFirst()
    {
        test::HubServer::Repo &repo = m_server->repos[u"org/tiny"_s];
        repo.modelType.clear();
        repo.files[u"config.json"_s] = {R"({"model_type": "t5", "d_model": 512})", false};
        HubDownload::Options options;
        options.modelTypes = {u"gpt2"_s, u"llama"_s};
        const QString error = download(u"org/tiny"_s, options);
        QVERIFY2(error.contains(u"org/tiny is a \"t5\" model"_s), qPrintable(error));
        QCOMPARE(m_server->requests.size(), 2); // the model info, then config.json
        QVERIFY(m_server->requests.last().contains(u"/resolve/"_s + m_commit + u"/config.json"_s));
        QVERIFY(!QFileInfo::exists(snapshot(u"model.safetensors"_s)));

        repo.files[u"config.json"_s] = {R"({"model_type": "gpt2"})", false};
        QCOMPARE(download(u"org/tiny"_s, options), QString());
        QCOMPARE(QFileInfo(snapshot(u"model.safetensors"_s)).size(), m_weights.size());
    }

    void theHubIsSearched()
    {
        m_server->repos[u"org/tiny"_s].downloads = 42;
        m_server->repos.insert(u"other/tinybig"_s, {m_commit, {}, {}, {}, u"llama"_s, 1000, {{u"BF16"_s, 8000000000}}});
        m_server->repos.insert(u"other/huge"_s, {m_commit, {}, {}, {}, u"llama"_s, 5, {}});
        HubSearch search;
        QSignalSpy found(&search, &HubSearch::found);
        search.search(u"tiny"_s);
        QVERIFY(found.wait(5000));
        const auto results = found.first().first().value<std::vector<SearchResult>>();
        QCOMPARE(found.first().last().toString(), QString());
        QCOMPARE(results.size(), std::size_t(2));
        QVERIFY(m_server->requests.last().contains(u"/api/models"_s));
        // The size came with the answer, asked for by its "expand" field.
        const auto big = std::find_if(
            results.begin(), results.end(), [](const SearchResult &r) { return r.id == u"other/tinybig"_s; });
        QVERIFY(big != results.end());
        QCOMPARE(big->parameters, 8000000000);
        QCOMPARE(big->weightBytes, 16000000000);
        QCOMPARE(big->downloads, 1000);
        QCOMPARE(big->modelType, u"llama"_s);
    }

    void offlineAndUnknown()
    {
        qputenv("HF_HUB_OFFLINE", "1");
        QVERIFY(download(u"org/tiny"_s).contains(u"HF_HUB_OFFLINE"_s));
        qunsetenv("HF_HUB_OFFLINE");
        QVERIFY(download(u"org/nothing"_s).contains(u"not found on the Hub (HTTP 404)"_s));
        QVERIFY(m_server->requests.size() == 1);
    }
};

QTEST_GUILESS_MAIN(TstHubDownload)
#include "tst_hubdownload.moc"
