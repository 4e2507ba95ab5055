#include "cli/cliprint.h"

#include "platform/systemerror.h"

#include <array>
#include <cerrno>

namespace qkv::cli {
namespace {

// The first write error of each stream written to (errno; EIO when the library set none).
struct Failure {
    FILE *stream = nullptr;
    int code = 0;
};
thread_local std::array<Failure, 4> failures;

void remember(FILE *stream, int code)
{
    for (const Failure &f : failures)
        if (f.stream == stream)
            return;
    for (Failure &f : failures) {
        if (f.stream == nullptr) {
            f = {stream, code != 0 ? code : EIO};
            return;
        }
    }
}

// The remembered error of `stream` (0: none), forgotten.
int takeFailure(FILE *stream)
{
    for (Failure &f : failures) {
        if (f.stream == stream) {
            const int code = f.code;
            f = {};
            return code;
        }
    }
    return 0;
}

} // namespace

void write(FILE *stream, const QByteArray &bytes)
{
    errno = 0;
    if (std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stream)
        != static_cast<std::size_t>(bytes.size()))
        remember(stream, errno);
}

void print(FILE *stream, const QString &text)
{
    write(stream, text.toUtf8());
}

int usageError(FILE *err, const QString &message)
{
    print(err, QStringLiteral("qkvlab: %1\nTry 'qkvlab --help'.\n").arg(message));
    return 2;
}

int finishOutput(FILE *out, FILE *err, int status)
{
    errno = 0;
    if (std::fflush(out) != 0 || std::ferror(out))
        remember(out, errno);
    const int code = takeFailure(out);
    std::clearerr(out);
    if (code == 0)
        return status;
    print(err, QStringLiteral("qkvlab: could not write to standard output: %1\n").arg(systemErrorText(code)));
    std::fflush(err);
    return status != 0 ? status : 1;
}

} // namespace qkv::cli
