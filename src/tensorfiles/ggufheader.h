#pragma once

#include "tensorfiles/ggmltype.h"

#include <QByteArrayView>
#include <QHash>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <vector>

namespace qkv {

// GGUF's metadata value types, numbered as the format numbers them (ggml's docs/gguf.md).
enum class GgufValueType : quint32 {
    UInt8 = 0,
    Int8 = 1,
    UInt16 = 2,
    Int16 = 3,
    UInt32 = 4,
    Int32 = 5,
    Float32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    UInt64 = 10,
    Int64 = 11,
    Float64 = 12,
};

// One metadata value. `value` holds an integer as qint64 (quint64 for UInt64), a float as double,
// a bool, a string as QString (UTF-8 decoded), an array of strings as QStringList, of integers or
// bools as QList<qint64>, of floats as QList<double>, of arrays as QVariantList.
struct GgufValue {
    GgufValueType type = GgufValueType::UInt8;
    GgufValueType elementType = GgufValueType::UInt8; // of an array
    QVariant value;
};

// One tensor as its info describes it, checked against the file: a known ggml type, 1 to 4
// dimensions, innermost first as ggml orders them (dims[0] is a row's length, a whole number of
// the type's blocks), its bytes inside the data section, aligned, overlapping no other tensor's.
struct GgufTensor {
    QString name;
    const GgmlType *type = nullptr;
    std::vector<qint64> dims;
    qint64 elements = 0;
    qint64 offset = 0; // of its first byte, from the start of the file
    qint64 size = 0; // bytes
};

struct GgufHeader {
    quint32 version = 3;
    quint32 alignment = 32; // general.alignment, else 32
    qint64 dataOffset = 0; // where the data section starts
    QStringList keys; // the metadata's keys in file order
    QHash<QString, GgufValue> metadata;
    std::vector<GgufTensor> tensors; // in file order

    const GgufValue *value(const QString &key) const;
    const GgufTensor *tensor(QStringView name) const;
};

// The header of the GGUF file `bytes` (versions 2 and 3; the whole file, or its mapping: the
// data section is checked, never read). Every count, length and offset is checked against the
// bytes there before anything is allocated; throws tensorio::Invalid naming the key or tensor
// ("blk.0.attn_q.weight: offset 96 is not a multiple of the alignment 32"), the caller puts the
// file's name in front.
GgufHeader parseGgufHeader(QByteArrayView bytes);

// Whether the file at `path` starts as a GGUF file does ("GGUF"): Ollama's blobs have no .gguf.
bool isGgufFile(const QString &path);

// "Q4_K_M", "Q8_0", "F16", "IQ4_XS", "BF16" in a GGUF file's name ("model.Q4_K_M.gguf",
// "model-q8_0.gguf"), upper-cased, as llama.cpp's tools and the Hub's repositories name them;
// empty when it names none.
QString ggufQuantization(const QString &fileName);

// "[4096, 32000]": a tensor's dimensions as llama.cpp prints them, innermost first.
QString ggufShape(const std::vector<qint64> &dims);

} // namespace qkv
