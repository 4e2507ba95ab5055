#pragma once

#include <QString>

namespace qkv::tensorio {

// Thrown by a tensor format's parser at the first problem and caught by the reader's entry
// point, which puts the file name (and the archive entry) in front of the message.
struct Invalid {
    QString message;
};

[[noreturn]] void fail(const QString &message);

} // namespace qkv::tensorio
