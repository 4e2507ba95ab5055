#include "platform/atomicsave.h"

#include "platform/fileread.h"
#include "platform/systemerror.h"

#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qkv {
namespace {

QByteArray encoded(const QString &path)
{
    return QFile::encodeName(path);
}

constexpr int pipeWaitMs = 5000;
constexpr int pipeWaitStepMs = 50;

SaveTarget refused(const QString &why)
{
    return {SaveTarget::Refused, {}, why};
}

// /dev/stdout, /dev/fd/1, /proc/self/fd/1: names of an open descriptor, which may be a regular
// file the shell opened (`> out.png`): written into, never renamed over.
bool namesOpenDescriptor(const QString &path)
{
    return path == u"/dev/stdout" || path == u"/dev/stderr" || path.startsWith(u"/dev/fd/")
        || path.startsWith(u"/proc/self/fd/");
}

QString kindOfFile(mode_t mode)
{
    if (S_ISDIR(mode))
        return systemErrorText(EISDIR);
    if (S_ISBLK(mode))
        return QStringLiteral("is a block device");
    if (S_ISSOCK(mode))
        return QStringLiteral("is a socket");
    return QStringLiteral("is not a regular file");
}

// Every byte, through short writes and signals; false with errno set otherwise.
bool writeAll(int fd, const QByteArray &bytes)
{
    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, static_cast<size_t>(std::min<qint64>(left, 1 << 30)));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        data += n;
        left -= n;
    }
    return true;
}

QString writeStream(const SaveTarget &target, const QByteArray &bytes)
{
    // Not blocking in open: a pipe gets a few seconds for its reader to come (`cat PIPE` started
    // just after), then fails instead of hanging.
    int fd = -1;
    for (int waited = 0; fd < 0; waited += pipeWaitStepMs) {
        fd = ::open(encoded(target.writePath).constData(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd >= 0 || errno != ENXIO)
            break;
        if (waited >= pipeWaitMs)
            return QStringLiteral("nothing reads from the pipe");
        ::usleep(pipeWaitStepMs * 1000);
    }
    if (fd < 0)
        return systemErrorText(errno);
    struct stat st {
    };
    int flags = ::fcntl(fd, F_GETFL);
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
        flags |= O_APPEND; // `>> log` keeps what it had; `> file` is empty anyway
    ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    QString error;
    if (!writeAll(fd, bytes))
        error = systemErrorText(errno);
    if (::close(fd) != 0 && error.isEmpty() && errno != EINTR)
        error = systemErrorText(errno);
    return error;
}

QString replaceFile(const SaveTarget &target, const QByteArray &bytes)
{
    const QFileInfo info(target.writePath);
    struct stat old {
    };
    const bool existed = ::stat(encoded(target.writePath).constData(), &old) == 0;
    // A hidden name beside the file, on the same file system, so that rename() is atomic.
    QByteArray temporary;
    int fd = -1;
    for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
        // Short enough for any name the file system accepts (255 bytes, 4 per character).
        temporary = encoded(info.path() + u"/."_qs + info.fileName().left(50) + u'.'
            + QString::number(QRandomGenerator::global()->generate(), 36) + u".tmp"_qs);
        fd = ::open(temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            return systemErrorText(errno);
    }
    if (fd < 0)
        return systemErrorText(EEXIST);
    int failure = 0;
    if (existed && ::fchmod(fd, old.st_mode & 07777) != 0)
        failure = errno;
    if (!failure && !writeAll(fd, bytes))
        failure = errno;
    if (!failure && ::fsync(fd) != 0 && errno != EINVAL)
        failure = errno;
    if (::close(fd) != 0 && !failure && errno != EINTR)
        failure = errno;
    if (!failure && ::rename(temporary.constData(), encoded(target.writePath).constData()) != 0)
        failure = errno;
    if (failure) {
        ::unlink(temporary.constData());
        return systemErrorText(failure);
    }
    return {};
}

} // namespace

SaveTarget resolveSaveTarget(const QString &path)
{
    if (path.isEmpty())
        return refused(QStringLiteral("no file name"));
    if (const QString why = unusablePath(path); !why.isEmpty())
        return refused(why);
    const QByteArray name = encoded(path);
    struct stat link {
    };
    if (::lstat(name.constData(), &link) != 0) {
        if (errno != ENOENT)
            return refused(systemErrorText(errno));
        return {SaveTarget::New, path, {}}; // a missing folder fails when the file is made
    }
    struct stat st = link;
    if (S_ISLNK(link.st_mode) && ::stat(name.constData(), &st) != 0) {
        if (errno == ENOENT)
            return refused(QStringLiteral("it is a symbolic link to %1, which does not exist")
                               .arg(QFileInfo(path).symLinkTarget()));
        return refused(systemErrorText(errno)); // ELOOP: "Too many levels of symbolic links"
    }
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) || (S_ISREG(st.st_mode) && namesOpenDescriptor(path)))
        return {SaveTarget::Stream, path, {}};
    if (!S_ISREG(st.st_mode))
        return refused(kindOfFile(st.st_mode));
    // Renaming over a read-only file would succeed in a writable folder: refuse as editors do.
    if (::access(name.constData(), W_OK) != 0)
        return refused(QStringLiteral("the file is not writable (%1)").arg(systemErrorText(errno)));
    if (!S_ISLNK(link.st_mode))
        return {SaveTarget::File, path, {}};
    // Replace the file the link points to, keeping the link.
    char resolved[PATH_MAX];
    if (!::realpath(name.constData(), resolved))
        return refused(systemErrorText(errno));
    return {SaveTarget::File, QFile::decodeName(resolved), {}};
}

QString saveAtomically(const QString &path, const QByteArray &bytes)
{
    const SaveTarget target = resolveSaveTarget(path);
    QString error;
    switch (target.kind) {
    case SaveTarget::Refused:
        error = target.error;
        break;
    case SaveTarget::Stream:
        error = writeStream(target, bytes);
        break;
    case SaveTarget::New:
    case SaveTarget::File:
        error = replaceFile(target, bytes);
        break;
    }
    return error.isEmpty() ? QString() : QStringLiteral("Could not save %1: %2").arg(path, error);
}

} // namespace qkv
