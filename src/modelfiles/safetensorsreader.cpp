#include "modelfiles/tensorreaders.h"

#include "modelfiles/tensordecode.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace qkv {
namespace tensorio {
namespace {

// The safetensors format's own limit on the JSON header.
constexpr qint64 maxHeader = qint64(100) << 20;

qint64 whole(const QJsonValue &v, const QString &what)
{
    const double x = v.toDouble(-1);
    if (!v.isDouble() || x < 0 || x > 0x1p53 || std::floor(x) != x)
        fail(QStringLiteral("%1: expected a whole number from 0 up").arg(what));
    return qint64(x);
}

Dtype dtype(const QString &name)
{
    if (name == u"F16")
        return Dtype::F16;
    if (name == u"BF16")
        return Dtype::BF16;
    if (name == u"F32")
        return Dtype::F32;
    if (name == u"F64")
        return Dtype::F64;
    fail(QStringLiteral("dtype: %1 is not read (F16, BF16, F32 and F64 are)").arg(name));
}

struct SafetensorsEntry {
    QString name;
    QJsonObject info;
    double begin = 0; // only to sort by: any number, since readEntry checks it
};

Tensor readEntry(const SafetensorsEntry &e, QByteArrayView data, qint64 &budget)
{
    const QJsonObject &info = e.info;
    const Dtype type = dtype(info.value(QStringLiteral("dtype")).toString());
    if (!info.value(QStringLiteral("shape")).isArray())
        fail(QStringLiteral("shape: expected a list of whole numbers"));
    Tensor t;
    t.name = e.name;
    for (const auto &d : info.value(QStringLiteral("shape")).toArray())
        t.shape.push_back(whole(d, QStringLiteral("shape")));
    const QJsonArray offsets = info.value(QStringLiteral("data_offsets")).toArray();
    if (offsets.size() != 2)
        fail(QStringLiteral("data_offsets: expected [begin, end]"));
    const qint64 begin = whole(offsets[0], QStringLiteral("data_offsets")),
                 end = whole(offsets[1], QStringLiteral("data_offsets"));
    if (begin > end || end > data.size())
        fail(QStringLiteral("data_offsets: [%1, %2] is not within the %3 bytes of data that follow the header")
                 .arg(begin)
                 .arg(end)
                 .arg(data.size()));
    const qint64 count = checkedCount(t.shape, budget);
    checkDataSize(t.shape, count, itemSize(type), end - begin);
    t.data = decodeFloats(data.sliced(begin, end - begin), type, t.shape);
    return t;
}

// safetensors metadata is strings only, so the tokens travel as one JSON-encoded list.
Tensor tokensFromMetadata(const QJsonValue &metadata)
{
    const QJsonValue v = metadata.toObject().value(QStringLiteral("tokens"));
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
        slice(bytes, 0, 8, u"header length"_qs);
        const quint64 length = le64(bytes, 0);
        if (length > quint64(maxHeader))
            fail(QStringLiteral("header: %1 bytes is more than the format allows (100 MiB)").arg(length));
        const QByteArrayView header = slice(bytes, 8, qint64(length), u"header"_qs);
        QJsonParseError error;
        const QJsonDocument json = QJsonDocument::fromJson(header.toByteArray(), &error);
        if (error.error != QJsonParseError::NoError)
            fail(QStringLiteral("header: syntax error at byte %1: %2").arg(8 + error.offset).arg(error.errorString()));
        if (!json.isObject())
            fail(QStringLiteral("header: expected a JSON object"));
        const QJsonObject o = json.object();
        const bool metadataTokens
            = o.value(QStringLiteral("__metadata__")).toObject().contains(QStringLiteral("tokens"));
        // Two arrays of one name: which is meant cannot be told (and token ids are not tokens).
        if (metadataTokens && o.contains(QStringLiteral("tokens")))
            fail(QStringLiteral("__metadata__.tokens: the file also holds a tensor named \"tokens\""));
        std::vector<SafetensorsEntry> entries;
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it.key() == u"__metadata__")
                continue;
            if (!it.value().isObject())
                fail(QStringLiteral("header: %1: expected an object").arg(it.key()));
            const QJsonObject info = it.value().toObject();
            // Only to list the names in file order; readEntry checks the offsets.
            const QJsonArray offsets = info.value(QStringLiteral("data_offsets")).toArray();
            entries.push_back({it.key(), info, offsets.isEmpty() ? 0.0 : offsets.first().toDouble()});
        }
        std::stable_sort(entries.begin(), entries.end(),
            [](const SafetensorsEntry &a, const SafetensorsEntry &b) { return a.begin < b.begin; });
        const QByteArrayView data = bytes.sliced(8 + qint64(length));
        qint64 budget = limits::maxTensorBytes;
        for (const SafetensorsEntry &e : entries) {
            name = e.name;
            file.names << e.name;
            if (!wanted || wanted(e.name))
                file.tensors.push_back(readEntry(e, data, budget));
        }
        name.clear();
        if (metadataTokens) {
            file.names << QStringLiteral("tokens");
            if (!wanted || wanted(QStringLiteral("tokens")))
                file.tensors.push_back(tokensFromMetadata(o.value(QStringLiteral("__metadata__"))));
        }
    } catch (const Invalid &e) {
        file.tensors.clear();
        file.error = where + u": "_qs + (name.isEmpty() ? e.message : name + u": "_qs + e.message);
    }
    return file;
}

} // namespace qkv
