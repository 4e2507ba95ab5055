#include "document/jsonfields.h"

#include "document/documentio.h"
#include "document/settings.h"

#include <QJsonDocument>
#include <QRegularExpression>

#include <cmath>

namespace qkv::json {

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

double number(const QJsonValue &v, const QString &path)
{
    if (!v.isDouble())
        fail(path, QStringLiteral("expected a finite number, got %1").arg(describeValue(v)));
    const double x = v.toDouble();
    if (!std::isfinite(x) || std::abs(x) > limits::maxAbsValue)
        fail(path,
            QStringLiteral("expected a number between -%1 and %1, got %2")
                .arg(limits::maxAbsValue, 0, 'g')
                .arg(x, 0, 'g', 17));
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

Eigen::VectorXd vector(const QJsonValue &v, const QString &path, int length, const QString &what)
{
    const QJsonArray a = array(v, path, length, QStringLiteral("numbers (%1)").arg(what));
    Eigen::VectorXd out(length);
    for (int i = 0; i < length; ++i)
        out(i) = number(a[i], child(path, i));
    return out;
}

} // namespace qkv::json
