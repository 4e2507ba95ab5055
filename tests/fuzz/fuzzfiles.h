#pragma once

// For the readers that take a path or a folder: the input is written into a temporary folder of
// this process, made once and reused by every run (removed at exit).

#include "fuzzcheck.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace qkv::fuzz {

inline const QTemporaryDir &scratch()
{
    static const QTemporaryDir dir;
    FUZZ_CHECK(dir.isValid(), QStringLiteral("no temporary folder: ") + dir.errorString());
    return dir;
}

// `name` under the scratch folder, its parent folders made.
inline QString scratchPath(const QString &name)
{
    const QString path = scratch().filePath(name);
    QDir().mkpath(QFileInfo(path).absolutePath());
    return path;
}

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    FUZZ_CHECK(f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size(),
        path + QStringLiteral(": ") + f.errorString());
}

// The input cut at its NUL bytes into at most `most` parts (the last keeps any further NULs): a
// text file holds none, so one input carries several files and a sentence.
inline std::vector<QByteArray> parts(const uint8_t *data, size_t size, int most)
{
    std::vector<QByteArray> out;
    const auto *begin = reinterpret_cast<const char *>(data), *end = begin + size;
    while (int(out.size()) + 1 < most) {
        const char *nul = std::find(begin, end, '\0');
        if (nul == end)
            break;
        out.emplace_back(begin, nul - begin);
        begin = nul + 1;
    }
    out.emplace_back(begin, end - begin);
    return out;
}

} // namespace qkv::fuzz
