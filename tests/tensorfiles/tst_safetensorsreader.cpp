#include "numpyfixtures.h"
#include "tensorchecks.h"
#include "tensorfiles/tensorreaders.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace qkv;
using namespace tensorchecks;

namespace {

QJsonObject entry(const QString &dtype, const QJsonArray &shape, qint64 begin, qint64 end)
{
    return {{u"dtype"_qs, dtype}, {u"shape"_qs, shape}, {u"data_offsets"_qs, QJsonArray {begin, end}}};
}

QByteArray safetensors(const QByteArray &header, const QByteArray &data)
{
    QByteArray out;
    appendLe(out, quint64(header.size()));
    return out + header + data;
}

QByteArray safetensors(const QJsonObject &header, const QByteArray &data)
{
    return safetensors(QJsonDocument(header).toJson(QJsonDocument::Compact), data);
}

// One tensor named "attention".
QByteArray single(const QString &dtype, const QJsonArray &shape, const QByteArray &data)
{
    return safetensors(QJsonObject {{u"attention"_qs, entry(dtype, shape, 0, data.size())}}, data);
}

QByteArray halves(const std::vector<quint16> &bits)
{
    QByteArray out;
    for (quint16 b : bits)
        appendLe(out, b);
    return out;
}

QByteArray doubles(const std::vector<double> &values)
{
    QByteArray out(qsizetype(values.size() * sizeof(double)), Qt::Uninitialized);
    std::memcpy(out.data(), values.data(), std::size_t(out.size()));
    return out;
}

} // namespace

class TstSafetensorsReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void exactValues_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("shape");
        QTest::addColumn<std::vector<float>>("expected");
        const std::vector<float> f32 {0.5f, -1.25f, std::bit_cast<float>(0x00000001u), 3.4028235e38f, -0.0f, 1e-3f};
        QTest::newRow("F32") << single(u"F32"_qs, {2, 3}, floatBytes(f32)) << u"(2, 3)"_qs << f32;
        QTest::newRow("F16, normal, subnormal, largest, signed zero")
            << single(
                   u"F16"_qs, {3, 3}, halves({0x3c00, 0xc000, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x8000, 0x3555, 0x8001}))
            << u"(3, 3)"_qs
            << std::vector<float> {
                   1.0f, -2.0f, 0x1p-24f, 1023 * 0x1p-24f, 0x1p-14f, 65504.0f, -0.0f, 0.333251953125f, -0x1p-24f};
        QTest::newRow("BF16, normal, subnormal, largest, signed zero")
            << single(u"BF16"_qs, {7}, halves({0x3f80, 0xc040, 0x0001, 0x007f, 0x7f7f, 0x3eaa, 0x8000})) << u"(7,)"_qs
            << std::vector<float> {
                   1.0f, -3.0f, 0x1p-133f, 127 * 0x1p-133f, std::bit_cast<float>(0x7f7f0000u), 0.33203125f, -0.0f};
        QTest::newRow("F64, rounded to float") << single(u"F64"_qs, {1, 4}, doubles({0.1, -2.5, 1e-300, 65504.0}))
                                               << u"(1, 4)"_qs << std::vector<float> {0.1f, -2.5f, 0.0f, 65504.0f};
        QTest::newRow("empty") << single(u"F32"_qs, {0, 4}, {}) << u"(0, 4)"_qs << std::vector<float> {};
        QTest::newRow("scalar") << single(u"F16"_qs, {}, halves({0x3c00})) << u"()"_qs << std::vector<float> {1.0f};
    }
    void exactValues()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, shape);
        QFETCH(std::vector<float>, expected);
        const TensorFile r = readSafetensors(bytes, u"t.safetensors"_qs);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.tensors.size(), std::size_t(1));
        QCOMPARE(r.tensors.front().name, u"attention"_qs);
        QCOMPARE(r.tensors.front().shapeString(), shape);
        const QString diff = difference(r.tensors.front().data, expected);
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }

    void refused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("F16 infinity") << single(u"F16"_qs, {2, 2}, halves({0, 0, 0x7c00, 0}))
                                      << u"attention: value at [1, 0] is infinity: only finite numbers are read"_qs;
        QTest::newRow("BF16 -infinity") << single(u"BF16"_qs, {2, 2}, halves({0, 0xff80, 0, 0}))
                                        << u"attention: value at [0, 1] is -infinity: only finite numbers are read"_qs;
        QTest::newRow("F16 NaN") << single(u"F16"_qs, {4}, halves({0, 0, 0, 0x7e00}))
                                 << u"attention: value at [3] is NaN: only finite numbers are read"_qs;
        QTest::newRow("BF16 NaN") << single(u"BF16"_qs, {1, 1, 2}, halves({0x7fc1, 0}))
                                  << u"attention: value at [0, 0, 0] is NaN: only finite numbers are read"_qs;
        QTest::newRow("F32 NaN") << single(u"F32"_qs, {2}, floatBytes({1, std::nanf("")}))
                                 << u"attention: value at [1] is NaN: only finite numbers are read"_qs;
        QTest::newRow("F64 beyond float") << single(u"F64"_qs, {2}, doubles({1, -1e300}))
                                          << u"attention: value at [1] is -1.0000000000000001e+300, beyond the range "
                                             "of a 32-bit float"_qs;
        QTest::newRow("empty file") << QByteArray() << u"0 bytes is too short for a safetensors file"_qs;
        QTest::newRow("header longer than the file") << safetensors(QByteArray(20, ' '), {}).first(20)
                                                     << u"header length: 20 bytes do not fit in the file's "
                                                        "20 (truncated, or not safetensors)"_qs;
        QByteArray hugeHeader;
        appendLe(hugeHeader, quint64(200000000));
        QTest::newRow("header beyond the format's limit")
            << hugeHeader << u"header length: 200000000 bytes is more than the format allows (100 MiB)"_qs;
        QByteArray wrapping;
        appendLe(wrapping, ~quint64(0));
        QTest::newRow("header length of 2^64 - 1")
            << wrapping << u"header length: 18446744073709551615 bytes is more than the format allows (100 MiB)"_qs;
        QTest::newRow("syntax error") << safetensors(QByteArray("{\"a\": "), {})
                                      << u"header: syntax error at byte 14: unterminated object"_qs;
        QTest::newRow("not an object") << safetensors(QByteArray("[]"), {}) << u"header: expected a JSON object"_qs;
        QTest::newRow("entry not an object")
            << safetensors(QJsonObject {{u"attention"_qs, 3}}, {}) << u"attention: expected an object"_qs;
        QTest::newRow("integers") << single(u"I64"_qs, {1}, QByteArray(8, '\0'))
                                  << u"attention: dtype: I64 is not read (F16, BF16, F32 and F64 are)"_qs;
        QTest::newRow("no dtype") << safetensors(
            QJsonObject {{u"attention"_qs, QJsonObject {{u"shape"_qs, QJsonArray {1}}}}}, {})
                                  << u"attention: dtype \"\" is not a safetensors type"_qs;
        QTest::newRow("fractional dimension")
            << single(u"F32"_qs, {1.5}, floatBytes({1})) << u"attention: shape: expected a whole number from 0 up"_qs;
        QTest::newRow("negative dimension")
            << single(u"F32"_qs, {-1}, floatBytes({1})) << u"attention: shape: expected a whole number from 0 up"_qs;
        QTest::newRow("shape not a list")
            << safetensors(QJsonObject {{u"attention"_qs, QJsonObject {{u"dtype"_qs, u"F32"_qs}}}}, {})
            << u"attention: shape: expected a list of whole numbers"_qs;
        QTest::newRow("shape and offsets disagree")
            << single(u"F32"_qs, {2, 3}, floatBytes({1, 2, 3, 4, 5}))
            << u"attention: shape [2, 3] of F32 needs 24 bytes but data_offsets give 20"_qs;
        QTest::newRow("half a value") << single(u"F16"_qs, {2}, QByteArray(3, '\0'))
                                      << u"attention: shape [2] of F16 needs 4 bytes but data_offsets give 3"_qs;
        QTest::newRow("offsets past the data")
            << safetensors(QJsonObject {{u"attention"_qs, entry(u"F32"_qs, {100}, 0, 400)}}, floatBytes({1, 2}))
            << u"attention: data_offsets [0, 400] are not within the 8 bytes of data after the header (a "
               "truncated file?)"_qs;
        QTest::newRow("offsets reversed")
            << safetensors(QJsonObject {{u"attention"_qs, entry(u"F32"_qs, {1}, 8, 4)}}, floatBytes({1, 2, 3}))
            << u"attention: data_offsets [8, 4] are not within the 12 bytes of data after the header (a "
               "truncated file?)"_qs;
        // Found by fuzz_safetensors: the offsets, read to list the names in file order, were
        // converted to an integer before they were checked (undefined for 1e300).
        QTest::newRow("offset of 1e300") << safetensors(
            QJsonObject {{u"attention"_qs,
                QJsonObject {{u"dtype"_qs, u"F32"_qs}, {u"shape"_qs, QJsonArray {1}},
                    {u"data_offsets"_qs, QJsonArray {1e300, 4}}}}},
            floatBytes({1})) << u"attention: data_offsets: expected a whole number from 0 up"_qs;
        QTest::newRow("one offset") << safetensors(
            QJsonObject {{u"attention"_qs,
                QJsonObject {
                    {u"dtype"_qs, u"F32"_qs}, {u"shape"_qs, QJsonArray {1}}, {u"data_offsets"_qs, QJsonArray {0}}}}},
            floatBytes({1})) << u"attention: data_offsets: expected [begin, end]"_qs;
        QTest::newRow("huge shape") << single(u"F32"_qs, {1 << 20, 1 << 20}, floatBytes({1}))
                                    << u"attention: shape [1048576, 1048576] of F32 needs 4398046511104 bytes but "
                                       "data_offsets give 4"_qs;
        QTest::newRow("overlapping tensors") << safetensors(
            QJsonObject {{u"a"_qs, entry(u"F32"_qs, {2}, 0, 8)}, {u"b"_qs, entry(u"F32"_qs, {2}, 4, 12)}},
            floatBytes({1, 2, 3})) << u"tensors a and b overlap in the file"_qs;
        QTest::newRow("not a safetensors type") << single(u"Q4_0"_qs, {2}, QByteArray(2, '\0'))
                                                << u"attention: dtype \"Q4_0\" is not a safetensors type"_qs;
        QTest::newRow("tokens not a list")
            << safetensors(QJsonObject {{u"__metadata__"_qs, QJsonObject {{u"tokens"_qs, u"a b"_qs}}}}, {})
            << u"__metadata__.tokens: expected a JSON list of strings"_qs;
        // fuzz_safetensors checks that no two tensors share a name: here the reader gave two named
        // "tokens", and the numbers won.
        QTest::newRow("tokens twice") << safetensors(
            QJsonObject {{u"tokens"_qs, entry(u"F32"_qs, {1}, 0, 4)},
                {u"__metadata__"_qs, QJsonObject {{u"tokens"_qs, u"[\"a\"]"_qs}}}},
            floatBytes({1})) << u"__metadata__.tokens: the file also holds a tensor named \"tokens\""_qs;
        QTest::newRow("tokens not strings")
            << safetensors(QJsonObject {{u"__metadata__"_qs, QJsonObject {{u"tokens"_qs, u"[1, 2]"_qs}}}}, {})
            << u"__metadata__.tokens: expected a JSON list of strings"_qs;
    }
    void refused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const TensorFile r = readSafetensors(bytes, u"t.safetensors"_qs);
        QVERIFY(!r);
        QCOMPARE(r.error, u"t.safetensors: "_qs + message);
        QVERIFY(r.tensors.empty());
    }

    void severalTensorsAndTokens()
    {
        const QByteArray data = floatBytes({1, 2, 3, 4}) + halves({0x3c00, 0x4000}) + QByteArray(8, '\0');
        const QJsonObject header {{u"values"_qs, entry(u"F16"_qs, {2}, 16, 20)},
            {u"attention"_qs, entry(u"F32"_qs, {2, 2}, 0, 16)}, {u"ids"_qs, entry(u"I64"_qs, {1}, 20, 28)},
            {u"__metadata__"_qs, QJsonObject {{u"tokens"_qs, u"[\"<s>\", \"héllo\"]"_qs}}}};
        const TensorFile r = readSafetensors(
            safetensors(header, data), u"t.safetensors"_qs, [](const QString &n) { return n != u"ids"; });
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.names, (QStringList {u"attention"_qs, u"values"_qs, u"ids"_qs, u"tokens"_qs}));
        QVERIFY(!r.find(u"ids"_qs));
        QVERIFY(difference(r.find(u"attention"_qs)->data, {1, 2, 3, 4}).isEmpty());
        QVERIFY(difference(r.find(u"values"_qs)->data, {1, 2}).isEmpty());
        QCOMPARE(r.find(u"tokens"_qs)->strings, (QStringList {u"<s>"_qs, u"héllo"_qs}));
        QVERIFY(r.find(u"tokens"_qs)->text);
        QCOMPARE(r.find(u"tokens"_qs)->shapeString(), u"(2,)"_qs);
        // The header may be padded with spaces, as the format allows.
        QVERIFY(readSafetensors(safetensors(QJsonDocument(header).toJson() + "    ", data), u"t"_qs,
            [](const QString &n) { return n != u"ids"; }));
    }

    // No cut and no changed byte anywhere in a file crashes the reader or slips through.
    void everyByteDamaged()
    {
        const QByteArray original = safetensors(
            QJsonObject {{u"attention"_qs, entry(u"BF16"_qs, {2, 2}, 0, 8)}, {u"b"_qs, entry(u"F16"_qs, {2}, 8, 12)}},
            halves({0x3f80, 0x3f00, 0x3e80, 0x3e00, 0x3c00, 0x3800}));
        QVERIFY(readSafetensors(original, u"f"_qs));
        const QString failure = damageEveryByte(
            original, [](QByteArrayView bytes, const QString &where) { return readSafetensors(bytes, where); });
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
};

QTEST_GUILESS_MAIN(TstSafetensorsReader)
#include "tst_safetensorsreader.moc"
