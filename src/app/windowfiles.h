#pragma once

#include "session/documentfile.h"

#include <QObject>
#include <QString>

class QMainWindow;
class QUndoGroup;

namespace Ui {
class MainWindow;
}

namespace qkv {

class Autosaver;
class Document;
class DocumentSession;
class DownloadDialog;
class ModelWorkspace;

// What the window shows, as a file: a document, a model file's attention, a real model (a folder,
// hf:NAME, a built-in one) or a model session. New, Open, Save and Save As, the unsaved-changes
// question, the Examples and recent files, a dropped file, the models of the Hugging Face cache,
// recovery after a crash and the backup's status. The switches themselves are the workspace's;
// this asks the questions and names the file.
class WindowFiles : public QObject
{
    Q_OBJECT

public:
    WindowFiles(
        QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace, Autosaver *autosaver, QUndoGroup *history);

    // A file, `example:NAME` or a model's location. On failure the located error is shown (and
    // kept in lastError()) and what is open stays exactly as it was.
    bool openDocument(const QString &fileOrExample);
    bool saveDocument(const QString &path);
    // Runs a real model on `sentence` (empty: the sentence box's, or one made for the model).
    bool openLiveModel(const QString &location, const QString &sentence = {}, const QString &target = {});
    // A model session file: the model run on its sentence with its edits; `recovered` (an
    // autosaved copy): untitled and unsaved.
    bool openLiveSession(const QString &file, bool recovered = false);
    bool saveLiveSession(const QString &file);
    // `doc` shown untitled as an example (a lesson's start document), with the note of
    // `example` (example:NAME; empty: none).
    void showExample(const Document &doc, const QString &example);
    // Offers to restore work left by a session that ended unexpectedly.
    void offerRecovery();
    // Asks whether to save unsaved changes; false: the user cancelled (or saving failed).
    bool maybeSave();
    void newDocument();
    void open();
    bool save();
    bool saveAs();

    const QString &path() const { return m_file.path(); }
    // What the title bar and the unsaved-changes question call what is shown.
    QString documentName() const;
    // A window-modal message that nothing waits for; its text stays in lastError().
    void showError(const QString &title, const QString &text);
    const QString &lastError() const { return m_lastError; }

Q_SIGNALS:
    // Something else is shown: a file, example:NAME or a model's location ("" for a new
    // document). The title and the example's note follow.
    void nowShowing(const QString &fileOrExample);
    // A real model opened and runs on `sentence` for the first time.
    void modelOpened(const QString &location, const QString &sentence);
    // The name or saved state changed.
    void nameChanged();

private:
    void setUpMenus();
    void setUpBackupStatus();
    void buildCachedModels();
    // Writes atomically; on success what is shown is that file's (title, recent files, clean).
    bool saveBytes(const QString &path, const QByteArray &bytes);
    QByteArray liveSessionBytes(const QString &file) const;
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    // Opens `fileOrExample` once the unsaved changes are saved or given up.
    void openAfterAsking(const QString &fileOrExample);

    QMainWindow *m_window;
    Ui::MainWindow *m_ui;
    DocumentSession *m_session;
    ModelWorkspace *m_workspace;
    Autosaver *m_autosaver;
    QUndoGroup *m_history;
    DocumentFile m_file;
    QString m_lastError;
    DownloadDialog *m_downloadDialog = nullptr; // made on first use
};

} // namespace qkv
