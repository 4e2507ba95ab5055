// The window's side of a lesson: the Lesson menu, opening a lesson on its start document, each
// step's state applied as an undoable edit, the views a step shows, the weights hidden until a
// prediction is answered, and the student's progress kept in the settings.
#include "app/lessondock.h"
#include "app/lessonstepsdialog.h"
#include "app/mainwindow.h"

#include "views/viewregistry.h"
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
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

namespace qkv {

void MainWindow::setUpLessons()
{
    m_lessonDock = new LessonDock(this);
    // A tab over the settings, as the example's note: beside the views, the lesson would leave the
    // heatmap and the arrows too little width on a laptop screen.
    addDockWidget(Qt::RightDockWidgetArea, m_lessonDock);
    tabifyDockWidget(m_ui->settingsDock, m_lessonDock);
    m_lessonDock->hide();
    m_ui->menuView->addAction(m_lessonDock->toggleViewAction());

    auto *menu = new QMenu(tr("&Lesson"), this);
    menu->setObjectName(QStringLiteral("menuLesson"));
    menuBar()->insertMenu(m_ui->menuHelp->menuAction(), menu);
    QAction *open = menu->addAction(tr("&Open Lesson…"));
    open->setObjectName(QStringLiteral("actionOpenLesson"));
    connect(open, &QAction::triggered, this, [this] {
        const QString file = QFileDialog::getOpenFileName(
            this, tr("Open lesson"), QString(), tr("QKV Lab lessons (*.qkvlesson.json);;All files (*)"));
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
    connect(next, &QAction::triggered, m_lessonDock, &LessonDock::next);
    QAction *back = menu->addAction(tr("&Previous Step"));
    back->setObjectName(QStringLiteral("actionPreviousStep"));
    back->setShortcut(QKeySequence(Qt::Key_PageUp));
    connect(back, &QAction::triggered, m_lessonDock, &LessonDock::back);
    QAction *close = menu->addAction(tr("&Close Lesson"));
    close->setObjectName(QStringLiteral("actionCloseLesson"));
    connect(close, &QAction::triggered, this, &MainWindow::closeLesson);
    menu->addSeparator();
    // Writing a lesson: each step recorded from what the window shows, then titled and ordered.
    QAction *newLesson = menu->addAction(tr("New Lesson from &Document"));
    newLesson->setObjectName(QStringLiteral("actionNewLesson"));
    connect(newLesson, &QAction::triggered, this, [this] {
        const Document &doc = m_session->document();
        const QString title = doc.title().isEmpty() ? tr("Untitled lesson") : doc.title();
        // On a running model the lesson runs it too: its location, sentence, layer and head.
        lessons::Lesson lesson = m_live->isOpen() && m_transformer->isOpen()
            ? lessons::lessonFromModel(m_workspace->shownStart(), title)
            : lessons::lessonFrom(doc, title);
        if (!m_lessonDock->hasLesson())
            m_layoutBeforeLesson = saveState();
        m_lessonSource.clear(); // not saved yet
        lesson.steps.push_back(recordedStep(lesson));
        for (QAction *a : m_lessonActions)
            a->setEnabled(true);
        m_lessonDock->setLesson(lesson, {});
        m_lessonDock->show();
        m_lessonDock->raise();
    });
    QAction *record = menu->addAction(tr("&Record Step"));
    record->setObjectName(QStringLiteral("actionRecordStep"));
    record->setStatusTip(
        tr("Add what the window shows now (the document, the token, the head, the views) as the lesson's next step"));
    connect(record, &QAction::triggered, this, [this] {
        lessons::Lesson lesson = m_lessonDock->lesson();
        lesson.steps.push_back(recordedStep(lesson));
        lessons::LessonProgress progress = m_lessonDock->progress();
        progress.step = static_cast<int>(lesson.steps.size()) - 1;
        m_lessonDock->setLesson(lesson, progress);
    });
    QAction *edit = menu->addAction(tr("&Edit Steps…"));
    edit->setObjectName(QStringLiteral("actionEditSteps"));
    connect(edit, &QAction::triggered, this, [this] {
        LessonStepsDialog dialog(m_lessonDock->lesson(), this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        lessons::LessonProgress progress = m_lessonDock->progress();
        progress.step = std::min(progress.step, static_cast<int>(dialog.lesson().steps.size()) - 1);
        m_lessonDock->setLesson(dialog.lesson(), progress);
    });
    QAction *save = menu->addAction(tr("&Save Lesson As…"));
    save->setObjectName(QStringLiteral("actionSaveLesson"));
    connect(save, &QAction::triggered, this, [this] {
        QString path = QFileDialog::getSaveFileName(
            this, tr("Save lesson"), QString(), tr("QKV Lab lessons (*.qkvlesson.json);;All files (*)"));
        if (path.isEmpty())
            return;
        if (!path.endsWith(QLatin1String(".json")))
            path += QStringLiteral(".qkvlesson.json");
        saveLesson(path);
    });
    for (QAction *a : {next, back, close, record, edit, save}) {
        a->setEnabled(false);
        addAction(a); // the keys work while the menu bar is hidden (presenting) too
    }
    m_lessonActions = {next, back, close, record, edit, save};

    connect(m_lessonDock, &LessonDock::stepEntered, this, &MainWindow::enterLessonStep);
    connect(m_lessonDock, &LessonDock::concealChanged, this, &MainWindow::concealWeights);
    connect(m_lessonDock, &LessonDock::answerGiven, this, &MainWindow::answerLesson);
    connect(m_lessonDock, &LessonDock::solutionRequested, this, [this](int step) {
        const std::optional<lessons::Exercise> &e = m_lessonDock->lesson().steps[std::size_t(step)].exercise;
        if (lessonOnModel()) { // the solution's sentence, typed as the student would
            enterModelLessonStep(e->solution);
            return;
        }
        QString why;
        if (const std::optional<Document> solved = lessons::applyState(m_session->document(), e->solution, &why))
            m_session->editDocument(*solved, tr("Lesson: solution of step %1").arg(step + 1));
        else
            statusBar()->showMessage(tr("The solution does not fit this document: %1").arg(why));
    });
    connect(m_lessonDock, &LessonDock::progressChanged, this, [this] {
        if (m_lessonSource.isEmpty())
            return; // a lesson being written: its author's progress is not a student's
        QSettings().setValue(lessons::progressKey(m_lessonSource),
            QString::fromUtf8(QJsonDocument(m_lessonDock->progress().toJson()).toJson(QJsonDocument::Compact)));
    });
    connect(m_session, &DocumentSession::resultChanged, this, [this] {
        if (m_lessonDock->hasLesson() && !m_session->isComputing())
            m_lessonDock->check(lessonDocument(), m_session->result());
    });
    connect(m_ui->heatmapView, &HeatmapView::cellClicked, this, [this](int, int col, Qt::KeyboardModifiers) {
        const QStringList &tokens = m_session->result().tokens;
        if (col >= 0 && col < tokens.size())
            m_lessonDock->answerCell(tokens[col]);
    });
}

bool MainWindow::openLesson(const QString &fileOrBundled)
{
    const lessons::LessonLoad loaded = lessons::loadLesson(fileOrBundled);
    if (!loaded) {
        showError(tr("Could not open lesson"), loaded.error.toString());
        return false;
    }
    if (!maybeSave())
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
        m_transformer->close();
        m_live->close();
        m_session->resetDocument(*start.document);
        m_file.setExample(start.document->sentence());
        // A lesson that starts from a bundled example has its note (and says when it is retyped).
        showExampleNote(loaded.lesson->startExample.isEmpty()
                ? QString()
                : QStringLiteral("example:") + loaded.lesson->startExample);
    }
    if (!m_lessonDock->hasLesson())
        m_layoutBeforeLesson = saveState();
    for (QAction *a : m_lessonActions)
        a->setEnabled(true);
    m_lessonDock->show();
    m_lessonDock->raise();
    // Raised again once the window shows: before that, its tab bar keeps the tab it had. Most of
    // its column's height: a step's text and exercise are what the student reads first.
    QTimer::singleShot(0, this, [this] {
        m_lessonDock->raise();
        if (!isPresenting())
            resizeDocks({m_lessonDock}, {height() * 3 / 5}, Qt::Vertical);
    });
    // A lesson resumed at a later step starts from the document of a student who followed it.
    if (progress.step > 0 && !loaded.lesson->model)
        m_session->resetDocument(lessons::documentAt(*loaded.lesson, progress.step - 1));
    m_lessonDock->setLesson(*loaded.lesson, progress);
    m_lessonDock->check(lessonDocument(), m_session->result());
    updateTitle();
    return true;
}

// What the window shows now as a step after the lesson's last, for its author to describe.
lessons::Step MainWindow::recordedStep(const lessons::Lesson &lesson) const
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

bool MainWindow::saveLesson(const QString &path)
{
    const QByteArray bytes = lessons::serializeLesson(m_lessonDock->lesson());
    // Only a lesson that opens again is written.
    if (const lessons::LessonLoad check = lessons::parseLesson(bytes, path); !check) {
        showError(tr("Could not save the lesson"), check.error.toString());
        return false;
    }
    if (const QString error = saveAtomically(path, bytes); !error.isEmpty()) {
        showError(tr("Could not save the lesson"), error);
        return false;
    }
    m_lessonSource = path;
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::closeLesson()
{
    if (!m_lessonDock->hasLesson())
        return;
    m_lessonDock->closeLesson();
    m_lessonDock->hide();
    m_workspace->clearLesson();
    m_ui->heatmapView->setMarkedCell(-1, -1);
    for (QAction *a : m_lessonActions)
        a->setEnabled(false);
    restoreState(m_layoutBeforeLesson);
    m_ui->heatmapView->show();
    m_ui->arrowsPanel->show();
}

void MainWindow::enterLessonStep(int step)
{
    // Every step, entered forward, back or again, starts from its own state: the numbers, sentence,
    // token, head and views of a student who followed the lesson to it, whatever was done since.
    const lessons::Lesson &lesson = m_lessonDock->lesson();
    lessons::StepState state = lessons::viewAt(lesson, step);
    if (lessonOnModel()) {
        const lessons::ModelStart at = lessons::modelAt(lesson, step);
        state.document = QJsonObject {{QStringLiteral("sentence"), at.sentence}};
        state.layer = at.layer;
        state.head = at.head;
        if (m_live->isOpen() && !m_live->interventions().empty()) // heads on, edits gone
            m_liveHistory->changeInterventions({}, tr("Lesson: step %1").arg(step + 1));
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
        m_lessonDock->check(lessonDocument(), m_session->result());
}

// The views a lesson names, and the widget or dock each is: a step shows those it names.
std::vector<std::pair<QString, QWidget *>> MainWindow::lessonViews() const
{
    std::vector<std::pair<QString, QWidget *>> views;
    for (const ViewRow &row : viewRows())
        views.emplace_back(row.name(), findChild<QWidget *>(row.placeName()));
    views.emplace_back(QStringLiteral("tables"), m_ui->tablesDock);
    return views;
}

// A step shows the views it names; until a prediction is answered only the heatmap (blank) and
// the tables show, whatever the step names.
void MainWindow::showLessonViews(const QStringList &views)
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
void MainWindow::concealWeights(bool concealed)
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
        statusBar()->showMessage(tr("Answer the lesson's question: the weights show once you have."));
    else
        statusBar()->clearMessage();
}

} // namespace qkv
