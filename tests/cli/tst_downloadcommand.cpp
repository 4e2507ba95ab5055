// qkvlab download against a Hub on 127.0.0.1: the plan printed before anything is fetched, the
// files in the cache, the command to open them; a dry run fetches nothing; bad names exit 2.
#include "cli/commandline.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>

#include "hubserver.h"

using namespace Qt::StringLiterals;

class TstDownloadCommand : public QObject
{
    Q_OBJECT

private:
    struct Run {
        int status;
        QString out, err;
    };
    static Run run(const QStringList &args)
    {
        QTemporaryFile out, err;
        if (!out.open() || !err.open())
            return {-1, {}, {}};
        FILE *o = fdopen(dup(out.handle()), "w+");
        FILE *e = fdopen(dup(err.handle()), "w+");
        const int status = qkv::cli::runCommandLine(QStringList {u"qkvlab"_s} + args, o, e);
        fclose(o);
        fclose(e);
        out.seek(0);
        err.seek(0);
        return {status, QString::fromUtf8(out.readAll()), QString::fromUtf8(err.readAll())};
    }

private Q_SLOTS:
    // qkvlab download killed (SIGKILL) at 20 random moments: each run resumes from the bytes the
    // one before left on disk, never puts an unverified file in the snapshot, and the last ends
    // with the file verified.
    void aKilledDownloadResumes()
    {
        qkv::test::HubServer server;
        server.paceBytesPerMs = 3000; // a 3 MB file in about a second
        qkv::test::HubServer::Repo repo;
        repo.commit = u"1111111111222222222233333333334444444444"_s;
        QByteArray weights(3000000, '\0');
        for (qsizetype i = 0; i < weights.size(); ++i)
            weights[i] = char((i * 7919) >> 5);
        repo.files.insert(u"config.json"_s, {R"({"model_type": "gpt2"})", false});
        repo.files.insert(u"model.safetensors"_s, {weights, true});
        server.repos.insert(u"org/big"_s, repo);
        QTemporaryDir cache;
        qputenv("HF_ENDPOINT", server.endpoint().toLatin1());
        qputenv("HF_HUB_CACHE", cache.path().toLocal8Bit());
        const QString snapshot
            = cache.filePath(u"models--org--big/snapshots/"_s + repo.commit + u"/model.safetensors"_s);
        const QString partial
            = cache.filePath(u"models--org--big/blobs/"_s + qkv::test::HubServer::sha256(weights) + u".incomplete"_s);
        QRandomGenerator random(47);
        for (int kill = 0; kill < 20; ++kill) {
            QProcess p;
            p.start(QStringLiteral(QKVLAB_EXECUTABLE), {u"download"_s, u"org/big"_s});
            QVERIFY(p.waitForStarted());
            // Killed once the file has grown (whatever the machine's load), a random moment later.
            const qint64 before = QFileInfo(partial).size();
            QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(partial).size() > before || QFileInfo::exists(snapshot), 10000);
            QTest::qWait(int(random.bounded(0, 60)));
            if (p.state() != QProcess::NotRunning) { // else it had finished
                p.kill();
                QVERIFY(p.waitForFinished(5000));
            }
            if (QFileInfo::exists(snapshot)) { // finished before the kill: only ever the whole file
                QFile f(snapshot);
                QVERIFY(f.open(QIODevice::ReadOnly));
                QCOMPARE(f.readAll(), weights);
            }
        }
        // Every ranged request starts where the file on disk ended: never before the one before.
        qint64 lastOffset = 0;
        for (const QString &request : server.requests.filter(u"/lfs/"_s)) {
            const qsizetype at = request.indexOf(u"bytes="_s);
            const qint64 offset = at < 0 ? 0 : request.mid(at + 6).chopped(1).toLongLong();
            QVERIFY2(offset >= lastOffset, qPrintable(request));
            lastOffset = offset;
        }
        const Run last = run({u"download"_s, u"org/big"_s});
        QCOMPARE(last.status, 0);
        QFile f(snapshot);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), weights);
        QVERIFY2(server.requests.filter(u"/lfs/"_s).filter(u"bytes="_s).size() >= 3,
            qPrintable(server.requests.join(u'\n')));
    }

    void downloadsAndSaysHowToOpen()
    {
        qkv::test::HubServer server;
        qkv::test::HubServer::Repo repo;
        repo.commit = u"89abcdef0123456789abcdef0123456789abcdef"_s;
        repo.files.insert(u"config.json"_s, {R"({"model_type": "gpt2"})", false});
        repo.files.insert(u"model.safetensors"_s, {QByteArray(5000, 'w'), true});
        repo.files.insert(u"pytorch_model.bin"_s, {QByteArray(5000, 'b'), true});
        server.repos.insert(u"org/tiny"_s, repo);
        QTemporaryDir cache;
        qputenv("HF_ENDPOINT", server.endpoint().toLatin1());
        qputenv("HF_HUB_CACHE", cache.path().toLocal8Bit());

        const Run dry = run({u"download"_s, u"org/tiny"_s, u"--dry-run"_s});
        QCOMPARE(dry.status, 0);
        QVERIFY2(dry.out.startsWith(u"org/tiny at 89abcdef0123 (gpt2)\n"_s), qPrintable(dry.out));
        QVERIFY(dry.out.contains(u"model.safetensors"_s) && !dry.out.contains(u"pytorch_model.bin"_s));
        QVERIFY2(dry.out.contains(u"2 files, 5.0 kB; 5.0 kB to fetch"_s), qPrintable(dry.out));
        QVERIFY(QDir(cache.path()).isEmpty());

        const Run real = run({u"download"_s, u"https://huggingface.co/org/tiny"_s});
        QCOMPARE(real.status, 0);
        const QString snapshot = cache.filePath(u"models--org--tiny/snapshots/"_s + repo.commit);
        QVERIFY2(real.out.endsWith(snapshot + u"\nOpen it with: qkvlab hf:org/tiny\n"_s), qPrintable(real.out));
        QCOMPARE(QFileInfo(snapshot + u"/model.safetensors"_s).size(), 5000);
        QVERIFY(real.err.isEmpty()); // not a terminal: no progress line

        QCOMPARE(run({u"download"_s, u"../evil"_s}).status, 2);
        const Run missing = run({u"download"_s, u"org/none"_s});
        QCOMPARE(missing.status, 1);
        QVERIFY2(missing.err.contains(u"not found on the Hub (HTTP 404)"_s), qPrintable(missing.err));
        QCOMPARE(run({u"download"_s}).status, 2);
    }
};

QTEST_GUILESS_MAIN(TstDownloadCommand)
#include "tst_downloadcommand.moc"
