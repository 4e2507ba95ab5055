// SPEC §5 through the window and the command line: a bad file opened, a save or an export that
// cannot be written, a full disk — each says why, and nothing open or saved changes.
#include "app/mainwindow.h"
#include "asuser.h"
#include "badinputs.h"
#include "cli/commandline.h"
#include "document/documentio.h"
#include "document/examples.h"
#include "files.h"
#include "session/autosaver.h"
#include "session/documentsession.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QScopeGuard>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace qkv;
using namespace qkv::test;

namespace {

// `qkvlab ARGS` in this process; the exit status and what went to stderr.
std::pair<int, QByteArray> runQkvlab(const QStringList &args)
{
    FILE *out = std::tmpfile();
    FILE *err = std::tmpfile();
    const int status = cli::runCommandLine(QStringList {u"qkvlab"_qs} + args, out, err);
    QByteArray bytes(1 << 16, '\0');
    std::rewind(err);
    bytes.truncate(static_cast<qsizetype>(std::fread(bytes.data(), 1, static_cast<std::size_t>(bytes.size()), err)));
    std::fclose(out);
    std::fclose(err);
    return {status, bytes};
}

// Everything about the open document a failed open or save must leave alone.
struct WindowState {
    QByteArray document;
    int undoCount = 0;
    int undoIndex = 0;
    bool clean = false;
    QString title;
    QByteArray onDisk;
    bool operator==(const WindowState &) const = default;
};

} // namespace

class TstBadInputWindow : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_file; // the open document's file

    WindowState snapshot() const
    {
        DocumentSession *s = m_window->session();
        return {serializeDocument(s->document()), s->undoStack()->count(), s->undoStack()->index(),
            s->undoStack()->isClean(), m_window->windowTitle(), readAll(m_file)};
    }
    void closeErrorBoxes() { qDeleteAll(m_window->findChildren<QMessageBox *>(u"errorBox"_qs)); }

    // A saved document with one unsaved edit on top: the state with the most to lose.
    void openEditedDocument(const QString &folder)
    {
        m_file = folder + u"/open.qkv.json"_qs;
        QVERIFY(write(m_file, exampleBytes(u"birds"_qs)));
        QVERIFY(m_window->openDocument(m_file));
        m_window->session()->editSentence(u"Birds sometimes walk far"_qs);
        QVERIFY(!m_window->session()->undoStack()->isClean());
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_window = std::make_unique<MainWindow>();
        m_window->show();
        openEditedDocument(m_dir->path());
    }
    void cleanup()
    {
        closeErrorBoxes();
        m_window->session()->undoStack()->setClean();
        m_window.reset();
        m_dir.reset();
    }

    void openingABadFileChangesNothing()
    {
        const WindowState before = snapshot();
        std::vector<BadInput> inputs;
        for (auto part : {malformedJson(), wrongTypes(), badNumbers(), mismatchedDimensions(), badTokenCounts(),
                 truncations(exampleBytes(u"birds"_qs), u"birds"_qs)})
            inputs.insert(inputs.end(), part.begin(), part.end());
        const QString path = m_dir->filePath(u"bad.qkv.json"_qs);
        for (const BadInput &input : inputs) {
            QFile::remove(path); // a new file, not a truncated one: ext4 flushes those to disk on close
            QVERIFY(write(path, input.bytes));
            QVERIFY2(!m_window->openDocument(path), qPrintable(input.name));
            const QString expected = loadDocument(path).error.toString();
            QVERIFY2(m_window->lastError() == expected && expected.startsWith(path + u':'), qPrintable(input.name));
            QVERIFY2(snapshot() == before, qPrintable(input.name));
            closeErrorBoxes();
        }
        qInfo("%zu bad documents opened in the window", inputs.size());
    }

    // A document the reader would refuse cannot be made by editing either (it could be saved but
    // never opened again): a pasted sentence of too many tokens, or settings needing too many
    // numbers, change nothing and say why; the pasted text stays in the box.
    void editsTooLargeToComputeChangeNothing()
    {
        const WindowState before = snapshot();
        QStringList words;
        for (int i = 0; i <= limits::maxTokens; ++i)
            words << u"w"_qs + QString::number(i);
        auto *edit = m_window->findChild<QLineEdit *>(u"sentenceEdit"_qs);
        QVERIFY(edit);
        edit->selectAll();
        QApplication::clipboard()->setText(words.join(u' '));
        edit->paste();
        QCOMPARE(edit->text(), words.join(u' '));
        QVERIFY(snapshot() == before);
        QCOMPARE(m_window->statusBar()->currentMessage(),
            u"Not applied: 8193 tokens is more than the 8192 this version handles."_qs);

        // 2,000 tokens compute with one head; 64 heads would need 514 million numbers. Their
        // 42,000 characters are more than a line edit holds by default: none are cut.
        words.resize(2000);
        for (QString &w : words)
            w = w.leftJustified(20, u'x');
        m_window->session()->editSentence(words.join(u' '));
        m_window->session()->waitForResult();
        QCOMPARE(edit->text().size(), 2000 * 21 - 1);
        const WindowState twoThousand = snapshot();
        auto *heads = m_window->findChild<QSpinBox *>(u"heads"_qs);
        QVERIFY(heads);
        QCOMPARE(heads->value(), 1);
        heads->setValue(64);
        QCOMPARE(heads->value(), 1);
        QVERIFY(snapshot() == twoThousand);
        QCOMPARE(m_window->statusBar()->currentMessage(),
            u"Not applied: too large to compute: 64 heads, 2000 tokens, dim 3, d_model 4 need 514 million numbers; a "
            "document is limited to 400 million."_qs);
        heads->setValue(2); // within the limits: made
        QCOMPARE(m_window->session()->document().settings().heads, 2);
    }

    void openingHugeAndMissingFilesChangesNothing()
    {
        const WindowState before = snapshot();
        QFile huge(m_dir->filePath(u"huge.qkv.json"_qs));
        QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(500LL * 1024 * 1024));
        huge.close();
        for (const QString &path :
            {huge.fileName(), m_dir->filePath(u"missing.qkv.json"_qs), m_dir->path(), u"example:nope"_qs}) {
            QVERIFY(!m_window->openDocument(path));
            QVERIFY2(m_window->lastError().startsWith(path + u':'), qPrintable(m_window->lastError()));
            QVERIFY(snapshot() == before);
        }
        QCOMPARE(m_window->lastError().section(u':', 2).trimmed().left(8), u"no such "_qs);
    }

    // A pipe (with a writer that sends nothing), a device or a model folder holding a pipe: the
    // window says so at once, whether opened, dropped or chosen among the recent files.
    void openingAPipeOrADeviceWaitsForNothing()
    {
        const WindowState before = snapshot();
        const QString pipe = m_dir->filePath(u"pipe.qkv.json"_qs);
        const QString folder = m_dir->filePath(u"model"_qs);
        QVERIFY(QDir().mkpath(folder));
        const QString config = folder + u"/config.json"_qs;
        for (const QString &fifo : {pipe, config})
            QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        // Opened for reading and writing: a writer that is there, and silent.
        const int writers[] = {::open(QFile::encodeName(pipe).constData(), O_RDWR | O_NONBLOCK | O_CLOEXEC),
            ::open(QFile::encodeName(config).constData(), O_RDWR | O_NONBLOCK | O_CLOEXEC)};
        const auto closeWriters = qScopeGuard([&] {
            for (int fd : writers)
                ::close(fd);
        });
        QVERIFY(writers[0] >= 0 && writers[1] >= 0);
        const std::pair<QString, QString> cases[] = {{pipe, pipe + u": is a pipe (FIFO), not a file"_qs},
            {u"/dev/zero"_qs, u"/dev/zero: is a device, not a file"_qs},
            {folder, config + u": cannot be read: is a pipe (FIFO), not a file"_qs}};
        for (const auto &[path, message] : cases) {
            QElapsedTimer clock;
            clock.start();
            QVERIFY(!m_window->openDocument(path));
            QVERIFY2(clock.elapsed() < 2000, qPrintable(path));
            QVERIFY2(m_window->lastError().contains(message), qPrintable(m_window->lastError()));
            QVERIFY(snapshot() == before);
            closeErrorBoxes();
        }
        // A recent file that has become a pipe since.
        QSettings settings;
        const QVariant recent = settings.value(u"files/recent"_qs);
        const auto restore = qScopeGuard([&] { QSettings().setValue(u"files/recent"_qs, recent); });
        settings.setValue(u"files/recent"_qs, QStringList {pipe});
        MainWindow other;
        QMenu *menu = other.findChild<QMenu *>(u"menuRecent"_qs);
        QVERIFY(menu && menu->actions().size() == 1);
        menu->actions().first()->trigger();
        QVERIFY2(
            other.lastError().contains(pipe + u": is a pipe (FIFO), not a file"_qs), qPrintable(other.lastError()));
    }

    void savingWhereItCannotChangesNothing()
    {
        const WindowState before = snapshot();
        for (const QString &path :
            {m_dir->filePath(u"no/such/folder/doc.qkv.json"_qs), m_dir->path(), m_file + u"/doc.qkv.json"_qs}) {
            QVERIFY(!m_window->saveDocument(path));
            QVERIFY2(m_window->lastError().startsWith(u"Could not save "_qs + path + u": "_qs),
                qPrintable(m_window->lastError()));
            QVERIFY(snapshot() == before); // still unsaved, still the same file, same bytes on disk
        }
    }

    void savingOverAReadOnlyFileAsAnOrdinaryUser()
    {
        QKV_RUN_AS_ORDINARY_USER();
        QVERIFY(QFile::setPermissions(m_file, QFile::ReadOwner | QFile::ReadOther));
        const WindowState before = snapshot();
        QVERIFY(!m_window->saveDocument(m_file));
        QVERIFY2(m_window->lastError().contains(u"is not writable"_qs), qPrintable(m_window->lastError()));
        QVERIFY(snapshot() == before);
        QVERIFY(QFile::setPermissions(m_dir->path(), QFile::ReadOwner | QFile::ExeOwner));
        const auto restore = qScopeGuard(
            [&] { QFile::setPermissions(m_dir->path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner); });
        const QString beside = m_dir->filePath(u"copy.qkv.json"_qs);
        QVERIFY(!m_window->saveDocument(beside));
        QVERIFY2(m_window->lastError().contains(u"Permission denied"_qs), qPrintable(m_window->lastError()));
        QVERIFY(snapshot() == before);
        const QString csv = m_dir->filePath(u"weights.csv"_qs);
        const auto [status, err] = runQkvlab({u"export"_qs, m_file, u"--numbers"_qs, u"weights"_qs, u"-o"_qs, csv});
        QCOMPARE(status, 1);
        QVERIFY2(err.contains("Permission denied"), err.constData());
        QVERIFY(!QFile::exists(beside) && !QFile::exists(csv));
    }

    void exportingWhereItCannotSaysWhy_data()
    {
        QTest::addColumn<QStringList>("what");
        QTest::addColumn<QString>("suffix");
        QTest::newRow("numbers") << QStringList {u"--numbers"_qs, u"weights"_qs} << u".csv"_qs;
        QTest::newRow("heatmap PNG") << QStringList {u"--view"_qs, u"heatmap"_qs, u"--size"_qs, u"64x64"_qs}
                                     << u".png"_qs;
        QTest::newRow("figure SVG") << QStringList {u"--view"_qs, u"figure"_qs} << u".svg"_qs;
    }
    void exportingWhereItCannotSaysWhy()
    {
        QFETCH(QStringList, what);
        QFETCH(QString, suffix);
        const QString missing = m_dir->filePath(u"no/such/out"_qs + suffix);
        auto [status, err]
            = runQkvlab(QStringList {u"export"_qs, u"example:birds"_qs} + what + QStringList {u"-o"_qs, missing});
        QCOMPARE(status, 1);
        QCOMPARE(err, (u"qkvlab: Could not save "_qs + missing + u": No such file or directory\n"_qs).toUtf8());
        const QString existing = m_dir->filePath(u"old"_qs + suffix);
        QVERIFY(write(existing, "old bytes"));
        std::tie(status, err)
            = runQkvlab(QStringList {u"export"_qs, u"example:birds"_qs} + what + QStringList {u"-o"_qs, existing});
        QCOMPARE(status, 1);
        QVERIFY2(err.contains("exists; add --overwrite"), err.constData());
        QCOMPARE(readAll(existing), QByteArray("old bytes"));
    }

    void fullDiskChangesNothing()
    {
        const TinyDisk disk(m_dir->filePath(u"tiny"_qs));
        if (!disk.skipReason().isEmpty())
            QSKIP(qPrintable(disk.skipReason()));
        m_window->session()->undoStack()->setClean();
        openEditedDocument(disk.path());
        const QString csv = disk.filePath(u"weights.csv"_qs);
        const QString png = disk.filePath(u"old.png"_qs);
        QVERIFY(write(csv, "old numbers") && write(png, "old numbers"));
        disk.fill();

        const WindowState before = snapshot();
        QVERIFY(!m_window->saveDocument(m_file));
        QVERIFY2(m_window->lastError().contains(u"No space left on device"_qs), qPrintable(m_window->lastError()));
        QVERIFY(snapshot() == before);
        for (const QStringList &what : {QStringList {u"--numbers"_qs, u"weights"_qs},
                 QStringList {u"--view"_qs, u"heatmap"_qs, u"--size"_qs, u"300x300"_qs}}) {
            const QString out = what.first() == u"--numbers" ? csv : png;
            const auto [status, err]
                = runQkvlab(QStringList {u"export"_qs, m_file} + what + QStringList {u"-o"_qs, out, u"--overwrite"_qs});
            QCOMPARE(status, 1);
            QVERIFY2(err.contains("No space left on device"), err.constData());
            QCOMPARE(readAll(out), QByteArray("old numbers"));
        }
    }

    // A copy of unsaved work that cannot be written says so in the status bar, with the reason,
    // until a copy is written again.
    void aFailedAutosaveShowsInTheStatusBar()
    {
        Autosaver *autosaver = m_window->autosaver();
        const TinyDisk disk(QFileInfo(autosaver->autosaveFile()).path());
        if (!disk.skipReason().isEmpty())
            QSKIP(qPrintable(disk.skipReason()));
        disk.fill();
        auto *problem = m_window->findChild<QLabel *>(u"autosaveProblem"_qs);
        QVERIFY(problem && problem->isHidden());
        QVERIFY(autosaver->saveNow().contains(u"No space left on device"_qs));
        QVERIFY(problem->isVisible());
        QCOMPARE(problem->text().trimmed(), u"Backup of unsaved work failed: No space left on device"_qs);
        QVERIFY(problem->toolTip().startsWith(u"Could not save "_qs + autosaver->autosaveFile()));
        QVERIFY(QFile::remove(disk.filePath(u"filler"_qs)));
        QCOMPARE(autosaver->saveNow(), QString());
        QVERIFY(problem->isHidden());
        autosaver->clear(); // before the disk goes
    }
};

QTEST_MAIN(TstBadInputWindow)
#include "tst_badinputwindow.moc"
