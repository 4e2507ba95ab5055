#pragma once

#include "tensorfiles/tensor.h"

#include <QByteArrayView>
#include <QString>

namespace qkv {

// Readers of the tensor file formats, decoding to float32. Each takes the whole file's bytes and
// the name to put in front of its messages, trusts no header (every size is checked against the
// bytes there before anything is allocated, and decoded values are capped at
// limits::maxTensorBytes) and refuses non-finite values with their index.

// NumPy .npy, format versions 1.0, 2.0 and 3.0: little-endian <f2, <f4 and <f8 in C or
// Fortran order, and string arrays (<U, |S) for tokens. The array is named "" here.
TensorFile readNpy(QByteArrayView bytes, const QString &where);

// NumPy .npz: a ZIP archive of .npy files, stored or deflated (np.savez, np.savez_compressed);
// each array is named after its entry without ".npy". Entries not wanted are only listed.
TensorFile readNpz(QByteArrayView bytes, const QString &where, const TensorFilter &wanted = {});

// safetensors: F16, BF16, F32 and F64 are decoded; arrays of the other types are listed. A
// "tokens" entry of "__metadata__" holding a JSON list of strings becomes a text tensor named
// "tokens".
TensorFile readSafetensors(QByteArrayView bytes, const QString &where, const TensorFilter &wanted = {});

} // namespace qkv
