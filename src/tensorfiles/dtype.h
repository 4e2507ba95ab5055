#pragma once

#include <QString>
#include <QStringView>

#include <optional>

namespace qkv {

// The element types tensor files store, one vocabulary for every reader (safetensors spells
// them as the enumerators are named, F8E4M3 as "F8_E4M3"). This program computes in float32:
// F32, F16 and BF16 widen to it exactly, F64 narrows with a check; the other types are listed
// and their bytes checked, so an unrelated array (token ids as I64) cannot spoil a file.
enum class Dtype : quint8 { F64, F32, F16, BF16, F8E4M3, F8E5M2, I64, I32, I16, I8, U64, U32, U16, U8, Bool };

int itemSize(Dtype type);
QString dtypeName(Dtype type); // as safetensors spells it: "BF16", "F8_E4M3"
std::optional<Dtype> dtypeNamed(QStringView name);

// F32, F16 and BF16: every value of theirs is a float32 value.
bool widensExactly(Dtype type);

// `count` little-endian values of a type that widensExactly, at `in` (any alignment), as float32
// at `out`: F16 through Qt's qfloat16 (F16C where the CPU has it), BF16 through Eigen's bfloat16.
void widenToFloat(const void *in, Dtype type, qint64 count, float *out);

// The index of the first NaN or infinity of `values`, or -1 when all are finite.
qint64 firstNonFinite(const float *values, qint64 count);

} // namespace qkv
