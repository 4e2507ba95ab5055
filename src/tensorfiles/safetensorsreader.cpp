#include "tensorfiles/tensorreaders.h"

#include "tensorfiles/safetensorsheader.h"
#include "tensorfiles/tensordecode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace qkv {
namespace tensorio {
namespace {

Tensor decodeEntry(const SafetensorsEntry &e, QByteArrayView bytes, qint64 &budget)
{
    if (e.dtype != Dtype::F16 && e.dtype != Dtype::BF16 && e.dtype != Dtype::F32 && e.dtype != Dtype::F64)
        fail(QStringLiteral("dtype: %1 is not read (F16, BF16, F32 and F64 are)").arg(dtypeName(e.dtype)));
    Tensor t;
    t.name = e.name;
    t.shape = e.shape;
    checkedCount(t.shape, budget);
    t.data = decodeFloats(bytes.sliced(e.offset, e.size), e.dtype, t.shape);
    return t;
}

// safetensors metadata is strings only, so the tokens travel as one JSON-encoded list.
Tensor tokensFromMetadata(const QJsonObject &metadata)
{
    const QJsonValue v = metadata.value(QStringLiteral("tokens"));
    const QJsonDocument list = QJsonDocument::fromJson(v.toString().toUtf8());
    const auto refuse = [] { fail(QStringLiteral("__metadata__.tokens: expected a JSON list of strings")); };
    if (!v.isString() || !list.isArray())
        refuse();
    Tensor t;
    t.name = QStringLiteral("tokens");
    t.text = true;
    for (const auto &token : list.array()) {
        if (!token.isString())
            refuse();
        t.strings << token.toString();
    }
    t.shape = {qint64(t.strings.size())};
    return t;
}

} // namespace
} // namespace tensorio

TensorFile readSafetensors(QByteArrayView bytes, const QString &where, const TensorFilter &wanted)
{
    using namespace tensorio;
    TensorFile file;
    QString name;
    try {
        const SafetensorsHeader header = parseSafetensorsHeader(bytes);
        const bool metadataTokens = header.metadata.contains(QStringLiteral("tokens"));
        qint64 budget = limits::maxTensorBytes;
        for (const SafetensorsEntry &e : header.entries) {
            // Two arrays of one name: which is meant cannot be told (and token ids are not tokens).
            if (metadataTokens && e.name == u"tokens")
                fail(QStringLiteral("__metadata__.tokens: the file also holds a tensor named \"tokens\""));
            file.names << e.name;
            if (!wanted || wanted(e.name)) {
                name = e.name;
                file.tensors.push_back(decodeEntry(e, bytes, budget));
                name.clear();
            }
        }
        if (metadataTokens) {
            file.names << QStringLiteral("tokens");
            if (!wanted || wanted(QStringLiteral("tokens")))
                file.tensors.push_back(tokensFromMetadata(header.metadata));
        }
    } catch (const Invalid &e) {
        file.tensors.clear();
        file.error = where + u": "_qs + (name.isEmpty() ? e.message : name + u": "_qs + e.message);
    }
    return file;
}

} // namespace qkv
