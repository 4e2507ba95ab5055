#include "session/autosaver.h"

#include "document/documentio.h"
#include "platform/atomicsave.h"
#include "session/documentsession.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QUndoGroup>
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
    follow(session->undoStack());
}

template<typename History>
void Autosaver::follow(History *history)
{
    // The undo stack's own signals, not the session's: the first edit after an open or a save
    // is computed (and announced) before the stack leaves its clean state. A merged drag step
    // changes the index too. The delay runs from the first edit not yet saved and is not
    // restarted by later ones: however long one keeps dragging, the copy is never older than it.
    m_clean = [history] { return history->isClean(); };
    const auto schedule = [this] {
        if (!m_clean() && !m_timer.isActive())
            m_timer.start();
    };
    connect(history, &History::indexChanged, this, schedule);
    connect(history, &History::cleanChanged, this, [this, schedule](bool clean) {
        if (clean)
            clear();
        else
            schedule();
    });
}

void Autosaver::followHistory(QUndoGroup *history)
{
    disconnect(m_session->undoStack(), nullptr, this, nullptr);
    follow(history);
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
    if (m_clean())
        return {};
    const QByteArray meta = QJsonDocument(QJsonObject {{QStringLiteral("original"), m_originalFile}}).toJson();
    // The work first: killed between the two, the copy is there (its original file unknown).
    QString error = saveAtomically(m_file, m_content ? m_content() : serializeDocument(m_session->document()));
    if (error.isEmpty())
        error = saveAtomically(metaPath(m_file), meta);
    if (error != m_lastError) {
        m_lastError = error;
        Q_EMIT errorChanged(error);
    }
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
    // Left by sessions that were killed, removed once no running window owns them: a save cut
    // short leaves its hidden temporary file (".NAME.qkv.json.XXXX.tmp"), and a session killed
    // before its first copy leaves its lock (and perhaps the side file).
    for (const QString &name : dir.entryList({u".*.tmp"_qs, u"*.lock"_qs}, QDir::Files | QDir::Hidden)) {
        const bool temporary = name.startsWith(u'.');
        const QString id = temporary ? name.mid(1).section(u'.', 0, 0) : name.section(u'.', 0, 0);
        const QString copy = dir.filePath(id + suffix);
        if (!temporary && QFile::exists(copy))
            continue;
        QLockFile owner(lockPath(copy));
        if (owner.tryLock(0)) {
            QFile::remove(dir.filePath(name));
            if (!temporary)
                QFile::remove(metaPath(copy));
            owner.unlock();
        }
    }
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
