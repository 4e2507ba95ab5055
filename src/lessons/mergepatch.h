#pragma once

#include <QJsonObject>
#include <QJsonValue>

namespace qkv::lessons {

// JSON merge patch (RFC 7396): an object patch merges key by key into an object, null removes a
// key, anything else replaces. How a lesson step changes a document without repeating all of it.
QJsonValue applyMergePatch(const QJsonValue &target, const QJsonValue &patch);
QJsonObject applyMergePatch(const QJsonObject &target, const QJsonObject &patch);

// The smallest patch that turns `from` into `to` (applyMergePatch(from, patch) == to), for
// recording a step. Values that are null in `to` cannot be expressed and are left out.
QJsonObject mergePatchBetween(const QJsonObject &from, const QJsonObject &to);

} // namespace qkv::lessons
