#pragma once

#include "document/documentio.h"
#include "platform/jsonpath.h"

#include <Eigen/Core>

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace qkv::json {

// A document's numbers: finite, |x| ≤ limits::maxAbsValue.
double number(const QJsonValue &v, const QString &path);
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
