#pragma once

#include <QtGlobal>

#include <bit>
#include <cstdint>

namespace qkv {

// IEEE 754 binary16 (NumPy <f2, safetensors F16) to float. Exact for every input, since every
// half value is a float value: normal numbers move their exponent and mantissa over, subnormals
// (exponent field 0) are mantissa × 2⁻²⁴, and the all-ones exponent stays infinity or NaN
// (the readers then refuse it as non-finite).
inline float halfToFloat(quint16 h)
{
    const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
    const std::uint32_t exponent = (h >> 10) & 0x1fu;
    const std::uint32_t mantissa = h & 0x3ffu;
    if (exponent == 0) {
        // mantissa ≤ 1023 and the power of two are both exact in float, so is their product.
        const float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
        return std::bit_cast<float>(std::bit_cast<std::uint32_t>(magnitude) | sign);
    }
    if (exponent == 0x1f)
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    return std::bit_cast<float>(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

// bfloat16 (safetensors BF16) is the upper half of a float, so the conversion is a shift.
inline float bfloat16ToFloat(quint16 b)
{
    return std::bit_cast<float>(std::uint32_t(b) << 16);
}

} // namespace qkv
