// Where the command line writes: devices and pipes are written into, never replaced; paths that
// do not resolve are errors; a lost write to standard output is exit status 1 with the reason; a
// pipe as input is read, not waited on.
#include "cli/commandline.h"
#include "document/examples.h"
#include "platform/atomicsave.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include "commandrun.h"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <thread>
#include <unistd.h>

namespace {

using qkv::test::CommandRun;

QStringList exportCsv(const QString &output)
{
    return {u"export"_qs, u"example:animal"_qs, u"--numbers"_qs, u"weights"_qs, u"--format"_qs, u"csv"_qs, u"-o"_qs,
        output};
}

bool isCharacterDevice(const QString &path)
{
    struct stat st {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISCHR(st.st_mode);
}

} // namespace

class TstOutputTargets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aDeviceNodeIsWrittenIntoNotReplaced()
    {
        if (geteuid() != 0)
            QSKIP("mknod needs root");
        QTemporaryDir dir;
        const QString node = dir.filePath(u"full"_qs);
        QCOMPARE(::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0666, makedev(1, 7)), 0); // /dev/full
        const CommandRun r = qkv::test::runCommand(exportCsv(node) << u"--overwrite"_qs);
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err, "qkvlab: Could not save " + node.toUtf8() + ": No space left on device\n");
        QVERIFY(isCharacterDevice(node));
        const QString null = dir.filePath(u"null"_qs);
        QCOMPARE(::mknod(QFile::encodeName(null).constData(), S_IFCHR | 0666, makedev(1, 3)), 0); // /dev/null
        QCOMPARE(qkv::test::runCommand(exportCsv(null) << u"--overwrite"_qs).status, 0);
        QVERIFY(isCharacterDevice(null));
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot | QDir::Hidden),
            (QStringList {u"full"_qs, u"null"_qs}));
    }

    void aPipeIsWrittenIntoWhenSomethingReadsIt()
    {
        QTemporaryDir dir;
        const QString pipe = dir.filePath(u"pipe"_qs);
        QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
        QByteArray received;
        std::thread reader([&] {
            QFile f(pipe);
            if (f.open(QIODevice::ReadOnly))
                received = f.readAll();
        });
        const CommandRun r = qkv::test::runCommand(exportCsv(pipe));
        reader.join();
        QCOMPARE(r.status, 0);
        QVERIFY(received.startsWith(",The,animal,didn't"));
        QVERIFY(QFileInfo(pipe).isFile() == false && QFileInfo::exists(pipe));
    }

    void aPipeNobodyReadsFailsInsteadOfHanging()
    {
        QTemporaryDir dir;
        const QString pipe = dir.filePath(u"pipe"_qs);
        QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
        QElapsedTimer clock;
        clock.start();
        const QString error = qkv::saveAtomically(pipe, "x");
        QCOMPARE(error, u"Could not save "_qs + pipe + u": nothing reads from the pipe"_qs);
        QVERIFY(clock.elapsed() < 15000);
    }

    void linksThatDoNotResolveAreErrors()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(u"a.csv"_qs);
        const QString b = dir.filePath(u"b.csv"_qs);
        QVERIFY(QFile::link(b, a) && QFile::link(a, b));
        for (const bool overwrite : {false, true}) {
            QStringList args = exportCsv(a);
            if (overwrite)
                args << u"--overwrite"_qs;
            const CommandRun r = qkv::test::runCommand(args);
            QCOMPARE(r.status, 1);
            QVERIFY2(r.err.contains("Too many levels of symbolic links"), r.err.constData());
            QCOMPARE(QFileInfo(a).symLinkTarget(), b);
        }
        const QString dangling = dir.filePath(u"dangling.csv"_qs);
        QVERIFY(QFile::link(dir.filePath(u"nothing.csv"_qs), dangling));
        const CommandRun r = qkv::test::runCommand(exportCsv(dangling) << u"--overwrite"_qs);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains("which does not exist"), r.err.constData());
        QVERIFY(QFileInfo(dangling).isSymLink());
        QVERIFY(!QFileInfo::exists(dir.filePath(u"nothing.csv"_qs)));
    }

    void aLinkToAFileReplacesTheFileAndKeepsTheLink()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(u"real.csv"_qs);
        const QString link = dir.filePath(u"link.csv"_qs);
        QFile f(target);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("old") == 3);
        f.close();
        QVERIFY(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther));
        QVERIFY(QFile::link(target, link));
        QCOMPARE(qkv::test::runCommand(exportCsv(link)).status, 1); // exists: needs --overwrite
        QCOMPARE(qkv::test::runCommand(exportCsv(link) << u"--overwrite"_qs).status, 0);
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll().startsWith(",The,animal"));
        QCOMPARE(QFile::permissions(target),
            QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther | QFile::ReadUser | QFile::WriteUser);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(), 2);
    }

    void lostStandardOutputIsAnError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("compute") << QStringList {u"compute"_qs, u"example:animal"_qs};
        QTest::newRow("examples") << QStringList {u"examples"_qs};
        QTest::newRow("numbers") << exportCsv(u"-"_qs);
        QTest::newRow("help") << QStringList {u"--help"_qs};
    }

    void lostStandardOutputIsAnError()
    {
        QFETCH(QStringList, args);
        FILE *full = std::fopen("/dev/full", "w");
        const CommandRun r = qkv::test::runCommand(args, full);
        std::fclose(full);
        QCOMPARE(r.status, 1);
        QCOMPARE(r.err, QByteArray("qkvlab: could not write to standard output: No space left on device\n"));
    }

    void aPipeAsInputIsReadNotWaitedOn()
    {
        QTemporaryDir dir;
        const QString pipe = dir.filePath(u"doc.qkv.json"_qs);
        QCOMPARE(::mkfifo(QFile::encodeName(pipe).constData(), 0600), 0);
        const CommandRun empty = qkv::test::runCommand({u"compute"_qs, pipe});
        QCOMPARE(empty.status, 1);
        QVERIFY2(empty.err.contains("gave nothing to read"), empty.err.constData());
        // With a writer (blocked in open() until a reader comes, and so already counted as one),
        // the document comes through the pipe.
        const QByteArray document = qkv::exampleBytes(u"animal"_qs);
        QVERIFY(!document.isEmpty());
        std::thread writer([&] {
            QFile f(pipe);
            if (f.open(QIODevice::WriteOnly))
                f.write(document);
        });
        QThread::msleep(300);
        const CommandRun r = qkv::test::runCommand({u"compute"_qs, pipe});
        writer.join();
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.contains("\"tokens\""));
    }
};

QTEST_MAIN(TstOutputTargets)
#include "tst_outputtargets.moc"
