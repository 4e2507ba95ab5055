#pragma once

// GGUF files for the tests, written from the format's specification (ggml's docs/gguf.md), not
// from the reader: a header "GGUF", the version, the tensor and key counts, the keys with typed
// values, the tensor infos, padding to the alignment, then each tensor's bytes at its aligned
// offset. Raw pieces (`raw`) let a test write what a damaged or hostile file holds.
#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QtEndian>

#include <bit>
#include <vector>

namespace qkv::test {

class GgufWriter
{
public:
    // Value types as the format numbers them.
    enum Type : quint32 {
        UInt8 = 0,
        Int8 = 1,
        UInt16 = 2,
        Int16 = 3,
        UInt32 = 4,
        Int32 = 5,
        Float32 = 6,
        Bool = 7,
        String = 8,
        Array = 9,
        UInt64 = 10,
        Int64 = 11,
        Float64 = 12
    };

    struct Tensor {
        QString name;
        std::vector<quint64> dims; // innermost first
        quint32 type = 0; // ggml's number: 0 F32, 1 F16, 8 Q8_0, 12 Q4_K, …
        QByteArray data;
        qint64 offset = -1; // from the data section; -1: the next aligned place
        qint64 size = -1; // of data streamed by the caller after header(); -1: data.size()
        qint64 bytes() const { return size >= 0 ? size : data.size(); }
    };

    quint32 version = 3;
    quint32 alignment = 32; // where the tensors go; say general.alignment yourself to change it

    // Metadata, each key with its value's encoding (type then bytes).
    void add(const QString &key, Type type, const QByteArray &encoded)
    {
        m_keys += string(key) + u32(type) + encoded;
        ++m_keyCount;
    }
    void addU32(const QString &key, quint32 v) { add(key, UInt32, u32(v)); }
    void addI32(const QString &key, qint32 v) { add(key, Int32, u32(quint32(v))); }
    void addF32(const QString &key, float v) { add(key, Float32, u32(std::bit_cast<quint32>(v))); }
    void addBool(const QString &key, bool v) { add(key, Bool, QByteArray(1, char(v))); }
    void addString(const QString &key, const QString &v) { add(key, String, string(v)); }
    void addStrings(const QString &key, const QStringList &v)
    {
        QByteArray a = u32(String) + u64(quint64(v.size()));
        for (const QString &s : v)
            a += string(s);
        add(key, Array, a);
    }
    void addF32s(const QString &key, const QList<float> &v)
    {
        QByteArray a = u32(Float32) + u64(quint64(v.size()));
        for (float f : v)
            a += u32(std::bit_cast<quint32>(f));
        add(key, Array, a);
    }
    void addI32s(const QString &key, const QList<qint32> &v)
    {
        QByteArray a = u32(Int32) + u64(quint64(v.size()));
        for (qint32 i : v)
            a += u32(quint32(i));
        add(key, Array, a);
    }

    void addTensor(Tensor t) { m_tensors.push_back(std::move(t)); }

    // Everything before the first tensor's bytes: header, keys, tensor infos, padding. Tensor i's
    // bytes then go at header().size() + offsets()[i].
    QByteArray header() const
    {
        QByteArray out = QByteArray("GGUF") + u32(version) + u64(m_tensors.size()) + u64(m_keyCount) + m_keys;
        const std::vector<qint64> at = offsets();
        for (std::size_t i = 0; i < m_tensors.size(); ++i) {
            const Tensor &t = m_tensors[i];
            out += string(t.name) + u32(quint32(t.dims.size()));
            for (quint64 d : t.dims)
                out += u64(d);
            out += u32(t.type) + u64(quint64(at[i]));
        }
        return out + QByteArray(align(out.size()) - out.size(), '\0');
    }

    qint64 align(qint64 n) const { return (n + alignment - 1) / alignment * alignment; }

    std::vector<qint64> offsets() const
    {
        std::vector<qint64> at;
        qint64 next = 0;
        for (const Tensor &t : m_tensors) {
            at.push_back(t.offset >= 0 ? t.offset : next);
            next = std::max(next, align(at.back() + t.bytes()));
        }
        return at;
    }

    QByteArray bytes() const
    {
        QByteArray out = header();
        const qint64 data = out.size();
        const std::vector<qint64> at = offsets();
        for (std::size_t i = 0; i < m_tensors.size(); ++i) {
            const qint64 end = data + at[i] + m_tensors[i].data.size();
            if (out.size() < end)
                out.resize(end, '\0');
            out.replace(data + at[i], m_tensors[i].data.size(), m_tensors[i].data);
        }
        return out;
    }

    static QByteArray u16(quint16 v) { return raw(v); }
    static QByteArray u32(quint32 v) { return raw(v); }
    static QByteArray u64(quint64 v) { return raw(v); }
    static QByteArray string(const QString &s)
    {
        const QByteArray utf8 = s.toUtf8();
        return u64(quint64(utf8.size())) + utf8;
    }
    static QByteArray f32s(const std::vector<float> &values)
    {
        QByteArray out;
        for (float f : values)
            out += u32(std::bit_cast<quint32>(f));
        return out;
    }

private:
    template<typename T>
    static QByteArray raw(T v)
    {
        QByteArray b(sizeof(T), Qt::Uninitialized);
        qToLittleEndian(v, b.data());
        return b;
    }
    QByteArray m_keys;
    quint64 m_keyCount = 0;
    std::vector<Tensor> m_tensors;
};

} // namespace qkv::test
