#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

// Reading a JSON file's values by their path, every problem placed: the one reader behind the
// documents, lessons, session files and a checkpoint's config.json. A reader throws json::Invalid
// at the first problem and its file's entry point catches it and names the file.
namespace qkv {

// "null", "a boolean", "the number 3", "a string", "a list", "an object": what was found instead.
QString describeValue(const QJsonValue &v);

namespace json {

// The first problem of a file, at its JSON path ("words.animal.q[0]").
struct Invalid {
    QString path;
    QString message;
};

[[noreturn]] void fail(const QString &path, const QString &message);

// "words.animal", "words[\"two words\"]", "steps[3]": the path of a key or an index under `path`.
QString child(const QString &path, const QString &key);
QString child(const QString &path, qsizetype index);

// Typed values at `path`; anything else fails naming the place and what was found.
double number(const QJsonValue &v, const QString &path, double largest); // finite, |x| ≤ largest
int integer(const QJsonValue &v, const QString &path, int lo, int hi);
QString string(const QJsonValue &v, const QString &path);
QJsonObject object(const QJsonValue &v, const QString &path);
bool boolean(const QJsonValue &v, const QString &path);
// A list; with `expected` ≥ 0 exactly that many `what`.
QJsonArray array(const QJsonValue &v, const QString &path, qsizetype expected, const QString &what);
// o[key], which must be there: "\"key\" is missing" at `path` otherwise.
QJsonValue field(const QJsonObject &o, const QString &path, const QString &key);

} // namespace json
} // namespace qkv
