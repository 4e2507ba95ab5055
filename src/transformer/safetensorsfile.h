#pragma once

#include "tensorfiles/safetensorsheader.h"

#include <QFile>
#include <QString>

#include <memory>
#include <vector>

namespace qkv::transformer {

// A safetensors file mapped read-only (never read whole: a page is touched when used), its
// header checked by tensorfiles' parser.
class SafetensorsFile
{
public:
    // Maps `path` and validates its whole header; throws Refusal naming the file and tensor.
    explicit SafetensorsFile(const QString &path);

    const QString &path() const { return m_path; }
    qint64 fileSize() const { return m_size; }
    const std::vector<SafetensorsEntry> &entries() const { return m_entries; }
    // The first of the entry's bytes, in the mapping.
    const uchar *bytes(const SafetensorsEntry &e) const { return m_map + e.offset; }

private:
    QString m_path;
    std::unique_ptr<QFile> m_file; // owns the mapping
    const uchar *m_map = nullptr;
    qint64 m_size = 0;
    std::vector<SafetensorsEntry> m_entries;
};

} // namespace qkv::transformer
