#pragma once

#include "transformer/ggufcheckpoint.h"
#include "transformer/gguffile.h"
#include "transformer/safetensorsfile.h"

#include <QHash>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace qkv::transformer {

// A tensor the model computes with, in row-major order once the store is materialized: F32
// points into the mapped file itself (`data`); a matrix of another type (F16, BF16, GGUF's
// quantized types) is kept as stored in the mapping (`packed`), its rows widened to float32 where
// a product or a lookup uses them; the rest (vectors, GPT-2's transposed GGUF matrices) is widened
// into the store's own buffer.
struct Weight {
    QString name;
    QString file;
    std::vector<qint64> shape;
    qint64 count = 0;
    const float *data = nullptr; // null when packed

    const uchar *packed = nullptr;
    Dtype dtype = Dtype::F32; // of a packed safetensors matrix
    const GgmlType *ggml = nullptr; // of a packed GGUF matrix
    qint64 rowBytes = 0;
    std::vector<qint32> rowOrder; // checkpoint row r is stored row rowOrder[r]; empty: the same

    qint64 rows() const { return shape.empty() ? 1 : shape.front(); }
    qint64 cols() const { return shape.size() < 2 ? count : count / shape.front(); }
    bool isPacked() const { return packed != nullptr; }
    // Rows first … first + n − 1 as float32, row after row, at `out`; any weight.
    void decodeRows(qint64 first, qint64 n, float *out) const;
    // The stored bytes of rows first … first + n − 1 (as many as there are), when packed and
    // together (not reordered); else {null, 0}.
    // The rows as bfloat16 where they are stored so, one after another (else null).
    const unsigned short *bf16Rows() const;
    std::pair<const uchar *, qint64> storedRows(qint64 first, qint64 n) const
    {
        if (!packed || !rowOrder.empty() || first >= rows())
            return {nullptr, 0};
        return {packed + first * rowBytes, std::min(n, rows() - first) * rowBytes};
    }
};

// Every tensor of a model's files: its safetensors (one file, or the shards an index lists) or
// one GGUF file, each tensor under the name its family's binder asks for. Opening reads headers
// only; the family's loader then asks for the tensors it needs, with the shapes the config
// implies, and materialize() checks the memory they need before any is widened.
class WeightStore
{
public:
    WeightStore();
    ~WeightStore();
    WeightStore(const WeightStore &) = delete;
    WeightStore &operator=(const WeightStore &) = delete;

    // Opens `folder`/model.safetensors or the shards of model.safetensors.index.json.
    void open(const QString &folder);
    // Takes the tensors of the GGUF file `file` (opened, its config read from it) under their
    // checkpoint names, llama.cpp's reordering of the rotary heads' rows undone.
    void openGguf(std::unique_ptr<GgufFile> file, const Config &config);

    bool has(const QString &name) const { return m_index.contains(name); }
    // The tensor `name` with exactly `shape`; `why` names the config keys the shape comes from.
    // Throws Refusal naming the file and tensor when it is missing, shaped otherwise, or of a
    // type this program does not read.
    const Weight *require(const QString &name, const std::vector<qint64> &shape, const QString &why);

    // `w` (a tensor require() gave) is widened to float32 when materialized, never kept as stored:
    // GPT-2's Conv1D matrices, which its products read by column.
    void widen(const Weight *w);

    // Refuses when the requested tensors need more than `budget` bytes as float32, then widens
    // F16/BF16 and dequantizes GGUF's types (refusing NaN or infinite values by tensor) and points
    // F32 into the mapping. `progress` (optional) hears the bytes done after each tensor and can
    // stop the work.
    void materialize(qint64 budget, const std::function<bool(qint64 done, qint64 total)> &progress = {});

    // The GGUF file's header (its metadata holds the tokenizer too), or null for safetensors.
    const GgufHeader *ggufHeader() const { return m_gguf ? &m_gguf->header() : nullptr; }

    qint64 parameterCount() const; // every tensor of the files
    qint64 fileBytes() const;
    qint64 usedBytes() const; // what the tensors asked for take in memory: as stored, or as float32
    qint64 ownedBytes() const { return m_ownedCount * qint64(sizeof(float)); }
    QString describeLocation() const;

    // One tensor of the files as stored: where its bytes are, in which type and order.
    struct Stored {
        QString file;
        QString storedName; // GGUF: llama.cpp's name ("blk.0.attn_q.weight"), which messages give
        std::vector<qint64> shape; // the checkpoint's order, outermost first
        qint64 count = 0;
        qint64 size = 0; // bytes
        const uchar *bytes = nullptr;
        Dtype dtype = Dtype::F32; // safetensors
        const GgmlType *ggml = nullptr; // GGUF: the type, which decides over dtype
        StoredLayout layout = StoredLayout::AsStored;
        int heads = 0; // RotaryRows: the heads whose rows were reordered
        bool widen = false; // widened to float32 even if it could be kept as stored

        QString typeName() const;
    };

private:
    void add(std::unique_ptr<SafetensorsFile> file);
    void index(const QString &name, const Stored &stored);

    std::vector<std::unique_ptr<SafetensorsFile>> m_files;
    std::unique_ptr<GgufFile> m_gguf;
    QString m_configName = QStringLiteral("config.json"); // what the shapes come from, in messages
    QHash<QString, Stored> m_index;
    std::vector<std::unique_ptr<Weight>> m_used; // stable addresses: the model points at them
    std::vector<Stored> m_usedFrom;
    struct Free {
        void operator()(float *p) const;
    };
    std::unique_ptr<float[], Free> m_owned; // the widened and dequantized tensors
    qint64 m_ownedCount = 0;
};

} // namespace qkv::transformer
