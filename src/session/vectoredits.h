#pragma once

#include "document/valueref.h"

#include <QString>

namespace qkv {

class DocumentSession;

// One vector of a document: a word's query, key or value in one head, or its embedding.
struct VectorAddress {
    Field field = Field::Query;
    QString word; // the vector key (the word, or "#3" with per-token vectors)
    int head = 0;
};

// Whole-vector edits offered by the tables' and the vector plot's context menus. Each is one
// undo step named for what it did; each returns why it could not be made, or an empty string.
namespace vectoredits {

// "query", "key", "value" or "embedding": a vector's role as the menus and steps name it.
QString roleName(Field field);

// Every vector of `word` (all heads; its embedding in projection mode) back to what it was when
// the document was opened, or to its defaults if the word is new since.
QString resetWord(DocumentSession &session, const QString &word);
// The vector divided by its length (a zero vector has no direction to keep).
QString scaleToUnit(DocumentSession &session, const VectorAddress &vector);
QString setToZero(DocumentSession &session, const VectorAddress &vector);
// The same vector (role and head) of another word.
QString copyFrom(DocumentSession &session, const VectorAddress &vector, const QString &fromWord);

} // namespace vectoredits

} // namespace qkv
