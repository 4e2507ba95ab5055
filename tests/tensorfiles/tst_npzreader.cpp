#include "numpyfixtures.h"
#include "tensorchecks.h"
#include "tensorfiles/tensorreaders.h"
#include "ziparchive.h"

#include <QTemporaryDir>
#include <QTest>

using namespace qkv;
using namespace tensorchecks;
using namespace ziparchive;

namespace {

const QByteArray six = floatBytes({1, 2, 3, 4, 5, 6});
const QByteArray twoByThree = npy("(2, 3)", six);

QString crcMessage(const QByteArray &payload, quint32 declared)
{
    return QStringLiteral("CRC-32 is %1 but the archive declares %2: the data is damaged")
        .arg(crcOf(payload), 8, 16, QLatin1Char('0'))
        .arg(declared, 8, 16, QLatin1Char('0'));
}

} // namespace

class TstNpzReader : public QObject
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

    void numpyArchives_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("np.savez (stored)") << u"stored.npz"_qs;
        QTest::newRow("np.savez_compressed (deflated)") << u"compressed.npz"_qs;
    }
    void numpyArchives()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        QFETCH(QString, file);
        const QByteArray bytes = m_fixtures.read(file);
        const TensorFile r = readNpz(bytes, file, [](const QString &name) { return name != u"input_ids"; });
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.names,
            (QStringList {u"attention"_qs, u"queries"_qs, u"keys"_qs, u"values"_qs, u"tokens"_qs, u"input_ids"_qs}));
        QCOMPARE(r.tensors.size(), std::size_t(5));
        QVERIFY(!r.find(u"input_ids"_qs));
        for (const auto &[name, shape] : {std::pair {u"attention", u"(2, 3, 4, 4)"}, {u"queries", u"(2, 3, 4, 2)"},
                 {u"keys", u"(2, 3, 4, 2)"}, {u"values", u"(2, 3, 4, 2)"}}) {
            const Tensor *t = r.find(QString::fromUtf16(name));
            QVERIFY(t);
            QCOMPARE(t->shapeString(), QString::fromUtf16(shape));
            const QString diff = difference(t->data, ramp(t->count()));
            QVERIFY2(diff.isEmpty(), qPrintable(t->name + u": "_qs + diff));
        }
        QCOMPARE(r.find(u"tokens"_qs)->strings, (QStringList {u"[CLS]"_qs, u"play"_qs, u"##ing"_qs, u"[SEP]"_qs}));

        // Asked for everything, the int64 token ids spoil the file, with a message that says so.
        const TensorFile all = readNpz(bytes, file);
        QVERIFY(!all);
        QVERIFY2(all.error.startsWith(file + u": input_ids.npy: header: dtype '<i8': integer arrays are not read"_qs),
            qPrintable(all.error));
    }

    // Entries of megabytes are inflated on cores of their own: the values are still exact, in file order,
    // float32 taken over from the inflated entry and float64 converted; a damaged entry is named,
    // and of two, the first in the archive.
    void largeEntriesOnCoresOfTheirOwn()
    {
        const qint64 n = 9 << 18; // 9 MB of float32, over the size worth a thread
        const std::vector<float> values = ramp(n);
        std::vector<double> doubles(values.begin(), values.end());
        const QByteArray wide(reinterpret_cast<const char *>(doubles.data()), qsizetype(doubles.size() * 8));
        const QByteArray big = npy("(2359296,)", floatBytes(values)), bigger = npy("(2359296,)", wide, "<f8");
        const auto fast = [](const char *name, const QByteArray &payload) {
            ZipEntry e(name, payload, true);
            e.level = 1;
            return e;
        };
        const TensorFile r
            = readNpz(zip({fast("a.npy", big), {"s.npy", twoByThree, true}, fast("b.npy", bigger)}), u"x.npz"_qs);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.names, (QStringList {u"a"_qs, u"s"_qs, u"b"_qs}));
        QCOMPARE(r.tensors.size(), std::size_t(3));
        for (const Tensor &t : r.tensors) {
            const QString diff = difference(t.data, t.name == u"s" ? std::vector<float> {1, 2, 3, 4, 5, 6} : values);
            QVERIFY2(diff.isEmpty(), qPrintable(t.name + u": "_qs + diff));
        }
        ZipEntry damagedA = fast("a.npy", big), damagedB = fast("b.npy", bigger);
        damagedA.crc = 1;
        damagedB.crc = 2;
        const TensorFile one = readNpz(zip({fast("a.npy", big), damagedB}), u"x.npz"_qs);
        QCOMPARE(one.error, u"x.npz: b.npy: "_qs + crcMessage(bigger, 2));
        QVERIFY(one.tensors.empty());
        const TensorFile both = readNpz(zip({damagedA, damagedB}), u"x.npz"_qs);
        QCOMPARE(both.error, u"x.npz: a.npy: "_qs + crcMessage(big, 1));
    }

    void positionalNames()
    {
        QKV_SKIP_WITHOUT_NUMPY(m_fixtures);
        const TensorFile r = readNpz(m_fixtures.read(u"positional.npz"_qs), u"p.npz"_qs);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.names, QStringList {u"arr_0"_qs});
    }

    void handMadeArchives_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("names");
        const QByteArray other = npy("(3,)", floatBytes({-1, 0.5f, 1e-3f}));
        QTest::newRow("stored") << zip({{"a.npy", twoByThree}}) << QStringList {u"a"_qs};
        QTest::newRow("deflated") << zip({{"a.npy", twoByThree, true}}) << QStringList {u"a"_qs};
        QTest::newRow("both") << zip({{"a.npy", twoByThree, true}, {"b.npy", other}}) << QStringList {u"a"_qs, u"b"_qs};
        QTest::newRow("other files are skipped")
            << zip({{"README.txt", "hello"}, {"dir/", ""}, {"a.npy", twoByThree}}) << QStringList {u"a"_qs};
        ZipEntry unwanted {"skip.npy", twoByThree};
        unwanted.crc = 1;
        QTest::newRow("an entry not asked for is not even checked")
            << zip({{"a.npy", twoByThree}, unwanted}) << QStringList {u"a"_qs, u"skip"_qs};
    }
    void handMadeArchives()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, names);
        const TensorFile r = readNpz(bytes, u"h.npz"_qs, [](const QString &name) { return name != u"skip"; });
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.names, names);
        QVERIFY(difference(r.find(u"a"_qs)->data, {1, 2, 3, 4, 5, 6}).isEmpty());
        if (const Tensor *b = r.find(u"b"_qs))
            QVERIFY(difference(b->data, {-1, 0.5f, 1e-3f}).isEmpty());
    }

    void badArchives_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a zip") << twoByThree
                                   << u"not a ZIP archive (no end of central directory record); an .npz is what "
                                      "numpy.savez writes"_qs;
        QTest::newRow("empty") << QByteArray()
                               << u"not a ZIP archive (no end of central directory record); an .npz is what "
                                  "numpy.savez writes"_qs;
        ZipEntry badCrc {"a.npy", twoByThree};
        badCrc.crc = 0x12345678;
        QTest::newRow("bad CRC, stored") << zip({badCrc}) << u"a.npy: "_qs + crcMessage(twoByThree, 0x12345678);
        badCrc.deflated = true;
        QTest::newRow("bad CRC, deflated") << zip({badCrc}) << u"a.npy: "_qs + crcMessage(twoByThree, 0x12345678);

        // A zip bomb: the header and the declared size agree on 2 × 3 floats, the stream goes on.
        ZipEntry bomb {"a.npy", twoByThree + QByteArray(1 << 20, '\0'), true};
        bomb.size = quint32(twoByThree.size());
        QTest::newRow("inflates past the declared size")
            << zip({bomb}) << u"a.npy: inflates to more than the 94 bytes the archive declares"_qs;
        ZipEntry shortStream {"a.npy", twoByThree.first(90), true};
        shortStream.size = 94;
        QTest::newRow("inflates to less than declared")
            << zip({shortStream}) << u"a.npy: inflates to 90 bytes, not the 94 the archive declares"_qs;
        ZipEntry liar {"a.npy", twoByThree, true};
        liar.size = 0xfffffff0;
        QTest::newRow("declared size the header does not fit") << zip(
            {liar}) << u"a.npy: header: shape (2, 3) of 4-byte values needs 24 bytes but the data holds 4294967210"_qs;
        // Found by fuzz_npz: a header that agrees with a declared size of gigabytes (a string array
        // passes the budget of values), with a few bytes of deflate data that cannot make them.
        const QByteArray stringsHeader = npy("(60000,)", QByteArray(), "|S65536");
        ZipEntry strings {"a.npy", stringsHeader + QByteArray(4096, '\0'), true};
        strings.size = quint32(stringsHeader.size() + 60000LL * 65536);
        QTest::newRow("declared size of strings, refused before inflating")
            << zip({strings})
            << u"a.npy: header: a string array of 3750 MiB is more than the 64 MiB of text this program reads"_qs;
        // A real bomb of text: 100 KB of deflated NULs that would inflate to 100 MiB of strings.
        const QByteArray textHeader = npy("(102400,)", QByteArray(), "|S1024");
        ZipEntry text {"a.npy", textHeader + QByteArray(100 << 20, '\0'), true};
        text.level = 1;
        QTest::newRow("strings past the budget of text, refused before inflating")
            << zip({text})
            << u"a.npy: header: a string array of 100 MiB is more than the 64 MiB of text this program reads"_qs;
        ZipEntry floats {"a.npy", npy("(100000000,)", QByteArray()), true};
        floats.size = quint32(floats.payload.size() + 400000000);
        QTest::newRow("declared size of floats deflate cannot make")
            << zip({floats})
            << QStringLiteral("a.npy: declares %1 bytes once inflated, more than deflate makes of %2 bytes (at most "
                              "1032 times as many)")
                   .arg(*floats.size)
                   .arg(rawDeflate(floats.payload).size());
        ZipEntry huge {"a.npy", npy("(100000, 100000)", six), true};
        QTest::newRow("huge shape, refused before inflating")
            << zip({huge})
            << u"a.npy: header: shape (100000, 100000) is too large: this program reads at most 1024 MiB of values"_qs;
        // A stored deflate block whose length and its complement disagree.
        ZipEntry corrupt {"a.npy", QByteArray("\x00\x05\x00\x00\x00", 5)};
        corrupt.method = 8;
        corrupt.size = 94;
        QTest::newRow("corrupt deflate stream")
            << zip({corrupt}) << u"a.npy: the compressed data is corrupt (invalid stored block lengths)"_qs;
        ZipEntry truncated {"a.npy", twoByThree, true};
        truncated.compressedSize = quint32(rawDeflate(twoByThree).size() - 10);
        QTest::newRow("compressed data cut short")
            << zip({truncated}) << u"a.npy: the compressed data ends early (after 81 of 94 bytes)"_qs;

        ZipEntry unfinished {"a.npy", twoByThree, true};
        unfinished.finished = false;
        QTest::newRow("no end marker") << zip({unfinished})
                                       << u"a.npy: the compressed data stops before its end marker"_qs;

        ZipEntry bzip2 {"a.npy", twoByThree};
        bzip2.method = 12;
        QTest::newRow("bzip2") << zip({bzip2})
                               << u"a.npy: compression method 12 (bzip2) is not read (stored and deflated are)"_qs;
        ZipEntry encrypted {"a.npy", twoByThree};
        encrypted.flags = 1;
        QTest::newRow("encrypted") << zip({encrypted}) << u"a.npy: encrypted entries are not read"_qs;
        ZipEntry sizes {"a.npy", twoByThree};
        sizes.size = 80;
        QTest::newRow("stored sizes differ")
            << zip({sizes}) << u"a.npy: a stored entry of 94 bytes declares 80 once unpacked"_qs;
        ZipEntry zip64 {"a.npy", twoByThree};
        zip64.size = 0xffffffff;
        QTest::newRow("ZIP64 entry") << zip({zip64})
                                     << u"a.npy: ZIP64 archives (over 4 GiB or 65,535 entries) are not read"_qs;
        QTest::newRow("ZIP64 end record")
            << zip({{"a.npy", twoByThree}}, {0xfffe, 0, 0xffffffff})
            << u"end of central directory: ZIP64 archives (over 4 GiB or 65,535 entries) are not read"_qs;
        QTest::newRow("split archive") << zip({{"a.npy", twoByThree}}, {0xffff, 1, {}})
                                       << u"archives split over several disks are not read"_qs;
        QTest::newRow("same name twice") << zip({{"a.npy", twoByThree}, {"a.npy", twoByThree}})
                                         << u"a.npy: the archive holds two entries of this name"_qs;
        ZipEntry farAway {"a.npy", twoByThree};
        farAway.localOffset = 99999;
        QTest::newRow("local header past the end")
            << zip({farAway}) << u"a.npy: local header: needs 30 bytes at offset 99999, but there are only 202"_qs;
        ZipEntry longData {"a.npy", twoByThree};
        longData.compressedSize = 5000;
        longData.size = 5000;
        QTest::newRow("data past the end")
            << zip({longData}) << u"a.npy: data: needs 5000 bytes at offset 35, but there are only 202"_qs;
        QTest::newRow("directory past the end") << zip({{"a.npy", twoByThree}},
            {0xffff, 0, 500}) << u"central directory: needs 51 bytes at offset 500, but there are only 180"_qs;
        QTest::newRow("more entries than the directory holds") << zip({{"a.npy", twoByThree}},
            {3, 0, {}}) << u"central directory entry 2: needs 46 bytes at offset 51, but there are only 51"_qs;
        QTest::newRow("lying header inside") << zip({{"a.npy", npy("(2, 3)", six.first(20))}})
                                             << u"a.npy: header: shape (2, 3) has 6 values but the data holds 5"_qs;
    }
    // Deflate at its best ratio (a long run of zeros) stays within what the reader believes of it.
    void bestCompressionIsRead()
    {
        const ZipEntry zeros {"a.npy", npy("(4194304,)", QByteArray(1 << 24, '\0')), true};
        const qsizetype packed = rawDeflate(zeros.payload).size();
        QVERIFY2(packed * 1020 < zeros.payload.size(), qPrintable(QString::number(packed)));
        const TensorFile r = readNpz(zip({zeros}), u"z.npz"_qs);
        QVERIFY2(r, qPrintable(r.error));
        QCOMPARE(r.tensors.front().data.size(), std::size_t(1) << 22);
    }

    void badArchives()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        const TensorFile r = readNpz(bytes, u"x.npz"_qs);
        QVERIFY(!r);
        QCOMPARE(r.error, u"x.npz: "_qs + message);
        QVERIFY(r.tensors.empty());
    }

    // No cut and no changed byte anywhere in a stored or deflated archive crashes the reader.
    void everyByteDamaged()
    {
        QList<QByteArray> archives {zip({{"a.npy", twoByThree}}), zip({{"a.npy", twoByThree, true}})};
        if (m_fixtures.skipReason().isEmpty())
            archives << m_fixtures.read(u"compressed.npz"_qs);
        for (const QByteArray &archive : archives) {
            const QString failure = damageEveryByte(archive, [](QByteArrayView bytes, const QString &where) {
                return readNpz(bytes, where, [](const QString &n) { return n != u"input_ids"; });
            });
            QVERIFY2(failure.isEmpty(), qPrintable(failure));
        }
    }
};

QTEST_GUILESS_MAIN(TstNpzReader)
#include "tst_npzreader.moc"
