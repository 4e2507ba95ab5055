#pragma once

#include <QKeySequence>
#include <QList>

namespace qkv {

// A platform's standard keys for an action plus the usual ones of other desktops, each once: a
// key bound twice (Qt's X11 scheme already lists Ctrl+Shift+Z for Redo) makes the shortcut
// ambiguous, and an ambiguous shortcut does nothing.
inline QList<QKeySequence> shortcutsWith(const QList<QKeySequence> &standard, const QList<QKeySequence> &also)
{
    QList<QKeySequence> keys;
    for (const QKeySequence &key : standard + also)
        if (!key.isEmpty() && !keys.contains(key))
            keys << key;
    return keys;
}

} // namespace qkv
