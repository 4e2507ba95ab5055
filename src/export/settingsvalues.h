#pragma once

#include <QSettings>

namespace qkv {

// A remembered number, or `fallback` when it is missing, not a number (NaN included) or outside
// [low, high]: a settings file edited by hand never reaches a widget as nonsense.
inline double settingsNumber(const QSettings &settings, const QString &key, double low, double high, double fallback)
{
    bool ok = false;
    const double x = settings.value(key).toDouble(&ok);
    return ok && x >= low && x <= high ? x : fallback;
}

// A remembered switch: true or false (an INI file gives them as text), else `fallback`.
inline bool settingsBool(const QSettings &settings, const QString &key, bool fallback)
{
    const QVariant v = settings.value(key);
    if (v.typeId() == QMetaType::Bool)
        return v.toBool();
    const QString text = v.toString();
    return text == u"true" ? true : text == u"false" ? false : fallback;
}

} // namespace qkv
