#include "tensorfiles/safetensorsheader.h"

#include "tensorfiles/formaterror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace qkv {
namespace {

using tensorio::fail;

// The format's own limit on the JSON header.
constexpr quint64 maxSafetensorsHeader = quint64(100) << 20;

qint64 wholeNumber(const QJsonValue &v, const QString &what)
{
    const double x = v.toDouble(-1);
    if (!v.isDouble() || x < 0 || x > 0x1p53 || std::floor(x) != x)
        fail(QStringLiteral("%1: expected a whole number from 0 up").arg(what));
    return qint64(x);
}

SafetensorsEntry parseEntry(const QString &name, const QJsonValue &value, qint64 dataStart, qint64 dataSize)
{
    if (!value.isObject())
        fail(QStringLiteral("expected an object"));
    const QJsonObject info = value.toObject();
    SafetensorsEntry e;
    e.name = name;
    const QString dtype = info.value(u"dtype"_qs).toString();
    const std::optional<Dtype> type = dtypeNamed(dtype);
    if (!type)
        fail(QStringLiteral("dtype \"%1\" is not a safetensors type").arg(dtype));
    e.dtype = *type;
    if (!info.value(u"shape"_qs).isArray())
        fail(QStringLiteral("shape: expected a list of whole numbers"));
    e.count = 1;
    for (const auto &d : info.value(u"shape"_qs).toArray()) {
        const qint64 n = wholeNumber(d, u"shape"_qs);
        e.shape.push_back(n);
        // Bounded before multiplying, so a lying shape cannot overflow, nor can count × item size.
        if (n != 0 && e.count > (qint64(1) << 56) / n)
            fail(QStringLiteral("shape %1 is impossibly large").arg(safetensorsShape(e.shape)));
        e.count *= n;
    }
    const QJsonArray offsets = info.value(u"data_offsets"_qs).toArray();
    if (offsets.size() != 2)
        fail(QStringLiteral("data_offsets: expected [begin, end]"));
    const qint64 begin = wholeNumber(offsets[0], u"data_offsets"_qs), end = wholeNumber(offsets[1], u"data_offsets"_qs);
    if (begin > end || end > dataSize)
        fail(QStringLiteral("data_offsets [%1, %2] are not within the %3 bytes of data after the header "
                            "(a truncated file?)")
                 .arg(begin)
                 .arg(end)
                 .arg(dataSize));
    if (end - begin != e.count * itemSize(e.dtype))
        fail(QStringLiteral("shape %1 of %2 needs %3 bytes but data_offsets give %4")
                 .arg(safetensorsShape(e.shape), dtype)
                 .arg(e.count * itemSize(e.dtype))
                 .arg(end - begin));
    e.offset = dataStart + begin;
    e.size = end - begin;
    return e;
}

} // namespace

QString safetensorsShape(const std::vector<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims << QString::number(d);
    return u'[' + dims.join(u", "_qs) + u']';
}

SafetensorsHeader parseSafetensorsHeader(QByteArrayView bytes)
{
    if (bytes.size() < 8)
        fail(QStringLiteral("%1 bytes is too short for a safetensors file").arg(bytes.size()));
    quint64 length = 0;
    std::memcpy(&length, bytes.data(), 8);
    if (length > maxSafetensorsHeader)
        fail(QStringLiteral("header length: %1 bytes is more than the format allows (100 MiB)").arg(length));
    if (length > quint64(bytes.size() - 8))
        fail(QStringLiteral("header length: %1 bytes do not fit in the file's %2 (truncated, or not safetensors)")
                 .arg(length)
                 .arg(bytes.size()));
    QJsonParseError error;
    const QJsonDocument json
        = QJsonDocument::fromJson(QByteArray::fromRawData(bytes.data() + 8, qsizetype(length)), &error);
    if (error.error != QJsonParseError::NoError)
        fail(QStringLiteral("header: syntax error at byte %1: %2").arg(8 + error.offset).arg(error.errorString()));
    if (!json.isObject())
        fail(QStringLiteral("header: expected a JSON object"));
    const QJsonObject o = json.object();
    const qint64 dataStart = 8 + qint64(length), dataSize = bytes.size() - dataStart;
    // In file order, so that in a truncated file the first tensor cut short is the one named.
    std::vector<std::pair<double, QString>> order;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != u"__metadata__")
            order.emplace_back(it.value()[u"data_offsets"_qs][0].toDouble(), it.key());
    }
    std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    SafetensorsHeader header;
    header.metadata = o.value(u"__metadata__"_qs).toObject();
    for (const auto &[begin, name] : order) {
        try {
            header.entries.push_back(parseEntry(name, o.value(name), dataStart, dataSize));
        } catch (const tensorio::Invalid &e) {
            fail(name + u": "_qs + e.message);
        }
    }
    // Parsed in the order of their offsets (whole numbers, exact as doubles): neighbours suffice.
    for (std::size_t i = 1; i < header.entries.size(); ++i) {
        const SafetensorsEntry &before = header.entries[i - 1], &e = header.entries[i];
        if (before.offset + before.size > e.offset)
            fail(QStringLiteral("tensors %1 and %2 overlap in the file").arg(before.name, e.name));
    }
    return header;
}

} // namespace qkv
