#include "lessons/lessonprogress.h"

#include <QCryptographicHash>
#include <QFileInfo>

#include <algorithm>

namespace qkv::lessons {

LessonProgress LessonProgress::fromJson(const QJsonObject &o, const Lesson &lesson)
{
    LessonProgress p;
    const int last = std::max(0, static_cast<int>(lesson.steps.size()) - 1);
    p.step = std::clamp(o.value(QStringLiteral("step")).toInt(0), 0, last);
    const QJsonObject exercises = o.value(QStringLiteral("exercises")).toObject();
    for (const Step &step : lesson.steps) {
        if (!step.exercise || !exercises.contains(step.exercise->id))
            continue;
        const QJsonObject e = exercises.value(step.exercise->id).toObject();
        ExerciseProgress &x = p.exercises[step.exercise->id];
        x.attempts = std::max(0, e.value(QStringLiteral("attempts")).toInt());
        x.hints
            = std::clamp(e.value(QStringLiteral("hints")).toInt(), 0, static_cast<int>(step.exercise->hints.size()));
        x.answered = e.value(QStringLiteral("answered")).toBool();
        x.met = e.value(QStringLiteral("met")).toBool();
        x.solutionShown = e.value(QStringLiteral("solution_shown")).toBool();
    }
    return p;
}

QJsonObject LessonProgress::toJson() const
{
    QJsonObject exercisesJson;
    for (const auto &[id, x] : exercises)
        exercisesJson.insert(id,
            QJsonObject {{QStringLiteral("attempts"), x.attempts}, {QStringLiteral("hints"), x.hints},
                {QStringLiteral("answered"), x.answered}, {QStringLiteral("met"), x.met},
                {QStringLiteral("solution_shown"), x.solutionShown}});
    return {{QStringLiteral("step"), step}, {QStringLiteral("exercises"), exercisesJson}};
}

QString progressKey(const QString &fileOrBundled)
{
    // A path may hold characters QSettings treats as separators; a digest of it does not.
    const QString name = fileOrBundled.startsWith(QLatin1String("lesson:"))
        ? fileOrBundled
        : QFileInfo(fileOrBundled).absoluteFilePath();
    return QStringLiteral("lessons/")
        + QString::fromLatin1(QCryptographicHash::hash(name.toUtf8(), QCryptographicHash::Sha1).toHex());
}

} // namespace qkv::lessons
