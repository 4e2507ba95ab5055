// A process editing without pause (crashchild) is killed with SIGKILL at a random moment, again
// and again. After each kill the work is offered for recovery, the copy opens, and it is a state
// the session really had no more than the autosave delay (plus scheduling) before the kill; once
// recovery is done, no copy, lock or temporary file is left. A clean exit leaves nothing either.
// QKV_CRASH_RUNS=N changes the number of kills (200), QKV_SEED=N the random moments.
#include "document/documentio.h"
#include "livemodel/sessionfile.h"
#include "session/autosaver.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>

using namespace qkv;

namespace {

constexpr int delayMs = 100; // the autosave delay the child runs with
// What may pass between the last edit and the kill beyond the delay: one save (fsync included)
// and the event loop's turn, on a loaded machine or under sanitizers.
constexpr int slackMs = 400;

struct JournalEntry {
    qint64 ms;
    QByteArray hash;
};

std::vector<JournalEntry> readJournal(const QString &path)
{
    std::vector<JournalEntry> entries;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return entries;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() == 2 && parts[1].size() == 40)
            entries.push_back({parts[0].toLongLong(), parts[1]});
    }
    return entries;
}

QStringList everything(const QString &folder)
{
    return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

class TstCrashRecovery : public QObject
{
    Q_OBJECT

    QString m_child = QCoreApplication::applicationDirPath() + u"/crashchild"_qs;
    QByteArray m_opened = serializeDocument(*loadDocument(u"example:birds"_qs).document);

    // Kills crashchild (given `mode`: "" for a document, "model" for a model session) `runs` times;
    // `opens` says whether a copy's bytes open; `opened` is the work as first opened.
    void killRepeatedly(
        int runs, const QString &mode, const std::function<bool(const QByteArray &)> &opens, const QByteArray &opened)
    {
        const quint32 seed = qEnvironmentVariableIsSet("QKV_SEED") ? quint32(qEnvironmentVariableIntValue("QKV_SEED"))
                                                                   : QRandomGenerator::global()->generate();
        qInfo("seed %u (QKV_SEED=%u repeats it), %d kills", seed, seed, runs);
        QRandomGenerator random(seed);
        QTemporaryDir dir;
        const QString folder = dir.filePath(u"autosave"_qs);
        const QString journalPath = dir.filePath(u"journal.txt"_qs);
        qint64 worstLag = 0;
        int killedWhileSaving = 0, withoutCopy = 0;
        for (int run = 0; run < runs; ++run) {
            QProcess child;
            QStringList args {folder, journalPath, QString::number(random.generate()), QString::number(delayMs)};
            if (!mode.isEmpty())
                args << mode;
            child.start(m_child, args);
            QVERIFY(child.waitForStarted());
            // Edits for longer than the delay (so a copy exists), then up to 200 ms more.
            const int killAfter = delayMs + 20 + int(random.bounded(200));
            QTRY_VERIFY_WITH_TIMEOUT(
                !readJournal(journalPath).empty() && readJournal(journalPath).back().ms >= killAfter, 20000);
            ::kill(pid_t(child.processId()), SIGKILL);
            QVERIFY(child.waitForFinished());
            QCOMPARE(child.exitStatus(), QProcess::CrashExit);
            const std::vector<JournalEntry> journal = readJournal(journalPath);
            killedWhileSaving += everything(folder).filter(u".tmp"_qs).size() > 0;

            // No copy is right only while the work is the opened document again (undone to it),
            // or left it less than the delay ago: then the "copy" is the opened document.
            const QList<Autosaver::Recoverable> found = Autosaver::findRecoverable(folder);
            QVERIFY(found.size() <= 1);
            QByteArray bytes = opened;
            if (!found.isEmpty()) {
                QFile copy(found.front().autosaveFile);
                QVERIFY(copy.open(QIODevice::ReadOnly));
                bytes = copy.readAll();
                QVERIFY2(opens(bytes), qPrintable(found.front().autosaveFile));
            }
            withoutCopy += found.isEmpty();
            const QByteArray hash = QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex();
            // The newest moment the session was in the recovered state.
            auto match
                = std::find_if(journal.rbegin(), journal.rend(), [&](const JournalEntry &e) { return e.hash == hash; });
            QVERIFY2(match != journal.rend() || found.isEmpty(), "the recovered copy is no state the session had");
            // Every state after the match came later than the copy: the lag is from the first of them.
            const qint64 firstUnsaved = match == journal.rend() ? journal.front().ms : std::prev(match)->ms;
            const qint64 lag = match == journal.rbegin() ? 0 : journal.back().ms - firstUnsaved;
            worstLag = std::max(worstLag, lag);
            QVERIFY2(lag <= delayMs + slackMs,
                qPrintable(QStringLiteral("run %1: the copy is %2 ms behind").arg(run).arg(lag)));

            if (!found.isEmpty())
                Autosaver::discard(found.front());
            QVERIFY(Autosaver::findRecoverable(folder).isEmpty()); // which also tidies what is left
            QCOMPARE(everything(folder), QStringList());
            QFile::remove(journalPath);
        }
        qInfo("worst lag %lld ms behind the last edit (delay %d ms); %d kills left a save half-written, %d found "
              "the opened document again",
            worstLag, delayMs, killedWhileSaving, withoutCopy);
        QVERIFY(withoutCopy < runs / 4);
    }

private Q_SLOTS:
    void documentsKilledAtRandomMomentsLoseAtMostTheDelay()
    {
        const int runs
            = qEnvironmentVariableIsSet("QKV_CRASH_RUNS") ? qEnvironmentVariableIntValue("QKV_CRASH_RUNS") : 200;
        killRepeatedly(
            runs, {}, [](const QByteArray &bytes) { return bool(parseDocument(bytes)); }, m_opened);
    }

    // The edits are a real model's interventions; the copy, its session.
    void modelSessionsKilledAtRandomMomentsLoseAtMostTheDelay()
    {
        const int runs
            = qEnvironmentVariableIsSet("QKV_CRASH_RUNS") ? qEnvironmentVariableIntValue("QKV_CRASH_RUNS") / 4 : 50;
        killRepeatedly(runs, u"model"_qs,
            [](const QByteArray &bytes) {
                const live::SessionLoad s = live::parseSession(bytes, u"copy.qkv.json"_qs);
                return s && !s.session->interventions.empty();
            },
            {});
    }

    void aCleanExitLeavesNothing()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(u"autosave"_qs);
        QProcess child;
        child.start(m_child, {folder, dir.filePath(u"journal.txt"_qs), u"7"_qs, QString::number(delayMs), u"600"_qs});
        QVERIFY(child.waitForFinished(20000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 0);
        QCOMPARE(everything(folder), QStringList());
        QVERIFY(Autosaver::findRecoverable(folder).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstCrashRecovery)
#include "tst_crashrecovery.moc"
