#pragma once

#include <QList>
#include <QString>

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
ExampleNote exampleNote(const QString &name);

// The note as plain text for a terminal: lines of at most `width` characters, each begun with `indent`.
QString exampleNoteText(const ExampleNote &note, int width = 100, const QString &indent = QStringLiteral("    "));

} // namespace qkv
