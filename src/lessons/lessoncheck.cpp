#include "lessons/lessoncheck.h"

#include "document/documentio.h"
#include "lessons/goalwords.h"
#include "lessons/mergepatch.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <cmath>

namespace qkv::lessons {
namespace {

// The value of a prediction's quantity. Goals are checked when a lesson is read; one built in code
// that does not parse reads as unknown, with the parser's message.
std::optional<double> quantity(const QString &text, const Document &doc, const Result &result, QString *why)
{
    Goal::ParseError error;
    const std::optional<Goal> goal = Goal::parse(text, Goal::Kind::Quantity, &error);
    if (!goal) {
        *why = error.message;
        return std::nullopt;
    }
    return goal->value(doc, result, why);
}

const HeadResult *headOf(const Result &result, int head)
{
    return head < static_cast<int>(result.heads.size()) ? &result.heads[head] : nullptr;
}

ExerciseStatus checkPrediction(const Exercise &e, ExerciseStatus status, const Document &doc, const Result &result)
{
    const QJsonValue answer = answerIn(doc, e.id);
    QString why;
    std::optional<double> truth;
    std::optional<int> top;
    if (e.kind == ExerciseKind::PredictNumber) {
        truth = quantity(e.goal, doc, result, &why);
    } else if (const std::optional<int> row = tokenIndex(result.tokens, e.query); !row) {
        why = QCoreApplication::translate("LessonCheck", "the sentence has no token “%1”").arg(e.query);
    } else if (const HeadResult *h = headOf(result, e.head); !h) {
        why = QCoreApplication::translate("LessonCheck", "the document has no head %1").arg(e.head + 1);
    } else {
        Eigen::Index col = 0;
        h->weights.row(*row).maxCoeff(&col);
        top = static_cast<int>(col);
        truth = h->weights(*row, col);
    }
    if (!truth) {
        status.detail = why;
        return status;
    }
    const QString truthText = e.kind == ExerciseKind::PredictNumber
        ? QCoreApplication::translate("LessonCheck", "%1 is %2").arg(e.goal, shownNumber(*truth))
        : QCoreApplication::translate("LessonCheck", "%1 attends most to %2 (%3)")
              .arg(e.query, result.tokens[*top], shownNumber(*truth));
    // The same for a student, without the goal language.
    if (e.kind == ExerciseKind::PredictNumber) {
        Goal::ParseError error;
        const std::optional<Goal> goal = Goal::parse(e.goal, Goal::Kind::Quantity, &error);
        status.truth = QCoreApplication::translate("LessonCheck", "%1 is %2")
                           .arg(goal->inWords(result.tokens, int(result.heads.size())), goal->valueInWords(*truth));
    } else {
        status.truth = QCoreApplication::translate("LessonCheck", "%1 attends most to %2 (%3)")
                           .arg(tokenInWords(e.query, result.tokens),
                               tokenInWords(tokenName(result.tokens, *top), result.tokens), percentInWords(*truth));
    }
    if (answer.isUndefined()) {
        status.state = ExerciseState::Unanswered;
        status.detail = QCoreApplication::translate("LessonCheck", "not answered in this document; %1").arg(truthText);
        return status;
    }
    bool right = false;
    if (e.kind == ExerciseKind::PredictNumber) {
        right = answer.isDouble() && std::abs(answer.toDouble() - *truth) <= e.tolerance;
        status.given = shownNumber(answer.toDouble());
        if (answer.isDouble() && !right)
            status.direction = answer.toDouble() > *truth ? 1 : -1;
    } else {
        // Any key holding the row's largest weight is right: a tie has no single answer.
        const std::optional<int> col = tokenIndex(result.tokens, answer.toString());
        right = col && result.heads[e.head].weights(*tokenIndex(result.tokens, e.query), *col) >= *truth;
        status.given = tokenInWords(answer.toString(), result.tokens);
    }
    status.state = right ? ExerciseState::Met : ExerciseState::NotMet;
    const QString given = answer.isDouble() ? shownNumber(answer.toDouble()) : answer.toString();
    status.detail = QCoreApplication::translate("LessonCheck", "answered %1; %2").arg(given, truthText);
    return status;
}

} // namespace

QJsonValue answerIn(const Document &doc, const QString &exerciseId)
{
    return doc.extraKeys().value(answersKey).toObject().value(exerciseId);
}

void setAnswer(Document &doc, const QString &exerciseId, const QJsonValue &answer)
{
    QJsonObject extra = doc.extraKeys();
    QJsonObject answers = extra.value(answersKey).toObject();
    answers.insert(exerciseId, answer);
    extra.insert(answersKey, answers);
    doc.setExtraKeys(extra);
}

void setAnswers(Document &doc, const QJsonObject &answers)
{
    for (auto it = answers.begin(); it != answers.end(); ++it)
        setAnswer(doc, it.key(), it.value());
}

ExerciseStatus checkExercise(const Exercise &e, int step, const Document &doc, const Result &result)
{
    ExerciseStatus status;
    status.step = step;
    switch (e.kind) {
    case ExerciseKind::Goal: {
        Goal::ParseError error;
        const std::optional<Goal> goal = Goal::parse(e.goal, Goal::Kind::Condition, &error);
        if (!goal) {
            status.detail = error.message;
            return status;
        }
        Goal::Outcome outcome = goal->evaluate(doc, result);
        status.state = outcome.met ? ExerciseState::Met : ExerciseState::NotMet;
        status.checks = std::move(outcome.checks);
        return status;
    }
    case ExerciseKind::PredictNumber:
    case ExerciseKind::PredictCell:
        return checkPrediction(e, status, doc, result);
    case ExerciseKind::Choice: {
        const QJsonValue answer = answerIn(doc, e.id);
        status.truth = e.choices.value(e.answer);
        status.given = e.choices.value(answer.toInt(-1) - 1);
        if (answer.isUndefined()) {
            status.state = ExerciseState::Unanswered;
            status.detail = QCoreApplication::translate("LessonCheck", "not answered in this document");
        } else {
            status.state = answer.toInt(-1) == e.answer + 1 ? ExerciseState::Met : ExerciseState::NotMet;
            status.detail = QCoreApplication::translate("LessonCheck", "answered %1; the answer is %2")
                                .arg(answer.toInt(-1))
                                .arg(e.answer + 1);
        }
        return status;
    }
    }
    return status;
}

std::vector<ExerciseStatus> checkDocument(const Lesson &lesson, const Document &doc)
{
    const Result result = compute(doc);
    std::vector<ExerciseStatus> out;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i)
        if (const auto &e = lesson.steps[i].exercise)
            out.push_back(checkExercise(*e, static_cast<int>(i), doc, result));
    return out;
}

QJsonObject documentJsonAt(const Lesson &lesson, int step)
{
    QJsonObject json = lesson.start;
    for (int i = 0; i <= step && i < static_cast<int>(lesson.steps.size()); ++i)
        json = applyMergePatch(json, lesson.steps[i].state.document);
    return json;
}

Document documentAt(const Lesson &lesson, int step)
{
    LoadResult loaded = readDocumentObject(documentJsonAt(lesson, step));
    return loaded ? std::move(*loaded.document) : Document();
}

std::optional<Document> applyState(const Document &doc, const StepState &state, QString *why)
{
    if (state.document.isEmpty())
        return doc;
    LoadResult loaded = readDocumentObject(applyMergePatch(documentToJson(doc), state.document));
    if (!loaded && why)
        *why = loaded.error.toString();
    return std::move(loaded.document);
}

namespace {

// The solutions checked on documents from `at` (a step's, nullopt with the reason when there is
// none) and `solve` (a step's document with a solution state applied).
using DocumentAt = std::function<std::optional<Document>(int step, QString *why)>;
using Solve = std::function<std::optional<Document>(int step, const Document &doc, const StepState &, QString *why)>;

std::vector<ExerciseStatus> checkSolutionsOn(const Lesson &lesson, const DocumentAt &at, const Solve &solve)
{
    std::vector<ExerciseStatus> out;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const std::optional<Exercise> &e = lesson.steps[i].exercise;
        if (!e)
            continue;
        const int step = static_cast<int>(i);
        ExerciseStatus status;
        status.step = step;
        QString why;
        std::optional<Document> doc = at(step, &why);
        if (!doc) {
            status.detail = QCoreApplication::translate("LessonCheck", "the step cannot be shown: %1").arg(why);
            out.push_back(status);
            continue;
        }
        if (e->kind != ExerciseKind::Goal) {
            // The truth is the answer: store it and check that it reads.
            const Result result = compute(*doc);
            if (e->kind == ExerciseKind::Choice) {
                setAnswer(*doc, e->id, e->answer + 1);
            } else if (e->kind == ExerciseKind::PredictNumber) {
                const auto truth = quantity(e->goal, *doc, result, &why);
                setAnswer(*doc, e->id, truth ? QJsonValue(*truth) : QJsonValue());
            } else if (const std::optional<int> row = tokenIndex(result.tokens, e->query);
                       row && e->head < static_cast<int>(result.heads.size())) {
                Eigen::Index col = 0;
                result.heads[e->head].weights.row(*row).maxCoeff(&col);
                setAnswer(*doc, e->id, result.tokens[col]);
            }
            out.push_back(checkExercise(*e, step, *doc, result));
            continue;
        }
        const bool metBefore = checkExercise(*e, step, *doc, compute(*doc)).met();
        if (e->solution.isEmpty()) {
            status.detail = QCoreApplication::translate("LessonCheck", "no solution is stored");
        } else if (const std::optional<Document> solved = solve(step, *doc, e->solution, &why)) {
            status = checkExercise(*e, step, *solved, compute(*solved));
        } else {
            status.detail = QCoreApplication::translate("LessonCheck", "the solution cannot be applied: %1").arg(why);
        }
        status.metBefore = metBefore;
        out.push_back(status);
    }
    return out;
}

} // namespace

std::vector<ExerciseStatus> checkSolutions(const Lesson &lesson)
{
    return checkSolutionsOn(
        lesson,
        [&](int step, QString *why) {
            if (lesson.model) {
                *why = QCoreApplication::translate("LessonCheck", "the lesson runs a model, which is not open here");
                return std::optional<Document>();
            }
            return std::optional<Document>(documentAt(lesson, step));
        },
        [](int, const Document &doc, const StepState &solution, QString *why) {
            return applyState(doc, solution, why);
        });
}

ModelStart modelWith(ModelStart model, const StepState &state)
{
    // A new sentence ends the generation before it; a generation holds until then.
    if (const QJsonValue sentence = state.document.value(QStringLiteral("sentence")); sentence.isString()) {
        model.sentence = sentence.toString();
        model.generate = state.generate;
    }
    if (state.layer >= 0)
        model.layer = state.layer;
    if (state.head >= 0)
        model.head = state.head;
    return model;
}

StepState viewAt(const Lesson &lesson, int step)
{
    StepState view;
    if (lesson.model)
        view.head = lesson.model->head;
    for (int i = 0; i <= step && i < static_cast<int>(lesson.steps.size()); ++i) {
        const StepState &s = lesson.steps[std::size_t(i)].state;
        if (!s.token.isEmpty())
            view.token = s.token;
        if (s.head >= 0)
            view.head = s.head;
        if (s.layer >= 0)
            view.layer = s.layer;
        if (!s.views.isEmpty())
            view.views = s.views;
        view.highlightQuery = s.highlightQuery;
        view.highlightKey = s.highlightKey;
    }
    return view;
}

ModelStart modelAt(const Lesson &lesson, int step)
{
    ModelStart model = lesson.model.value_or(ModelStart {});
    for (int i = 0; i <= step && i < static_cast<int>(lesson.steps.size()); ++i)
        model = modelWith(std::move(model), lesson.steps[std::size_t(i)].state);
    return model;
}

std::vector<ExerciseStatus> checkSolutions(const Lesson &lesson, const ModelRunner &run)
{
    return checkSolutionsOn(
        lesson, [&](int step, QString *why) { return run(modelAt(lesson, step), why); },
        [&](int step, const Document &, const StepState &solution, QString *why) {
            return run(modelWith(modelAt(lesson, step), solution), why);
        });
}

QJsonObject reportToJson(const Lesson &lesson, const std::vector<ExerciseStatus> &statuses)
{
    static const QStringList kinds {QStringLiteral("goal"), QStringLiteral("predict-number"),
        QStringLiteral("predict-cell"), QStringLiteral("choice")};
    static const QStringList states {QStringLiteral("met"), QStringLiteral("not met"), QStringLiteral("unanswered")};
    QJsonArray exercises;
    int met = 0;
    for (const ExerciseStatus &s : statuses) {
        const Exercise &e = *lesson.steps[s.step].exercise;
        QJsonObject o {{QStringLiteral("step"), s.step + 1}, {QStringLiteral("id"), e.id},
            {QStringLiteral("kind"), kinds[static_cast<int>(e.kind)]}, {QStringLiteral("met"), s.met()},
            {QStringLiteral("state"), states[static_cast<int>(s.state)]}};
        if (!e.goal.isEmpty())
            o.insert(QStringLiteral("goal"), e.goal);
        if (!s.detail.isEmpty())
            o.insert(QStringLiteral("detail"), s.detail);
        if (!s.checks.empty()) {
            QJsonArray checks;
            for (const Goal::Check &c : s.checks)
                checks.append(QJsonObject {{QStringLiteral("text"), c.text}, {QStringLiteral("met"), c.met},
                    {QStringLiteral("detail"), c.detail}});
            o.insert(QStringLiteral("checks"), checks);
        }
        if (s.metBefore)
            o.insert(QStringLiteral("met_before_solution"), true);
        met += s.met() ? 1 : 0;
        exercises.append(o);
    }
    return {{QStringLiteral("lesson"), lesson.title}, {QStringLiteral("exercises"), exercises},
        {QStringLiteral("met"), met}, {QStringLiteral("total"), static_cast<int>(statuses.size())},
        {QStringLiteral("all_met"), met == static_cast<int>(statuses.size())}};
}

} // namespace qkv::lessons
