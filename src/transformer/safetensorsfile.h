#pragma once

#include <QFile>
#include <QString>

#include <memory>
#include <vector>

namespace qkv::transformer {

enum class Dtype { F32, F16, BF16, Other };

// One tensor as a safetensors header describes it, checked against the file: its bytes lie
// inside the data, do not overlap another tensor's, and are exactly shape × item size.
struct TensorEntry {
    QString name;
    QString dtypeName;
    Dtype dtype = Dtype::Other;
    std::vector<qint64> shape;
    qint64 count = 0; // elements
    const uchar *bytes = nullptr; // into the mapping
    qint64 size = 0; // bytes
};

// A safetensors file mapped read-only (never read whole: a page is touched when used).
class SafetensorsFile
{
public:
    // Maps `path` and validates its whole header; throws Refusal naming the file and tensor.
    explicit SafetensorsFile(const QString &path);

    const QString &path() const { return m_path; }
    qint64 fileSize() const { return m_size; }
    const std::vector<TensorEntry> &entries() const { return m_entries; }

private:
    QString m_path;
    std::unique_ptr<QFile> m_file; // owns the mapping
    qint64 m_size = 0;
    std::vector<TensorEntry> m_entries;
};

// The tensors of the safetensors bytes [map, map + size), every header entry checked; throws
// Refusal naming `path` and the tensor.
std::vector<TensorEntry> parseSafetensors(const uchar *map, qint64 size, const QString &path);

QString shapeString(const std::vector<qint64> &shape);

} // namespace qkv::transformer
