#pragma once

#include <QString>

namespace qkv {

// The operating system's words for errno `code` ("No space left on device"), thread-safe.
QString systemErrorText(int code);

} // namespace qkv
