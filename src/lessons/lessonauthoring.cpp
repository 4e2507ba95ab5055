#include "lessons/lessonauthoring.h"

#include "document/documentio.h"
#include "lessons/lessoncheck.h"
#include "lessons/mergepatch.h"

namespace qkv::lessons {

Lesson lessonFrom(const Document &doc, const QString &title)
{
    Lesson lesson;
    lesson.title = title;
    lesson.start = documentToJson(doc);
    return lesson;
}

Step recordStep(const Lesson &lesson, const Document &doc, const QString &token, int head, const QStringList &views)
{
    const QJsonObject before
        = lesson.steps.empty() ? lesson.start : documentJsonAt(lesson, static_cast<int>(lesson.steps.size()) - 1);
    Step step;
    step.state.document = mergePatchBetween(before, documentToJson(doc));
    step.state.token = token;
    step.state.head = head;
    step.state.views = views;
    return step;
}

Lesson lessonFromModel(const ModelStart &start, const QString &title)
{
    Lesson lesson;
    lesson.title = title;
    lesson.model = start;
    return lesson;
}

Step recordModelStep(const Lesson &lesson, const ModelStart &now, const QString &token, const QStringList &views)
{
    const ModelStart before = lesson.steps.empty() ? lesson.model.value_or(now)
                                                   : modelAt(lesson, static_cast<int>(lesson.steps.size()) - 1);
    Step step;
    if (now.sentence != before.sentence)
        step.state.document.insert(QStringLiteral("sentence"), now.sentence);
    if (now.layer != before.layer)
        step.state.layer = now.layer;
    step.state.head = now.head;
    step.state.token = token;
    step.state.views = views;
    return step;
}

void moveStep(Lesson &lesson, int from, int to)
{
    const int n = static_cast<int>(lesson.steps.size());
    if (from < 0 || from >= n || to < 0 || to >= n || from == to)
        return;
    Step step = std::move(lesson.steps[static_cast<std::size_t>(from)]);
    lesson.steps.erase(lesson.steps.begin() + from);
    lesson.steps.insert(lesson.steps.begin() + to, std::move(step));
}

} // namespace qkv::lessons
