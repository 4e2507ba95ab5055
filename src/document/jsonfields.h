#pragma once

#include "document/documentio.h"

#include <Eigen/Core>

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace qkv::json {

// The first problem of a file, at its JSON path ("words.animal.q[0]"); thrown by the readers
// below and caught where the file is named, so every message says where to look.
struct Invalid {
    QString path;
    QString message;
};

[[noreturn]] void fail(const QString &path, const QString &message);

// "words.animal", "words[\"two words\"]", "steps[3]": the path of a key or an index under `path`.
QString child(const QString &path, const QString &key);
QString child(const QString &path, qsizetype index);

// Typed values at `path`; anything else fails naming the place and what was found.
double number(const QJsonValue &v, const QString &path); // finite, |x| ≤ limits::maxAbsValue
int integer(const QJsonValue &v, const QString &path, int lo, int hi);
QString string(const QJsonValue &v, const QString &path);
QJsonObject object(const QJsonValue &v, const QString &path);
bool boolean(const QJsonValue &v, const QString &path);
// A list; with `expected` ≥ 0 exactly that many `what`.
QJsonArray array(const QJsonValue &v, const QString &path, qsizetype expected, const QString &what);
Eigen::VectorXd vector(const QJsonValue &v, const QString &path, int length, const QString &what);

// `read(object)`, with the first problem it throws placed in `error` (its path and message).
template<typename Read>
auto readPlaced(const QJsonObject &object, LoadError &error, Read &&read) -> std::optional<decltype(read(object))>
{
    try {
        return read(object);
    } catch (const Invalid &e) {
        error.path = e.path;
        error.message = e.message;
        return std::nullopt;
    }
}

} // namespace qkv::json
