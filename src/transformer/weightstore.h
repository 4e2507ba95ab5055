#pragma once

#include "transformer/safetensorsfile.h"

#include <QHash>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace qkv::transformer {

// A tensor the model computes with, as float32 in row-major order once the store is
// materialized: F32 points into the mapped file itself, F16/BF16 into the store's own buffer.
struct Weight {
    QString name;
    QString file;
    std::vector<qint64> shape;
    qint64 count = 0;
    const float *data = nullptr;

    qint64 rows() const { return shape.empty() ? 1 : shape.front(); }
    qint64 cols() const { return shape.size() < 2 ? count : count / shape.front(); }
};

// Every tensor of a model's safetensors files (one file, or the shards an index lists). Opening
// reads headers only; the family's loader then asks for the tensors it needs, with the shapes
// config.json implies, and materialize() checks the memory they need before any is widened.
class WeightStore
{
public:
    // Opens `folder`/model.safetensors or the shards of model.safetensors.index.json.
    void open(const QString &folder);

    bool has(const QString &name) const { return m_index.contains(name); }
    // The tensor `name` with exactly `shape`; `why` names the config.json keys the shape comes
    // from. Throws Refusal naming the file and tensor when it is missing or shaped otherwise.
    const Weight *require(const QString &name, const std::vector<qint64> &shape, const QString &why);

    // Refuses when the requested tensors need more than `budget` bytes as float32, then widens
    // F16/BF16 (refusing NaN or infinite values by tensor) and points F32 into the mapping.
    // `progress` (optional) hears the bytes done after each tensor and can stop the work.
    void materialize(qint64 budget, const std::function<bool(qint64 done, qint64 total)> &progress = {});

    qint64 parameterCount() const; // every tensor of the files
    qint64 fileBytes() const;
    qint64 usedBytes() const; // float32 bytes of the tensors asked for
    qint64 ownedBytes() const { return m_ownedCount * qint64(sizeof(float)); }
    QString describeLocation() const;

private:
    struct Located {
        const SafetensorsEntry *entry = nullptr;
        const SafetensorsFile *file = nullptr;
    };
    void add(std::unique_ptr<SafetensorsFile> file);

    std::vector<std::unique_ptr<SafetensorsFile>> m_files;
    QHash<QString, Located> m_index;
    std::vector<std::unique_ptr<Weight>> m_used; // stable addresses: the model points at them
    std::vector<Located> m_usedFrom;
    struct Free {
        void operator()(float *p) const;
    };
    std::unique_ptr<float[], Free> m_owned; // the widened F16/BF16 tensors
    qint64 m_ownedCount = 0;
};

} // namespace qkv::transformer
