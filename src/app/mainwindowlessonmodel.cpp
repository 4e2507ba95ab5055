// A lesson on a real model in the window: the model opened on the lesson's sentence, each step's
// sentence run again as if typed (undoable), its layer and head shown, its token selected once
// the model has run, and the student's answers kept beside the model's ever new document.
#include "app/lessondock.h"
#include "app/mainwindow.h"
#include "workspace/lessonmodel.h"
#include "workspace/modelworkspace.h"

#include "ui_mainwindow.h"

#include "lessons/lessoncheck.h"
#include "livemodel/livesession.h"
#include "livemodel/sessionfile.h"
#include "session/documentsession.h"
#include "session/livehistory.h"
#include "session/transformersession.h"

#include <QFileInfo>
#include <QStatusBar>

namespace qkv {

bool MainWindow::lessonOnModel() const
{
    return m_lessonDock->hasLesson() && m_lessonDock->lesson().model.has_value();
}

bool MainWindow::openModelLesson(const lessons::Lesson &lesson, int step)
{
    // A lesson resumed at a later step starts where a student who followed it would be.
    const lessons::ModelStart at = step >= 0 ? lessons::modelAt(lesson, step) : *lesson.model;
    if (!openLiveModel(lessonModelLocation(lesson.model->model, m_lessonSource), at.sentence))
        return false;
    m_workspace->showOnFirstRun(at.layer, at.head);
    m_workspace->clearLesson();
    return true;
}

void MainWindow::enterModelLessonStep(const lessons::StepState &state)
{
    // Its token, head and highlight once the model has run on its sentence (lessonStepReady).
    QString error;
    m_workspace->enterLessonStep(state, &error);
    if (!error.isEmpty())
        statusBar()->showMessage(error);
    if (m_workspace->isRunning())
        m_ui->sentenceEdit->setText(m_live->sentence());
}

void MainWindow::selectLessonTokens(const lessons::StepState &state)
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

Document MainWindow::lessonDocument() const
{
    Document doc = m_session->document();
    if (lessonOnModel())
        lessons::setAnswers(doc, m_workspace->lessonAnswers());
    return doc;
}

void MainWindow::answerLesson(const QString &exerciseId, const QJsonValue &answer)
{
    if (lessonOnModel()) {
        m_workspace->answerLesson(exerciseId, answer);
        m_lessonDock->check(lessonDocument(), m_session->result());
        return;
    }
    Document doc = m_session->document();
    lessons::setAnswer(doc, exerciseId, answer);
    m_session->editDocument(doc, tr("Lesson: answer"));
}

} // namespace qkv
