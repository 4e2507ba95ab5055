#pragma once

#include <QObject>

namespace qkv::test {

// The child a test drives by its object name (from the .ui form); a missing one is a test bug.
template<typename T>
T *named(const QObject *parent, const char *name)
{
    T *w = parent->findChild<T *>(QLatin1String(name));
    Q_ASSERT(w);
    return w;
}

} // namespace qkv::test
