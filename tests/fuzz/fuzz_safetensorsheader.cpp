// The one safetensors header parser (parseSafetensorsHeader: what the transformer's mapped
// checkpoints and readSafetensors both run) on any bytes: a refusal says what is wrong; every
// accepted tensor lies in the data after the header, holds exactly shape × item size bytes, and
// no two overlap.
#include "fuzzcheck.h"
#include "tensorfiles/formaterror.h"
#include "tensorfiles/safetensorsheader.h"

#include <algorithm>
#include <set>

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    std::vector<SafetensorsEntry> entries;
    try {
        entries = parseSafetensorsHeader(QByteArrayView(reinterpret_cast<const char *>(data), qsizetype(size))).entries;
    } catch (const tensorio::Invalid &r) {
        FUZZ_CHECK(!r.message.isEmpty(), QStringLiteral("an empty refusal"));
        return 0;
    }
    quint64 header = 0;
    for (int i = 7; i >= 0; --i)
        header = header << 8 | data[i];
    const qint64 begin = 8 + qint64(header), end = qint64(size);
    std::set<QString> names;
    for (const SafetensorsEntry &e : entries) {
        const QString what = e.name + u' ' + safetensorsShape(e.shape);
        FUZZ_CHECK(names.insert(e.name).second, what + QStringLiteral(" twice"));
        FUZZ_CHECK(e.name != u"__metadata__", what);
        FUZZ_CHECK(e.offset >= begin && e.size >= 0 && e.size <= end - e.offset,
            what + QStringLiteral(" lies outside the data"));
        // The product of the dimensions, which the bytes bound unless one of them is zero.
        const bool empty = std::find(e.shape.begin(), e.shape.end(), 0) != e.shape.end();
        qint64 count = empty ? 0 : 1;
        for (qint64 d : e.shape) {
            FUZZ_CHECK(d >= 0, what);
            if (empty)
                continue;
            FUZZ_CHECK(count <= e.size / d, what + QStringLiteral(": shape larger than its bytes"));
            count *= d;
        }
        // The item size as the format's specification gives it, not dtype.cpp's table.
        const QString type = dtypeName(e.dtype);
        const qint64 item = type.endsWith(u"64") ? 8 : type.endsWith(u"32") ? 4 : type.endsWith(u"16") ? 2 : 1;
        FUZZ_CHECK(count == e.count && e.size == count * item,
            what + QStringLiteral(": %1 values in %2 bytes of %3").arg(e.count).arg(e.size).arg(type));
    }
    std::vector<const SafetensorsEntry *> byOffset;
    for (const SafetensorsEntry &e : entries)
        byOffset.push_back(&e);
    std::sort(byOffset.begin(), byOffset.end(), [](auto *a, auto *b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        FUZZ_CHECK(byOffset[i - 1]->offset + byOffset[i - 1]->size <= byOffset[i]->offset,
            byOffset[i - 1]->name + QStringLiteral(" and ") + byOffset[i]->name + QStringLiteral(" overlap"));
    return 0;
}
