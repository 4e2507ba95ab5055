#pragma once

#include <QString>

namespace qkv::transformer {

// Thrown while a model is opened or a forward pass is checked; the public functions catch it
// and hand its message back, so no exception crosses the library's boundary.
struct Refusal {
    QString message;
};

[[noreturn]] inline void refuse(const QString &message)
{
    throw Refusal {message};
}

} // namespace qkv::transformer
