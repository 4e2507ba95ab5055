#include "platform/systemerror.h"

#include <cstring>

namespace qkv {

QString systemErrorText(int code)
{
    char buffer[256] = {};
    // The GNU strerror_r returns its text, which need not be in buffer.
    return QString::fromLocal8Bit(strerror_r(code, buffer, sizeof buffer));
}

} // namespace qkv
