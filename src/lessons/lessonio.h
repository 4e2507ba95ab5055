#pragma once

#include "document/documentio.h"
#include "lessons/lesson.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace qkv::lessons {

// A lesson as read, or where and why it could not be: `error.path` names the place
// ("steps[2].exercise.goal"), with the column in the goal's text where that is the problem.
struct LessonLoad {
    std::optional<Lesson> lesson;
    LoadError error;
    explicit operator bool() const { return lesson.has_value(); }
};

// Reads and checks a whole lesson: its start and every step's document must be readable, each
// step's token must be in its sentence and every goal must parse.
LessonLoad parseLesson(const QByteArray &json, const QString &fileName = {});
// A file (at most limits::maxFileBytes) or `lesson:NAME`, a bundled lesson.
LessonLoad loadLesson(const QString &fileOrBundled);

// Pretty JSON (format version 1); reading it gives the same lesson.
QByteArray serializeLesson(const Lesson &lesson);

// The lessons shipped with the program (resources/lessons/NAME.qkvlesson.json), by name.
QStringList bundledLessonNames();
QByteArray bundledLessonBytes(const QString &name); // empty when there is no such lesson

// The view names a state may show.
QStringList lessonViewNames();

} // namespace qkv::lessons
