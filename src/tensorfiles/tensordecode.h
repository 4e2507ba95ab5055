#pragma once

#include "tensorfiles/dtype.h"
#include "tensorfiles/formaterror.h"
#include "tensorfiles/tensor.h"

#include <QByteArrayView>
#include <QString>

#include <vector>

// What the tensor readers (NumPy, ZIP, safetensors, JSON) share; not used outside them.
namespace qkv::tensorio {

QString shapeString(const std::vector<qint64> &shape);
// "[1, 0, 2]": the place of the flat row-major index `flat` in an array of this shape.
QString indexString(qint64 flat, const std::vector<qint64> &shape);

// The number of values of `shape`, refused (before anything is allocated) when it overflows
// or when the decoded floats would not fit in what is left of `budget` bytes; the budget is
// shared by all arrays of one file.
qint64 checkedCount(const std::vector<qint64> &shape, qint64 &budget);

// Checks that `available` bytes hold exactly the values of `shape`, refusing the shape otherwise:
// "shape (2, 3) has 6 values but the data holds 5".
void checkDataSize(const std::vector<qint64> &shape, qint64 count, int itemSize, qint64 available);

// Little-endian F16, BF16, F32 or F64 values to floats; the first value that is not finite (or, for F64, does not
// fit a float) is refused with its index.
FloatValues decodeFloats(QByteArrayView bytes, Dtype type, const std::vector<qint64> &shape);
// The `count` float32 values that start at float `first` of `storage` (an inflated archive
// entry), moved to its front and checked like decodeFloats': no copy to fresh memory.
FloatValues adoptFloats(FloatValues &&storage, qint64 first, qint64 count, const std::vector<qint64> &shape);

// A byte view of `size` bytes at `offset`, refused when it would reach past the end.
QByteArrayView slice(QByteArrayView bytes, qint64 offset, qint64 size, const QString &what);

// Little-endian integers at `offset` (the caller has checked the bounds).
quint16 le16(QByteArrayView bytes, qint64 offset);
quint32 le32(QByteArrayView bytes, qint64 offset);
quint64 le64(QByteArrayView bytes, qint64 offset);

} // namespace qkv::tensorio

namespace qkv::tensorio {

// One .npy file (the whole of `bytes`) as a tensor; shared by the .npy and .npz readers.
// When `bytes` lie in `storage` (an inflated entry), float32 values in C order are taken over
// from it instead of copied.
Tensor parseNpy(QByteArrayView bytes, qint64 &budget, FloatValues *storage = nullptr);

// The longest .npy header read; a deflated entry's first maxNpyHeader + 12 bytes hold it.
inline constexpr qint64 maxNpyHeader = 65536;
// Checks the header at the start of a .npy file of `totalSize` bytes against that size and the
// budget, and takes its values' share of the budget: a deflated entry is inflated in full only
// once its declared size is known to fit, and a file's entries can then be read at once.
void checkNpyPrefix(QByteArrayView prefix, qint64 totalSize, qint64 &budget);

} // namespace qkv::tensorio
