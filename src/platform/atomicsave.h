#pragma once

#include <QByteArray>
#include <QString>

namespace qkv {

// What writing to a path would do, decided from the file system before anything is written.
struct SaveTarget {
    enum Kind {
        New, // nothing there yet: a new file is made
        File, // a regular file (possibly behind symbolic links): replaced atomically
        Stream, // a character device, a pipe, or standard output/error: written straight into
        Refused, // a folder, block device, socket, loop of links, missing folder…: `error` says why
    };
    Kind kind = Refused;
    QString writePath; // the file that is replaced (symbolic links resolved), or the stream opened
    QString error;
};
SaveTarget resolveSaveTarget(const QString &path);

// The one way the program writes a file the user cares about. A regular file is written to a
// temporary file beside it, flushed to disk and renamed over it, so either the whole new file is
// there or the old one is untouched (permissions kept, symbolic links followed, never replaced).
// A character device or pipe is written straight (`-o /dev/stdout`); other kinds of file are
// refused. Returns an empty string on success, otherwise "Could not save PATH: REASON" with the
// operating system's reason (no space left on device, permission denied…).
QString saveAtomically(const QString &path, const QByteArray &bytes);

} // namespace qkv
