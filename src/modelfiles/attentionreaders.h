#pragma once

#include "tensorfiles/tensorreaders.h"

#include <QByteArrayView>
#include <QString>

namespace qkv {

// The files a real model's attention comes in: the tensor formats of tensorfiles/ and the
// exporter's plain JSON form. Every reader gives the promises of tensorfiles/tensorreaders.h.

// The plain JSON form {"tokens": [...], "attention": [...], "queries": ..., "keys": ...,
// "values": ...}: nested lists become tensors, "tokens" a text tensor. Errors name the JSON
// path (`attention[0][1][2][3]: expected a finite number, got null`).
TensorFile readAttentionJson(QByteArrayView bytes, const QString &where);

// One of the above by the file's suffix (.npy, .npz, .safetensors, .json); the file is
// mapped rather than read, so only the arrays decoded take memory.
TensorFile readTensorFile(const QString &path, const TensorFilter &wanted = {});

} // namespace qkv
