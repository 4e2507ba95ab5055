#include "modelfiles/npzwriter.h"

#include <QtEndian>

#include <libdeflate.h>

#include <cstring>

namespace qkv {
namespace {

template<typename T>
void put(QByteArray &out, T value)
{
    const T le = qToLittleEndian(value);
    out.append(reinterpret_cast<const char *>(&le), sizeof le);
}

// Version 1.0 header, padded so the data starts on a multiple of 64 bytes, as numpy writes it.
QByteArray npyHeader(const QString &descr, const std::vector<qint64> &shape)
{
    QStringList dims;
    for (qint64 d : shape)
        dims << QString::number(d);
    const QString tuple = dims.join(QStringLiteral(", ")) + (shape.size() == 1 ? QStringLiteral(",") : QString());
    QByteArray text
        = QStringLiteral("{'descr': '%1', 'fortran_order': False, 'shape': (%2), }").arg(descr, tuple).toLatin1();
    const qsizetype unpadded = 10 + text.size() + 1;
    text.append(QByteArray((64 - unpadded % 64) % 64, ' ')).append('\n');
    QByteArray out("\x93NUMPY\x01\x00", 8);
    put<quint16>(out, static_cast<quint16>(text.size()));
    return out + text;
}

// Little-endian numbers as numpy's `descr` ("<f4", "<f2"): bit patterns of the same width.
template<typename Bits, typename Values>
QByteArray numberArray(const QString &descr, const Values &values, const std::vector<qint64> &shape)
{
    QByteArray out = npyHeader(descr, shape);
    const qsizetype header = out.size();
    out.resize(header + qsizetype(values.size() * sizeof(Bits)));
    char *data = out.data() + header;
    for (const auto &v : values) {
        static_assert(sizeof v == sizeof(Bits));
        Bits bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        qToLittleEndian(bits, data);
        data += sizeof bits;
    }
    return out;
}

QByteArray floatArray(const FloatValues &values, const std::vector<qint64> &shape)
{
    return numberArray<quint32>(QStringLiteral("<f4"), values, shape);
}

// A recomputed attention's heads, each computed and narrowed to float16 in turn ("<f2", as a long
// run keeps them): never all of them in float32 at once.
QByteArray recomputedArray(const ModelAttention &m, const std::vector<qint64> &shape)
{
    QByteArray out = npyHeader(QStringLiteral("<f2"), shape);
    const qsizetype header = out.size();
    const qint64 size = qint64(m.n) * m.keyCount();
    out.resize(header + qsizetype(qint64(m.layers) * m.heads * size * qint64(sizeof(quint16))));
    std::vector<qfloat16> half(static_cast<std::size_t>(size));
    char *data = out.data() + header;
    for (int l = 0; l < m.layers; ++l)
        for (int h = 0; h < m.heads; ++h) {
            const FloatMatrix w = m.weightsInPassing(l, h);
            qFloatToFloat16(half.data(), w.data(), size);
            for (const qfloat16 v : half) {
                quint16 bits = 0;
                std::memcpy(&bits, &v, sizeof bits);
                qToLittleEndian(bits, data);
                data += sizeof bits;
            }
        }
    return out;
}

QByteArray stringArray(const QStringList &strings)
{
    qsizetype width = 1;
    std::vector<QList<uint>> codes;
    for (const QString &s : strings) {
        codes.push_back(s.toUcs4());
        width = std::max(width, codes.back().size());
    }
    QByteArray out = npyHeader(QStringLiteral("<U%1").arg(width), {qint64(strings.size())});
    for (const QList<uint> &c : codes)
        for (qsizetype i = 0; i < width; ++i)
            put<quint32>(out, i < c.size() ? c[i] : 0);
    return out;
}

struct NpzWriteEntry {
    QByteArray name;
    QByteArray data;
    quint32 crc = 0;
    quint32 offset = 0;
};

void putHeaderFields(QByteArray &out, const NpzWriteEntry &e)
{
    put<quint16>(out, 20); // version needed: 2.0
    put<quint16>(out, 0); // flags
    put<quint16>(out, 0); // stored
    put<quint16>(out, 0); // time
    put<quint16>(out, (1 << 5) | 1); // 1980-01-01, as numpy's zipfile writes a date of no meaning
    put<quint32>(out, e.crc);
    put<quint32>(out, static_cast<quint32>(e.data.size()));
    put<quint32>(out, static_cast<quint32>(e.data.size()));
    put<quint16>(out, static_cast<quint16>(e.name.size()));
    put<quint16>(out, 0); // extra field
}

} // namespace

QByteArray modelAttentionToNpz(const ModelAttention &m, QString *error)
{
    const qint64 heads = qint64(m.layers) * m.heads;
    std::vector<NpzWriteEntry> entries;
    entries.push_back({"tokens.npy", stringArray(m.tokens)});
    const std::vector<qint64> shape {m.layers, m.heads, m.n, m.n};
    // Refused before a recomputed attention is computed, as it would be after.
    if (m.recomputesAttention() && heads * m.n * m.n * 2 >= (qint64(1) << 32)) {
        if (error)
            *error = QStringLiteral("%1 bytes of attention do not fit an .npz without ZIP64 (4 GiB)")
                         .arg(heads * m.n * m.n * 2);
        return {};
    }
    entries.push_back({"attention.npy",
        m.recomputesAttention()      ? recomputedArray(m, shape)
            : m.keepsHalfAttention() ? numberArray<quint16>(QStringLiteral("<f2"), m.halfAttention, shape)
                                     : floatArray(m.attention, shape)});
    if (m.hasVectors()) {
        entries.push_back({"queries.npy", floatArray(m.queries, {m.layers, m.heads, m.n, m.dim})});
        entries.push_back({"keys.npy", floatArray(m.keys, {m.layers, m.heads, m.n, m.dim})});
        entries.push_back({"values.npy", floatArray(m.values, {m.layers, m.heads, m.n, m.dim})});
    }
    qint64 total = 22;
    for (const NpzWriteEntry &e : entries)
        total += 30 + 46 + 2 * e.name.size() + e.data.size();
    if (total >= (qint64(1) << 32) || heads <= 0) {
        if (error)
            *error = heads <= 0 ? QStringLiteral("the model has no attention to write")
                                : QStringLiteral("%1 bytes do not fit an .npz without ZIP64 (4 GiB)").arg(total);
        return {};
    }
    QByteArray out;
    out.reserve(total);
    for (NpzWriteEntry &e : entries) {
        e.crc = libdeflate_crc32(0, e.data.constData(), std::size_t(e.data.size()));
        e.offset = static_cast<quint32>(out.size());
        put<quint32>(out, 0x04034b50);
        putHeaderFields(out, e);
        out.append(e.name).append(e.data);
    }
    const auto directory = static_cast<quint32>(out.size());
    for (const NpzWriteEntry &e : entries) {
        put<quint32>(out, 0x02014b50);
        put<quint16>(out, 20); // made by: 2.0
        putHeaderFields(out, e);
        put<quint16>(out, 0); // comment
        put<quint16>(out, 0); // disk
        put<quint16>(out, 0); // internal attributes
        put<quint32>(out, 0); // external attributes
        put<quint32>(out, e.offset);
        out.append(e.name);
    }
    const auto directorySize = static_cast<quint32>(out.size()) - directory;
    put<quint32>(out, 0x06054b50);
    put<quint16>(out, 0);
    put<quint16>(out, 0);
    put<quint16>(out, static_cast<quint16>(entries.size()));
    put<quint16>(out, static_cast<quint16>(entries.size()));
    put<quint32>(out, directorySize);
    put<quint32>(out, directory);
    put<quint16>(out, 0);
    return out;
}

} // namespace qkv
