#pragma once

#include "tensorfiles/bulkallocator.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace qkv {

using FloatValues = std::vector<float, BulkAllocator<float>>;

// One named array read from a model file (NumPy, safetensors or the JSON form): a shape and
// its values in row-major (C) order. Numbers are kept as 32-bit floats whatever the file
// stored: attention weights need no more, and 512 tokens × 12 layers × 12 heads is then
// 150 MB instead of 300. A NumPy string array (the tokens of an .npz) fills `strings` instead.
struct Tensor {
    QString name;
    std::vector<qint64> shape;
    FloatValues data;
    QStringList strings;
    bool text = false; // a string array: its values are in `strings`, not `data`

    qint64 count() const;
    // "(2, 3)", as NumPy prints a shape.
    QString shapeString() const;
};

// What a reader gives back: every tensor it was asked for, the names of all the file holds,
// or a message naming the file and the place of the first problem
// ("model.npz: attention.npy: header: shape (2, 3) has 6 values but the data holds 5").
struct TensorFile {
    std::vector<Tensor> tensors;
    QStringList names; // every array in the file, in file order, also those not read
    QString error;

    explicit operator bool() const { return error.isEmpty(); }
    const Tensor *find(const QString &name) const;
    Tensor *find(const QString &name);
};

// Which arrays to decode; the others are only listed in TensorFile::names, so an unrelated
// array of a type this program does not read (token ids as int64) cannot spoil the file.
using TensorFilter = std::function<bool(const QString &name)>;

namespace limits {
// No reader allocates more than this for one file's decoded values, whatever a header claims.
inline constexpr qint64 maxTensorBytes = qint64(1) << 30;
// Model files are mapped, not read; this only bounds what a header may point into.
inline constexpr qint64 maxModelFileBytes = qint64(4) << 30;
} // namespace limits

} // namespace qkv
