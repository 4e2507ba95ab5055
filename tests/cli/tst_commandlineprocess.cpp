// The program as a shell runs it (QProcess, with a time limit): wrong usage is said before any
// window opens — exit status 2 for an unknown option (named, with the usage) or a word that is no
// command or file, 1 for a file that is not there, not a file, or no example — and documents
// that are pipes end in seconds: refused by the window, given up on by the command line when
// their writer sends nothing, refused at once in a model folder.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

struct Run {
    int status = -1;
    QByteArray out, err;
    qint64 ms = 0;
    bool finished = false;
};

// A FIFO that a writer holds open without writing (as a stalled program would): opened here for
// reading and writing, which Linux allows without waiting.
class SilentFifo
{
public:
    explicit SilentFifo(const QString &path)
    {
        if (::mkfifo(QFile::encodeName(path).constData(), 0600) == 0)
            m_fd = ::open(QFile::encodeName(path).constData(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
    }
    ~SilentFifo()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    SilentFifo(const SilentFifo &) = delete;
    SilentFifo &operator=(const SilentFifo &) = delete;
    bool isOpen() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

} // namespace

class TstCommandLineProcess : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home; // so that a window, were one to open, would touch no real settings
    QTemporaryDir m_dir;

    // `qkvlab ARGS` ("<dir>" in them is a temporary folder), given `timeoutMs` to end.
    Run run(QStringList args, int timeoutMs = 20000) const
    {
        for (QString &arg : args)
            arg.replace(QStringLiteral("<dir>"), m_dir.path());
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home.path()); // private (0700), as Qt wants it
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        QElapsedTimer clock;
        clock.start();
        p.start(QStringLiteral(QKVLAB_EXECUTABLE), args);
        Run r;
        r.finished = p.waitForStarted() && p.waitForFinished(timeoutMs);
        r.ms = clock.elapsed();
        if (!r.finished) {
            p.kill();
            p.waitForFinished();
        }
        r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid() && m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("folder")));
    }

    void unknownOptionsAreNamedWithTheUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        const auto row = [](const char *name, const QStringList &args, const char *message) {
            QTest::newRow(name) << args << QByteArray(message);
        };
        row("window", {u"foo"_qs, u"--bar"_qs}, "qkvlab: unknown option '--bar'\n");
        row("window, alone", {u"--bar"_qs}, "qkvlab: unknown option '--bar'\n");
        row("window, one dash", {u"-x"_qs}, "qkvlab: unknown option '-x'\n");
        row("window, after an example", {u"example:birds"_qs, u"--bar"_qs}, "qkvlab: unknown option '--bar'\n");
        row("compute", {u"compute"_qs, u"example:birds"_qs, u"--bar"_qs}, "qkvlab: compute: unknown option '--bar'\n");
        row("compute, one dash", {u"compute"_qs, u"-x"_qs, u"example:birds"_qs},
            "qkvlab: compute: unknown option '-x'\n");
        row("export",
            {u"export"_qs, u"example:birds"_qs, u"--numbers"_qs, u"weights"_qs, u"-o"_qs, u"-"_qs, u"--bar"_qs},
            "qkvlab: export: unknown option '--bar'\n");
        row("examples", {u"examples"_qs, u"--bar"_qs}, "qkvlab: examples: unknown option '--bar'\n");
        row("models", {u"models"_qs, u"-q"_qs}, "qkvlab: models: unknown option '-q'\n");
        row("tokenize", {u"tokenize"_qs, u"example:induction"_qs, u"--bar"_qs},
            "qkvlab: tokenize: unknown option '--bar'\n");
        row("help", {u"--help"_qs, u"--bar"_qs}, "qkvlab: --help: unknown option '--bar'\n");
        row("version", {u"--version"_qs, u"-x"_qs}, "qkvlab: --version: unknown option '-x'\n");
    }
    void unknownOptionsAreNamedWithTheUsage()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = run(args);
        QVERIFY2(r.finished, "a window opened");
        QCOMPARE(r.status, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith(message), r.err.constData());
        QVERIFY(r.err.contains("\nUsage:\n  qkvlab [FILE]"));
    }

    void wordsThatAreNoFileAreSaid_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("a word") << QStringList {u"foo"_qs} << 2
                                << QByteArray("qkvlab: 'foo' is not a command, a file, example:NAME or hf:NAME\n");
        QTest::newRow("a command mistyped")
            << QStringList {u"comptue"_qs, u"example:birds"_qs} << 2
            << QByteArray("qkvlab: 'comptue' is not a command, a file, example:NAME or hf:NAME\n");
        QTest::newRow("no such file") << QStringList {u"<dir>/missing.qkv.json"_qs} << 1
                                      << QByteArray("qkvlab: <dir>/missing.qkv.json: no such file\n");
        QTest::newRow("no such example") << QStringList {u"example:zzz"_qs} << 1
                                         << QByteArray("qkvlab: example:zzz: no such example");
        QTest::newRow("a folder") << QStringList {u"<dir>/folder"_qs} << 1
                                  << QByteArray("qkvlab: <dir>/folder: is a folder, not a file");
        QTest::newRow("two files") << QStringList {u"example:birds"_qs, u"example:animal"_qs} << 2
                                   << QByteArray("qkvlab: the window opens one FILE; given 2");
        // Qt's own options are the window's too; after "--" a name may begin with a dash.
        QTest::newRow("a Qt option") << QStringList {u"-platform"_qs, u"offscreen"_qs, u"<dir>/missing.json"_qs} << 1
                                     << QByteArray("qkvlab: <dir>/missing.json: no such file\n");
        QTest::newRow("after --") << QStringList {u"--"_qs, u"-odd.json"_qs} << 1
                                  << QByteArray("qkvlab: -odd.json: no such file\n");
    }
    void wordsThatAreNoFileAreSaid()
    {
        QFETCH(QStringList, args);
        QFETCH(int, status);
        QFETCH(QByteArray, message);
        const Run r = run(args);
        QVERIFY2(r.finished, "a window opened");
        QCOMPARE(r.status, status);
        QVERIFY(r.out.isEmpty());
        const QByteArray expected = QByteArray(message).replace("<dir>", QFile::encodeName(m_dir.path()));
        QVERIFY2(r.err.startsWith(expected), r.err.constData());
    }

    void rightUsageStillWorks()
    {
        const Run computed = run({u"compute"_qs, u"example:birds"_qs});
        QCOMPARE(computed.status, 0);
        QVERIFY(computed.out.contains("\"tokens\""));
        QCOMPARE(run({u"examples"_qs, u"--long"_qs}).status, 0);
        QCOMPARE(run({u"-h"_qs}).status, 0);
    }

    // A pipe no program writes to ends at once; one whose writer sends nothing, after 5 s; the
    // window refuses any pipe before it opens.
    void aPipeAsADocumentNeverHangs_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("writer");
        QTest::addColumn<QByteArray>("message");
        const QString pipe = u"<dir>/pipe.qkv.json"_qs;
        const QStringList numbers {u"export"_qs, pipe, u"--numbers"_qs, u"weights"_qs, u"-o"_qs, u"-"_qs};
        const QStringList view {u"export"_qs, pipe, u"--view"_qs, u"heatmap"_qs, u"-o"_qs, u"<dir>/out.png"_qs};
        QTest::newRow("compute") << QStringList {u"compute"_qs, pipe} << false << QByteArray("gave nothing to read");
        QTest::newRow("compute, silent writer")
            << QStringList {u"compute"_qs, pipe} << true << QByteArray("sent nothing for 5 s");
        QTest::newRow("export numbers, silent writer") << numbers << true << QByteArray("sent nothing for 5 s");
        QTest::newRow("export figure") << view << false << QByteArray("gave nothing to read");
        QTest::newRow("window") << QStringList {pipe} << false << QByteArray("is a pipe (FIFO), not a file");
        QTest::newRow("window, silent writer")
            << QStringList {pipe} << true << QByteArray("is a pipe (FIFO), not a file");
    }
    void aPipeAsADocumentNeverHangs()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, writer);
        QFETCH(QByteArray, message);
        const QString path = m_dir.filePath(u"pipe.qkv.json"_qs);
        QFile::remove(path);
        std::unique_ptr<SilentFifo> held;
        if (writer) {
            held = std::make_unique<SilentFifo>(path);
            QVERIFY(held->isOpen());
        } else {
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        }
        const Run r = run(args);
        QVERIFY2(r.finished, "still waiting after 20 s");
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.startsWith("qkvlab: " + QFile::encodeName(path) + ": "), r.err.constData());
        QVERIFY2(r.err.contains(message), r.err.constData());
        const bool waits = writer && args.first() != u"<dir>/pipe.qkv.json"_qs; // the window does not
        QVERIFY2(r.ms < (waits ? 10000 : 3000), qPrintable(QString::number(r.ms)));
        QVERIFY(!QFile::exists(m_dir.filePath(u"out.png"_qs)));
    }

    // A model folder's files are refused at once when they are not files.
    void aPipeInAModelFolderIsRefusedAtOnce()
    {
        const QString folder = m_dir.filePath(u"model"_qs);
        QVERIFY(QDir().mkpath(folder));
        SilentFifo config(folder + u"/config.json"_qs);
        QVERIFY(config.isOpen());
        const Run r = run({u"compute"_qs, folder, u"--sentence"_qs, u"hello"_qs});
        QVERIFY(r.finished);
        QCOMPARE(r.status, 1);
        QVERIFY2(r.err.contains(QFile::encodeName(folder) + "/config.json"), r.err.constData());
        QVERIFY2(r.err.contains("is a pipe (FIFO), not a file"), r.err.constData());
        QVERIFY2(r.ms < 3000, qPrintable(QString::number(r.ms)));
    }
};

QTEST_GUILESS_MAIN(TstCommandLineProcess)
#include "tst_commandlineprocess.moc"
