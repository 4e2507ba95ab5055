#pragma once

#include <QString>

#include <vector>

namespace qkv::tensorio {

// The header of a NumPy .npy file: the Python dict literal
// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }, parsed by hand since the
// format allows nothing more (strings, booleans and tuples of whole numbers); anything else,
// a missing or unknown key, is refused with "header: …".
struct NpyHeader {
    QString descr;
    bool fortranOrder = false;
    std::vector<qint64> shape;
};

NpyHeader parseNpyHeader(const QString &text);

} // namespace qkv::tensorio
