#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace qkv {

// One place where an example's article is wrong: what it says, and what is true.
struct ArticleCorrection {
    QString says;
    QString truth;
};

// "About this example": the article a bundled example comes from, what the example shows with its
// true numbers, and where the article's own numbers are wrong (resources/examples/notes.json).
struct ExampleNote {
    QString source; // the article, and which part of it
    QString shows;
    QList<ArticleCorrection> corrections;

    bool isEmpty() const { return source.isEmpty(); }
};

// The note of `example:NAME` (a document or a bundled model); empty when it has none.
// In `language` ("de") where the notes are translated, else in English.
ExampleNote exampleNote(const QString &name, const QString &language = QStringLiteral("en"));
// The languages the notes are written in ("en" and the translations').
QStringList exampleNoteLanguages();

// The note as plain text for a terminal: lines of at most `width` characters, each begun with `indent`.
QString exampleNoteText(const ExampleNote &note, int width = 100, const QString &indent = QStringLiteral("    "));

} // namespace qkv
