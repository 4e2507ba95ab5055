#include "lessons/mergepatch.h"

namespace qkv::lessons {

QJsonValue applyMergePatch(const QJsonValue &target, const QJsonValue &patch)
{
    if (!patch.isObject())
        return patch;
    return applyMergePatch(target.isObject() ? target.toObject() : QJsonObject(), patch.toObject());
}

QJsonObject applyMergePatch(const QJsonObject &target, const QJsonObject &patch)
{
    QJsonObject out = target;
    for (auto it = patch.begin(); it != patch.end(); ++it) {
        if (it.value().isNull())
            out.remove(it.key());
        else
            out.insert(it.key(), applyMergePatch(out.value(it.key()), it.value()));
    }
    return out;
}

QJsonObject mergePatchBetween(const QJsonObject &from, const QJsonObject &to)
{
    QJsonObject patch;
    for (auto it = from.begin(); it != from.end(); ++it)
        if (!to.contains(it.key()))
            patch.insert(it.key(), QJsonValue::Null);
    for (auto it = to.begin(); it != to.end(); ++it) {
        const QJsonValue before = from.value(it.key());
        if (before == it.value() || it.value().isNull())
            continue;
        if (before.isObject() && it.value().isObject())
            patch.insert(it.key(), mergePatchBetween(before.toObject(), it.value().toObject()));
        else
            patch.insert(it.key(), it.value());
    }
    return patch;
}

} // namespace qkv::lessons
