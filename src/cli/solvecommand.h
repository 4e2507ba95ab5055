#pragma once

#include <QStringList>

#include <cstdio>

namespace qkv::cli {

// `qkvlab solve FILE --query TOKEN --key TOKEN --weight W [--change query|key|both] [--head N]
// [-o OUT [--overwrite]]`: goal-seek from the command line. Prints the change, the new vectors
// and the weight reached as JSON, and with -o writes the edited document. Returns 0 when the
// weight is reached, 3 when it cannot be (the JSON then gives the closest weight reachable), 1
// when a file cannot be read or written, 2 for wrong usage or a document goal-seek cannot edit.
int runSolve(const QStringList &args, FILE *out, FILE *err);

} // namespace qkv::cli
