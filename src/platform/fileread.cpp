#include "platform/fileread.h"

#include "platform/systemerror.h"

#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qkv {
namespace {

// A pipe or device is given up on after this long without a byte, or this long in all.
constexpr qint64 pipeQuietMs = 5000;
constexpr qint64 pipeTotalMs = 60000;

} // namespace

bool isPlainFileName(const QString &name)
{
    if (name.isEmpty() || name.startsWith(u'.'))
        return false;
    return std::none_of(name.cbegin(), name.cend(),
        [](QChar c) { return c == u'/' || c == u'\\' || c.category() == QChar::Other_Control; });
}

QString unusablePath(const QString &path)
{
    return path.contains(QChar(0)) ? QStringLiteral("the name holds a NUL character") : QString();
}

ReadableFile::ReadableFile(const QString &path)
{
    m_error = unusablePath(path);
    if (!m_error.isEmpty())
        return;
    m_fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (m_fd < 0) {
        m_error = errno == ENOENT ? QStringLiteral("no such file")
            : errno == ENXIO      ? QStringLiteral("is a socket, not a file")
                                  : systemErrorText(errno);
        return;
    }
    struct stat st {
    };
    if (::fstat(m_fd, &st) != 0) {
        m_error = systemErrorText(errno);
    } else if (S_ISDIR(st.st_mode)) {
        m_folder = true;
        m_error = QStringLiteral("is a folder, not a file");
    } else if (S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode)) {
        m_error = QStringLiteral("is a device, not a file");
    }
    if (!m_error.isEmpty()) {
        ::close(m_fd);
        m_fd = -1;
        return;
    }
    m_regular = S_ISREG(st.st_mode);
    m_size = m_regular ? st.st_size : -1;
    // A pipe or device stays non-blocking: readUpTo waits for it, but only so long.
    if (m_regular)
        ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) & ~O_NONBLOCK);
}

ReadableFile::~ReadableFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::optional<QByteArray> ReadableFile::readUpTo(qint64 cap)
{
    if (m_fd < 0)
        return std::nullopt;
    if (m_size > cap) {
        m_tooLarge = true;
        m_error = QStringLiteral("larger than %1 bytes").arg(cap);
        return std::nullopt;
    }
    QByteArray bytes;
    // One byte past the cap is read, so a file that grew since its size was seen is refused.
    bytes.reserve(m_size >= 0 ? m_size + 1 : qint64(64) << 10);
    char chunk[64 * 1024];
    QElapsedTimer clock;
    clock.start();
    qint64 lastBytes = 0; // when the pipe last gave some, in ms from the start
    for (;;) {
        const ssize_t n
            = ::read(m_fd, chunk, static_cast<size_t>(std::min<qint64>(sizeof chunk, cap + 1 - bytes.size())));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            // A writer that is there but sends nothing (or a terminal nobody types into).
            const qint64 now = clock.elapsed();
            const qint64 wait = std::min(lastBytes + pipeQuietMs, pipeTotalMs) - now;
            if (wait <= 0) {
                m_error = now >= pipeTotalMs
                    ? QStringLiteral("is a pipe or device still sending after %1 s").arg(pipeTotalMs / 1000)
                    : QStringLiteral("is a pipe or device that sent nothing for %1 s").arg(pipeQuietMs / 1000);
                return std::nullopt;
            }
            pollfd ready {m_fd, POLLIN, 0};
            ::poll(&ready, 1, static_cast<int>(wait));
            continue;
        }
        if (n < 0) {
            m_error = systemErrorText(errno);
            return std::nullopt;
        }
        if (n == 0)
            break;
        lastBytes = clock.elapsed();
        bytes.append(chunk, n);
        if (bytes.size() > cap) {
            m_tooLarge = true;
            m_error = QStringLiteral("larger than %1 bytes").arg(cap);
            return std::nullopt;
        }
    }
    if (bytes.isEmpty() && !m_regular) {
        m_error = QStringLiteral("is a pipe or device that gave nothing to read");
        return std::nullopt;
    }
    return bytes;
}

QString notARegularFile(const QString &path)
{
    struct stat st {
    };
    if (!unusablePath(path).isEmpty() || ::stat(QFile::encodeName(path).constData(), &st) != 0 || S_ISREG(st.st_mode))
        return {};
    return S_ISFIFO(st.st_mode) ? QStringLiteral("is a pipe (FIFO), not a file")
        : S_ISDIR(st.st_mode)   ? QStringLiteral("is a folder, not a file")
        : S_ISSOCK(st.st_mode)  ? QStringLiteral("is a socket, not a file")
                                : QStringLiteral("is a device, not a file");
}

std::optional<QByteArray> readWholeFile(const QString &path, qint64 cap, QString *error)
{
    ReadableFile file(path);
    if (file.isOpen() && !file.isRegular()) {
        *error = notARegularFile(path);
        return std::nullopt;
    }
    std::optional<QByteArray> bytes = file.readUpTo(cap);
    if (!bytes)
        *error = file.wasTooLarge() ? QStringLiteral("larger than %1 MiB").arg(cap >> 20) : file.error();
    return bytes;
}

} // namespace qkv
