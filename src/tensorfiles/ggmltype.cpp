#include "tensorfiles/ggmltype.h"

#include "kernels/simdlevel.h"
#include "tensorfiles/dtype.h"
#include "tensorfiles/ggmlblocks.h"

#include <array>

namespace qkv {
namespace {

// Numbered as ggml.h's enum ggml_type; the gaps are types ggml removed (Q4_2, Q4_3, the
// repacked Q4_0_4_4 … IQ4_NL_8_8), which no file may hold.
constexpr std::array<GgmlType, 31> types {{
    {0, "F32", 1, 4, true},
    {1, "F16", 1, 2, true},
    {2, "Q4_0", 32, 18, true},
    {3, "Q4_1", 32, 20, true},
    {6, "Q5_0", 32, 22, true},
    {7, "Q5_1", 32, 24, true},
    {8, "Q8_0", 32, 34, true},
    {9, "Q8_1", 32, 36, false},
    {10, "Q2_K", 256, 84, true},
    {11, "Q3_K", 256, 110, true},
    {12, "Q4_K", 256, 144, true},
    {13, "Q5_K", 256, 176, true},
    {14, "Q6_K", 256, 210, true},
    {15, "Q8_K", 256, 292, false},
    {16, "IQ2_XXS", 256, 66, false},
    {17, "IQ2_XS", 256, 74, false},
    {18, "IQ3_XXS", 256, 98, false},
    {19, "IQ1_S", 256, 50, false},
    {20, "IQ4_NL", 32, 18, false},
    {21, "IQ3_S", 256, 110, false},
    {22, "IQ2_S", 256, 82, false},
    {23, "IQ4_XS", 256, 136, false},
    {24, "I8", 1, 1, false},
    {25, "I16", 1, 2, false},
    {26, "I32", 1, 4, false},
    {27, "I64", 1, 8, false},
    {28, "F64", 1, 8, false},
    {29, "IQ1_M", 256, 56, false},
    {30, "BF16", 1, 2, true},
    {34, "TQ1_0", 256, 54, false},
    {35, "TQ2_0", 256, 66, false},
}};

} // namespace

const GgmlType *ggmlType(quint32 id)
{
    for (const GgmlType &t : types)
        if (t.id == id)
            return &t;
    return nullptr;
}

qint64 ggmlBytes(const GgmlType &type, qint64 elements)
{
    if (elements < 0 || elements % type.blockElements != 0)
        return -1;
    const qint64 blocks = elements / type.blockElements;
    if (blocks > (qint64(1) << 62) / type.blockBytes)
        return -1;
    return blocks * type.blockBytes;
}

void dequantizeGgml(const GgmlType &type, const void *blocks, qint64 elements, float *out)
{
    const auto *b = static_cast<const uchar *>(blocks);
    switch (type.id) {
    case 0:
        return widenToFloat(b, Dtype::F32, elements, out);
    case 1:
        return widenToFloat(b, Dtype::F16, elements, out);
    default:
        break;
    }
    // Each level's copy of ggmlblocks.cpp widens the same floats; the widest the CPU has does it.
    const qint64 count = elements / type.blockElements;
#ifdef QKV_GGML_X86
    switch (kernels::simdLevel()) {
    case kernels::SimdLevel::Avx512:
        return ggmlblocks::avx512::decode(type.id, b, count, out);
    case kernels::SimdLevel::Avx2:
        return ggmlblocks::avx2::decode(type.id, b, count, out);
    case kernels::SimdLevel::Sse2:
        break;
    }
#endif
    ggmlblocks::sse2::decode(type.id, b, count, out);
}

} // namespace qkv
