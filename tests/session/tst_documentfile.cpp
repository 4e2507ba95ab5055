// The window's file, its title name, its example and the autosaver's recovery file change together:
// what Save would write, what the title shows and what a recovery names never disagree.
#include "document/documentio.h"
#include "session/autosaver.h"
#include "session/documentfile.h"
#include "session/documentsession.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TstDocumentFile : public QObject
{
    Q_OBJECT

    // The file a recovery of the work would name, as the autosaver wrote it beside its copy.
    QString recoveryNames()
    {
        if (!m_autosaver->saveNow().isEmpty())
            return QStringLiteral("<not saved>");
        QString meta = m_autosaver->autosaveFile();
        meta.chop(int(qstrlen(".qkv.json")));
        QFile f(meta + QStringLiteral(".meta.json"));
        if (!f.open(QIODevice::ReadOnly))
            return QStringLiteral("<no side file>");
        return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("original")).toString();
    }

private Q_SLOTS:
    void init()
    {
        m_session = std::make_unique<DocumentSession>();
        m_session->resetDocument(*loadDocument(QStringLiteral("example:animal")).document);
        const Document &doc = m_session->document();
        m_session->editValue({Field::Query, doc.vectorKey(0), 0, 0, 0}, 0.5); // unsaved work to keep
        m_autosaver = std::make_unique<Autosaver>(m_session.get(), m_folder.path());
        m_file = std::make_unique<DocumentFile>(m_autosaver.get());
    }

    void cleanup()
    {
        m_file.reset();
        m_autosaver.reset();
        m_session.reset();
    }

    void aFileIsSavedAgainAndRecoveredAgainst()
    {
        const QString path = QDir(m_folder.path()).filePath(QStringLiteral("work/animal.qkv.json"));
        m_file->setFile(QDir::current().relativeFilePath(path));
        QCOMPARE(m_file->path(), path);
        QCOMPARE(m_file->name(), QStringLiteral("animal.qkv.json"));
        QCOMPARE(m_file->exampleSentence(), QString());
        QCOMPARE(recoveryNames(), path);
    }

    void aTransformerSessionIsRecoveredFromItsModel()
    {
        const QString path = QDir(m_folder.path()).filePath(QStringLiteral("gpt2.qkvmodel.json"));
        m_file->setFile(path);
        QCOMPARE(m_file->path(), path);
        QCOMPARE(m_file->name(), QStringLiteral("gpt2.qkvmodel.json"));
        QCOMPARE(recoveryNames(), QString());
    }

    void anExampleHasNoFileAndKeepsItsSentence()
    {
        m_file->setFile(QDir(m_folder.path()).filePath(QStringLiteral("before.qkv.json")));
        m_file->setExample(QStringLiteral("The animal didn't cross the street"));
        QCOMPARE(m_file->path(), QString());
        QCOMPARE(m_file->name(), QString());
        QCOMPARE(m_file->exampleSentence(), QStringLiteral("The animal didn't cross the street"));
        QCOMPARE(recoveryNames(), QString());
    }

    void unsavedWorkForgetsTheOldFile()
    {
        m_file->setExample(QStringLiteral("an example"));
        m_file->setFile(QDir(m_folder.path()).filePath(QStringLiteral("before.qkv.json")));
        const QString original = QDir(m_folder.path()).filePath(QStringLiteral("original.qkv.json"));
        m_file->setUnsaved(QStringLiteral("Recovered original.qkv.json"), original);
        QCOMPARE(m_file->path(), QString()); // Save asks where: nothing is overwritten unasked
        QCOMPARE(m_file->name(), QStringLiteral("Recovered original.qkv.json"));
        QCOMPARE(m_file->exampleSentence(), QString());
        QCOMPARE(recoveryNames(), original);
        m_file->setUnsaved();
        QCOMPARE(m_file->name(), QString());
        QCOMPARE(recoveryNames(), QString());
    }

private:
    QTemporaryDir m_folder;
    std::unique_ptr<DocumentSession> m_session;
    std::unique_ptr<Autosaver> m_autosaver;
    std::unique_ptr<DocumentFile> m_file;
};

QTEST_GUILESS_MAIN(TstDocumentFile)
#include "tst_documentfile.moc"
