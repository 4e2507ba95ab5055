#include "lessons/lessonio.h"

#include "document/jsonwriter.h"

#include <QJsonArray>

namespace qkv::lessons {
namespace {

const QStringList kindNames {
    QStringLiteral("goal"), QStringLiteral("predict-number"), QStringLiteral("predict-cell"), QStringLiteral("choice")};

QJsonObject toJson(const StepState &s)
{
    QJsonObject o;
    if (!s.document.isEmpty())
        o.insert(QStringLiteral("document"), s.document);
    if (!s.token.isEmpty())
        o.insert(QStringLiteral("token"), s.token);
    if (s.head >= 0)
        o.insert(QStringLiteral("head"), s.head + 1);
    if (s.layer >= 0)
        o.insert(QStringLiteral("layer"), s.layer + 1);
    if (!s.views.isEmpty())
        o.insert(QStringLiteral("views"), QJsonArray::fromStringList(s.views));
    if (const std::optional<Generation> &g = s.generate) {
        QJsonObject generate {{QStringLiteral("tokens"), g->tokens}};
        if (g->temperature > 0)
            generate.insert(QStringLiteral("temperature"), g->temperature);
        if (g->topK > 0)
            generate.insert(QStringLiteral("top_k"), g->topK);
        if (g->topP < 1)
            generate.insert(QStringLiteral("top_p"), g->topP);
        if (g->seed != 0)
            generate.insert(QStringLiteral("seed"), g->seed);
        o.insert(QStringLiteral("generate"), generate);
    }
    if (!s.highlightKey.isEmpty())
        o.insert(QStringLiteral("highlight"),
            QJsonObject {{QStringLiteral("cell"), QJsonArray {s.highlightQuery, s.highlightKey}}});
    else if (!s.highlightQuery.isEmpty())
        o.insert(QStringLiteral("highlight"), QJsonObject {{QStringLiteral("token"), s.highlightQuery}});
    return o;
}

QJsonObject toJson(const Exercise &e, int step)
{
    QJsonObject o;
    o.insert(QStringLiteral("kind"), kindNames[static_cast<int>(e.kind)]);
    if (e.id != QStringLiteral("step-%1").arg(step + 1))
        o.insert(QStringLiteral("id"), e.id);
    if (!e.prompt.isEmpty())
        o.insert(QStringLiteral("prompt"), e.prompt);
    switch (e.kind) {
    case ExerciseKind::Goal:
        o.insert(QStringLiteral("goal"), e.goal);
        if (!e.solution.isEmpty())
            o.insert(QStringLiteral("solution"), toJson(e.solution));
        break;
    case ExerciseKind::PredictNumber:
        o.insert(QStringLiteral("goal"), e.goal);
        o.insert(QStringLiteral("tolerance"), e.tolerance);
        break;
    case ExerciseKind::PredictCell:
        o.insert(QStringLiteral("query"), e.query);
        o.insert(QStringLiteral("head"), e.head + 1);
        break;
    case ExerciseKind::Choice:
        o.insert(QStringLiteral("choices"), QJsonArray::fromStringList(e.choices));
        o.insert(QStringLiteral("answer"), e.answer + 1);
        break;
    }
    if (!e.hints.isEmpty())
        o.insert(QStringLiteral("hints"), QJsonArray::fromStringList(e.hints));
    return o;
}

} // namespace

QByteArray serializeLesson(const Lesson &lesson)
{
    QJsonObject o;
    o.insert(QStringLiteral("format"), QStringLiteral("qkvlab-lesson"));
    o.insert(QStringLiteral("version"), 1);
    o.insert(QStringLiteral("title"), lesson.title);
    if (!lesson.description.isEmpty())
        o.insert(QStringLiteral("description"), lesson.description);
    if (lesson.model)
        o.insert(QStringLiteral("start"),
            QJsonObject {{QStringLiteral("model"), lesson.model->model},
                {QStringLiteral("sentence"), lesson.model->sentence},
                {QStringLiteral("layer"), lesson.model->layer + 1}, {QStringLiteral("head"), lesson.model->head + 1}});
    else if (lesson.startExample.isEmpty())
        o.insert(QStringLiteral("start"), lesson.start);
    else
        o.insert(QStringLiteral("start"), QStringLiteral("example:") + lesson.startExample);
    QJsonArray steps;
    for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
        const Step &s = lesson.steps[i];
        QJsonObject step;
        if (!s.title.isEmpty())
            step.insert(QStringLiteral("title"), s.title);
        step.insert(QStringLiteral("text"), s.text);
        if (!s.state.isEmpty())
            step.insert(QStringLiteral("state"), toJson(s.state));
        if (s.exercise)
            step.insert(QStringLiteral("exercise"), toJson(*s.exercise, static_cast<int>(i)));
        steps.append(step);
    }
    o.insert(QStringLiteral("steps"), steps);
    return toPrettyJson(o);
}

} // namespace qkv::lessons
