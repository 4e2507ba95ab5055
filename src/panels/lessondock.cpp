#include "panels/lessondock.h"

#include "lessons/goalwords.h"

#include <QAbstractTextDocumentLayout>
#include <QButtonGroup>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTextBrowser>
#include <QTextDocument>

#include <cmath>

namespace qkv {
namespace {

// Wrong answers before a prediction or choice gives its answer away by itself (Show answer
// gives it at once).
constexpr int triesBeforeAnswer = 3;

// A choice written in Markdown ("the token just before it, *the*"), as a radio button's plain text.
QString plainMarkdown(const QString &markdown)
{
    QTextDocument doc;
    doc.setMarkdown(markdown);
    return doc.toPlainText().trimmed();
}

// A step's title without a "Step 3:" of its own: the dock numbers the steps.
QString ownTitle(const QString &title)
{
    static const QRegularExpression numbered(
        QStringLiteral("^\\s*step\\s+\\d+\\s*[:.–—-]\\s*"), QRegularExpression::CaseInsensitiveOption);
    return QString(title).remove(numbered);
}

// Green and red that read on the window's own background, light or dark.
QString tone(const QWidget *w, bool good)
{
    const bool dark = w->palette().window().color().lightnessF() < 0.5;
    if (good)
        return dark ? QStringLiteral("#7ee787") : QStringLiteral("#1a7f37");
    return dark ? QStringLiteral("#ff9b8f") : QStringLiteral("#b3261e");
}

QPushButton *button(const QString &text, const QString &name, QWidget *parent)
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(name);
    return b;
}

} // namespace

LessonDock::LessonDock(QWidget *parent)
    : QDockWidget(tr("Lesson"), parent)
{
    setObjectName(QStringLiteral("lessonDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    m_title = new QLabel(body);
    m_title->setWordWrap(true);
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_stepLabel = new QLabel(body);
    m_stepLabel->setWordWrap(true);
    m_text = new QTextBrowser(body);
    m_text->setObjectName(QStringLiteral("lessonText"));
    m_text->setAccessibleName(tr("Step text"));
    m_text->setOpenExternalLinks(true);
    layout->addWidget(m_title);
    // The step and the way through the steps on one line, above the text: always in view, and no
    // line of its own in a presenter's caption.
    auto *nav = new QHBoxLayout;
    nav->addWidget(m_stepLabel, 1);
    layout->addLayout(nav);
    layout->addWidget(m_text, 1);

    m_exerciseBox = new QGroupBox(tr("Exercise"), body);
    auto *exercise = new QVBoxLayout(m_exerciseBox);
    m_prompt = new QLabel(m_exerciseBox);
    m_prompt->setTextFormat(Qt::MarkdownText);
    m_prompt->setWordWrap(true);
    m_status = new QLabel(m_exerciseBox);
    m_status->setObjectName(QStringLiteral("lessonStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *answerRow = new QHBoxLayout;
    m_number = new QLineEdit(m_exerciseBox);
    m_number->setObjectName(QStringLiteral("lessonNumber"));
    m_number->setAccessibleName(tr("Your answer"));
    m_number->setPlaceholderText(tr("Your answer"));
    m_answer = button(tr("&Answer"), QStringLiteral("lessonAnswer"), m_exerciseBox);
    answerRow->addWidget(m_number, 1);
    answerRow->addWidget(m_answer);
    m_choiceBox = new QWidget(m_exerciseBox);
    m_choiceLayout = new QVBoxLayout(m_choiceBox);
    m_choiceLayout->setContentsMargins(0, 0, 0, 0);
    m_choices = new QButtonGroup(this);
    m_hints = new QLabel(m_exerciseBox);
    m_hints->setWordWrap(true);
    m_hints->setTextFormat(Qt::MarkdownText);
    m_attempts = new QLabel(m_exerciseBox);
    auto *help = new QHBoxLayout;
    m_hint = button(tr("&Hint"), QStringLiteral("lessonHint"), m_exerciseBox);
    m_solution = button(tr("Show &solution"), QStringLiteral("lessonSolution"), m_exerciseBox);
    m_retry = button(tr("&Try Again"), QStringLiteral("lessonRetry"), m_exerciseBox);
    m_retry->setToolTip(tr("Start this exercise afresh: your answer is cleared and the step's numbers come back"));
    help->addWidget(m_hint);
    help->addWidget(m_solution);
    help->addWidget(m_retry);
    help->addStretch(1);
    exercise->addWidget(m_prompt);
    exercise->addWidget(m_choiceBox);
    exercise->addLayout(answerRow);
    exercise->addWidget(m_status);
    exercise->addWidget(m_hints);
    exercise->addWidget(m_attempts);
    exercise->addLayout(help);
    layout->addWidget(m_exerciseBox);
    m_done = new QLabel(body);
    m_done->setObjectName(QStringLiteral("lessonDone"));
    m_done->setWordWrap(true);
    m_done->hide();
    layout->addWidget(m_done);
    layout->addStretch(0);

    m_back = button(tr("◀ &Back"), QStringLiteral("lessonBack"), body);
    m_next = button(tr("&Next ▶"), QStringLiteral("lessonNext"), body);
    m_back->setToolTip(tr("The previous step (Page Up)"));
    m_next->setToolTip(tr("The next step (Page Down)"));
    nav->addWidget(m_back, 0, Qt::AlignTop);
    nav->addWidget(m_next, 0, Qt::AlignTop);
    // A dock shorter than the step scrolls instead of squeezing its text, choices and buttons.
    m_body = body;
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("lessonScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setWidget(body);
    setWidget(scroll);
    // Room for a paragraph of the step's text at a readable line length, and a few lines of it.
    body->setMinimumWidth(fontMetrics().averageCharWidth() * 40);
    // The step's text as tall as it is, the rest of the dock for the exercise; a long text scrolls.
    connect(m_text->document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
        &LessonDock::fitText);

    connect(m_back, &QPushButton::clicked, this, &LessonDock::back);
    connect(m_next, &QPushButton::clicked, this, &LessonDock::next);
    connect(m_answer, &QPushButton::clicked, this, &LessonDock::answerNumberOrChoice);
    connect(m_number, &QLineEdit::returnPressed, this, &LessonDock::answerNumberOrChoice);
    connect(m_hint, &QPushButton::clicked, this, &LessonDock::showHint);
    connect(m_solution, &QPushButton::clicked, this, &LessonDock::showSolution);
    connect(m_retry, &QPushButton::clicked, this, &LessonDock::tryAgain);
}

void LessonDock::setLesson(const lessons::Lesson &lesson, const lessons::LessonProgress &progress)
{
    m_lesson = lesson;
    m_progress = progress;
    m_title->setText(lesson.title);
    showStep();
}

void LessonDock::setCompact(bool compact)
{
    m_compact = compact;
    // The step on one line across the screen (a wrapped label asks for the height of a narrow
    // column); the prompt and its answer wrap, never cut.
    m_stepLabel->setWordWrap(!compact);
    m_title->setVisible(!compact);
    fitText();
    for (QWidget *w : std::initializer_list<QWidget *> {m_hint, m_solution, m_attempts})
        w->setVisible(!compact);
    showStatus(); // the buttons a caption leaves out
    m_hints->setVisible(!compact && !m_hints->text().isEmpty());
    fitCompact();
}

void LessonDock::fitText()
{
    const int line = m_text->fontMetrics().lineSpacing();
    if (m_compact) {
        m_text->setFixedHeight(static_cast<int>(m_text->fontMetrics().height() * 3.5));
        return;
    }
    const int content = static_cast<int>(std::ceil(m_text->document()->size().height())) + 2 * m_text->frameWidth();
    m_text->setMinimumHeight(std::min(content, line * 6));
    m_text->setMaximumHeight(std::max(content, line * 3));
}

// No taller than its content while compact: the dock area would otherwise take a share of the
// screen's height from the views. Measured again whenever the content changes.
void LessonDock::fitCompact()
{
    widget()->setMinimumHeight(0);
    widget()->setMaximumHeight(QWIDGETSIZE_MAX);
    if (m_compact) {
        QLayout *layout = m_body->layout();
        layout->invalidate();
        // Wrapped lines (the prompt, its answer) are as many as the dock's width makes them.
        const int width = std::max(widget()->width(), m_body->minimumSizeHint().width());
        widget()->setFixedHeight(
            layout->hasHeightForWidth() ? layout->totalHeightForWidth(width) : layout->sizeHint().height());
    }
}

void LessonDock::closeLesson()
{
    m_lesson.reset();
    m_statusNow.reset();
    setConcealed(false);
}

const lessons::Exercise *LessonDock::exercise() const
{
    if (!m_lesson)
        return nullptr;
    const std::optional<lessons::Exercise> &e = m_lesson->steps[static_cast<std::size_t>(m_progress.step)].exercise;
    return e ? &*e : nullptr;
}

bool LessonDock::concealing() const
{
    const lessons::Exercise *e = exercise();
    if (!e || (e->kind != lessons::ExerciseKind::PredictNumber && e->kind != lessons::ExerciseKind::PredictCell))
        return false;
    return !revealed(*e);
}

// A prediction or choice is settled once answered right, once its answer was shown (asked for,
// or after triesBeforeAnswer wrong answers): its views show, and Try Again starts it afresh.
bool LessonDock::revealed(const lessons::Exercise &e) const
{
    const auto it = m_progress.exercises.find(e.id);
    return it != m_progress.exercises.end() && (it->second.answered || it->second.solutionShown);
}

lessons::ExerciseProgress &LessonDock::exerciseProgress()
{
    return m_progress.exercises[exercise()->id];
}

void LessonDock::next()
{
    goTo(m_progress.step + 1);
}

void LessonDock::back()
{
    goTo(m_progress.step - 1);
}

void LessonDock::goTo(int step)
{
    if (!m_lesson || step < 0 || step >= static_cast<int>(m_lesson->steps.size()) || step == m_progress.step)
        return;
    m_progress.step = step;
    showStep();
    Q_EMIT progressChanged();
}

void LessonDock::showStep()
{
    const int count = static_cast<int>(m_lesson->steps.size());
    const lessons::Step &step = m_lesson->steps[static_cast<std::size_t>(m_progress.step)];
    const QString title = ownTitle(step.title);
    m_stepLabel->setText(title.isEmpty() ? tr("Step %1 of %2").arg(m_progress.step + 1).arg(count)
                                         : tr("Step %1 of %2: %3").arg(m_progress.step + 1).arg(count).arg(title));
    m_text->setMarkdown(step.text);
    m_back->setEnabled(m_progress.step > 0);
    m_next->setEnabled(m_progress.step + 1 < count);
    const lessons::Exercise *e = exercise();
    m_exerciseBox->setVisible(e);
    m_statusNow.reset();
    m_answerPending = false;
    if (e) {
        using Kind = lessons::ExerciseKind;
        m_prompt->setText(e->prompt);
        m_prompt->setVisible(!e->prompt.isEmpty());
        m_number->clear();
        m_number->setVisible(e->kind == Kind::PredictNumber);
        m_answer->setVisible(e->kind == Kind::PredictNumber || e->kind == Kind::Choice);
        for (QAbstractButton *b : m_choices->buttons()) {
            m_choices->removeButton(b);
            delete b;
        }
        for (int i = 0; i < e->choices.size(); ++i) {
            auto *radio = new QRadioButton(plainMarkdown(e->choices[i]), m_choiceBox);
            m_choices->addButton(radio, i);
            m_choiceLayout->addWidget(radio);
        }
        m_choiceBox->setVisible(e->kind == Kind::Choice);
        m_solution->setText(e->kind == Kind::Goal ? tr("Show &solution") : tr("Sho&w answer"));
        m_solution->setEnabled(e->kind != Kind::Goal || !e->solution.isEmpty());
    }
    Q_EMIT stepEntered(m_progress.step);
    setConcealed(concealing());
    showStatus();
}

void LessonDock::check(const Document &doc, const Result &result)
{
    const lessons::Exercise *e = exercise();
    if (!e)
        return;
    m_statusNow = lessons::checkExercise(*e, m_progress.step, doc, result);
    m_tokens = result.tokens;
    lessons::ExerciseProgress &p = exerciseProgress();
    const lessons::ExerciseProgress before = p;
    if (m_statusNow->met())
        p.met = true;
    // An answer just given: right settles it; wrong gives the next hint, and after enough tries the answer.
    if (m_answerPending && m_statusNow->state != lessons::ExerciseState::Unanswered) {
        m_answerPending = false;
        if (m_statusNow->met()) {
            p.answered = true;
        } else {
            p.hints = std::min<int>(p.hints + 1, int(e->hints.size()));
            p.answered = p.attempts >= triesBeforeAnswer;
        }
    }
    setConcealed(concealing());
    if (!(p == before))
        Q_EMIT progressChanged();
    showStatus();
}

void LessonDock::showStatus()
{
    const lessons::Exercise *e = exercise();
    showDone();
    if (!e)
        return;
    const lessons::ExerciseProgress progress
        = m_progress.exercises.count(e->id) ? m_progress.exercises.at(e->id) : lessons::ExerciseProgress {};
    m_status->setText(statusText(*e, progress));
    QStringList hints;
    for (int i = 0; i < progress.hints; ++i)
        hints << QStringLiteral("- ") + e->hints[i];
    m_hints->setText(hints.join(QLatin1Char('\n')));
    m_hints->setVisible(!m_compact && !hints.isEmpty());
    m_hint->setEnabled(progress.hints < e->hints.size());
    m_hint->setText(e->hints.isEmpty()
            ? tr("&Hint")
            : tr("&Hint (%1 of %2)").arg(std::min(progress.hints + 1, int(e->hints.size()))).arg(e->hints.size()));
    m_attempts->setText(tr("%n attempt(s)", nullptr, progress.attempts));
    m_attempts->setVisible(!m_compact && progress.attempts > 0);
    // Settled (right, or its answer or solution shown): it can be tried again from the start.
    const bool settled = e->kind == lessons::ExerciseKind::Goal ? progress.met || progress.solutionShown : revealed(*e);
    m_retry->setVisible(!m_compact && settled);
    const bool open = e->kind == lessons::ExerciseKind::Goal || !revealed(*e);
    m_answer->setEnabled(open);
    m_number->setEnabled(open);
    m_choiceBox->setEnabled(open);
    m_solution->setEnabled(open && (e->kind != lessons::ExerciseKind::Goal || !e->solution.isEmpty()));
    fitCompact();
}

// What the student reads of their exercise: never the goal language, and the answer only when it
// is theirs, asked for, or after enough tries.
QString LessonDock::statusText(const lessons::Exercise &e, const lessons::ExerciseProgress &progress) const
{
    using Kind = lessons::ExerciseKind;
    const auto line = [this](bool good, const QString &text) {
        return QStringLiteral("<span style=\"color:%1\">%2 %3</span>")
            .arg(tone(this, good), good ? QStringLiteral("✓") : QStringLiteral("✗"), text.toHtmlEscaped());
    };
    if (!m_statusNow)
        return tr("Checking…");
    const lessons::ExerciseStatus &now = *m_statusNow;
    if (e.kind == Kind::Goal) {
        QString html;
        if (progress.met) // met once, it stays met: the next steps may ask for other changes
            html = line(
                true, now.met() ? tr("Goal met.") : tr("Goal met. (Your changes since have left it: that is fine.)"));
        else
            html = tr("Not yet:");
        if (!progress.met || !now.met())
            for (const lessons::Goal::Check &c : now.checks)
                html += QStringLiteral("<br>") + line(c.met, c.words);
        return html;
    }
    if (now.state == lessons::ExerciseState::Unanswered && !progress.solutionShown) {
        if (e.kind == Kind::PredictCell)
            return tr("Click the cell of the heatmap you expect to be largest in the row of %1; the weights show once "
                      "you have answered.")
                .arg(lessons::tokenInWords(e.query, m_tokens).toHtmlEscaped());
        return e.kind == Kind::Choice ? tr("Choose an answer.")
                                      : tr("Type your answer; the weights show once you have answered.");
    }
    if (now.met())
        return line(true, tr("Right: %1").arg(e.kind == Kind::Choice ? plainMarkdown(now.truth) : now.truth));
    if (progress.solutionShown && now.state == lessons::ExerciseState::Unanswered)
        return tr("The answer: %1")
            .arg((e.kind == Kind::Choice ? plainMarkdown(now.truth) : now.truth).toHtmlEscaped());
    // Wrong: what is wrong with it, without the answer until it is given away.
    const QString given = e.kind == Kind::Choice ? plainMarkdown(now.given) : now.given;
    const QString wrong = e.kind == Kind::PredictNumber
        ? (now.direction > 0 ? tr("%1 is too high.") : tr("%1 is too low.")).arg(given)
        : e.kind == Kind::PredictCell ? tr("%1 is not the key it attends to most.").arg(given)
                                      : tr("“%1” is not it.").arg(given);
    if (revealed(e))
        return line(false, tr("Not quite: %1").arg(wrong)) + QStringLiteral("<br>")
            + tr("The answer: %1").arg((e.kind == Kind::Choice ? plainMarkdown(now.truth) : now.truth).toHtmlEscaped());
    const int left = triesBeforeAnswer - progress.attempts;
    return line(false, tr("Not quite: %1").arg(wrong)) + QStringLiteral("<br>")
        + (progress.hints > 0 ? tr("Read the hint below and try again.") : tr("Try again.")) + QLatin1Char(' ')
        + tr("(The answer shows after %n more wrong answer(s), or with Show answer.)", nullptr, left);
}

// At the last step, once its exercise is settled: the lesson is done, with what the student did.
void LessonDock::showDone()
{
    if (!m_lesson)
        return;
    const bool last = m_progress.step + 1 == static_cast<int>(m_lesson->steps.size());
    const lessons::Exercise *e = exercise();
    const bool settled = !e
        || (m_progress.exercises.count(e->id)
            && (m_progress.exercises.at(e->id).met || revealed(*e) || m_progress.exercises.at(e->id).solutionShown));
    int exercises = 0, right = 0;
    for (const lessons::Step &step : m_lesson->steps) {
        if (!step.exercise)
            continue;
        ++exercises;
        const auto it = m_progress.exercises.find(step.exercise->id);
        right += it != m_progress.exercises.end() && it->second.met;
    }
    m_done->setVisible(last && settled && !m_compact);
    m_done->setText(exercises == 0
            ? tr("<b>Lesson complete.</b> You have reached the end of “%1”.").arg(m_lesson->title.toHtmlEscaped())
            : tr("<b>Lesson complete.</b> You have reached the end of “%1”: %2 of %3 exercises met.")
                  .arg(m_lesson->title.toHtmlEscaped())
                  .arg(right)
                  .arg(exercises));
}

void LessonDock::tryAgain()
{
    const lessons::Exercise *e = exercise();
    if (!e)
        return;
    lessons::ExerciseProgress &p = exerciseProgress();
    p.answered = p.solutionShown = p.met = false;
    p.attempts = 0;
    m_answerPending = false;
    m_number->clear();
    if (QAbstractButton *checked = m_choices->checkedButton()) {
        m_choices->setExclusive(false);
        checked->setChecked(false);
        m_choices->setExclusive(true);
    }
    Q_EMIT progressChanged();
    // The step's own numbers again, and no answer in the document.
    if (e->kind != lessons::ExerciseKind::Goal)
        Q_EMIT answerGiven(e->id, QJsonValue(QJsonValue::Undefined));
    Q_EMIT stepEntered(m_progress.step);
    setConcealed(concealing());
    showStatus();
}

void LessonDock::answerNumberOrChoice()
{
    const lessons::Exercise *e = exercise();
    if (!e)
        return;
    QJsonValue answer;
    if (e->kind == lessons::ExerciseKind::PredictNumber) {
        bool ok = false;
        double x = locale().toDouble(m_number->text().trimmed(), &ok);
        if (!ok)
            x = QLocale::c().toDouble(m_number->text().trimmed(), &ok);
        if (!ok) {
            m_status->setText(tr("“%1” is not a number.").arg(m_number->text().toHtmlEscaped()));
            return;
        }
        answer = x;
    } else if (e->kind == lessons::ExerciseKind::Choice) {
        if (m_choices->checkedId() < 0) {
            m_status->setText(tr("Choose an answer first."));
            return;
        }
        answer = m_choices->checkedId() + 1;
    } else {
        return;
    }
    recordAnswer(answer);
}

// An answer given: counted and stored in the document by the window; the check that follows
// says whether it was right (check).
void LessonDock::recordAnswer(const QJsonValue &answer)
{
    lessons::ExerciseProgress &p = exerciseProgress();
    ++p.attempts;
    m_answerPending = true;
    Q_EMIT answerGiven(exercise()->id, answer);
    Q_EMIT progressChanged();
    showStatus();
}

bool LessonDock::answerCell(const QString &key)
{
    const lessons::Exercise *e = exercise();
    if (!e || e->kind != lessons::ExerciseKind::PredictCell || !concealing())
        return false;
    recordAnswer(key);
    return true;
}

void LessonDock::showHint()
{
    const lessons::Exercise *e = exercise();
    if (!e || exerciseProgress().hints >= e->hints.size())
        return;
    ++exerciseProgress().hints;
    Q_EMIT progressChanged();
    showStatus();
}

void LessonDock::showSolution()
{
    const lessons::Exercise *e = exercise();
    if (!e)
        return;
    exerciseProgress().solutionShown = true;
    if (e->kind == lessons::ExerciseKind::Goal) {
        Q_EMIT solutionRequested(m_progress.step);
    } else {
        // The truth is what the views show: they are revealed, and the status says it.
        setConcealed(false);
    }
    Q_EMIT progressChanged();
    showStatus();
}

void LessonDock::setConcealed(bool concealed)
{
    if (concealed == m_concealed)
        return;
    m_concealed = concealed;
    Q_EMIT concealChanged(concealed);
}

} // namespace qkv
