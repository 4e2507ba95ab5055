#pragma once

#include "document/document.h"
#include "lessons/lesson.h"

#include <QString>
#include <QStringList>

namespace qkv::lessons {

// A new lesson on `doc`: its start, no steps yet (a lesson is saved once it has one).
Lesson lessonFrom(const Document &doc, const QString &title);

// What the window shows now, as a step after the lesson's last: the document as a merge patch of
// what changed since that step's document (so documentAt gives `doc` back), the selected token,
// the head (-1: leave it) and the views shown. Its text is for the author to write.
Step recordStep(const Lesson &lesson, const Document &doc, const QString &token, int head, const QStringList &views);
// The same on a real model: the lesson starts where the model is now, and a step records the
// sentence and layer where they differ from the step before (the model computes the rest).
Lesson lessonFromModel(const ModelStart &start, const QString &title);
Step recordModelStep(const Lesson &lesson, const ModelStart &now, const QString &token, const QStringList &views);

// Moves step `from` to position `to`; both within the lesson.
void moveStep(Lesson &lesson, int from, int to);

} // namespace qkv::lessons
