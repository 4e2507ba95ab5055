// The transformer's own safetensors reader (parseSafetensors, what SafetensorsFile runs on the
// mapped file; not src/modelfiles' readSafetensors) on any bytes: a refusal names the file; every
// accepted tensor lies in the data after the header, holds exactly shape × item size bytes, and
// no two overlap.
#include "fuzzcheck.h"
#include "transformer/refusal.h"
#include "transformer/safetensorsfile.h"

#include <algorithm>
#include <set>

using namespace qkv;
using namespace qkv::transformer;

namespace {

qint64 itemSize(const QString &dtype)
{
    if (dtype == u"F64" || dtype == u"I64" || dtype == u"U64")
        return 8;
    if (dtype == u"F32" || dtype == u"I32" || dtype == u"U32")
        return 4;
    if (dtype == u"F16" || dtype == u"BF16" || dtype == u"I16" || dtype == u"U16")
        return 2;
    return 1;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = QStringLiteral("fuzz.safetensors");
    std::vector<TensorEntry> entries;
    try {
        entries = parseSafetensors(data, qint64(size), path);
    } catch (const Refusal &r) {
        FUZZ_CHECK(r.message.startsWith(path + QStringLiteral(": ")) && r.message.size() > path.size() + 2, r.message);
        return 0;
    }
    quint64 header = 0;
    for (int i = 7; i >= 0; --i)
        header = header << 8 | data[i];
    const uchar *begin = data + 8 + header, *end = data + size;
    std::set<QString> names;
    for (const TensorEntry &e : entries) {
        const QString what = e.name + u' ' + shapeString(e.shape);
        FUZZ_CHECK(names.insert(e.name).second, what + QStringLiteral(" twice"));
        FUZZ_CHECK(e.name != u"__metadata__", what);
        FUZZ_CHECK(e.bytes >= begin && e.size >= 0 && e.size <= end - e.bytes,
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
        FUZZ_CHECK(count == e.count && e.size == count * itemSize(e.dtypeName),
            what + QStringLiteral(": %1 values in %2 bytes of %3").arg(e.count).arg(e.size).arg(e.dtypeName));
        FUZZ_CHECK(
            (e.dtype == Dtype::Other) == (e.dtypeName != u"F32" && e.dtypeName != u"F16" && e.dtypeName != u"BF16"),
            what + u' ' + e.dtypeName);
    }
    std::vector<const TensorEntry *> byOffset;
    for (const TensorEntry &e : entries)
        byOffset.push_back(&e);
    std::sort(byOffset.begin(), byOffset.end(), [](auto *a, auto *b) { return a->bytes < b->bytes; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        FUZZ_CHECK(byOffset[i - 1]->bytes + byOffset[i - 1]->size <= byOffset[i]->bytes,
            byOffset[i - 1]->name + QStringLiteral(" and ") + byOffset[i]->name + QStringLiteral(" overlap"));
    return 0;
}
