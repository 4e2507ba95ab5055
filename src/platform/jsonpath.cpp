#include "platform/jsonpath.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace qkv {

QString describeValue(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("the number %1").arg(v.toDouble());
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("a list");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    default:
        return QStringLiteral("nothing");
    }
}

namespace json {

void fail(const QString &path, const QString &message)
{
    throw Invalid {path, message};
}

QString child(const QString &path, const QString &key)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    if (plain.match(key).hasMatch())
        return path.isEmpty() ? key : path + u'.' + key;
    const QByteArray quoted = QJsonDocument(QJsonArray {key}).toJson(QJsonDocument::Compact);
    return path + u'[' + QString::fromUtf8(quoted.mid(1, quoted.size() - 2)) + u']';
}

QString child(const QString &path, qsizetype index)
{
    return path + u'[' + QString::number(index) + u']';
}

double number(const QJsonValue &v, const QString &path, double largest)
{
    if (!v.isDouble())
        fail(path, QStringLiteral("expected a finite number, got %1").arg(describeValue(v)));
    const double x = v.toDouble();
    if (!std::isfinite(x) || std::abs(x) > largest)
        fail(path,
            QStringLiteral("expected a number between -%1 and %1, got %2").arg(largest, 0, 'g').arg(x, 0, 'g', 17));
    return x;
}

int integer(const QJsonValue &v, const QString &path, int lo, int hi)
{
    const bool isInt = v.isDouble() && std::floor(v.toDouble()) == v.toDouble();
    if (!isInt || v.toDouble() < lo || v.toDouble() > hi)
        fail(path,
            QStringLiteral("expected a whole number from %1 to %2, got %3").arg(lo).arg(hi).arg(describeValue(v)));
    return static_cast<int>(v.toDouble());
}

QString string(const QJsonValue &v, const QString &path)
{
    if (!v.isString())
        fail(path, QStringLiteral("expected a string, got %1").arg(describeValue(v)));
    return v.toString();
}

QJsonObject object(const QJsonValue &v, const QString &path)
{
    if (!v.isObject())
        fail(path, QStringLiteral("expected an object, got %1").arg(describeValue(v)));
    return v.toObject();
}

bool boolean(const QJsonValue &v, const QString &path)
{
    if (!v.isBool())
        fail(path, QStringLiteral("expected true or false, got %1").arg(describeValue(v)));
    return v.toBool();
}

QJsonArray array(const QJsonValue &v, const QString &path, qsizetype expected, const QString &what)
{
    if (!v.isArray()) {
        const QString count = expected >= 0 ? QString::number(expected) + u' ' : QString();
        fail(path, QStringLiteral("expected a list of %1%2, got %3").arg(count, what, describeValue(v)));
    }
    QJsonArray a = v.toArray();
    if (expected >= 0 && a.size() != expected)
        fail(path, QStringLiteral("expected %1 %2, got %3").arg(expected).arg(what).arg(a.size()));
    return a;
}

QJsonValue field(const QJsonObject &o, const QString &path, const QString &key)
{
    if (!o.contains(key))
        fail(path, QStringLiteral("\"%1\" is missing").arg(key));
    return o.value(key);
}

} // namespace json
} // namespace qkv
