// A sharded model's model.safetensors.index.json (WeightStore::open) on any bytes, in a folder
// with three shards (shard-a, shard-b, sub/shard-c), a link to a shard outside the folder and
// another to one beside it. A refusal names a file of the folder; an accepted index opens only
// files of the folder: a name with "..", an absolute path or a link to a file elsewhere is refused.
#include "fuzzfiles.h"
#include "transformer/refusal.h"
#include "transformer/weightstore.h"

using namespace qkv;
using namespace qkv::transformer;

namespace {

// A safetensors file of one F32 tensor `name` of two values.
QByteArray shard(const QString &name)
{
    QByteArray header = "{\"" + name.toUtf8() + "\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}}";
    header += QByteArray((8 - header.size() % 8) % 8, ' ');
    QByteArray out;
    for (int i = 0; i < 8; ++i)
        out += char((quint64(header.size()) >> (8 * i)) & 0xFF);
    return out + header + QByteArray(8, '\0');
}

// The model's folder, made once.
QString modelFolder()
{
    const QString folder = fuzz::scratchPath(QStringLiteral("model/"));
    fuzz::writeFile(folder + QStringLiteral("shard-a.safetensors"), shard(QStringLiteral("a.weight")));
    fuzz::writeFile(folder + QStringLiteral("shard-b.safetensors"), shard(QStringLiteral("b.weight")));
    fuzz::writeFile(
        fuzz::scratchPath(QStringLiteral("model/sub/shard-c.safetensors")), shard(QStringLiteral("c.weight")));
    const QString outside = fuzz::scratchPath(QStringLiteral("outside.safetensors"));
    fuzz::writeFile(outside, shard(QStringLiteral("outside.weight")));
    QFile::link(outside, folder + QStringLiteral("absolute-link.safetensors"));
    QFile::link(QStringLiteral("../outside.safetensors"), folder + QStringLiteral("relative-link.safetensors"));
    QFile::link(QStringLiteral("shard-a.safetensors"), folder + QStringLiteral("inside-link.safetensors"));
    return folder;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString folder = modelFolder();
    fuzz::writeFile(folder + QStringLiteral("model.safetensors.index.json"),
        QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)));
    WeightStore store;
    try {
        store.open(folder);
    } catch (const Refusal &r) {
        FUZZ_CHECK(r.message.startsWith(folder) && r.message.contains(QStringLiteral(": ")), r.message);
        return 0;
    }
    FUZZ_CHECK(!store.has(QStringLiteral("outside.weight")), QStringLiteral("a shard outside the folder was opened"));
    FUZZ_CHECK(!store.has(QStringLiteral("c.weight")), QStringLiteral("a shard in a folder below was opened"));
    FUZZ_CHECK(store.parameterCount() > 0 && store.parameterCount() % 2 == 0, QString::number(store.parameterCount()));
    return 0;
}
