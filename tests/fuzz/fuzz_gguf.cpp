// The GGUF header parser (parseGgufHeader) on any bytes, and the dequantization of what it
// accepts: a refusal says what is wrong; every accepted tensor lies in the data section, aligned,
// holds exactly its blocks' bytes, overlaps no other, and widens without reading past its end.
#include "fuzzcheck.h"
#include "tensorfiles/formaterror.h"
#include "tensorfiles/ggufheader.h"

#include <algorithm>
#include <set>
#include <vector>

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    GgufHeader h;
    try {
        h = parseGgufHeader(bytes);
    } catch (const tensorio::Invalid &r) {
        FUZZ_CHECK(!r.message.isEmpty(), QStringLiteral("an empty refusal"));
        return 0;
    }
    FUZZ_CHECK(h.dataOffset % h.alignment == 0 && h.dataOffset >= 24, QStringLiteral("data section misplaced"));
    std::set<QString> names;
    std::vector<const GgufTensor *> byOffset;
    for (const GgufTensor &t : h.tensors) {
        const QString what = t.name + u' ' + ggufShape(t.dims);
        FUZZ_CHECK(names.insert(t.name).second, what + QStringLiteral(" twice"));
        FUZZ_CHECK(t.type && !t.dims.empty() && t.dims.size() <= 4, what);
        qint64 elements = 1;
        for (qint64 d : t.dims) {
            FUZZ_CHECK(d > 0 && elements <= (qint64(1) << 56) / d, what);
            elements *= d;
        }
        // The bytes as the block layout gives them, not ggmlBytes.
        FUZZ_CHECK(elements == t.elements && t.dims[0] % t.type->blockElements == 0
                && t.size == elements / t.type->blockElements * t.type->blockBytes,
            what + QStringLiteral(": %1 bytes").arg(t.size));
        FUZZ_CHECK(t.offset >= h.dataOffset && (t.offset - h.dataOffset) % h.alignment == 0
                && t.size <= qint64(size) - t.offset,
            what + QStringLiteral(" lies outside the data"));
        byOffset.push_back(&t);
        if (t.type->decoded) { // its first row widens (ASan checks that no byte past it is read)
            const qint64 n = std::min<qint64>(t.dims[0], 4096);
            std::vector<float> row(static_cast<std::size_t>(n));
            if (n % t.type->blockElements == 0)
                dequantizeGgml(*t.type, data + t.offset, n, row.data());
        }
    }
    std::sort(byOffset.begin(), byOffset.end(), [](auto *a, auto *b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        FUZZ_CHECK(byOffset[i - 1]->offset + byOffset[i - 1]->size <= byOffset[i]->offset,
            byOffset[i - 1]->name + QStringLiteral(" and ") + byOffset[i]->name + QStringLiteral(" overlap"));
    return 0;
}
