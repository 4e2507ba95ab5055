#include "autosaver.h"

#include "atomicsave.h"
#include "documentio.h"
#include "documentsession.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QUuid>

namespace qkv {
namespace {
const QString suffix = QStringLiteral(".qkv.json");
QString lockPath(const QString &file)
{
    return file.chopped(suffix.size()) + QStringLiteral(".lock");
}
QString metaPath(const QString &file)
{
    return file.chopped(suffix.size()) + QStringLiteral(".meta.json");
}
} // namespace

Autosaver::Autosaver(DocumentSession *session, const QString &folder, QObject *parent)
    : QObject(parent)
    , m_session(session)
{
    QDir().mkpath(folder);
    m_file = QDir(folder).filePath(QUuid::createUuid().toString(QUuid::WithoutBraces) + suffix);
    m_lock = std::make_unique<QLockFile>(lockPath(m_file));
    m_lock->setStaleLockTime(0); // held for the whole session, however long
    m_lock->tryLock(0);
    m_timer.setSingleShot(true);
    m_timer.setInterval(3000);
    connect(&m_timer, &QTimer::timeout, this, &Autosaver::saveNow);
    // The undo stack's own signals, not the session's: the first edit after an open or a save
    // is computed (and announced) before the stack leaves its clean state. A merged drag step
    // changes the index too, so every edit restarts the delay.
    QUndoStack *undo = session->undoStack();
    connect(undo, &QUndoStack::indexChanged, this, [this] {
        if (!m_session->undoStack()->isClean())
            m_timer.start();
    });
    connect(undo, &QUndoStack::cleanChanged, this, [this](bool clean) {
        if (clean)
            clear();
        else
            m_timer.start();
    });
}

Autosaver::~Autosaver()
{
    // A clean exit leaves nothing to recover: unsaved work was either saved or discarded.
    clear();
    m_lock->unlock();
}

QString Autosaver::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

QString Autosaver::saveNow()
{
    m_timer.stop();
    if (m_session->undoStack()->isClean())
        return {};
    const QByteArray meta = QJsonDocument(QJsonObject {{QStringLiteral("original"), m_originalFile}}).toJson();
    QString error = saveAtomically(metaPath(m_file), meta);
    if (error.isEmpty())
        error = saveAtomically(m_file, serializeDocument(m_session->document()));
    return error;
}

void Autosaver::clear()
{
    m_timer.stop();
    QFile::remove(m_file);
    QFile::remove(metaPath(m_file));
}

QList<Autosaver::Recoverable> Autosaver::findRecoverable(const QString &folder)
{
    QList<Recoverable> found;
    const QDir dir(folder);
    for (const QString &name : dir.entryList({QLatin1Char('*') + suffix}, QDir::Files, QDir::Time)) {
        const QString file = dir.filePath(name);
        QLockFile lock(lockPath(file));
        if (!lock.tryLock(0)) // a running window still owns it
            continue;
        lock.unlock();
        QFile meta(metaPath(file));
        QString original;
        if (meta.open(QIODevice::ReadOnly))
            original = QJsonDocument::fromJson(meta.readAll()).object().value(QStringLiteral("original")).toString();
        found.append({file, original});
    }
    return found;
}

void Autosaver::discard(const Recoverable &r)
{
    QFile::remove(r.autosaveFile);
    QFile::remove(metaPath(r.autosaveFile));
    QFile::remove(lockPath(r.autosaveFile));
}

} // namespace qkv
