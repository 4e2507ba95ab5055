#include "panels/lessonstepsdialog.h"

#include "lessons/lessonauthoring.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace qkv {

LessonStepsDialog::LessonStepsDialog(const lessons::Lesson &lesson, QWidget *parent)
    : QDialog(parent)
    , m_lesson(lesson)
{
    setObjectName(QStringLiteral("lessonStepsDialog"));
    setWindowTitle(tr("Edit Steps"));
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("stepList"));
    m_list->setAccessibleName(tr("Steps"));
    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("stepTitle"));
    m_title->setAccessibleName(tr("Step title"));
    m_title->setPlaceholderText(tr("Title"));
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("stepText"));
    m_text->setAccessibleName(tr("Step text"));
    m_text->setPlaceholderText(tr("What the step says (Markdown)"));
    auto *up = new QPushButton(tr("&Up"), this);
    auto *down = new QPushButton(tr("&Down"), this);
    auto *remove = new QPushButton(tr("De&lete"), this);
    auto *moves = new QVBoxLayout;
    for (QPushButton *b : {up, down, remove})
        moves->addWidget(b);
    moves->addStretch(1);
    auto *editor = new QVBoxLayout;
    editor->addWidget(m_title);
    editor->addWidget(m_text, 1);
    auto *row = new QHBoxLayout;
    row->addWidget(m_list, 1);
    row->addLayout(moves);
    row->addLayout(editor, 2);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        showStep(-1); // keeps what is typed in the step shown
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(up, &QPushButton::clicked, this, [this] { move(-1); });
    connect(down, &QPushButton::clicked, this, [this] { move(1); });
    connect(remove, &QPushButton::clicked, this, &LessonStepsDialog::removeCurrent);
    connect(m_list, &QListWidget::currentRowChanged, this, &LessonStepsDialog::showStep);
    fillList();
    m_list->setCurrentRow(0);
    resize(720, 420);
}

void LessonStepsDialog::fillList()
{
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (std::size_t i = 0; i < m_lesson.steps.size(); ++i) {
        const lessons::Step &s = m_lesson.steps[i];
        const QString name = !s.title.isEmpty() ? s.title : s.text.section(u'\n', 0, 0).left(60);
        m_list->addItem(tr("%1. %2").arg(i + 1).arg(name));
    }
}

// The step at `row` into the editors, after what the editors hold went back into the step shown.
void LessonStepsDialog::showStep(int row)
{
    if (m_shown >= 0 && m_shown < static_cast<int>(m_lesson.steps.size())) {
        lessons::Step &s = m_lesson.steps[static_cast<std::size_t>(m_shown)];
        s.title = m_title->text();
        s.text = m_text->toPlainText();
    }
    m_shown = row;
    const bool any = row >= 0 && row < static_cast<int>(m_lesson.steps.size());
    m_title->setEnabled(any);
    m_text->setEnabled(any);
    m_title->setText(any ? m_lesson.steps[static_cast<std::size_t>(row)].title : QString());
    m_text->setPlainText(any ? m_lesson.steps[static_cast<std::size_t>(row)].text : QString());
}

void LessonStepsDialog::move(int by)
{
    const int from = m_list->currentRow();
    showStep(from);
    lessons::moveStep(m_lesson, from, from + by);
    fillList();
    m_shown = -1;
    m_list->setCurrentRow(std::clamp(from + by, 0, static_cast<int>(m_lesson.steps.size()) - 1));
}

void LessonStepsDialog::removeCurrent()
{
    const int row = m_list->currentRow();
    // A lesson keeps at least one step: the reader refuses one with none.
    if (row < 0 || m_lesson.steps.size() <= 1)
        return;
    m_lesson.steps.erase(m_lesson.steps.begin() + row);
    m_shown = -1;
    fillList();
    m_list->setCurrentRow(std::min(row, static_cast<int>(m_lesson.steps.size()) - 1));
}

} // namespace qkv
