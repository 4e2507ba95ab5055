#pragma once

#include "attention/engine.h"
#include "document/document.h"
#include "lessons/lesson.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonprogress.h"

#include <QDockWidget>
#include <QJsonValue>

#include <optional>

class QButtonGroup;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;
class QVBoxLayout;

namespace qkv {

// The Lesson dock: a lesson's step (its text, its exercise and whether the student's document
// meets it, checked on every edit), Back and Next, hints, answers and the solution. A wrong
// answer says what is wrong and gives the next hint; the answer shows only when asked or after
// several tries; a settled exercise can be tried again; the last step says the lesson is done. It changes
// nothing itself: the window applies a step's state, stores answers in the document and shows
// solutions when asked, so that every change is an undoable edit of the document.
class LessonDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit LessonDock(QWidget *parent = nullptr);

    // Shows `lesson` at the step and with the answers of `progress`; stepEntered follows.
    void setLesson(const lessons::Lesson &lesson, const lessons::LessonProgress &progress);
    void closeLesson();
    bool hasLesson() const { return m_lesson.has_value(); }
    const lessons::Lesson &lesson() const { return *m_lesson; }
    const lessons::LessonProgress &progress() const { return m_progress; }
    int step() const { return m_progress.step; }
    // The exercise of the current step, if it has one.
    const lessons::Exercise *exercise() const;
    // Whether a prediction waits for its answer: the window hides the weights until then.
    bool concealing() const;

    // The student's document changed: the exercise is checked again.
    void check(const Document &doc, const Result &result);
    // A cell of the heatmap was clicked: a cell prediction waiting for its answer takes its key.
    // Returns whether it did.
    bool answerCell(const QString &key);

    // A slim caption for presenting: the step's text in a few lines, the exercise's status, no
    // hints or buttons but Back and Next.
    void setCompact(bool compact);

    // The parts tests drive.
    QPushButton *nextButton() const { return m_next; }
    QPushButton *backButton() const { return m_back; }
    QPushButton *answerButton() const { return m_answer; }
    QPushButton *hintButton() const { return m_hint; }
    QPushButton *solutionButton() const { return m_solution; }
    QPushButton *retryButton() const { return m_retry; }
    QLabel *doneLabel() const { return m_done; }
    QLineEdit *numberEdit() const { return m_number; }
    QButtonGroup *choices() const { return m_choices; }
    QLabel *statusLabel() const { return m_status; }
    QTextBrowser *textBrowser() const { return m_text; }
    std::optional<lessons::ExerciseStatus> status() const { return m_statusNow; }

public Q_SLOTS:
    void next();
    void back();
    void goTo(int step);

Q_SIGNALS:
    // The window applies the step's state (document, token, head, views, highlight).
    void stepEntered(int step);
    void concealChanged(bool concealed);
    // The window stores the answer in the document (lessons::setAnswer), where grading reads it.
    void answerGiven(const QString &exerciseId, const QJsonValue &answer);
    // The window applies the exercise's solution state as one undoable edit.
    void solutionRequested(int step);
    void progressChanged();

private:
    void showStep();
    void showStatus();
    void answerNumberOrChoice();
    void recordAnswer(const QJsonValue &answer);
    void showHint();
    void showSolution();
    void tryAgain();
    void showDone();
    bool revealed(const lessons::Exercise &e) const;
    QString statusText(const lessons::Exercise &e, const lessons::ExerciseProgress &progress) const;
    lessons::ExerciseProgress &exerciseProgress();
    void setConcealed(bool concealed);
    void fitCompact();
    void fitText();

    std::optional<lessons::Lesson> m_lesson;
    lessons::LessonProgress m_progress;
    std::optional<lessons::ExerciseStatus> m_statusNow;
    bool m_concealed = false;
    bool m_compact = false;
    bool m_answerPending = false; // an answer given, not yet checked
    QStringList m_tokens; // the checked sentence's, for saying tokens in words

    QWidget *m_body;
    QLabel *m_title;
    QLabel *m_stepLabel;
    QTextBrowser *m_text;
    QGroupBox *m_exerciseBox;
    QLabel *m_prompt;
    QLabel *m_status;
    QLineEdit *m_number;
    QWidget *m_choiceBox;
    QVBoxLayout *m_choiceLayout;
    QButtonGroup *m_choices;
    QPushButton *m_answer;
    QLabel *m_hints;
    QLabel *m_attempts;
    QPushButton *m_hint;
    QPushButton *m_solution;
    QPushButton *m_retry;
    QLabel *m_done;
    QPushButton *m_back;
    QPushButton *m_next;
};

} // namespace qkv
