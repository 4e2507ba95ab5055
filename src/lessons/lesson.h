#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace qkv::lessons {

// A model lesson's step that lets the model write: it continues the step's sentence by `tokens`
// tokens (the likeliest each time, or sampled from the seed, so every student sees the same text),
// and the whole text is the step's sentence.
struct Generation {
    int tokens = 0;
    double temperature = 0;
    int topK = 0; // 0: every token
    double topP = 1;
    qint64 seed = 0;
    bool operator==(const Generation &) const = default;
};
inline constexpr int maxLessonGeneration = 256;

// What a step puts on the screen when it is entered. Everything is optional: what a state leaves
// out stays as the student left it.
struct StepState {
    // A JSON merge patch (RFC 7396) of the document: {"sentence": …}, {"words": {"it": {"q": …}}},
    // {"normalization": "softmax"}; objects merge key by key, null removes.
    QJsonObject document;
    QString token; // the selected token, as the goal language names it ("it", "#3")
    int head = -1; // 0-based; -1 leaves the head
    int layer = -1; // 0-based, a lesson on a model only; -1 leaves the layer
    QStringList views; // the views shown (heatmap, arrows, vectors, distribution, worked, heads)
    // A highlight: a token (`highlightKey` empty) or the cell query → key.
    QString highlightQuery, highlightKey;
    std::optional<Generation> generate; // a model lesson's, with its "sentence"

    bool isEmpty() const;
    bool operator==(const StepState &) const = default;
};

enum class ExerciseKind {
    Goal, // reach a condition by editing: `goal`
    PredictNumber, // type the value of `goal` (a quantity) before the views show it, within `tolerance`
    PredictCell, // click the key `query` attends to most in head `head`, before the views show it
    Choice // pick one of `choices`; `answer` is right
};

struct Exercise {
    ExerciseKind kind = ExerciseKind::Goal;
    QString id; // names its answers in a student's document; "step-N" when not given
    QString prompt; // Markdown
    QString goal; // Goal: a condition; PredictNumber: a quantity
    double tolerance = 0; // PredictNumber
    QString query; // PredictCell
    int head = 0; // PredictCell, 0-based
    QStringList choices; // Choice
    int answer = 0; // Choice, 0-based
    QStringList hints;
    StepState solution; // Goal: a state that meets it
    bool operator==(const Exercise &) const = default;
};

struct Step {
    QString title;
    QString text; // Markdown
    StepState state;
    std::optional<Exercise> exercise;
    bool operator==(const Step &) const = default;
};

// A lesson on a real model (a folder, hf:NAME or example:NAME of a bundled model): the model runs
// on the sentence and the views show one layer's heads. Its steps' states change only the
// sentence (`{"document": {"sentence": …}}`), the layer, head, token, views and highlight.
struct ModelStart {
    QString model; // as written in the lesson; a relative folder is the lesson file's
    QString sentence;
    int layer = 0; // 0-based
    int head = 0; // 0-based
    // The model continues `sentence` first (a step that names a generation): the text it runs
    // on is the sentence and what the model writes after it.
    std::optional<Generation> generate;
    bool operator==(const ModelStart &) const = default;
};

// A lesson: a starting document and the steps a student walks through (.qkvlesson.json).
struct Lesson {
    QString title;
    QString description;
    QString startExample; // "animal" when the lesson starts from example:animal
    QJsonObject start; // the starting document's JSON (the example's, when it names one); empty on a model
    std::optional<ModelStart> model; // set when the lesson runs a real model
    std::vector<Step> steps;
    bool operator==(const Lesson &) const = default;
};

} // namespace qkv::lessons
