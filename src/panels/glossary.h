#pragma once

#include <QList>
#include <QString>

namespace qkv {

// One term the window uses, in plain words with one formula: what Help → Glossary lists and
// what every What's This text links to (by `id`, the anchor "glossary:ID").
struct GlossaryEntry {
    QString id;
    QString term;
    QString text;
    QString formula; // plain text with Unicode symbols; may be empty
};

// Every entry, in reading order (the order in which a beginner meets the terms).
const QList<GlossaryEntry> &glossary();
const GlossaryEntry *glossaryEntry(const QString &id);

// The whole glossary as HTML, each entry under an anchor named by its id.
QString glossaryHtml();
// The link a What's This text ends with, opening the glossary at `id`.
QString glossaryLink(const QString &id);
// The entry id of such a link ("glossary:softmax" → "softmax"), or empty.
QString glossaryIdOfLink(const QString &href);

} // namespace qkv
