#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace qkv {

// A file opened for reading as the readers need it: never blocking in open() (a pipe nobody
// writes to is refused, not waited for), folders, block devices and sockets refused, and the
// size known before anything is read.
class ReadableFile
{
public:
    explicit ReadableFile(const QString &path);
    ~ReadableFile();
    ReadableFile(const ReadableFile &) = delete;
    ReadableFile &operator=(const ReadableFile &) = delete;

    bool isOpen() const { return m_fd >= 0; }
    // Why it could not be opened: "no such file", "is a folder", "Permission denied"…
    QString error() const { return m_error; }
    bool isFolder() const { return m_folder; }
    bool isRegular() const { return m_regular; }
    // A regular file's size; -1 for pipes and character devices, whose size is known once read.
    qint64 size() const { return m_size; }
    int descriptor() const { return m_fd; }

    // Everything, up to `cap` bytes; nullopt with error() set when there is more (wasTooLarge),
    // or a read fails. A pipe that gives nothing says so; one whose writer sends nothing for 5 s,
    // or is still sending after 60 s, is given up on.
    std::optional<QByteArray> readUpTo(qint64 cap);
    bool wasTooLarge() const { return m_tooLarge; }

private:
    int m_fd = -1;
    QString m_error;
    bool m_folder = false;
    bool m_regular = false;
    bool m_tooLarge = false;
    qint64 m_size = -1;
};

// Why `path` is no file to open in the window, which reads regular files only (a pipe could keep it
// waiting): "is a pipe (FIFO), not a file", "is a device, not a file", "is a socket, not a file" or
// "is a folder, not a file". Empty for a regular file, and for a path that is not there (the reader
// says so).
QString notARegularFile(const QString &path);

// Whether `name` is one file of a folder, as a file inside that folder names another: not
// empty, no '/' or '\\', not hidden or "." / "..", and no control character (the system would
// end the name at a NUL and open another file than the one checked).
bool isPlainFileName(const QString &name);

// Why the system cannot be given `path` as it is: "the name holds a NUL character", which would
// end it early and name another file. Empty for any other path.
QString unusablePath(const QString &path);

// A whole file of at most `cap` bytes, or nullopt with why in `error` ("no such file",
// "is a folder, not a file", "larger than 16 MiB", "Permission denied"…). For a model folder's
// files: regular files only, so a pipe there is refused at once.
std::optional<QByteArray> readWholeFile(const QString &path, qint64 cap, QString *error);

} // namespace qkv
