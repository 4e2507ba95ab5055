// GGUF headers written by the tests' own writer (from the format's specification) read back:
// every value type, arrays, versions 2 and 3, the alignment, tensor infos and their data; and
// damaged or hostile files refused with a message naming the key or tensor, never a crash.
#include "tensorfiles/formaterror.h"
#include "tensorfiles/ggufheader.h"

#include <QTest>

#include "ggufwriter.h"

using namespace Qt::StringLiterals;
using namespace qkv;
using test::GgufWriter;

namespace {

// The message parseGgufHeader refuses `bytes` with, or "" when it reads them.
QString refusal(const QByteArray &bytes)
{
    try {
        parseGgufHeader(bytes);
        return {};
    } catch (const tensorio::Invalid &e) {
        return e.message.isEmpty() ? u"(empty message)"_s : e.message;
    }
}

GgufWriter::Tensor f32Tensor(const QString &name, std::vector<quint64> dims, qint64 offset = -1)
{
    quint64 n = 1;
    for (quint64 d : dims)
        n *= d;
    std::vector<float> values(n);
    for (quint64 i = 0; i < n; ++i)
        values[i] = float(i) * 0.5f;
    return {name, std::move(dims), 0, GgufWriter::f32s(values), offset};
}

// A small, valid file: a few keys of each kind and two tensors.
GgufWriter model()
{
    GgufWriter w;
    w.addString(u"general.architecture"_s, u"llama"_s);
    w.addU32(u"llama.block_count"_s, 2);
    w.addF32(u"llama.rope.freq_base"_s, 10000.0f);
    w.addBool(u"tokenizer.ggml.add_bos_token"_s, true);
    w.addStrings(u"tokenizer.ggml.tokens"_s, {u"<s>"_s, u"▁the"_s, u"猫"_s});
    w.addF32s(u"tokenizer.ggml.scores"_s, {0.0f, -1.5f, -2.0f});
    w.addI32s(u"tokenizer.ggml.token_type"_s, {3, 1, 1});
    w.addTensor(f32Tensor(u"token_embd.weight"_s, {4, 3}));
    w.addTensor(f32Tensor(u"output_norm.weight"_s, {4}));
    return w;
}

} // namespace

class TstGgufHeader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsWhatTheSpecificationWrites()
    {
        for (const quint32 version : {2u, 3u}) {
            GgufWriter w = model();
            w.version = version;
            const QByteArray bytes = w.bytes();
            const GgufHeader h = parseGgufHeader(bytes);
            QCOMPARE(h.version, version);
            QCOMPARE(h.alignment, 32u);
            QCOMPARE(h.keys.first(), u"general.architecture"_s);
            QCOMPARE(h.value(u"general.architecture"_s)->value.toString(), u"llama"_s);
            QCOMPARE(h.value(u"llama.block_count"_s)->type, GgufValueType::UInt32);
            QCOMPARE(h.value(u"llama.block_count"_s)->value.toLongLong(), 2);
            QCOMPARE(h.value(u"llama.rope.freq_base"_s)->value.toDouble(), 10000.0);
            QCOMPARE(h.value(u"tokenizer.ggml.add_bos_token"_s)->value.toBool(), true);
            QCOMPARE(h.value(u"tokenizer.ggml.tokens"_s)->value.toStringList(),
                (QStringList {u"<s>"_s, u"▁the"_s, u"猫"_s}));
            QCOMPARE(h.value(u"tokenizer.ggml.tokens"_s)->elementType, GgufValueType::String);
            QCOMPARE(h.value(u"tokenizer.ggml.scores"_s)->value.value<QList<double>>(), (QList<double> {0, -1.5, -2}));
            QCOMPARE(h.value(u"tokenizer.ggml.token_type"_s)->value.value<QList<qint64>>(), (QList<qint64> {3, 1, 1}));
            QVERIFY(!h.value(u"missing"_s));

            QCOMPARE(h.tensors.size(), std::size_t(2));
            const GgufTensor *embd = h.tensor(u"token_embd.weight");
            QVERIFY(embd);
            QCOMPARE(embd->dims, (std::vector<qint64> {4, 3}));
            QCOMPARE(embd->elements, 12);
            QCOMPARE(embd->size, 48);
            QCOMPARE(QLatin1StringView(embd->type->name), QLatin1StringView("F32"));
            QCOMPARE(h.dataOffset % 32, 0);
            QCOMPARE(embd->offset, h.dataOffset);
            float third = 0;
            std::memcpy(&third, bytes.constData() + embd->offset + 8, 4);
            QCOMPARE(third, 1.0f);
            QCOMPARE(h.tensor(u"output_norm.weight")->offset, h.dataOffset + 64); // 48 bytes, aligned to 32
        }
    }

    void everyValueType()
    {
        GgufWriter w;
        w.add(u"u8"_s, GgufWriter::UInt8, QByteArray(1, char(200)));
        w.add(u"i8"_s, GgufWriter::Int8, QByteArray(1, char(-5)));
        w.add(u"u16"_s, GgufWriter::UInt16, GgufWriter::u16(60000));
        w.add(u"i16"_s, GgufWriter::Int16, GgufWriter::u16(quint16(-300)));
        w.addI32(u"i32"_s, -70000);
        w.add(u"u64"_s, GgufWriter::UInt64, GgufWriter::u64(quint64(1) << 63));
        w.add(u"i64"_s, GgufWriter::Int64, GgufWriter::u64(quint64(-5)));
        w.add(u"f64"_s, GgufWriter::Float64, GgufWriter::u64(std::bit_cast<quint64>(0.1)));
        w.add(u"nested"_s, GgufWriter::Array,
            GgufWriter::u32(GgufWriter::Array) + GgufWriter::u64(2) + GgufWriter::u32(GgufWriter::UInt8)
                + GgufWriter::u64(1) + QByteArray(1, '\7') + GgufWriter::u32(GgufWriter::String) + GgufWriter::u64(0));
        const GgufHeader h = parseGgufHeader(w.bytes());
        QCOMPARE(h.value(u"u8"_s)->value.toLongLong(), 200);
        QCOMPARE(h.value(u"i8"_s)->value.toLongLong(), -5);
        QCOMPARE(h.value(u"u16"_s)->value.toLongLong(), 60000);
        QCOMPARE(h.value(u"i16"_s)->value.toLongLong(), -300);
        QCOMPARE(h.value(u"i32"_s)->value.toLongLong(), -70000);
        QCOMPARE(h.value(u"u64"_s)->value.toULongLong(), quint64(1) << 63);
        QCOMPARE(h.value(u"i64"_s)->value.toLongLong(), -5);
        QCOMPARE(h.value(u"f64"_s)->value.toDouble(), 0.1);
        QCOMPARE(h.value(u"nested"_s)->value.toList().size(), 2);
    }

    void quantizedTensorsAndAlignment()
    {
        GgufWriter w;
        w.alignment = 64;
        w.addU32(u"general.alignment"_s, 64);
        // 512 × 2 of Q4_K: 2 rows of 2 blocks of 144 bytes.
        w.addTensor({u"blk.0.attn_q.weight"_s, {512, 2}, 12, QByteArray(4 * 144, '\1')});
        w.addTensor({u"blk.0.attn_k.weight"_s, {32, 3}, 8, QByteArray(3 * 34, '\2')});
        const GgufHeader h = parseGgufHeader(w.bytes());
        QCOMPARE(h.alignment, 64u);
        QCOMPARE(h.dataOffset % 64, 0);
        QCOMPARE(h.tensors[0].size, 576);
        QCOMPARE(h.tensors[1].offset - h.dataOffset, 576); // 576 is a multiple of 64
        QCOMPARE(QLatin1StringView(h.tensors[1].type->name), QLatin1StringView("Q8_0"));
    }

    void hostileFilesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        const QByteArray good = model().bytes();
        QByteArray magic = good;
        magic[0] = 'X';
        QTest::newRow("magic") << magic << u"not a GGUF file"_s;
        GgufWriter v1 = model();
        v1.version = 1;
        QTest::newRow("version 1") << v1.bytes() << u"GGUF version 1"_s;
        GgufWriter v4 = model();
        v4.version = 4;
        QTest::newRow("version 4") << v4.bytes() << u"version 4 is not one"_s;
        QTest::newRow("truncated") << good.left(good.size() - 1) << u"output_norm.weight: [4] of F32 needs bytes"_s;

        // Counts and lengths of 2^63: refused before anything is allocated for them.
        QByteArray count = good;
        count.replace(8, 8, GgufWriter::u64(quint64(1) << 63));
        QTest::newRow("tensor count") << count << u"9223372036854775808 tensors cannot fit"_s;
        GgufWriter longString;
        longString.add(u"x"_s, GgufWriter::String, GgufWriter::u64(quint64(1) << 63));
        QTest::newRow("string length") << longString.bytes() << u"x: 9223372036854775808 bytes of a string"_s;
        GgufWriter longArray;
        longArray.add(
            u"y"_s, GgufWriter::Array, GgufWriter::u32(GgufWriter::UInt32) + GgufWriter::u64(quint64(1) << 62));
        QTest::newRow("array length") << longArray.bytes() << u"y: 4611686018427387904 array elements"_s;
        GgufWriter type;
        type.add(u"z"_s, GgufWriter::Type(99), QByteArray(8, '\0'));
        QTest::newRow("value type") << type.bytes() << u"z: unknown value type 99"_s;
        GgufWriter twice;
        twice.addU32(u"k"_s, 1);
        twice.addU32(u"k"_s, 2);
        QTest::newRow("key twice") << twice.bytes() << u"k: the key appears twice"_s;
        GgufWriter nest;
        QByteArray deep = GgufWriter::u32(GgufWriter::UInt8) + GgufWriter::u64(0);
        for (int i = 0; i < 4; ++i)
            deep = GgufWriter::u32(GgufWriter::Array) + GgufWriter::u64(1) + deep;
        nest.add(u"deep"_s, GgufWriter::Array, deep);
        QTest::newRow("nesting") << nest.bytes() << u"deep: arrays nested deeper"_s;
        GgufWriter alignment = model();
        alignment.addU32(u"general.alignment"_s, 48);
        QTest::newRow("alignment") << alignment.bytes() << u"general.alignment: 48 is not a power of two"_s;

        // Tensor infos.
        GgufWriter unknown;
        unknown.addTensor({u"a"_s, {32}, 77, QByteArray(128, '\0')});
        QTest::newRow("ggml type") << unknown.bytes() << u"a: unknown ggml type 77"_s;
        GgufWriter blocks;
        blocks.addTensor({u"b"_s, {33, 2}, 8, QByteArray(128, '\0')});
        QTest::newRow("whole blocks") << blocks.bytes() << u"b: rows of 33 values are not whole blocks of Q8_0"_s;
        GgufWriter dims;
        dims.addTensor({u"c"_s, {1, 1, 1, 1, 1}, 0, QByteArray(4, '\0')});
        QTest::newRow("5 dimensions") << dims.bytes() << u"c: 5 dimensions (ggml has 1 to 4)"_s;
        GgufWriter zero;
        zero.addTensor({u"d"_s, {4, 0}, 0, QByteArray()});
        QTest::newRow("zero dimension") << zero.bytes() << u"d: dimensions [4, 0] hold no tensor"_s;
        GgufWriter huge;
        huge.addTensor({u"e"_s, {quint64(1) << 40, quint64(1) << 40}, 0, QByteArray()});
        QTest::newRow("overflowing dimensions") << huge.bytes() << u"e: dimensions [1099511627776, 1099511627776]"_s;
        GgufWriter misaligned;
        misaligned.addTensor(f32Tensor(u"f"_s, {4}, 8));
        QTest::newRow("misaligned") << misaligned.bytes() << u"f: offset 8 is not a multiple of the alignment 32"_s;
        GgufWriter lying;
        lying.addTensor(f32Tensor(u"g"_s, {4}));
        lying.addTensor(f32Tensor(u"h"_s, {4}, 1 << 30));
        QByteArray cut = lying.bytes().left(4096);
        QTest::newRow("lying offset") << cut << u"h: [4] of F32 needs bytes 1073741824 to 1073741840"_s;
        GgufWriter overlap;
        overlap.addTensor(f32Tensor(u"i"_s, {16}));
        overlap.addTensor(f32Tensor(u"j"_s, {4}, 32));
        QTest::newRow("overlap") << overlap.bytes() << u"j overlaps i"_s;
        GgufWriter sameName;
        sameName.addTensor(f32Tensor(u"k"_s, {4}));
        sameName.addTensor(f32Tensor(u"k"_s, {4}));
        QTest::newRow("same name") << sameName.bytes() << u"k: two tensors have this name"_s;
    }

    void hostileFilesAreRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const QString why = refusal(bytes);
        QVERIFY2(why.contains(message), qPrintable(why));
    }

    // Cut at every byte of its header and tensor infos, a file is refused, never read past its end.
    void everyCutIsRefused()
    {
        const QByteArray good = model().bytes();
        const qint64 data = parseGgufHeader(good).dataOffset;
        for (qint64 cut = 0; cut < data; ++cut)
            QVERIFY2(!refusal(good.left(cut)).isEmpty(), qPrintable(QString::number(cut)));
    }
};

QTEST_GUILESS_MAIN(TstGgufHeader)
#include "tst_ggufheader.moc"
