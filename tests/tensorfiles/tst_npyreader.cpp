#include "numpyfixtures.h"
#include "tensorchecks.h"
#include "tensorfiles/tensorreaders.h"

#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace tensorchecks;

namespace {

// A .npy file with any header and data, for headers NumPy would never write.
QByteArray npy(const QByteArray &header, const QByteArray &data, int major = 1)
{
    QByteArray out("\x93NUMPY");
    out += char(major);
    out += char(0);
    if (major == 1)
        appendLe(out, quint16(header.size()));
    else
        appendLe(out, quint32(header.size()));
    return out + header + data;
}

QByteArray header2x3(const QByteArray &descr = "<f4")
{
    return "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, 3), }\n";
}

} // namespace

class TstNpyReader : public QObject
{
    Q_OBJECT

private:
    numpyfixtures::Folder m_fixtures;

private Q_SLOTS:
    void initTestCase()
    {
        const QString failed = m_fixtures.prepare();
        QVERIFY2(failed.isEmpty(), qPrintable(failed));
    }

    void numpyArraysLoadExactly_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("shape");
        const QList<std::pair<const char *, const char *>> shapes {{"6", "(6,)"}, {"2x3", "(2, 3)"},
            {"2x3x4", "(2, 3, 4)"}, {"2x1x3x2", "(2, 1, 3, 2)"}, {"0x3", "(0, 3)"}, {"scalar", "()"}};
        for (int major : {1, 2, 3})
            for (const char *type : {"f2", "f4", "f8"})
                for (const auto &[label, shape] : shapes)
                    for (const char *order : {"C", "F"}) {
                        const QString file = QStringLiteral("v%1_%2_%3_%4.npy")
                                                 .arg(major)
                                                 .arg(QLatin1String(type), QLatin1String(label), QLatin1String(order));
                        QTest::newRow(qPrintable(file)) << file << QString::fromLatin1(shape);
                    }
    }
    void numpyArraysLoadExactly()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        QFETCH(QString, file);
        QFETCH(QString, shape);
        const QByteArray bytes = m_fixtures.read(file);
        const TensorFile r = readNpy(bytes, file);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.tensors.size(), std::size_t(1));
        const Tensor &t = r.tensors.front();
        QCOMPARE(t.shapeString(), shape);
        QVERIFY(!t.text);
        const QString diff = difference(t.data, ramp(t.count()));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        // The Fortran rows must really be stored in Fortran order, or they would test nothing.
        if (file.endsWith(u"_F.npy") && t.shape.size() > 1 && t.count() > 0)
            QVERIFY(bytes.contains("'fortran_order': True"));
    }

    void stringArrays_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("shape");
        QTest::addColumn<QStringList>("strings");
        QTest::newRow("unicode") << u"unicode.npy"_qs << u"(5,)"_qs
                                 << QStringList {u"[CLS]"_qs, u"héllo"_qs, u"日本"_qs, u"😀"_qs, QString()};
        QTest::newRow("bytes") << u"bytes.npy"_qs << u"(2,)"_qs << QStringList {u"ab"_qs, u"c"_qs};
        QTest::newRow("unicode in Fortran order")
            << u"unicode_F.npy"_qs << u"(2, 3)"_qs
            << QStringList {u"a"_qs, u"bb"_qs, u"c"_qs, u"d"_qs, u"e"_qs, u"ff"_qs};
    }
    void stringArrays()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        QFETCH(QString, file);
        QFETCH(QString, shape);
        QFETCH(QStringList, strings);
        const TensorFile r = readNpy(m_fixtures.read(file), file);
        QVERIFY2(r, qPrintable(r.error));
        QVERIFY(r.tensors.front().text);
        QCOMPARE(r.tensors.front().shapeString(), shape);
        QCOMPARE(r.tensors.front().strings, strings);
    }

    void refusedArrays_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        const QString integers = u"integer arrays are not read; attention, queries, keys and values are floats (save "
                                 "with arr.astype('float32'))"_qs;
        QTest::newRow("int32") << u"int32"_qs << u"header: dtype '<i4': "_qs + integers;
        QTest::newRow("int64") << u"int64"_qs << u"header: dtype '<i8': "_qs + integers;
        QTest::newRow("uint8") << u"uint8"_qs << u"header: dtype '|u1': "_qs + integers;
        QTest::newRow("bool") << u"bool"_qs
                              << u"header: dtype '|b1': boolean arrays are not read; attention is a float array"_qs;
        QTest::newRow("complex") << u"complex"_qs << u"header: dtype '<c8': complex numbers are not read"_qs;
        QTest::newRow("object") << u"object"_qs
                                << u"header: dtype '|O': object arrays hold pickled Python objects, which are never "
                                   "loaded"_qs;
        QTest::newRow("big-endian f4") << u"big_f4"_qs
                                       << u"header: big-endian data ('>f4') is not read: save it little-endian, e.g. "
                                          "with arr.astype('<f4')"_qs;
        QTest::newRow("big-endian f8") << u"big_f8"_qs
                                       << u"header: big-endian data ('>f8') is not read: save it little-endian, e.g. "
                                          "with arr.astype('<f8')"_qs;
        QTest::newRow("big-endian unicode")
            << u"big_U"_qs
            << u"header: big-endian data ('>U2') is not read: save it little-endian, e.g. with arr.astype('<U2')"_qs;
        QTest::newRow("structured") << u"structured"_qs
                                    << u"header: structured arrays (a list of fields as dtype) are not read"_qs;
        QTest::newRow("datetime") << u"datetime"_qs
                                  << u"header: dtype '<M8[D]' is not one this program reads (<f2, <f4, <f8)"_qs;
        QTest::newRow("beyond float") << u"huge_f8"_qs
                                      << u"value at [1] is 1.0000000000000001e+300, beyond the range of a 32-bit "
                                         "float"_qs;
        for (const char *type : {"f2", "f4", "f8"}) {
            QTest::newRow(qPrintable(u"NaN "_qs + QLatin1String(type))) << QStringLiteral("nan_%1").arg(
                QLatin1String(type)) << u"value at [1, 2] is NaN: only finite numbers are read"_qs;
            QTest::newRow(qPrintable(u"inf "_qs + QLatin1String(type))) << QStringLiteral("inf_%1").arg(
                QLatin1String(type)) << u"value at [1, 2] is infinity: only finite numbers are read"_qs;
            QTest::newRow(qPrintable(u"-inf "_qs + QLatin1String(type))) << QStringLiteral("-inf_%1").arg(
                QLatin1String(type)) << u"value at [1, 2] is -infinity: only finite numbers are read"_qs;
        }
    }
    void refusedArrays()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        QFETCH(QString, file);
        QFETCH(QString, message);
        const TensorFile r = readNpy(m_fixtures.read(file + u".npy"_qs), u"a.npy"_qs);
        QVERIFY(!r);
        QCOMPARE(r.error, u"a.npy: "_qs + message);
        QVERIFY(r.tensors.empty());
    }

    void lyingHeaders_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        const QByteArray six = floatBytes({1, 2, 3, 4, 5, 6});
        QTest::newRow("five values for six")
            << npy(header2x3(), six.first(20)) << u"header: shape (2, 3) has 6 values but the data holds 5"_qs;
        QTest::newRow("seven values for six")
            << npy(header2x3(), six + floatBytes({7})) << u"header: shape (2, 3) has 6 values but the data holds 7"_qs;
        QTest::newRow("part of a value") << npy(header2x3(), six.first(21))
                                         << u"header: shape (2, 3) of 4-byte values needs 24 bytes but the data "
                                            "holds 21"_qs;
        QTest::newRow("huge shape")
            << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (100000, 100000, 100000), }", six)
            << u"header: shape (100000, 100000, 100000) is too large: this program reads at most 1024 MiB of values"_qs;
        QTest::newRow("shape that overflows 64 bits")
            << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (100000000000000000, 100000000000000000), }", six)
            << u"header: shape (100000000000000000, 100000000000000000) is too large: this program reads at most 1024 "
               u"MiB of "
               "values"_qs;
        QTest::newRow("19-digit dimension")
            << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (9999999999999999999,), }", six)
            << u"header: dimension at character 52 is too large"_qs;
        QTest::newRow("negative dimension") << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (-2, 3), }", six)
                                            << u"header: expected a whole number at character 52, found '-'"_qs;
        QTest::newRow("header longer than the file")
            << npy(header2x3(), six).first(40) << u"header: needs 60 bytes at offset 10, but there are only 40"_qs;
        QTest::newRow("header length beyond any NumPy header") << npy(QByteArray(70000, ' '), six,
            2) << u"header: 70000 bytes is longer than any NumPy header (at most 65536)"_qs;
        QTest::newRow("not NumPy") << QByteArray("PK\x03\x04 not an array")
                                   << u"not a NumPy array: it does not start with \\x93NUMPY"_qs;
        QTest::newRow("version 4.0") << npy(header2x3(), six, 4)
                                     << u"format version 4.0 is not read (1.0, 2.0 and 3.0 are)"_qs;
        QTest::newRow("missing shape") << npy("{'descr': '<f4', 'fortran_order': False}", six)
                                       << u"header: 'shape' is missing"_qs;
        QTest::newRow("unknown key") << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), 'x': 1}", six)
                                     << u"header: unknown key 'x'"_qs;
        QTest::newRow("key twice") << npy("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (6,)}",
            six) << u"header: 'descr' is given twice"_qs;
        QTest::newRow("no closing brace") << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (6,)", six)
                                          << u"header: expected ',' at character 55, found the end"_qs;
        QTest::newRow("text after the dict") << npy("{'descr': '<f4', 'fortran_order': False, 'shape': (6,)} x", six)
                                             << u"header: expected the end of the header at character 57, found 'x'"_qs;
        QTest::newRow("fortran_order not a boolean") << npy("{'descr': '<f4', 'fortran_order': 0, 'shape': (6,)}", six)
                                                     << u"header: expected True or False at character 35, found '0'"_qs;
        QTest::newRow("escape in a string") << npy("{'descr': '<f\\x34', 'fortran_order': False, 'shape': (6,)}", six)
                                            << u"header: escapes in strings are not read (character 14)"_qs;
        QTest::newRow("zero-width strings") << npy(header2x3("<U0"), QByteArray())
                                            << u"header: dtype '<U0' is not one this program reads (<f2, <f4, <f8)"_qs;
        QTest::newRow("NaN in hand-made data") << npy(header2x3(), floatBytes({1, 2, 3, 4, std::nanf(""), 6}))
                                               << u"value at [1, 1] is NaN: only finite numbers are read"_qs;
    }
    void lyingHeaders()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const TensorFile r = readNpy(bytes, u"x.npy"_qs);
        QCOMPARE(r.error, u"x.npy: "_qs + message);
    }

    void handMadeArrayLoads()
    {
        const TensorFile r = readNpy(npy(header2x3(), floatBytes({1, 2, 3, 4, 5, 6})), u"x.npy"_qs);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.tensors.front().shapeString(), u"(2, 3)"_qs);
        QVERIFY(difference(r.tensors.front().data, {1, 2, 3, 4, 5, 6}).isEmpty());
    }

    // No cut and no changed byte anywhere in a file crashes the reader or slips through.
    void everyByteDamaged()
    {
        QList<QByteArray> files {npy(header2x3(), floatBytes({1, 2, 3, 4, 5, 6}))};
        if (m_fixtures.skipReason().isEmpty())
            files << m_fixtures.read(u"v3_f8_2x1x3x2_F.npy"_qs) << m_fixtures.read(u"unicode_F.npy"_qs);
        for (const QByteArray &file : files) {
            const QString failure = damageEveryByte(file, readNpy);
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
    }
};

QTEST_GUILESS_MAIN(TstNpyReader)
#include "tst_npyreader.moc"
