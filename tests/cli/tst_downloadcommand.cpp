// qkvlab download against a Hub on 127.0.0.1: the plan printed before anything is fetched, the
// files in the cache, the command to open them; a dry run fetches nothing; bad names exit 2.
#include "cli/commandline.h"
#include "hub/hublisting.h"
#include "transformer/hubcache.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

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
        const QByteArray weights = qkv::test::HubServer::patternBytes(3000000);
        const QString commit
            = server.addModel(u"org/big"_s, u"1111111111222222222233333333334444444444"_s, weights).commit;
        QTemporaryDir cache;
        server.useFrom(cache.path());
        const QString snapshot = cache.filePath(u"models--org--big/snapshots/"_s + commit + u"/model.safetensors"_s);
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

    // A disk that fills up midway (here a process limited to 1 MB a file: the same failed write)
    // keeps the partial file, says so, and the next download fetches only the rest.
    void aFullDiskKeepsThePartial()
    {
        qkv::test::HubServer server;
        const QByteArray weights = qkv::test::HubServer::patternBytes(3000000);
        const QString commit
            = server.addModel(u"org/full"_s, u"5555555555666666666677777777778888888888"_s, weights).commit;
        QTemporaryDir cache;
        server.useFrom(cache.path());
        const QString blobs = cache.filePath(u"models--org--full/blobs/"_s);
        const QString partial = blobs + qkv::test::HubServer::sha256(weights) + u".incomplete"_s;
        const QString snapshot = cache.filePath(u"models--org--full/snapshots/"_s + commit);

        QProcess p;
        p.setChildProcessModifier([] {
            ::signal(SIGXFSZ, SIG_IGN); // a failed write, not a killed process
            const rlimit limit {1000000, 1000000};
            ::setrlimit(RLIMIT_FSIZE, &limit);
        });
        p.start(QStringLiteral(QKVLAB_EXECUTABLE), {u"download"_s, u"org/full"_s});
        QVERIFY(p.waitForStarted());
        QTRY_COMPARE_WITH_TIMEOUT(p.state(), QProcess::NotRunning, 20000);
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const qint64 kept = QFileInfo(partial).size();
        QVERIFY2(kept > 0 && kept <= 1000000, qPrintable(QString::number(kept)));
        QVERIFY2(err.contains(u"model.safetensors: cannot write"_s)
                && err.contains(u"the "_s + qkv::hub::byteSize(kept) + u" fetched stay there for the next download"_s),
            qPrintable(err));
        QVERIFY2(err.contains(u"(File too large)"_s), qPrintable(err)); // the system's reason, not "Unknown error"
        QVERIFY(!QFileInfo::exists(snapshot + u"/model.safetensors"_s));

        const Run resumed = run({u"download"_s, u"org/full"_s});
        QCOMPARE(resumed.status, 0);
        QVERIFY2(server.requests.last().endsWith(u"bytes=%1-"_s.arg(kept)), qPrintable(server.requests.last()));
        QFile f(snapshot + u"/model.safetensors"_s);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), weights);
        QVERIFY(!QFileInfo::exists(partial));
    }

    // A repository of GGUF files (no safetensors, no config.json): the file of one quantization
    // fetched with --include, then opened by it as hf:NAME:QUANT.
    void aGgufFileOfARepository()
    {
        qkv::test::HubServer server;
        qkv::test::HubServer::Repo repo;
        repo.commit = u"abcdefabcdefabcdefabcdefabcdefabcdefabcd"_s;
        repo.modelType.clear(); // the Hub reads no config.json of a GGUF repository
        repo.files.insert(u"README.md"_s, {"# tiny", false});
        repo.files.insert(u"tiny.Q8_0.gguf"_s, {QByteArray("GGUF") + QByteArray(2000, '\1'), true});
        repo.files.insert(u"tiny.Q4_K_M.gguf"_s, {QByteArray("GGUF") + QByteArray(1000, '\2'), true});
        server.repos.insert(u"org/tiny-GGUF"_s, repo);
        QTemporaryDir cache;
        server.useFrom(cache.path());
        const Run r = run({u"download"_s, u"org/tiny-GGUF"_s, u"--include"_s, u"*Q8_0.gguf"_s});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const QString snapshot = cache.filePath(u"models--org--tiny-GGUF/snapshots/"_s + repo.commit);
        QVERIFY(!QFileInfo::exists(snapshot + u"/tiny.Q4_K_M.gguf"_s));
        QVERIFY2(r.out.endsWith(snapshot + u"\nOpen it with: qkvlab hf:org/tiny-GGUF:Q8_0\n"_s), qPrintable(r.out));
        QCOMPARE(qkv::transformer::resolveLocation(u"hf:org/tiny-GGUF:Q8_0"_s), snapshot + u"/tiny.Q8_0.gguf"_s);

        // By its quantization: NAME:QUANT fetches that file; without one, the choice is said.
        const Run byName = run({u"download"_s, u"org/tiny-GGUF:q4_k_m"_s});
        QVERIFY2(byName.status == 0, qPrintable(byName.err));
        QVERIFY(QFileInfo::exists(snapshot + u"/tiny.Q4_K_M.gguf"_s));
        QVERIFY2(byName.out.endsWith(u"Open it with: qkvlab hf:org/tiny-GGUF:Q4_K_M\n"_s), qPrintable(byName.out));
        const Run none = run({u"download"_s, u"org/tiny-GGUF"_s});
        QCOMPARE(none.status, 1);
        QVERIFY2(none.err.contains(u"org/tiny-GGUF holds GGUF files: download one quantization as "_s)
                && none.err.contains(u"(its quantizations: Q4_K_M, Q8_0)"_s),
            qPrintable(none.err));
        const Run missing = run({u"download"_s, u"org/tiny-GGUF:Q2_K"_s});
        QVERIFY2(missing.err.contains(u"org/tiny-GGUF has no GGUF file of Q2_K"_s), qPrintable(missing.err));
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
        server.useFrom(cache.path());

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
