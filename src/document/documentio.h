#pragma once

#include "document/document.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <utility>

namespace qkv {

// Where and why a document could not be read. `line`/`column` (1-based) are set for syntax
// errors, `path` (e.g. `words.animal.q[0][2]`) for a wrong value.
struct LoadError {
    QString file;
    int line = 0;
    int column = 0;
    QString path;
    QString message;
    QString toString() const;
};

struct LoadResult {
    std::optional<Document> document;
    LoadError error;
    explicit operator bool() const { return document.has_value(); }
};

// Parses and validates a whole document; the first problem found is reported with its place.
LoadResult parseDocument(const QByteArray &json, const QString &fileName = {});
// The same from the file's top-level object.
LoadResult readDocumentObject(const QJsonObject &object, const QString &fileName = {});
// The top-level object of a JSON file; a syntax error is placed by line and column in `error`.
std::optional<QJsonObject> parseJsonObject(const QByteArray &json, LoadError &error);
// A whole file of at most limits::maxFileBytes (refused before reading); why not in `error`.
std::optional<QByteArray> readLimitedFile(const QString &file, QString *error);
// Reads a file (refusing files over limits::maxFileBytes before reading) or `example:NAME`.
LoadResult loadDocument(const QString &fileOrExample);

// QJsonParseError gives a byte offset; people want line and column (1-based, in characters).
std::pair<int, int> lineAndColumn(const QByteArray &bytes, int offset);

// The document as pretty JSON (format version 1). Saving, loading and saving again gives the
// same bytes.
QByteArray serializeDocument(const Document &doc);
// The object serializeDocument writes.
QJsonObject documentToJson(const Document &doc);

} // namespace qkv
