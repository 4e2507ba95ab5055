#include "fileread.h"

#include "systemerror.h"

#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace qkv {

ReadableFile::ReadableFile(const QString &path)
{
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
    // Open without waiting is all O_NONBLOCK was for: reads of a pipe wait for its writer.
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
    bytes.reserve(m_size >= 0 ? m_size + 1 : 64 * 1024);
    char chunk[64 * 1024];
    for (;;) {
        const ssize_t n
            = ::read(m_fd, chunk, static_cast<size_t>(std::min<qint64>(sizeof chunk, cap + 1 - bytes.size())));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            m_error = systemErrorText(errno);
            return std::nullopt;
        }
        if (n == 0)
            break;
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

std::optional<QByteArray> readWholeFile(const QString &path, qint64 cap, QString *error)
{
    ReadableFile file(path);
    std::optional<QByteArray> bytes = file.readUpTo(cap);
    if (!bytes)
        *error = file.wasTooLarge() ? QStringLiteral("larger than %1 MiB").arg(cap >> 20) : file.error();
    return bytes;
}

} // namespace qkv
