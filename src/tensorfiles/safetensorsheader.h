#pragma once

#include "tensorfiles/dtype.h"

#include <QByteArrayView>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace qkv {

// One tensor as a safetensors header describes it, checked against the file: a safetensors
// type, a shape of whole numbers, its bytes inside the data after the header, exactly
// shape × item size of them, overlapping no other tensor's.
struct SafetensorsEntry {
    QString name;
    Dtype dtype = Dtype::F32;
    std::vector<qint64> shape;
    qint64 count = 0; // elements
    qint64 offset = 0; // of its first byte, from the start of the file
    qint64 size = 0; // bytes
};

struct SafetensorsHeader {
    std::vector<SafetensorsEntry> entries; // in file order
    QJsonObject metadata; // "__metadata__": strings only, by the format
};

// The header of the safetensors file `bytes` (the whole file, or its mapping), every entry
// checked; throws tensorio::Invalid naming the tensor and the key ("transformer.x: shape [4, 5]
// of F32 needs 80 bytes but data_offsets give 64"), the caller puts the file's name in front.
SafetensorsHeader parseSafetensorsHeader(QByteArrayView bytes);

// "[4, 5]", as a safetensors header writes a shape.
QString safetensorsShape(const std::vector<qint64> &shape);

} // namespace qkv
