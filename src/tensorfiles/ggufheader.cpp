#include "tensorfiles/ggufheader.h"

#include "tensorfiles/formaterror.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QtEndian>

#include <algorithm>
#include <bit>
#include <cstring>

namespace qkv {
namespace {

using tensorio::fail;

// ggml's own limit on a tensor's dimensions.
constexpr quint32 maxDims = 4;
// Arrays inside arrays: none of llama.cpp's keys nests, and a deep nest only serves a stack overflow.
constexpr int maxNesting = 2;

// A cursor over the header: every read is checked against the bytes left, and every count
// against what the bytes left could hold, before anything is allocated for it.
class Cursor
{
public:
    explicit Cursor(QByteArrayView bytes)
        : m_bytes(bytes)
    { }

    qint64 pos() const { return m_pos; }
    qint64 left() const { return m_bytes.size() - m_pos; }
    void setContext(const QString &context) { m_context = context; }

    template<typename T>
    T read()
    {
        need(sizeof(T), QStringLiteral("a %1-byte value").arg(sizeof(T)));
        const T v = qFromLittleEndian<T>(m_bytes.data() + m_pos);
        m_pos += qint64(sizeof(T));
        return v;
    }

    // A count of things each at least `minBytes` long: no more than the bytes left can hold.
    qint64 count(qint64 minBytes, const QString &what)
    {
        const quint64 n = read<quint64>();
        if (n > quint64(left() / minBytes))
            fail(prefix()
                + QStringLiteral("%1 %2 cannot fit in the %3 bytes left (a truncated or damaged file?)")
                      .arg(n)
                      .arg(what)
                      .arg(left()));
        return qint64(n);
    }

    QByteArrayView string()
    {
        const qint64 n = count(1, QStringLiteral("bytes of a string"));
        const QByteArrayView s = m_bytes.sliced(m_pos, n);
        m_pos += n;
        return s;
    }

    [[noreturn]] void fail(const QString &message) const { tensorio::fail(message); }
    QString prefix() const { return m_context.isEmpty() ? QString() : m_context + QStringLiteral(": "); }

private:
    void need(qint64 n, const QString &what) const
    {
        if (left() < n)
            fail(prefix()
                + QStringLiteral("the file ends at byte %1 where %2 was expected (a truncated file?)")
                      .arg(m_bytes.size())
                      .arg(what));
    }

    QByteArrayView m_bytes;
    qint64 m_pos = 0;
    QString m_context;
};

QString utf8(QByteArrayView bytes)
{
    return QString::fromUtf8(bytes);
}

// The smallest encoding of one value of `type` (what a count of them must fit), or 0 if unknown.
qint64 minimumSize(GgufValueType type)
{
    switch (type) {
    case GgufValueType::UInt8:
    case GgufValueType::Int8:
    case GgufValueType::Bool:
        return 1;
    case GgufValueType::UInt16:
    case GgufValueType::Int16:
        return 2;
    case GgufValueType::UInt32:
    case GgufValueType::Int32:
    case GgufValueType::Float32:
        return 4;
    case GgufValueType::UInt64:
    case GgufValueType::Int64:
    case GgufValueType::Float64:
    case GgufValueType::String:
        return 8; // a string: its length
    case GgufValueType::Array:
        return 12; // its element type and count
    }
    return 0;
}

bool isFloat(GgufValueType type)
{
    return type == GgufValueType::Float32 || type == GgufValueType::Float64;
}

GgufValueType valueType(Cursor &in)
{
    const quint32 t = in.read<quint32>();
    if (minimumSize(GgufValueType(t)) == 0)
        in.fail(in.prefix() + QStringLiteral("unknown value type %1").arg(t));
    return GgufValueType(t);
}

// One scalar as a QVariant: integers as qint64 (quint64 for UInt64), floats as double.
QVariant scalar(Cursor &in, GgufValueType type)
{
    switch (type) {
    case GgufValueType::UInt8:
        return qint64(in.read<quint8>());
    case GgufValueType::Int8:
        return qint64(in.read<qint8>());
    case GgufValueType::UInt16:
        return qint64(in.read<quint16>());
    case GgufValueType::Int16:
        return qint64(in.read<qint16>());
    case GgufValueType::UInt32:
        return qint64(in.read<quint32>());
    case GgufValueType::Int32:
        return qint64(in.read<qint32>());
    case GgufValueType::Float32:
        return double(std::bit_cast<float>(in.read<quint32>()));
    case GgufValueType::Bool: {
        const quint8 b = in.read<quint8>();
        if (b > 1)
            in.fail(in.prefix() + QStringLiteral("a bool of %1 (expected 0 or 1)").arg(b));
        return b == 1;
    }
    case GgufValueType::UInt64:
        return in.read<quint64>();
    case GgufValueType::Int64:
        return in.read<qint64>();
    case GgufValueType::Float64:
        return std::bit_cast<double>(in.read<quint64>());
    case GgufValueType::String:
    case GgufValueType::Array:
        break;
    }
    return utf8(in.string());
}

GgufValue value(Cursor &in, GgufValueType type, int depth);

GgufValue array(Cursor &in, int depth)
{
    GgufValue v;
    v.type = GgufValueType::Array;
    v.elementType = valueType(in);
    if (v.elementType == GgufValueType::Array && depth >= maxNesting)
        in.fail(in.prefix() + QStringLiteral("arrays nested deeper than %1").arg(maxNesting));
    const qint64 n = in.count(minimumSize(v.elementType), QStringLiteral("array elements"));
    if (v.elementType == GgufValueType::String) {
        QStringList strings;
        strings.reserve(n);
        for (qint64 i = 0; i < n; ++i)
            strings << utf8(in.string());
        v.value = strings;
    } else if (v.elementType == GgufValueType::Array) {
        QVariantList arrays;
        arrays.reserve(n);
        for (qint64 i = 0; i < n; ++i)
            arrays << value(in, GgufValueType::Array, depth + 1).value;
        v.value = arrays;
    } else if (isFloat(v.elementType)) {
        QList<double> numbers;
        numbers.reserve(n);
        for (qint64 i = 0; i < n; ++i)
            numbers << scalar(in, v.elementType).toDouble();
        v.value = QVariant::fromValue(numbers);
    } else {
        QList<qint64> numbers;
        numbers.reserve(n);
        for (qint64 i = 0; i < n; ++i)
            numbers << scalar(in, v.elementType).toLongLong();
        v.value = QVariant::fromValue(numbers);
    }
    return v;
}

GgufValue value(Cursor &in, GgufValueType type, int depth)
{
    if (type == GgufValueType::Array)
        return array(in, depth);
    GgufValue v;
    v.type = type;
    v.value = scalar(in, type);
    return v;
}

GgufTensor tensorInfo(Cursor &in)
{
    GgufTensor t;
    t.name = utf8(in.string());
    in.setContext(t.name);
    const quint32 n = in.read<quint32>();
    if (n == 0 || n > maxDims)
        in.fail(in.prefix() + QStringLiteral("%1 dimensions (ggml has 1 to %2)").arg(n).arg(maxDims));
    t.elements = 1;
    for (quint32 i = 0; i < n; ++i) {
        const quint64 d = in.read<quint64>();
        t.dims.push_back(qint64(std::min<quint64>(d, quint64(1) << 62)));
        if (d == 0 || d > (quint64(1) << 56) / quint64(t.elements))
            in.fail(in.prefix()
                + QStringLiteral("dimensions %1 hold no tensor this file could")
                      .arg(ggufShape(t.dims) + (i + 1 < n ? QStringLiteral("…") : QString())));
        t.elements *= qint64(d);
    }
    const quint32 type = in.read<quint32>();
    t.type = ggmlType(type);
    if (!t.type)
        in.fail(in.prefix() + QStringLiteral("unknown ggml type %1").arg(type));
    if (t.dims[0] % t.type->blockElements != 0)
        in.fail(in.prefix()
            + QStringLiteral("rows of %1 values are not whole blocks of %2 (%3 values each)")
                  .arg(t.dims[0])
                  .arg(QLatin1StringView(t.type->name))
                  .arg(t.type->blockElements));
    t.size = ggmlBytes(*t.type, t.elements);
    t.offset = qint64(std::min<quint64>(in.read<quint64>(), quint64(1) << 62)); // from the data section, for now
    return t;
}

} // namespace

const GgufValue *GgufHeader::value(const QString &key) const
{
    const auto it = metadata.constFind(key);
    return it == metadata.cend() ? nullptr : &*it;
}

const GgufTensor *GgufHeader::tensor(QStringView name) const
{
    for (const GgufTensor &t : tensors)
        if (t.name == name)
            return &t;
    return nullptr;
}

bool isGgufFile(const QString &path)
{
    QFile f(path);
    return QFileInfo(path).isFile() && f.open(QIODevice::ReadOnly) && f.read(4) == "GGUF";
}

QString ggufQuantization(const QString &fileName)
{
    static const QRegularExpression q(
        QStringLiteral("(?:^|[-_.])((?:I?Q[0-9]_[A-Z0-9_]*?|BF16|F16|F32)(?:_[SML])?)\\.gguf$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = q.match(fileName);
    return m.hasMatch() ? m.captured(1).toUpper() : QString();
}

QString ggufShape(const std::vector<qint64> &dims)
{
    QStringList parts;
    for (qint64 d : dims)
        parts << QString::number(d);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

GgufHeader parseGgufHeader(QByteArrayView bytes)
{
    Cursor in(bytes);
    if (bytes.size() < 4 || std::memcmp(bytes.data(), "GGUF", 4) != 0)
        fail(QStringLiteral("not a GGUF file (it does not start with \"GGUF\")"));
    in.read<quint32>();
    GgufHeader h;
    h.version = in.read<quint32>();
    if (h.version == 1)
        fail(QStringLiteral("GGUF version 1 (from before August 2023) is not read: convert the model again "
                            "with a current llama.cpp"));
    if (h.version != 2 && h.version != 3)
        fail(QStringLiteral("GGUF version %1 is not one this program reads (2 and 3)").arg(h.version));
    // A tensor's info takes at least 8 + 4 + 8 + 4 + 8 bytes; a key and its value at least 8 + 4 + 1.
    const qint64 tensorCount = in.count(32, QStringLiteral("tensors"));
    const qint64 keyCount = in.count(13, QStringLiteral("metadata keys"));
    for (qint64 i = 0; i < keyCount; ++i) {
        in.setContext(QStringLiteral("metadata key %1").arg(i));
        const QString key = utf8(in.string());
        in.setContext(key);
        if (h.metadata.contains(key))
            fail(QStringLiteral("%1: the key appears twice").arg(key));
        h.metadata.insert(key, value(in, valueType(in), 0));
        h.keys << key;
    }
    if (const GgufValue *a = h.value(QStringLiteral("general.alignment"))) {
        const qint64 alignment = a->value.toLongLong();
        if (a->type != GgufValueType::UInt32 || alignment <= 0 || alignment > (1 << 20)
            || !std::has_single_bit(quint64(alignment)))
            fail(QStringLiteral("general.alignment: %1 is not a power of two up to 2^20 stored as uint32")
                     .arg(a->value.toString()));
        h.alignment = quint32(alignment);
    }
    QSet<QString> names;
    h.tensors.reserve(std::size_t(tensorCount));
    for (qint64 i = 0; i < tensorCount; ++i) {
        in.setContext(QStringLiteral("tensor %1").arg(i));
        h.tensors.push_back(tensorInfo(in));
        if (names.contains(h.tensors.back().name))
            fail(QStringLiteral("%1: two tensors have this name").arg(h.tensors.back().name));
        names.insert(h.tensors.back().name);
    }
    h.dataOffset = (in.pos() + h.alignment - 1) / h.alignment * h.alignment;
    const qint64 dataSize = bytes.size() - h.dataOffset;
    std::vector<const GgufTensor *> byOffset;
    for (GgufTensor &t : h.tensors) {
        if (t.offset % h.alignment != 0)
            fail(QStringLiteral("%1: offset %2 is not a multiple of the alignment %3")
                     .arg(t.name)
                     .arg(t.offset)
                     .arg(h.alignment));
        if (t.size < 0 || t.offset > dataSize || t.size > dataSize - t.offset)
            fail(QStringLiteral("%1: %2 of %3 needs bytes %4 to %5 of the data section, which has %6 (a truncated "
                                "file?)")
                     .arg(t.name, ggufShape(t.dims), QLatin1StringView(t.type->name))
                     .arg(t.offset)
                     .arg(t.offset + std::max<qint64>(t.size, 0))
                     .arg(std::max<qint64>(dataSize, 0)));
        t.offset += h.dataOffset;
        byOffset.push_back(&t);
    }
    std::sort(byOffset.begin(), byOffset.end(), [](const auto *a, const auto *b) { return a->offset < b->offset; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        if (byOffset[i]->offset < byOffset[i - 1]->offset + byOffset[i - 1]->size)
            fail(QStringLiteral("%1 overlaps %2 in the data section").arg(byOffset[i]->name, byOffset[i - 1]->name));
    return h;
}

} // namespace qkv
