// The window's side of a lesson: the Lesson menu, opening a lesson on its start document, each
// step's state applied as an undoable edit, the views a step shows, the weights hidden until a
// prediction is answered, and the student's progress kept in the settings. A lesson on a real model:
// the model opened on the lesson's sentence, each step's sentence run again as if typed (undoable),
// its layer and head shown, its token selected once the model has run, and the student's answers
// kept beside the model's ever new document.
#include "app/lessoncontroller.h"

#include "app/windowfiles.h"
#include "panels/lessondock.h"
#include "panels/lessonstepsdialog.h"
#include "views/viewregistry.h"
#include "workspace/lessonmodel.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "document/annotation.h"
#include "document/documentio.h"
#include "lessons/goal.h"
#include "lessons/lessonauthoring.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonio.h"
#include "livemodel/livesession.h"
#include "platform/atomicsave.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"
#include "views/layersgridview.h"
#include "views/transformerpanel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QMainWindow>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

namespace qkv {

LessonController::LessonController(
    QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace, WindowFiles *files)
    : QObject(window)
    , m_window(window)
    , m_ui(ui)
    , m_session(workspace->session())
    , m_workspace(workspace)
    , m_files(files)
{
    setUpMenu();
    connect(m_workspace, &ModelWorkspace::lessonStepReady, this, &LessonController::selectLessonTokens);
}

void LessonController::setPresenting(bool on)
{
    m_presenting = on;
    if (!on) {
        m_dock->setCompact(false);
        return;
    }
    if (!m_dock->hasLesson())
        return;
    m_window->removeDockWidget(m_dock);
    m_window->addDockWidget(Qt::TopDockWidgetArea, m_dock); // a caption across the whole width
    m_dock->setCompact(true);
    m_dock->show();
    if (!m_lessonViews.isEmpty())
        showLessonViews(m_lessonViews);
    // A caption, not a page; once the window has its full-screen size.
    QTimer::singleShot(50, this, [this] {
        if (m_presenting)
            m_window->resizeDocks({m_dock}, {m_window->height() / 5}, Qt::Vertical);
    });
}

void LessonController::setUpMenu()
{
    m_dock = new LessonDock(m_window);
    // A tab over the settings, as the example's note: beside the views, the lesson would leave the
    // heatmap and the arrows too little width on a laptop screen.
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_dock);
    m_window->tabifyDockWidget(m_ui->settingsDock, m_dock);
    m_dock->hide();
    m_ui->menuView->addAction(m_dock->toggleViewAction());

    auto *menu = new QMenu(tr("&Lesson"), m_window);
    menu->setObjectName(QStringLiteral("menuLesson"));
    m_window->menuBar()->insertMenu(m_ui->menuHelp->menuAction(), menu);
    QAction *open = menu->addAction(tr("&Open Lesson…"));
    open->setObjectName(QStringLiteral("actionOpenLesson"));
    connect(open, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            m_window, tr("Open lesson"), QString(), tr("QKV Lab lessons (*.qkvlesson.json);;All files (*)"));
        if (!file.isEmpty())
            openLesson(file);
    });
    menu->addSeparator();
    m_ui->menuExamples->addSeparator();
    for (const QString &name : lessons::bundledLessonNames()) {
        const lessons::LessonLoad loaded = lessons::loadLesson(QStringLiteral("lesson:") + name);
        if (!loaded)
            continue;
        for (QMenu *into : {menu, m_ui->menuExamples}) {
            QAction *action = into->addAction(tr("Lesson: %1").arg(loaded.lesson->title));
            action->setObjectName(QStringLiteral("lesson_") + name);
            action->setStatusTip(loaded.lesson->description);
            connect(action, &QAction::triggered, this, [this, name] { openLesson(QStringLiteral("lesson:") + name); });
        }
    }
    menu->addSeparator();
    QAction *next = menu->addAction(tr("&Next Step"));
    next->setObjectName(QStringLiteral("actionNextStep"));
    next->setShortcut(QKeySequence(Qt::Key_PageDown));
    connect(next, &QAction::triggered, m_dock, &LessonDock::next);
    QAction *back = menu->addAction(tr("&Previous Step"));
    back->setObjectName(QStringLiteral("actionPreviousStep"));
    back->setShortcut(QKeySequence(Qt::Key_PageUp));
    connect(back, &QAction::triggered, m_dock, &LessonDock::back);
    QAction *close = menu->addAction(tr("&Close Lesson"));
    close->setObjectName(QStringLiteral("actionCloseLesson"));
    connect(close, &QAction::triggered, this, &LessonController::closeLesson);
    menu->addSeparator();
    // Writing a lesson: each step recorded from what the window shows, then titled and ordered.
    QAction *newLesson = menu->addAction(tr("New Lesson from &Document"));
    newLesson->setObjectName(QStringLiteral("actionNewLesson"));
    connect(newLesson, &QAction::triggered, this, [this] {
        const Document &doc = m_session->document();
        const QString title = doc.title().isEmpty() ? tr("Untitled lesson") : doc.title();
        // On a running model the lesson runs it too: its location, sentence, layer and head.
        lessons::Lesson lesson = m_workspace->live()->isOpen() && m_workspace->transformer()->isOpen()
            ? lessons::lessonFromModel(m_workspace->shownStart(), title)
            : lessons::lessonFrom(doc, title);
        if (!m_dock->hasLesson())
            m_layoutBeforeLesson = m_window->saveState();
        m_lessonSource.clear(); // not saved yet
        lesson.steps.push_back(recordedStep(lesson));
        for (QAction *a : m_lessonActions)
            a->setEnabled(true);
        m_dock->setLesson(lesson, {});
        m_dock->show();
        m_dock->raise();
    });
    QAction *record = menu->addAction(tr("&Record Step"));
    record->setObjectName(QStringLiteral("actionRecordStep"));
    record->setStatusTip(
        tr("Add what the window shows now (the document, the token, the head, the views) as the lesson's next step"));
    connect(record, &QAction::triggered, this, [this] {
        lessons::Lesson lesson = m_dock->lesson();
        lesson.steps.push_back(recordedStep(lesson));
        lessons::LessonProgress progress = m_dock->progress();
        progress.step = static_cast<int>(lesson.steps.size()) - 1;
        m_dock->setLesson(lesson, progress);
    });
    QAction *edit = menu->addAction(tr("&Edit Steps…"));
    edit->setObjectName(QStringLiteral("actionEditSteps"));
    connect(edit, &QAction::triggered, this, [this] {
        LessonStepsDialog dialog(m_dock->lesson(), m_window);
        if (dialog.exec() != QDialog::Accepted)
            return;
        lessons::LessonProgress progress = m_dock->progress();
        progress.step = std::min(progress.step, static_cast<int>(dialog.lesson().steps.size()) - 1);
        m_dock->setLesson(dialog.lesson(), progress);
    });
    QAction *save = menu->addAction(tr("&Save Lesson As…"));
    save->setObjectName(QStringLiteral("actionSaveLesson"));
    connect(save, &QAction::triggered, this, [this] {
        QString path = QFileDialog::getSaveFileName(
            m_window, tr("Save lesson"), QString(), tr("QKV Lab lessons (*.qkvlesson.json);;All files (*)"));
        if (path.isEmpty())
            return;
        if (!path.endsWith(QLatin1String(".json")))
            path += QStringLiteral(".qkvlesson.json");
        saveLesson(path);
    });
    for (QAction *a : {next, back, close, record, edit, save}) {
        a->setEnabled(false);
        m_window->addAction(a); // the keys work while the menu bar is hidden (presenting) too
    }
    m_lessonActions = {next, back, close, record, edit, save};

    connect(m_dock, &LessonDock::stepEntered, this, &LessonController::enterLessonStep);
    connect(m_dock, &LessonDock::concealChanged, this, &LessonController::concealWeights);
    connect(m_dock, &LessonDock::answerGiven, this, &LessonController::answerLesson);
    connect(m_dock, &LessonDock::solutionRequested, this, [this](int step) {
        const std::optional<lessons::Exercise> &e = m_dock->lesson().steps[std::size_t(step)].exercise;
        if (lessonOnModel()) { // the solution's sentence, typed as the student would
            enterModelLessonStep(e->solution);
            return;
        }
        QString why;
        if (const std::optional<Document> solved = lessons::applyState(m_session->document(), e->solution, &why))
            m_session->editDocument(*solved, tr("Lesson: solution of step %1").arg(step + 1));
        else
            m_window->statusBar()->showMessage(tr("The solution does not fit this document: %1").arg(why));
    });
    connect(m_dock, &LessonDock::progressChanged, this, [this] {
        if (m_lessonSource.isEmpty())
            return; // a lesson being written: its author's progress is not a student's
        QSettings().setValue(lessons::progressKey(m_lessonSource),
            QString::fromUtf8(QJsonDocument(m_dock->progress().toJson()).toJson(QJsonDocument::Compact)));
    });
    connect(m_session, &DocumentSession::resultChanged, this, [this] {
        if (m_dock->hasLesson() && !m_session->isComputing())
            m_dock->check(lessonDocument(), m_session->result());
    });
    connect(m_ui->heatmapView, &HeatmapView::cellClicked, this, [this](int, int col, Qt::KeyboardModifiers) {
        const QStringList &tokens = m_session->result().tokens;
        if (col >= 0 && col < tokens.size())
            m_dock->answerCell(tokens[col]);
    });
}

bool LessonController::openLesson(const QString &fileOrBundled)
{
    const lessons::LessonLoad loaded = lessons::loadLesson(fileOrBundled);
    if (!loaded) {
        m_files->showError(tr("Could not open lesson"), loaded.error.toString());
        return false;
    }
    if (!m_files->maybeSave())
        return false;
    const QString saved = QSettings().value(lessons::progressKey(fileOrBundled)).toString();
    const lessons::LessonProgress progress
        = lessons::LessonProgress::fromJson(QJsonDocument::fromJson(saved.toUtf8()).object(), *loaded.lesson);
    const QString previousSource = std::exchange(m_lessonSource, fileOrBundled);
    if (loaded.lesson->model) {
        if (!openModelLesson(*loaded.lesson, progress.step)) {
            m_lessonSource = previousSource;
            return false;
        }
    } else {
        const LoadResult start = readDocumentObject(loaded.lesson->start);
        // A lesson that starts from a bundled example has its note (and says when it is retyped).
        m_files->showExample(*start.document,
            loaded.lesson->startExample.isEmpty() ? QString()
                                                  : QStringLiteral("example:") + loaded.lesson->startExample);
    }
    if (!m_dock->hasLesson())
        m_layoutBeforeLesson = m_window->saveState();
    for (QAction *a : m_lessonActions)
        a->setEnabled(true);
    m_dock->show();
    m_dock->raise();
    // Raised again once the window shows: before that, its tab bar keeps the tab it had. Most of
    // its column's height: a step's text and exercise are what the student reads first.
    QTimer::singleShot(0, this, [this] {
        m_dock->raise();
        if (!m_presenting)
            m_window->resizeDocks({m_dock}, {m_window->height() * 3 / 5}, Qt::Vertical);
    });
    // A lesson resumed at a later step starts from the document of a student who followed it.
    if (progress.step > 0 && !loaded.lesson->model)
        m_session->resetDocument(lessons::documentAt(*loaded.lesson, progress.step - 1));
    m_dock->setLesson(*loaded.lesson, progress);
    m_dock->check(lessonDocument(), m_session->result());
    return true;
}

// What the window shows now as a step after the lesson's last, for its author to describe.
lessons::Step LessonController::recordedStep(const lessons::Lesson &lesson) const
{
    const Document &doc = m_session->document();
    const int token = m_session->selectedToken();
    QStringList views;
    for (const auto &[name, widget] : lessonViews()) {
        const auto *dock = qobject_cast<const QDockWidget *>(widget);
        if (dock ? dock->toggleViewAction()->isChecked() : !widget->isHidden())
            views << name;
    }
    const QString tokenName = qkv::tokenName(doc.tokens(), token);
    lessons::Step step = lesson.model
        ? lessons::recordModelStep(lesson, m_workspace->shownStart(), tokenName, views)
        : lessons::recordStep(lesson, doc, tokenName, doc.settings().heads > 1 ? m_session->currentHead() : -1, views);
    step.text = tr("(Describe this step.)");
    return step;
}

bool LessonController::saveLesson(const QString &path)
{
    const QByteArray bytes = lessons::serializeLesson(m_dock->lesson());
    // Only a lesson that opens again is written.
    if (const lessons::LessonLoad check = lessons::parseLesson(bytes, path); !check) {
        m_files->showError(tr("Could not save the lesson"), check.error.toString());
        return false;
    }
    if (const QString error = saveAtomically(path, bytes); !error.isEmpty()) {
        m_files->showError(tr("Could not save the lesson"), error);
        return false;
    }
    m_lessonSource = path;
    m_window->statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void LessonController::closeLesson()
{
    if (!m_dock->hasLesson())
        return;
    m_dock->closeLesson();
    m_dock->hide();
    m_workspace->clearLesson();
    m_ui->heatmapView->setMarkedCell(-1, -1);
    for (QAction *a : m_lessonActions)
        a->setEnabled(false);
    m_window->restoreState(m_layoutBeforeLesson);
    m_ui->heatmapView->show();
    m_ui->arrowsPanel->show();
}

void LessonController::enterLessonStep(int step)
{
    // Every step, entered forward, back or again, starts from its own state: the numbers, sentence,
    // token, head and views of a student who followed the lesson to it, whatever was done since.
    const lessons::Lesson &lesson = m_dock->lesson();
    lessons::StepState state = lessons::viewAt(lesson, step);
    if (lessonOnModel()) {
        const lessons::ModelStart at = lessons::modelAt(lesson, step);
        state.document = QJsonObject {{QStringLiteral("sentence"), at.sentence}};
        state.generate = at.generate; // the model writes on from the sentence
        state.layer = at.layer;
        state.head = at.head;
        if (m_workspace->live()->isOpen() && !m_workspace->live()->interventions().empty()) // heads on, edits gone
            m_workspace->history()->changeInterventions({}, tr("Lesson: step %1").arg(step + 1));
        enterModelLessonStep(state);
    } else {
        Document doc = lessons::documentAt(lesson, step);
        // The student's answers stay: they are the lesson's record, not the step's numbers.
        lessons::setAnswers(doc, m_session->document().extraKeys().value(lessons::answersKey).toObject());
        if (!(doc == m_session->document()))
            m_session->editDocument(doc, tr("Lesson: step %1").arg(step + 1));
        if (state.token.isEmpty() && doc.focusToken() >= 0)
            state.token = tokenName(doc.tokens(), doc.focusToken());
        selectLessonTokens(state);
    }
    showLessonViews(state.views);
    if (!m_session->isComputing())
        m_dock->check(lessonDocument(), m_session->result());
}

// The views a lesson names, and the widget or dock each is: a step shows those it names.
std::vector<std::pair<QString, QWidget *>> LessonController::lessonViews() const
{
    std::vector<std::pair<QString, QWidget *>> views;
    for (const ViewRow &row : viewRows())
        views.emplace_back(row.name(), m_window->findChild<QWidget *>(row.placeName()));
    views.emplace_back(QStringLiteral("tables"), m_ui->tablesDock);
    return views;
}

// A step shows the views it names; until a prediction is answered only the heatmap (blank) and
// the tables show, whatever the step names.
void LessonController::showLessonViews(const QStringList &views)
{
    m_lessonViews = views;
    const bool concealed = m_ui->heatmapView->concealed();
    if (views.isEmpty() && !concealed)
        return; // the step leaves the layout as the student has it
    for (const auto &[name, widget] : lessonViews()) {
        const bool shown
            = concealed ? name == u"heatmap" || (name == u"tables" && views.contains(name)) : views.contains(name);
        widget->setVisible(shown);
        if (auto *dock = qobject_cast<QDockWidget *>(widget); dock && shown)
            dock->raise();
    }
    // The heatmap and the arrows side by side share the width: a squeezed heatmap is unreadable.
    // Once both are laid out: a splitter keeps no size for a widget hidden when it is given.
    if (views.contains(QStringLiteral("heatmap")) && views.contains(QStringLiteral("arrows")) && !concealed)
        QTimer::singleShot(0, this, [this] {
            const int half = m_ui->viewSplitter->width() / 2;
            m_ui->viewSplitter->setSizes({half, half});
        });
}

// Until a prediction is answered nothing shows a weight: the heatmap draws blank cells (still
// clickable), the other views of the attention hide, and so do the attention and output tables.
void LessonController::concealWeights(bool concealed)
{
    m_ui->heatmapView->setConcealed(concealed);
    showLessonViews(m_lessonViews);
    for (QWidget *tab : {m_ui->attentionTab, m_ui->outputsTab})
        m_ui->tables->setTabEnabled(m_ui->tables->indexOf(tab), !concealed);
    // A model's dock shows every head's weights in small, and its prediction is often the key the
    // question asks for (an induction head's target): both wait for the answer too.
    m_ui->transformerPanel->grid()->setVisible(!concealed);
    m_ui->predictionView->setVisible(!concealed);
    if (concealed)
        m_window->statusBar()->showMessage(tr("Answer the lesson's question: the weights show once you have."));
    else
        m_window->statusBar()->clearMessage();
}

bool LessonController::lessonOnModel() const
{
    return m_dock->hasLesson() && m_dock->lesson().model.has_value();
}

bool LessonController::openModelLesson(const lessons::Lesson &lesson, int step)
{
    // A lesson resumed at a later step starts where a student who followed it would be.
    const lessons::ModelStart at = step >= 0 ? lessons::modelAt(lesson, step) : *lesson.model;
    if (!m_files->openLiveModel(lessonModelLocation(lesson.model->model, m_lessonSource), at.sentence))
        return false;
    m_workspace->showOnFirstRun(at.layer, at.head);
    m_workspace->clearLesson();
    return true;
}

void LessonController::enterModelLessonStep(const lessons::StepState &state)
{
    // Its token, head and highlight once the model has run on its sentence (lessonStepReady).
    QString error;
    m_workspace->enterLessonStep(state, &error);
    if (!error.isEmpty())
        m_window->statusBar()->showMessage(error);
    if (m_workspace->isRunning())
        m_ui->sentenceEdit->setText(m_workspace->live()->sentence());
}

void LessonController::selectLessonTokens(const lessons::StepState &state)
{
    const QStringList &tokens = m_session->document().tokens();
    if (state.head >= 0)
        m_session->setCurrentHead(std::min(state.head, m_session->document().settings().heads - 1));
    // The session selects one token: a highlighted cell selects its query, and the heatmap frames it.
    const std::optional<int> markRow = tokenIndex(tokens, state.highlightQuery);
    const std::optional<int> markCol = tokenIndex(tokens, state.highlightKey);
    m_ui->heatmapView->setMarkedCell(markRow && markCol ? *markRow : -1, markRow && markCol ? *markCol : -1);
    const QString &selected = state.token.isEmpty() ? state.highlightQuery : state.token;
    if (const std::optional<int> token = tokenIndex(tokens, selected))
        m_session->setSelectedToken(*token);
}

Document LessonController::lessonDocument() const
{
    return m_workspace->documentWithAnswers();
}

void LessonController::answerLesson(const QString &exerciseId, const QJsonValue &answer)
{
    if (lessonOnModel()) {
        m_workspace->answerLesson(exerciseId, answer);
        m_dock->check(lessonDocument(), m_session->result());
        return;
    }
    Document doc = m_session->document();
    lessons::setAnswer(doc, exerciseId, answer);
    m_session->editDocument(doc, tr("Lesson: answer"));
}

} // namespace qkv
