#pragma once

#include <QByteArray>
#include <QString>

#include <cstdio>
#include <cstdlib>

// A broken promise of the code under test: libFuzzer records the input as a crash. Used for
// invariants the sanitizers cannot see (a round trip that differs, a NaN that got through).
#define FUZZ_CHECK(condition, detail)                                                                                  \
    do {                                                                                                               \
        if (!(condition)) {                                                                                            \
            std::fprintf(stderr, "%s:%d: check failed: %s\n  %s\n", __FILE__, __LINE__, #condition,                    \
                QString(detail).toLocal8Bit().constData());                                                            \
            std::abort();                                                                                              \
        }                                                                                                              \
    } while (false)

namespace qkv::fuzz {

// Arbitrary bytes as text, the way the program receives text (clipboard, arguments): UTF-8.
inline QString text(const uint8_t *data, size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
}

} // namespace qkv::fuzz
