#include "transformer/safetensorsfile.h"

#include "platform/fileread.h"
#include "transformer/refusal.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace qkv::transformer {
namespace {

// The format's own limit on the JSON header.
constexpr quint64 maxHeader = quint64(100) << 20;

int itemSize(const QString &dtype)
{
    static const QHash<QString, int> sizes {{u"F64"_qs, 8}, {u"I64"_qs, 8}, {u"U64"_qs, 8}, {u"F32"_qs, 4},
        {u"I32"_qs, 4}, {u"U32"_qs, 4}, {u"F16"_qs, 2}, {u"BF16"_qs, 2}, {u"I16"_qs, 2}, {u"U16"_qs, 2}, {u"I8"_qs, 1},
        {u"U8"_qs, 1}, {u"BOOL"_qs, 1}, {u"F8_E4M3"_qs, 1}, {u"F8_E5M2"_qs, 1}};
    return sizes.value(dtype, 0);
}

Dtype dtypeOf(const QString &name)
{
    if (name == u"F32")
        return Dtype::F32;
    if (name == u"F16")
        return Dtype::F16;
    if (name == u"BF16")
        return Dtype::BF16;
    return Dtype::Other;
}

qint64 whole(const QJsonValue &v, const QString &what)
{
    const double x = v.toDouble(-1);
    if (!v.isDouble() || x < 0 || x > 0x1p53 || std::floor(x) != x)
        refuse(QStringLiteral("%1: expected a whole number from 0 up").arg(what));
    return qint64(x);
}

TensorEntry parseEntry(const QString &name, const QJsonValue &value, const uchar *data, qint64 dataSize)
{
    if (!value.isObject())
        refuse(QStringLiteral("expected an object"));
    const QJsonObject info = value.toObject();
    TensorEntry e;
    e.name = name;
    e.dtypeName = info.value(u"dtype"_qs).toString();
    e.dtype = dtypeOf(e.dtypeName);
    const int item = itemSize(e.dtypeName);
    if (item == 0)
        refuse(QStringLiteral("dtype \"%1\" is not a safetensors type").arg(e.dtypeName));
    if (!info.value(u"shape"_qs).isArray())
        refuse(QStringLiteral("shape: expected a list of whole numbers"));
    e.count = 1;
    for (const auto &d : info.value(u"shape"_qs).toArray()) {
        const qint64 n = whole(d, u"shape"_qs);
        e.shape.push_back(n);
        // Bounded before multiplying, so a lying shape cannot overflow, nor can count × item size.
        if (n != 0 && e.count > (qint64(1) << 56) / n)
            refuse(QStringLiteral("shape %1 is impossibly large").arg(shapeString(e.shape)));
        e.count *= n;
    }
    const QJsonArray offsets = info.value(u"data_offsets"_qs).toArray();
    if (offsets.size() != 2)
        refuse(QStringLiteral("data_offsets: expected [begin, end]"));
    const qint64 begin = whole(offsets[0], u"data_offsets"_qs), end = whole(offsets[1], u"data_offsets"_qs);
    if (begin > end || end > dataSize)
        refuse(QStringLiteral("data_offsets [%1, %2] are not within the %3 bytes of data after the header "
                              "(a truncated file?)")
                   .arg(begin)
                   .arg(end)
                   .arg(dataSize));
    if (end - begin != e.count * item)
        refuse(QStringLiteral("shape %1 of %2 needs %3 bytes but data_offsets give %4")
                   .arg(shapeString(e.shape), e.dtypeName)
                   .arg(e.count * item)
                   .arg(end - begin));
    e.bytes = data + begin;
    e.size = end - begin;
    return e;
}

} // namespace

QString shapeString(const std::vector<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims << QString::number(d);
    return u"["_qs + dims.join(u", "_qs) + u"]"_qs;
}

std::vector<TensorEntry> parseSafetensors(const uchar *map, qint64 size, const QString &path)
{
    if (size < 8)
        refuse(QStringLiteral("%1: %2 bytes is too short for a safetensors file").arg(path).arg(size));
    quint64 length = 0;
    for (int i = 7; i >= 0; --i)
        length = length << 8 | map[i];
    if (length > maxHeader || length > quint64(size - 8))
        refuse(QStringLiteral("%1: header length %2 does not fit the file's %3 bytes (truncated, or not safetensors)")
                   .arg(path)
                   .arg(length)
                   .arg(size));
    QJsonParseError error;
    const QJsonDocument json = QJsonDocument::fromJson(
        QByteArray::fromRawData(reinterpret_cast<const char *>(map + 8), qsizetype(length)), &error);
    if (error.error != QJsonParseError::NoError)
        refuse(QStringLiteral("%1: header: syntax error at byte %2: %3")
                   .arg(path)
                   .arg(8 + error.offset)
                   .arg(error.errorString()));
    if (!json.isObject())
        refuse(QStringLiteral("%1: header: expected a JSON object").arg(path));
    const QJsonObject o = json.object();
    const uchar *data = map + 8 + length;
    const qint64 dataSize = size - 8 - qint64(length);
    // In file order, so that in a truncated file the first tensor cut short is the one named.
    std::vector<std::pair<double, QString>> order;
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != u"__metadata__")
            order.emplace_back(it.value()[u"data_offsets"_qs][0].toDouble(), it.key());
    }
    std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<TensorEntry> entries;
    for (const auto &[begin, name] : order) {
        try {
            entries.push_back(parseEntry(name, o.value(name), data, dataSize));
        } catch (const Refusal &r) {
            refuse(QStringLiteral("%1: %2: %3").arg(path, name, r.message));
        }
    }
    for (std::size_t i = 1; i < entries.size(); ++i) {
        const TensorEntry &before = entries[i - 1], &e = entries[i];
        if (before.bytes + before.size > e.bytes)
            refuse(QStringLiteral("%1: tensors %2 and %3 overlap in the file").arg(path, before.name, e.name));
    }
    return entries;
}

SafetensorsFile::SafetensorsFile(const QString &path)
    : m_path(path)
    , m_file(std::make_unique<QFile>(path))
{
    if (const QString why = unusablePath(path); !why.isEmpty())
        refuse(QStringLiteral("%1: %2").arg(path, why));
    // Mapped, so only a regular file (a pipe would also block in open()).
    if (const QFileInfo info(path); info.exists() && !info.isFile())
        refuse(QStringLiteral("%1: is not a regular file").arg(path));
    if (!m_file->open(QIODevice::ReadOnly))
        refuse(QStringLiteral("%1: cannot be read: %2").arg(path, m_file->errorString()));
    m_size = m_file->size();
    if (m_size < 8)
        refuse(QStringLiteral("%1: %2 bytes is too short for a safetensors file").arg(path).arg(m_size));
    const uchar *map = m_file->map(0, m_size);
    if (!map)
        refuse(QStringLiteral("%1: cannot be mapped: %2").arg(path, m_file->errorString()));
    m_entries = parseSafetensors(map, m_size, path);
}

} // namespace qkv::transformer
