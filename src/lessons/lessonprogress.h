#pragma once

#include "lessons/lesson.h"

#include <QJsonObject>
#include <QString>

#include <map>

namespace qkv::lessons {

// What a student did with one exercise.
struct ExerciseProgress {
    int attempts = 0; // answers given (predictions and choices)
    int hints = 0; // hints shown
    bool answered = false; // a prediction answered: the views are revealed
    bool met = false; // met at least once
    bool solutionShown = false;
    bool operator==(const ExerciseProgress &) const = default;
};

// How far a student got in a lesson; kept in the settings, so a lesson opens where it was left.
struct LessonProgress {
    int step = 0;
    std::map<QString, ExerciseProgress> exercises; // by exercise id

    // Read leniently: settings written by another version, or for a lesson since edited, keep
    // what still fits (a step within the lesson, counts of at least 0) and drop the rest.
    static LessonProgress fromJson(const QJsonObject &o, const Lesson &lesson);
    QJsonObject toJson() const;
    bool operator==(const LessonProgress &) const = default;
};

// The settings key of a lesson's progress: bundled lessons by name, files by their absolute path.
QString progressKey(const QString &fileOrBundled);

} // namespace qkv::lessons
