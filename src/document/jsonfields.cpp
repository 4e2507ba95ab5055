#include "document/jsonfields.h"

#include "document/settings.h"

namespace qkv::json {

double number(const QJsonValue &v, const QString &path)
{
    return number(v, path, limits::maxAbsValue);
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
