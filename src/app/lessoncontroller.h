#pragma once

#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

class QAction;
class QMainWindow;
class QWidget;

namespace Ui {
class MainWindow;
}

namespace qkv {

class Document;
class DocumentSession;
class LessonDock;
class ModelWorkspace;
class WindowFiles;

namespace lessons {
struct Lesson;
struct Step;
struct StepState;
} // namespace lessons

// A lesson in the window: the Lesson menu and dock; a lesson opened on its start document (or
// its model) at the step the student left it; each step's state applied as an undoable edit, on
// the document or as a sentence typed to the model; the views a step shows; the weights hidden
// until a prediction is answered; the student's progress kept in the settings; and a lesson
// written from what the window shows, step by step.
class LessonController : public QObject
{
    Q_OBJECT

public:
    LessonController(QMainWindow *window, Ui::MainWindow *ui, ModelWorkspace *workspace, WindowFiles *files);

    LessonDock *dock() const { return m_dock; }
    // A .qkvlesson.json or lesson:NAME; false (with the error shown) leaves everything as it was.
    bool openLesson(const QString &fileOrBundled);
    // The lesson being written or followed, saved atomically (it must read back first).
    bool saveLesson(const QString &path);
    void closeLesson();
    // Presenter mode: the lesson a slim caption across the top, only its step's views shown.
    void setPresenting(bool on);

private:
    void setUpMenu();
    void enterLessonStep(int step);
    // A lesson on a real model: a step's (or a solution's) state sets the sentence the model runs
    // on, the layer and head; its token is selected once the model has run on the sentence.
    bool lessonOnModel() const;
    void enterModelLessonStep(const lessons::StepState &state);
    bool openModelLesson(const lessons::Lesson &lesson, int step);
    void selectLessonTokens(const lessons::StepState &state);
    // The document a lesson checks: the shown one, with the answers of a lesson on a model.
    Document lessonDocument() const;
    void answerLesson(const QString &exerciseId, const QJsonValue &answer);
    std::vector<std::pair<QString, QWidget *>> lessonViews() const;
    void showLessonViews(const QStringList &views);
    void concealWeights(bool concealed);
    lessons::Step recordedStep(const lessons::Lesson &lesson) const;

    QMainWindow *m_window;
    Ui::MainWindow *m_ui;
    DocumentSession *m_session;
    ModelWorkspace *m_workspace;
    WindowFiles *m_files;
    LessonDock *m_dock = nullptr;
    QString m_lessonSource; // the lesson's file or lesson:NAME, which names its progress
    QByteArray m_layoutBeforeLesson; // the docks as they were, for when the lesson closes
    QStringList m_lessonViews; // the views the current step shows
    std::vector<QAction *> m_lessonActions; // enabled while a lesson is open
    bool m_presenting = false;
};

} // namespace qkv
