#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

class QIODevice;

namespace qkv {

// The one way the program writes a file the user cares about: into a QSaveFile, flushed and
// checked before commit (Qt 6.4 can commit an empty file on a full disk), so
// either the whole new file is there or the old one is untouched. Returns an empty string on
// success, otherwise a message naming the file and the reason.
QString saveAtomically(const QString &path, const QByteArray &bytes);
QString saveAtomically(const QString &path, const std::function<bool(QIODevice &)> &writer);

} // namespace qkv
