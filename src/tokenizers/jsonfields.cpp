#include "tokenizers/jsonfields.h"

namespace qkv::tokenizers {

namespace {

QString quoted(const QString &s)
{
    return u'"' + s + u'"';
}

QJsonValue field(const QJsonObject &o, QLatin1String key)
{
    return o.value(key);
}

} // namespace

void fail(const QString &message)
{
    throw LoadError {message};
}

QString childPath(const QString &path, QLatin1String key)
{
    return path.isEmpty() ? QString(key) : path + u'.' + key;
}

QString indexPath(const QString &path, qsizetype index)
{
    return path + u'[' + QString::number(index) + u']';
}

QJsonObject objectAt(const QJsonValue &value, const QString &path)
{
    if (!value.isObject())
        fail(path + QStringLiteral(" must be an object"));
    return value.toObject();
}

QJsonArray arrayField(const QJsonObject &o, QLatin1String key, const QString &path)
{
    const QJsonValue v = field(o, key);
    if (!v.isArray())
        fail(childPath(path, key) + QStringLiteral(" must be an array"));
    return v.toArray();
}

QString stringField(const QJsonObject &o, QLatin1String key, const QString &path)
{
    const QJsonValue v = field(o, key);
    if (!v.isString())
        fail(childPath(path, key) + QStringLiteral(" must be a string"));
    return v.toString();
}

QString stringField(const QJsonObject &o, QLatin1String key, const QString &path, const QString &fallback)
{
    const QJsonValue v = field(o, key);
    return v.isUndefined() || v.isNull() ? fallback : stringField(o, key, path);
}

bool boolField(const QJsonObject &o, QLatin1String key, const QString &path, bool fallback)
{
    const QJsonValue v = field(o, key);
    if (v.isUndefined() || v.isNull())
        return fallback;
    if (!v.isBool())
        fail(childPath(path, key) + QStringLiteral(" must be true or false"));
    return v.toBool();
}

int intField(const QJsonObject &o, QLatin1String key, const QString &path)
{
    const QJsonValue v = field(o, key);
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d > 1e9 || d != double(int(d)))
        fail(childPath(path, key) + QStringLiteral(" must be a whole number from 0"));
    return int(d);
}

int intField(const QJsonObject &o, QLatin1String key, const QString &path, int fallback)
{
    const QJsonValue v = field(o, key);
    return v.isUndefined() || v.isNull() ? fallback : intField(o, key, path);
}

QString typeField(const QJsonObject &o, const QString &path)
{
    return stringField(o, QLatin1String("type"), path);
}

void unsupportedType(const QJsonObject &o, const QString &path)
{
    fail(childPath(path, QLatin1String("type")) + u' ' + quoted(typeField(o, path))
        + QStringLiteral(" is not supported"));
}

} // namespace qkv::tokenizers
