// What the window shows, as a file: new, open, save, the Examples, recent files, models of the
// Hugging Face cache, drops, closing and crash recovery.
#include "app/windowfiles.h"

#include "app/modelopening.h"
#include "panels/downloaddialog.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "document/documentio.h"
#include "document/examples.h"
#include "livemodel/bundledmodels.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "modelfiles/modeldocument.h"
#include "platform/atomicsave.h"
#include "platform/fileread.h"
#include "session/autosaver.h"
#include "session/documentsession.h"
#include "session/transformersession.h"
#include "transformer/hubcache.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QUndoGroup>

namespace qkv {
namespace {
const QString recentKey = QStringLiteral("files/recent");
constexpr int maxRecent = 10;
const QString filter = QObject::tr("QKV Lab documents (*.qkv.json);;JSON files (*.json);;All files (*)");
const QString openFilter = QObject::tr("QKV Lab documents, model attention and GGUF models (*.qkv.json *.json *.npz "
                                       "*.npy *.safetensors *.gguf);;QKV Lab documents (*.qkv.json);;Model attention "
                                       "(*.npz *.npy *.safetensors *.json);;GGUF models (*.gguf);;All files (*)");
} // namespace

WindowFiles::WindowFiles(
    QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace, Autosaver *autosaver, QUndoGroup *history)
    : QObject(window)
    , m_window(window)
    , m_ui(ui)
    , m_session(workspace->session())
    , m_workspace(workspace)
    , m_autosaver(autosaver)
    , m_history(history)
    , m_file(autosaver)
{
    // While a real model runs, the backup is its session: recovery reruns the model with the edits.
    m_autosaver->setContent([this] {
        return m_workspace->live()->isOpen() ? liveSessionBytes(m_autosaver->autosaveFile())
                                             : serializeDocument(m_session->document());
    });
    TransformerSession *transformer = m_workspace->transformer();
    connect(transformer, &TransformerSession::viewChanged, this, [this, transformer] {
        // A view saved as a document is that file no longer: Save must not write another view over it.
        // (A model session holds every view.)
        if (!m_file.path().isEmpty() && !live::isSessionFileName(m_file.path())) {
            m_file.setUnsaved(QFileInfo(transformer->path()).fileName());
            Q_EMIT nameChanged();
        }
    });
    setUpMenus();
    setUpBackupStatus();
    rebuildRecentMenu();
}

void WindowFiles::openAfterAsking(const QString &fileOrExample)
{
    if (maybeSave())
        openDocument(fileOrExample);
}

void WindowFiles::showExample(const Document &doc, const QString &example)
{
    m_workspace->showDocument(doc);
    m_file.setExample(doc.sentence());
    Q_EMIT nowShowing(example);
}

void WindowFiles::newDocument()
{
    if (!maybeSave())
        return;
    m_workspace->showDocument(Document());
    m_file.setUnsaved();
    Q_EMIT nowShowing({});
}

void WindowFiles::open()
{
    if (!maybeSave())
        return;
    const QString dir = QFileInfo(m_file.path()).absolutePath();
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Open document"), dir, openFilter);
    if (!file.isEmpty())
        openDocument(file);
}

bool WindowFiles::openDocument(const QString &fileOrExample)
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
        m_workspace->showModelFile(opened, fileOrExample);
        m_file.setUnsaved(QFileInfo(fileOrExample).fileName());
        addRecentFile(QFileInfo(fileOrExample).absoluteFilePath());
        Q_EMIT nowShowing({});
        return true;
    }
    m_workspace->showDocument(*loaded.document);
    const bool example = fileOrExample.startsWith(QLatin1String("example:"));
    // An example is never a file to save over: it opens untitled.
    if (example) {
        m_file.setExample(loaded.document->sentence());
    } else {
        m_file.setFile(fileOrExample);
        addRecentFile(m_file.path());
    }
    Q_EMIT nowShowing(fileOrExample);
    return true;
}

bool WindowFiles::saveDocument(const QString &path)
{
    // A lesson on a model keeps its answers beside the model's document: saved, they go with it.
    return saveBytes(path, serializeDocument(m_workspace->documentWithAnswers()));
}

bool WindowFiles::saveBytes(const QString &path, const QByteArray &bytes)
{
    const QString error = saveAtomically(path, bytes);
    if (!error.isEmpty()) {
        showError(tr("Could not save"), error);
        return false;
    }
    m_file.setFile(path);
    if (QUndoStack *history = m_history->activeStack())
        history->setClean(); // only after a successful commit
    m_workspace->transformer()->markShownViewSaved();
    addRecentFile(m_file.path());
    Q_EMIT nameChanged();
    m_window->statusBar()->showMessage(tr("Saved %1").arg(m_file.path()), 4000);
    return true;
}

bool WindowFiles::save()
{
    if (m_workspace->live()->isOpen() && live::isSessionFileName(m_file.path()))
        return saveLiveSession(m_file.path());
    return m_file.path().isEmpty() ? saveAs() : saveDocument(m_file.path());
}

bool WindowFiles::saveAs()
{
    if (m_workspace->live()->isOpen()) {
        // A running model: the whole session (model, sentence, edits), or the shown head as a document.
        const QString sessionFilter = tr("QKV Lab model session (*.qkvmodel.json)");
        QString chosen = sessionFilter;
        QString path = QFileDialog::getSaveFileName(m_window, tr("Save model session"),
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
    QString path = QFileDialog::getSaveFileName(m_window, tr("Save document"), suggested, filter);
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QLatin1String(".json")))
        path += QStringLiteral(".qkv.json");
    return saveDocument(path);
}

bool WindowFiles::maybeSave()
{
    // A model file's views keep their edits only while it is open, the shown one without its
    // history. A running model's history holds every edit, and its session file saves them all.
    const bool modelFile = m_workspace->transformer()->isOpen() && !m_workspace->live()->isOpen();
    const bool shown = !m_history->isClean() || (modelFile && m_workspace->transformer()->shownViewWasEdited());
    const int others = modelFile ? m_workspace->transformer()->editedOtherViews() : 0;
    if (!shown && others == 0)
        return true;
    const QString name = documentName();
    QString text = shown ? tr("%1 has unsaved changes. Save them?").arg(name) : QString();
    if (others > 0)
        text += (shown ? QStringLiteral("\n\n") : QString())
            + tr("Edits to %n other view(s) of the model (another layer, heads or tokens) will be lost: "
                 "Save writes the one shown.",
                "", others);
    const auto answer = QMessageBox::warning(m_window, tr("Unsaved changes"), text,
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

void WindowFiles::addRecentFile(const QString &path)
{
    QSettings settings;
    QStringList files = settings.value(recentKey).toStringList();
    files.removeAll(path);
    files.prepend(path);
    settings.setValue(recentKey, files.mid(0, maxRecent));
    rebuildRecentMenu();
}

void WindowFiles::rebuildRecentMenu()
{
    m_ui->menuRecent->clear();
    const QStringList files = QSettings().value(recentKey).toStringList();
    for (const QString &file : files) {
        QAction *a = m_ui->menuRecent->addAction(QFileInfo(file).fileName());
        a->setStatusTip(file);
        connect(a, &QAction::triggered, this, [this, file] { openAfterAsking(file); });
    }
    m_ui->menuRecent->setEnabled(!files.isEmpty());
}

void WindowFiles::offerRecovery()
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
            QMessageBox::NoButton, m_window);
        QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.exec();
        if (box.clickedButton() == restore && modelSession) {
            // The model reruns with the edits; the session is unsaved, and saving asks where.
            openLiveSession(r.autosaveFile, true);
        } else if (box.clickedButton() == restore) {
            m_workspace->showDocument(*loaded.document);
            // Recovered work is untitled and unsaved: saving asks where, so no file is overwritten unasked.
            m_file.setUnsaved(
                tr("Recovered %1")
                    .arg(r.originalFile.isEmpty() ? loaded.document->title() : QFileInfo(r.originalFile).fileName()),
                r.originalFile);
            m_session->undoStack()->resetClean();
            m_autosaver->saveNow();
            Q_EMIT nowShowing({});
        }
        Autosaver::discard(r);
    }
}

bool WindowFiles::openLiveModel(const QString &location, const QString &sentence, const QString &target)
{
    QString error;
    std::shared_ptr<const live::LiveModel> model = app::openModelShowingProgress(m_window, location, &error);
    if (!model && error.isEmpty()) {
        m_window->statusBar()->showMessage(tr("Opening the model was stopped; nothing changed."), 5000);
        return false;
    }
    if (!model) {
        showError(tr("Could not open the model"), error);
        return false;
    }
    const QString text = m_workspace->open(std::move(model), sentence, target);
    Q_EMIT modelOpened(location, text);
    m_file.setUnsaved(modelName(location));
    if (!live::isBundledModel(location))
        addRecentFile(live::isNamedModel(location) ? location : QFileInfo(location).absoluteFilePath());
    Q_EMIT nowShowing(location);
    return true;
}

bool WindowFiles::openLiveSession(const QString &file, bool recovered)
{
    const live::SessionLoad loaded = live::loadSession(file);
    if (!loaded) {
        showError(tr("Could not open the model session"), loaded.error.toString());
        return false;
    }
    const live::SessionFile &s = *loaded.session;
    const QString location = live::locateModel(s, file);
    if (location.isEmpty()) {
        showError(tr("The model is missing"),
            tr("%1 was saved with the model in %2, which is not there (nor at %3 beside the file). "
               "Put the model folder back there and open the session again; nothing was changed.")
                .arg(QDir::toNativeSeparators(file), QDir::toNativeSeparators(s.model),
                    QDir::toNativeSeparators(s.modelRelative)));
        return false;
    }
    if (!openLiveModel(location, s.sentence, s.target))
        return false;
    m_workspace->restoreOnFirstRun(s, recovered);
    if (recovered) { // unsaved, and so marked once its edits are shown: saving asks where
        m_file.setUnsaved(tr("Recovered %1").arg(modelName(location)));
    } else {
        m_file.setFile(file);
        addRecentFile(m_file.path());
    }
    Q_EMIT nameChanged();
    return true;
}

QByteArray WindowFiles::liveSessionBytes(const QString &file) const
{
    return live::serializeSession(m_workspace->sessionFile(), file);
}

bool WindowFiles::saveLiveSession(const QString &file)
{
    return saveBytes(file, liveSessionBytes(file));
}

void WindowFiles::buildCachedModels()
{
    // The models of the Hugging Face cache, Ollama and LM Studio, looked for each time the menu
    // opens (headers only).
    for (QAction *a : m_ui->menuModel->actions()) {
        if (a->property("cachedModel").isValid()) {
            m_ui->menuModel->removeAction(a);
            a->deleteLater();
        }
    }
    QAction *before = nullptr; // the separator after Open Model… and Download Model…
    for (QAction *a : m_ui->menuModel->actions())
        if (!before && a->isSeparator())
            before = a;
    const std::vector<transformer::CachedModel> cached = transformer::listCachedModels();
    const auto add = [&](QAction *a) {
        a->setProperty("cachedModel", true);
        m_ui->menuModel->insertAction(before, a);
    };
    auto *heading = new QAction(
        cached.empty() ? tr("No models found on this computer") : tr("On this computer:"), m_ui->menuModel);
    heading->setEnabled(false);
    add(heading);
    for (const transformer::CachedModel &m : cached) {
        auto *a = new QAction(
            tr("%1  (%2, %3 layers × %4 heads)").arg(m.name, m.family).arg(m.layers).arg(m.heads), m_ui->menuModel);
        a->setStatusTip(m.folder);
        const QString location = m.location;
        connect(a, &QAction::triggered, this, [this, location] { openAfterAsking(location); });
        add(a);
    }
}

void WindowFiles::setUpMenus()
{
    connect(m_ui->actionNew, &QAction::triggered, this, &WindowFiles::newDocument);
    connect(m_ui->actionOpen, &QAction::triggered, this, &WindowFiles::open);
    connect(m_ui->actionSave, &QAction::triggered, this, &WindowFiles::save);
    connect(m_ui->actionSaveAs, &QAction::triggered, this, &WindowFiles::saveAs);
    m_ui->actionOpenModel->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    connect(m_ui->actionOpenModel, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString folder = QFileDialog::getExistingDirectory(
            m_window, tr("Open model folder"), QSettings().value(QStringLiteral("files/modelFolder")).toString());
        if (folder.isEmpty())
            return;
        QSettings().setValue(QStringLiteral("files/modelFolder"), QFileInfo(folder).absolutePath());
        openLiveModel(folder);
    });
    // Model → Open GGUF File…: llama.cpp's, Ollama's and LM Studio's one-file models.
    auto *openGguf = new QAction(tr("Open &GGUF File…"), m_window);
    openGguf->setObjectName(QStringLiteral("actionOpenGguf"));
    openGguf->setStatusTip(tr("Open a model file of llama.cpp, Ollama or LM Studio (.gguf)"));
    m_ui->menuModel->insertAction(m_ui->menuModel->actions().value(1), openGguf);
    connect(openGguf, &QAction::triggered, this, [this] {
        if (!maybeSave())
            return;
        const QString file = QFileDialog::getOpenFileName(m_window, tr("Open GGUF model"),
            QSettings().value(QStringLiteral("files/modelFolder")).toString(),
            tr("GGUF models (*.gguf);;All files (*)"));
        if (file.isEmpty())
            return;
        QSettings().setValue(QStringLiteral("files/modelFolder"), QFileInfo(file).absolutePath());
        openLiveModel(file);
    });
    connect(m_ui->menuModel, &QMenu::aboutToShow, this, &WindowFiles::buildCachedModels);
    // Model → Download Model…: from the Hub into the cache, then opened like any model there.
    auto *download = new QAction(tr("&Download Model…"), m_window);
    download->setObjectName(QStringLiteral("actionDownloadModel"));
    download->setStatusTip(tr("Fetch a model from the Hugging Face Hub into its cache (resumable, verified)"));
    m_ui->menuModel->insertAction(m_ui->menuModel->actions().value(2), download);
    connect(download, &QAction::triggered, this, [this] {
        if (!m_downloadDialog) {
            m_downloadDialog = new DownloadDialog(m_window);
            connect(m_downloadDialog, &DownloadDialog::openRequested, this, &WindowFiles::openAfterAsking);
        }
        m_downloadDialog->show();
        m_downloadDialog->raise();
    });
    for (const QString &name : exampleNames()) {
        const LoadResult loaded = loadDocument(QStringLiteral("example:") + name);
        QAction *action = m_ui->menuExamples->addAction(loaded ? loaded.document->title() : name);
        action->setStatusTip(loaded ? loaded.document->description() : QString());
        action->setToolTip(action->statusTip());
        action->setObjectName(QStringLiteral("example_") + name);
        connect(
            action, &QAction::triggered, this, [this, name] { openAfterAsking(QStringLiteral("example:") + name); });
    }
    // Real models built into the program, run live like any model folder.
    const QStringList models = live::bundledModelNames();
    if (!models.isEmpty())
        m_ui->menuExamples->addSeparator();
    for (const QString &name : models) {
        QAction *action = m_ui->menuExamples->addAction(live::bundledModelTitle(name));
        action->setStatusTip(live::bundledModelDescription(name));
        action->setToolTip(action->statusTip());
        action->setObjectName(QStringLiteral("example_") + name);
        connect(
            action, &QAction::triggered, this, [this, name] { openAfterAsking(QStringLiteral("example:") + name); });
    }
}

QString WindowFiles::documentName() const
{
    // A file or model is named by its file; a document of no file by its title, which follows its
    // sentence (an example stays "(example)" only while its sentence is the example's).
    if (!m_file.name().isEmpty())
        return m_file.name();
    const Document &doc = m_session->document();
    const QString name = doc.title().isEmpty() ? tr("Untitled") : doc.title();
    const QString &example = m_file.exampleSentence();
    return !example.isEmpty() && doc.sentence() == example ? tr("%1 (example)").arg(name) : name;
}

void WindowFiles::showError(const QString &title, const QString &text)
{
    m_lastError = text;
    // Window-modal and asynchronous, so nothing waits on it (tests included).
    auto *box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, m_window);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorBox"));
    box->open();
}

void WindowFiles::setUpBackupStatus()
{
    // Stays in the status bar while copies fail: hover messages must not hide it.
    auto *problem = new QLabel(m_window);
    problem->setObjectName(QStringLiteral("autosaveProblem"));
    problem->setForegroundRole(QPalette::BrightText);
    problem->setAutoFillBackground(true);
    problem->setBackgroundRole(QPalette::Highlight);
    problem->hide();
    m_window->statusBar()->addPermanentWidget(problem);
    connect(m_autosaver, &Autosaver::errorChanged, problem, [problem](const QString &error) {
        // "Could not save PATH: REASON": the reason here, the whole message as the tooltip.
        problem->setText(tr(" Backup of unsaved work failed: %1 ").arg(error.mid(error.lastIndexOf(u": ") + 2)));
        problem->setToolTip(error);
        problem->setVisible(!error.isEmpty());
    });
}

} // namespace qkv
