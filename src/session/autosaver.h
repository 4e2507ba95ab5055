#pragma once

#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>

class QUndoGroup;

namespace qkv {

class DocumentSession;

// Keeps a copy of unsaved work in the user's data folder (never over the user's file) a few
// seconds after each edit, and removes it once the work is saved or deliberately discarded.
// Each running window holds a lock beside its copy, so a copy whose lock is free was left by a
// crash and can be offered for recovery.
class Autosaver : public QObject
{
    Q_OBJECT

public:
    struct Recoverable {
        QString autosaveFile;
        QString originalFile; // where the work was last saved, empty if never
    };

    Autosaver(DocumentSession *session, const QString &folder, QObject *parent = nullptr);
    ~Autosaver() override;

    // The standard place: AppDataLocation/autosave.
    static QString defaultFolder();
    // Copies left by sessions that did not end cleanly.
    static QList<Recoverable> findRecoverable(const QString &folder);
    // Deletes a recoverable copy (after restoring or discarding it).
    static void discard(const Recoverable &r);

    void setOriginalFile(const QString &path) { m_originalFile = path; }
    // What a copy holds; by default the session's document. The window gives a real model's
    // session instead (its sentence and interventions), which a document cannot hold.
    void setContent(std::function<QByteArray()> content) { m_content = std::move(content); }
    void setDelay(int ms) { m_timer.setInterval(ms); }
    // The history whose unsaved steps start the delay: the session's undo stack unless told
    // otherwise (a window that runs a real model switches between its stack and the model's).
    void followHistory(QUndoGroup *history);
    // Writes now if there is unsaved work; returns the error, if any.
    QString saveNow();
    // The work is saved (or thrown away): the copy is no longer needed.
    void clear();
    QString autosaveFile() const { return m_file; }
    // Why the last copy could not be written ("Could not save …: No space left on device"),
    // empty once one is written again.
    QString lastError() const { return m_lastError; }

Q_SIGNALS:
    // The copy failed (with the reason) or, after a failure, succeeded again (empty).
    void errorChanged(const QString &error);

private:
    template<typename History>
    void follow(History *history);

    DocumentSession *m_session;
    std::function<bool()> m_clean; // of the history followed
    QString m_file;
    QString m_originalFile;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    QString m_lastError;
    std::function<QByteArray()> m_content;
};

} // namespace qkv
