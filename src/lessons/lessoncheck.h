#pragma once

#include "attention/engine.h"
#include "document/document.h"
#include "lessons/goal.h"
#include "lessons/lesson.h"

#include <QJsonObject>
#include <QJsonValue>

#include <functional>
#include <optional>
#include <vector>

namespace qkv::lessons {

// A student's answers to predictions and choices live in their document, under this key
// ({"exercise id": answer}), so that a saved document can be graded: a number for predict-number,
// a token for predict-cell, the choice's number (1 for the first) for choice.
inline const QString answersKey = QStringLiteral("lesson_answers");
QJsonValue answerIn(const Document &doc, const QString &exerciseId);
void setAnswer(Document &doc, const QString &exerciseId, const QJsonValue &answer);
// Every answer of `answers` ({"exercise id": answer}) set in `doc`: a lesson on a model keeps them
// beside the model's document, which each run makes anew.
void setAnswers(Document &doc, const QJsonObject &answers);

enum class ExerciseState { Met, NotMet, Unanswered };

struct ExerciseStatus {
    int step = 0; // 0-based
    ExerciseState state = ExerciseState::NotMet;
    std::vector<Goal::Check> checks; // a goal's comparisons with their numbers
    QString detail; // a prediction's or choice's answer and the truth, or why it cannot be checked
    QString truth; // a prediction's or choice's right answer, in words ("the attention of “it” to “animal” is 11.9 %")
    QString given; // the student's answer, in words: the number, the key (“cat”), the choice's text
    int direction = 0; // a number predicted: +1 too high, -1 too low, 0 right or not a number
    bool metBefore = false; // checkSolutions: the goal held before the solution was applied
    bool met() const { return state == ExerciseState::Met; }
};

// Whether `doc` (computed as `result`) meets the exercise of step `step`.
ExerciseStatus checkExercise(const Exercise &exercise, int step, const Document &doc, const Result &result);
// Every exercise of the lesson against one document, in step order.
std::vector<ExerciseStatus> checkDocument(const Lesson &lesson, const Document &doc);

// The document at step `step` (0-based) of a student who changed nothing: the start with every
// step's state up to and including this one applied. The reader has checked that it reads.
QJsonObject documentJsonAt(const Lesson &lesson, int step);
Document documentAt(const Lesson &lesson, int step);
// The document `state` makes of `doc`; nullopt (with the reason) when the patch breaks it.
std::optional<Document> applyState(const Document &doc, const StepState &state, QString *why);

// Every exercise checked against its step's document with its stored solution applied (a goal's
// solution state; a prediction's or choice's answer is the truth itself, so it only needs to be
// readable there). What `qkvlab lesson check LESSON --solutions` prints.
std::vector<ExerciseStatus> checkSolutions(const Lesson &lesson);

// What step `step` (0-based) shows besides the numbers, as a student who followed the lesson
// sees it: the token, head and views the last steps up to it named, its own highlight. Every step,
// entered forward or back, starts from this and documentAt (or modelAt).
StepState viewAt(const Lesson &lesson, int step);

// A lesson on a model: what the model runs on at step `step` (0-based) of a student who changed
// nothing, and with one more state applied.
ModelStart modelAt(const Lesson &lesson, int step);
ModelStart modelWith(ModelStart model, const StepState &state);
// The document of the shown layer's heads when the model runs as `model` says; nullopt with the
// reason when it cannot (the caller opens the model: this library does not run one).
using ModelRunner = std::function<std::optional<Document>(const ModelStart &model, QString *why)>;
// checkSolutions for a lesson on a model: each step's sentence and layer run, with the solution's.
std::vector<ExerciseStatus> checkSolutions(const Lesson &lesson, const ModelRunner &run);

// The JSON `qkvlab lesson check` prints: the lesson, each exercise and whether it is met.
QJsonObject reportToJson(const Lesson &lesson, const std::vector<ExerciseStatus> &statuses);

} // namespace qkv::lessons
