#include "tensorfiles/dtype.h"

#include "tensorfiles/ggmltype.h"

#include <QFloat16>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

namespace qkv {

static_assert(std::endian::native == std::endian::little, "tensor files store little-endian values");

namespace {

struct DtypeRow {
    Dtype type;
    const char16_t *name;
    int size;
};

constexpr std::array<DtypeRow, 15> dtypeRows {
    {{Dtype::F64, u"F64", 8}, {Dtype::F32, u"F32", 4}, {Dtype::F16, u"F16", 2}, {Dtype::BF16, u"BF16", 2},
        {Dtype::F8E4M3, u"F8_E4M3", 1}, {Dtype::F8E5M2, u"F8_E5M2", 1}, {Dtype::I64, u"I64", 8},
        {Dtype::I32, u"I32", 4}, {Dtype::I16, u"I16", 2}, {Dtype::I8, u"I8", 1}, {Dtype::U64, u"U64", 8},
        {Dtype::U32, u"U32", 4}, {Dtype::U16, u"U16", 2}, {Dtype::U8, u"U8", 1}, {Dtype::Bool, u"BOOL", 1}}};

// Looked up by the enumerator's value: the rows in the enum's order, one each.
constexpr bool rowsInEnumOrder()
{
    for (std::size_t i = 0; i < dtypeRows.size(); ++i) {
        if (std::size_t(dtypeRows[i].type) != i)
            return false;
    }
    return std::size_t(Dtype::Bool) + 1 == dtypeRows.size();
}
static_assert(rowsInEnumOrder(), "dtypeRows: one row per Dtype, in the enum's order");

const DtypeRow &rowOf(Dtype type)
{
    return dtypeRows[std::size_t(type)];
}

// A mapped file's tensor may start at any byte, and both libraries read their 16-bit types
// through typed pointers: a misaligned one is converted through an aligned block.
constexpr qint64 widenBlock = 4096;

template<typename Convert>
void widenBlocks(const uchar *in, qint64 count, float *out, Convert convert)
{
    if (reinterpret_cast<std::uintptr_t>(in) % alignof(quint16) == 0) {
        convert(reinterpret_cast<const quint16 *>(in), count, out);
        return;
    }
    alignas(64) std::array<quint16, widenBlock> block;
    for (qint64 start = 0; start < count; start += widenBlock) {
        const qint64 n = std::min(widenBlock, count - start);
        std::memcpy(block.data(), in + 2 * start, std::size_t(n) * 2);
        convert(block.data(), n, out + start);
    }
}

} // namespace

int itemSize(Dtype type)
{
    return rowOf(type).size;
}

QString dtypeName(Dtype type)
{
    return QString::fromUtf16(rowOf(type).name);
}

std::optional<Dtype> dtypeNamed(QStringView name)
{
    for (const DtypeRow &row : dtypeRows) {
        if (name == QStringView(row.name))
            return row.type;
    }
    return std::nullopt;
}

bool widensExactly(Dtype type)
{
    return type == Dtype::F32 || type == Dtype::F16 || type == Dtype::BF16;
}

void widenToFloat(const void *in, Dtype type, qint64 count, float *out)
{
    const auto *bytes = static_cast<const uchar *>(in);
    if (count <= 0)
        return;
    switch (type) {
    case Dtype::F32:
        std::memcpy(out, bytes, std::size_t(count) * sizeof(float));
        return;
    case Dtype::F16:
        static_assert(sizeof(qfloat16) == 2);
        widenBlocks(bytes, count, out, [](const quint16 *block, qint64 n, float *to) {
            qFloatFromFloat16(to, reinterpret_cast<const qfloat16 *>(block), qsizetype(n));
        });
        return;
    case Dtype::BF16: // the top half of a float32: ggml's BF16, vectorized there
        dequantizeGgml(*ggmlType(30), bytes, count, out);
        return;
    default:
        Q_ASSERT_X(false, "widenToFloat", "not a type that widens exactly");
    }
}

qint64 firstNonFinite(const float *values, qint64 count)
{
    constexpr qint64 block = 4096;
    for (qint64 start = 0; start < count; start += block) {
        const qint64 len = std::min(block, count - start);
        // The exponent bits all ones is NaN or infinity; or-ing the test over a block vectorizes.
        std::uint32_t special = 0;
        for (qint64 i = start; i < start + len; ++i)
            special |= std::uint32_t((std::bit_cast<std::uint32_t>(values[i]) & 0x7f800000u) == 0x7f800000u);
        if (special == 0)
            continue;
        for (qint64 i = start; i < start + len; ++i) {
            if ((std::bit_cast<std::uint32_t>(values[i]) & 0x7f800000u) == 0x7f800000u)
                return i;
        }
    }
    return -1;
}

} // namespace qkv
