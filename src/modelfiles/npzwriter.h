#pragma once

#include "modelfiles/modelattention.h"

#include <QByteArray>

namespace qkv {

// A model's attention as the exporter's .npz (NumPy's savez: one stored .npy entry per array):
// "tokens" (a Unicode string array), "attention" [layers, heads, n, n] and, when the model has
// them, "queries", "keys" and "values" [layers, heads, n, d], all little-endian float32 (the
// attention float16 when the model keeps it so, as a long run does, or recomputes it). It opens
// again in QKV Lab and in numpy (np.load). Empty, with the reason in `error`, past the 4 GiB an
// archive without ZIP64 can hold.
QByteArray modelAttentionToNpz(const ModelAttention &model, QString *error = nullptr);

} // namespace qkv
