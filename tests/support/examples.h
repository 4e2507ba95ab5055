#pragma once

#include "document/documentio.h"

namespace qkv::test {

// A built-in example (example:NAME) as loaded by the program; one that fails to load is a test bug.
inline Document example(const QString &name)
{
    LoadResult loaded = loadDocument(QStringLiteral("example:") + name);
    if (!loaded)
        qFatal("%s", qPrintable(loaded.error.toString()));
    return *loaded.document;
}

} // namespace qkv::test
