// The autosaver on its own: a copy only of unsaved work, written after the delay and on demand,
// holding the edits and naming the file they belong to, removed once the work is clean again; and
// the leftovers that nobody owns are cleared while a running session's are kept.
#include "document/documentio.h"
#include "session/autosaver.h"
#include "session/documentsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

namespace {

QString sideFile(const QString &copy)
{
    return copy.chopped(int(qstrlen(".qkv.json"))) + QStringLiteral(".meta.json");
}

} // namespace

class TstAutosaver : public QObject
{
    Q_OBJECT

    ValueRef firstQuery() const { return {Field::Query, m_session->document().vectorKey(0), 0, 0, 0}; }

private Q_SLOTS:
    void init()
    {
        m_folder = std::make_unique<QTemporaryDir>();
        m_session = std::make_unique<DocumentSession>();
        m_session->resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        m_autosaver = std::make_unique<Autosaver>(m_session.get(), m_folder->path());
    }

    void cleanup()
    {
        m_autosaver.reset();
        m_session.reset();
        m_folder.reset();
    }

    void cleanWorkIsNotCopied()
    {
        QCOMPARE(m_autosaver->saveNow(), QString());
        QVERIFY(!QFile::exists(m_autosaver->autosaveFile()));
    }

    void aCopyHoldsTheEditsAndNamesTheirFile()
    {
        m_session->editValue(firstQuery(), 0.625);
        m_autosaver->setOriginalFile(QStringLiteral("/work/animal.qkv.json"));
        QCOMPARE(m_autosaver->saveNow(), QString());
        const LoadResult copy = loadDocument(m_autosaver->autosaveFile());
        QVERIFY2(copy.document, qPrintable(copy.error.toString()));
        QCOMPARE(copy.document->value(firstQuery()), 0.625);
        QFile side(sideFile(m_autosaver->autosaveFile()));
        QVERIFY(side.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(side.readAll()).object().value(QStringLiteral("original")).toString(),
            QStringLiteral("/work/animal.qkv.json"));
    }

    void theDelayRunsFromTheFirstUnsavedEdit()
    {
        m_autosaver->setDelay(50);
        m_session->editValue(firstQuery(), 0.5);
        QVERIFY(!QFile::exists(m_autosaver->autosaveFile())); // not at once: the delay first
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_autosaver->autosaveFile()), 5000);
    }

    void cleanAgainRemovesTheCopy()
    {
        m_session->editValue(firstQuery(), 0.5);
        QCOMPARE(m_autosaver->saveNow(), QString());
        QVERIFY(QFile::exists(m_autosaver->autosaveFile()));
        m_session->undoStack()->undo(); // back where it was saved
        QVERIFY(m_session->undoStack()->isClean());
        QVERIFY(!QFile::exists(m_autosaver->autosaveFile()));
        QVERIFY(!QFile::exists(sideFile(m_autosaver->autosaveFile())));
    }

    void aRunningSessionsCopyIsNotOfferedAndAKilledOnesIs()
    {
        m_session->editValue(firstQuery(), 0.5);
        QCOMPARE(m_autosaver->saveNow(), QString());
        QVERIFY(Autosaver::findRecoverable(m_folder->path()).isEmpty()); // still locked: ours
        // A killed session's copy: the same bytes under another name, with no lock held.
        const QString killed = QDir(m_folder->path()).filePath(QStringLiteral("killed.qkv.json"));
        QVERIFY(QFile::copy(m_autosaver->autosaveFile(), killed));
        QVERIFY(QFile::copy(sideFile(m_autosaver->autosaveFile()), sideFile(killed)));
        const QList<Autosaver::Recoverable> found = Autosaver::findRecoverable(m_folder->path());
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().autosaveFile, killed);
        QCOMPARE(found.first().originalFile, QString());
        Autosaver::discard(found.first());
        QVERIFY(!QFile::exists(killed));
        QVERIFY(!QFile::exists(sideFile(killed)));
    }

    // (A killed session's lock, which names a dead process, is tst_crashrecovery's: it kills one.)
    void aSaveCutShortIsClearedOnceNobodyOwnsIt()
    {
        const QDir dir(m_folder->path());
        QFile temporary(dir.filePath(QStringLiteral(".gone.qkv.json.abc123.tmp")));
        QVERIFY(temporary.open(QIODevice::WriteOnly));
        temporary.close();
        m_session->editValue(firstQuery(), 0.5);
        QCOMPARE(m_autosaver->saveNow(), QString());
        const QString ours = QFileInfo(m_autosaver->autosaveFile()).fileName();
        QFile ourTemporary(dir.filePath(u'.' + ours + QStringLiteral(".def456.tmp"))); // ours: still locked
        QVERIFY(ourTemporary.open(QIODevice::WriteOnly));
        ourTemporary.close();
        QVERIFY(Autosaver::findRecoverable(m_folder->path()).isEmpty());
        QVERIFY(!temporary.exists());
        QVERIFY(ourTemporary.exists());
        QVERIFY(QFile::exists(m_autosaver->autosaveFile()));
    }

    void aCleanExitLeavesNothing()
    {
        m_session->editValue(firstQuery(), 0.5);
        QCOMPARE(m_autosaver->saveNow(), QString());
        const QString copy = m_autosaver->autosaveFile();
        m_autosaver.reset();
        QVERIFY(!QFile::exists(copy));
        QVERIFY(Autosaver::findRecoverable(m_folder->path()).isEmpty());
    }

private:
    std::unique_ptr<QTemporaryDir> m_folder;
    std::unique_ptr<DocumentSession> m_session;
    std::unique_ptr<Autosaver> m_autosaver;
};

QTEST_GUILESS_MAIN(TstAutosaver)
#include "tst_autosaver.moc"
