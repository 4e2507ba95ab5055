#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace qkv::tokenizers {

// Real files nest a Sequence (of normalizers or pre-tokenizers) once or twice; a deeper one is
// refused before it is followed.
constexpr int maxSequenceDepth = 8;

// Thrown while reading a tokenizer, caught where the file is named: the message names the place
// in the file ("model.merges[12]: ...") so that a broken file can be found and fixed.
struct LoadError {
    QString message;
};

[[noreturn]] void fail(const QString &message);
QString childPath(const QString &path, QLatin1String key);
QString indexPath(const QString &path, qsizetype index);

// Typed fields of a JSON object at `path`; absent or null takes the default where there is one,
// anything of the wrong type fails naming "path.key".
QJsonObject objectAt(const QJsonValue &value, const QString &path);
QJsonArray arrayField(const QJsonObject &o, QLatin1String key, const QString &path);
QString stringField(const QJsonObject &o, QLatin1String key, const QString &path);
QString stringField(const QJsonObject &o, QLatin1String key, const QString &path, const QString &fallback);
bool boolField(const QJsonObject &o, QLatin1String key, const QString &path, bool fallback);
int intField(const QJsonObject &o, QLatin1String key, const QString &path);
int intField(const QJsonObject &o, QLatin1String key, const QString &path, int fallback);
// The "type" field, and the refusal of one this reader does not know.
QString typeField(const QJsonObject &o, const QString &path);
[[noreturn]] void unsupportedType(const QJsonObject &o, const QString &path);

} // namespace qkv::tokenizers
