#pragma once

#include "lessons/lesson.h"

#include <QDialog>

class QLineEdit;
class QListWidget;
class QPlainTextEdit;

namespace qkv {

// Lesson → Edit Steps…: the steps of the lesson being written, in order; each one's title and
// text (Markdown) edited, moved up or down, or deleted. The lesson comes back on OK.
class LessonStepsDialog : public QDialog
{
    Q_OBJECT

public:
    LessonStepsDialog(const lessons::Lesson &lesson, QWidget *parent = nullptr);
    const lessons::Lesson &lesson() const { return m_lesson; }

    QListWidget *list() const { return m_list; }
    QLineEdit *titleEdit() const { return m_title; }
    QPlainTextEdit *textEdit() const { return m_text; }
    void move(int by);
    void removeCurrent();

private:
    void fillList();
    void showStep(int row);

    lessons::Lesson m_lesson;
    QListWidget *m_list;
    QLineEdit *m_title;
    QPlainTextEdit *m_text;
    int m_shown = -1;
};

} // namespace qkv
