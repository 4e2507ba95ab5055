// The document as a file: new, open, save, recent files, drops, closing and crash recovery.
#include "app/mainwindow.h"

#include "ui_mainwindow.h"

#include "document/documentio.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "platform/atomicsave.h"
#include "platform/fileread.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "session/transformersession.h"

#include <QCloseEvent>
#include <QDateTime>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUndoGroup>

namespace qkv {
namespace {
const QString recentKey = QStringLiteral("files/recent");
constexpr int maxRecent = 10;
const QString filter = QObject::tr("QKV Lab documents (*.qkv.json);;JSON files (*.json);;All files (*)");
const QString openFilter = QObject::tr("QKV Lab documents and model attention (*.qkv.json *.json *.npz *.npy "
                                       "*.safetensors);;QKV Lab documents (*.qkv.json);;Model attention (*.npz *.npy "
                                       "*.safetensors *.json);;All files (*)");
} // namespace

void MainWindow::setUpAutosaveStatus()
{
    // Stays in the status bar while copies fail: hover messages must not hide it.
    auto *problem = new QLabel(this);
    problem->setObjectName(QStringLiteral("autosaveProblem"));
    problem->setForegroundRole(QPalette::BrightText);
    problem->setAutoFillBackground(true);
    problem->setBackgroundRole(QPalette::Highlight);
    problem->hide();
    statusBar()->addPermanentWidget(problem);
    connect(m_autosaver, &Autosaver::errorChanged, problem, [problem](const QString &error) {
        // "Could not save PATH: REASON": the reason here, the whole message as the tooltip.
        problem->setText(tr(" Backup of unsaved work failed: %1 ").arg(error.mid(error.lastIndexOf(u": ") + 2)));
        problem->setToolTip(error);
        problem->setVisible(!error.isEmpty());
    });
}

void MainWindow::newDocument()
{
    if (!maybeSave())
        return;
    m_transformer->close();
    m_live->close();
    m_session->resetDocument(Document());
    m_file.setUnsaved();
    updateTitle();
    showExampleNote({});
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString dir = QFileInfo(m_file.path()).absolutePath();
    const QString file = QFileDialog::getOpenFileName(this, tr("Open document"), dir, openFilter);
    if (!file.isEmpty())
        openDocument(file);
}

bool MainWindow::openDocument(const QString &fileOrExample)
{
    if (live::isModelLocation(fileOrExample))
        return openLiveModel(fileOrExample);
    // The window opens files only: a pipe or a device could keep it waiting (File → Open, recent
    // files, drops and the command line alike).
    if (const QString why = notARegularFile(fileOrExample); !why.isEmpty() && !QFileInfo(fileOrExample).isDir()) {
        showError(tr("Could not open document"),
            tr("%1: %2; the window opens files (qkvlab compute reads a pipe).").arg(fileOrExample, why));
        return false;
    }
    if (live::isSessionFileName(fileOrExample))
        return openLiveSession(fileOrExample);
    const OpenedFile opened = openFile(fileOrExample);
    const LoadResult &loaded = opened.loaded;
    if (!loaded) {
        showError(tr("Could not open document"), loaded.error.toString());
        return false;
    }
    if (opened.model) {
        // A model file is read, never written: its layers are saved as QKV Lab documents.
        m_live->close();
        m_transformer->show(opened, fileOrExample);
        m_file.setUnsaved(QFileInfo(fileOrExample).fileName());
        addRecentFile(QFileInfo(fileOrExample).absoluteFilePath());
        updateTitle();
        showExampleNote({});
        return true;
    }
    m_transformer->close();
    m_live->close();
    m_session->resetDocument(*loaded.document);
    const bool example = fileOrExample.startsWith(QLatin1String("example:"));
    // An example is never a file to save over: it opens untitled.
    if (example) {
        m_file.setExample(loaded.document->sentence());
    } else {
        m_file.setFile(fileOrExample);
        addRecentFile(m_file.path());
    }
    updateTitle();
    showExampleNote(fileOrExample);
    return true;
}

bool MainWindow::saveDocument(const QString &path)
{
    // A lesson on a model keeps its answers beside the model's document: saved, they go with it.
    return saveBytes(path, serializeDocument(lessonDocument()));
}

bool MainWindow::saveBytes(const QString &path, const QByteArray &bytes)
{
    const QString error = saveAtomically(path, bytes);
    if (!error.isEmpty()) {
        showError(tr("Could not save"), error);
        return false;
    }
    m_file.setFile(path);
    if (QUndoStack *history = m_history->activeStack())
        history->setClean(); // only after a successful commit
    m_transformer->markShownViewSaved();
    addRecentFile(m_file.path());
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(m_file.path()), 4000);
    return true;
}

bool MainWindow::save()
{
    if (m_live->isOpen() && live::isSessionFileName(m_file.path()))
        return saveLiveSession(m_file.path());
    return m_file.path().isEmpty() ? saveAs() : saveDocument(m_file.path());
}

bool MainWindow::saveAs()
{
    if (m_live->isOpen()) {
        // A running model: the whole session (model, sentence, edits), or the shown head as a document.
        const QString sessionFilter = tr("QKV Lab model session (*.qkvmodel.json)");
        QString chosen = sessionFilter;
        QString path = QFileDialog::getSaveFileName(this, tr("Save model session"),
            m_file.name().section(u'.', 0, 0) + QLatin1String(live::sessionSuffix),
            sessionFilter + QStringLiteral(";;") + filter, &chosen);
        if (path.isEmpty())
            return false;
        if (chosen == sessionFilter && !live::isSessionFileName(path))
            path += QLatin1String(live::sessionSuffix);
        if (live::isSessionFileName(path))
            return saveLiveSession(path);
        if (!path.endsWith(QLatin1String(".json")))
            path += QStringLiteral(".qkv.json");
        return saveDocument(path);
    }
    QString suggested = m_file.path();
    if (suggested.isEmpty()) {
        const QString title = m_session->document().title();
        suggested = (title.isEmpty() ? tr("untitled") : title.left(40)) + QStringLiteral(".qkv.json");
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save document"), suggested, filter);
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".qkv.json");
    return saveDocument(path);
}

bool MainWindow::maybeSave()
{
    // A model file's views keep their edits only while it is open, the shown one without its
    // history. A running model's history holds every edit, and its session file saves them all.
    const bool modelFile = m_transformer->isOpen() && !m_live->isOpen();
    const bool shown = !m_history->isClean() || (modelFile && m_transformer->shownViewWasEdited());
    const int others = modelFile ? m_transformer->editedOtherViews() : 0;
    if (!shown && others == 0)
        return true;
    const QString name = documentName();
    QString text = shown ? tr("%1 has unsaved changes. Save them?").arg(name) : QString();
    if (others > 0)
        text += (shown ? QStringLiteral("\n\n") : QString())
            + tr("Edits to %n other view(s) of the model (another layer, heads or tokens) will be lost: "
                 "Save writes the one shown.",
                "", others);
    const auto answer = QMessageBox::warning(this, tr("Unsaved changes"), text,
        (shown ? QMessageBox::Save : QMessageBox::NoButton) | QMessageBox::Discard | QMessageBox::Cancel,
        shown ? QMessageBox::Save : QMessageBox::Cancel);
    if (answer == QMessageBox::Save)
        return save();
    if (answer == QMessageBox::Discard) {
        m_autosaver->clear();
        return true;
    }
    return false;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    saveViewOptions();
    event->accept();
}

void MainWindow::addRecentFile(const QString &path)
{
    QSettings settings;
    QStringList files = settings.value(recentKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    settings.setValue(recentKey, files.mid(0, maxRecent));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_ui->menuRecent->clear();
    const QStringList files = QSettings().value(recentKey).toStringList();
    for (const QString &file : files) {
        QAction *a = m_ui->menuRecent->addAction(QFileInfo(file).fileName());
        a->setStatusTip(file);
        connect(a, &QAction::triggered, this, [this, file] {
            if (maybeSave())
                openDocument(file);
        });
    }
    m_ui->menuRecent->setEnabled(!files.isEmpty());
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString file = event->mimeData()->urls().value(0).toLocalFile();
    if (!file.isEmpty() && maybeSave())
        openDocument(file);
}

void MainWindow::offerRecovery()
{
    for (const Autosaver::Recoverable &r : Autosaver::findRecoverable(Autosaver::defaultFolder())) {
        const LoadResult loaded = loadDocument(r.autosaveFile);
        const bool modelSession = !loaded && live::loadSession(r.autosaveFile);
        if (!loaded && !modelSession) {
            Autosaver::discard(r);
            continue;
        }
        const QString when = QFileInfo(r.autosaveFile).lastModified().toString(QStringLiteral("yyyy-MM-dd hh:mm"));
        const QString origin = !r.originalFile.isEmpty() ? r.originalFile
            : modelSession                               ? tr("a model")
                                                         : tr("an unsaved document");
        QMessageBox box(QMessageBox::Question, tr("Recover unsaved work"),
            tr("QKV Lab found work on %1 that was not saved when the program last stopped (autosaved %2).")
                .arg(origin, when),
            QMessageBox::NoButton, this);
        QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.exec();
        if (box.clickedButton() == restore && modelSession) {
            // The model reruns with the edits; the session is unsaved, and saving asks where.
            openLiveSession(r.autosaveFile, true);
        } else if (box.clickedButton() == restore) {
            m_transformer->close();
            m_live->close();
            m_session->resetDocument(*loaded.document);
            // Recovered work is untitled and unsaved: saving asks where, so no file is overwritten unasked.
            m_file.setUnsaved(
                tr("Recovered %1")
                    .arg(r.originalFile.isEmpty() ? loaded.document->title() : QFileInfo(r.originalFile).fileName()),
                r.originalFile);
            m_session->undoStack()->resetClean();
            m_autosaver->saveNow();
            updateTitle();
            showExampleNote({});
        }
        Autosaver::discard(r);
    }
}

} // namespace qkv
