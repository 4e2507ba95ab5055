// Names that come from inside files (a shard index, a cache's refs/main) and paths the system
// would read otherwise than they are written: a NUL ends a name early, so the file opened would
// not be the file checked.
#include "platform/atomicsave.h"
#include "platform/fileread.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace qkv;

class TestFileNames : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void plainFileNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("plain");
        QTest::newRow("shard") << u"model-00001-of-00002.safetensors"_qs << true;
        QTest::newRow("revision") << u"0123abcdef"_qs << true;
        QTest::newRow("spaces and accents") << u"poids final é.safetensors"_qs << true;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("dot") << u"."_qs << false;
        QTest::newRow("dot dot") << u".."_qs << false;
        QTest::newRow("hidden") << u".secret"_qs << false;
        QTest::newRow("slash") << u"sub/shard.safetensors"_qs << false;
        QTest::newRow("absolute") << u"/etc/passwd"_qs << false;
        QTest::newRow("backslash") << u"sub\\shard"_qs << false;
        QTest::newRow("NUL") << (u"shard.safetensors"_qs + QChar(0) + u"x"_qs) << false;
        QTest::newRow("newline") << u"shard\n.safetensors"_qs << false;
        QTest::newRow("escape") << u"shard\x1b[2J"_qs << false;
    }
    void plainFileNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, plain);
        QCOMPARE(isPlainFileName(name), plain);
    }

    // The file the NUL-cut name would reach exists: it is neither read nor written over.
    void aNulInAPathOpensNothing()
    {
        QTemporaryDir dir;
        const QString real = dir.filePath(u"real.json"_qs);
        QFile file(real);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write("kept") == 4);
        file.close();
        const QString cut = real + QChar(0) + u".bak"_qs;

        QCOMPARE(unusablePath(cut), u"the name holds a NUL character"_qs);
        QCOMPARE(unusablePath(real), QString());
        ReadableFile readable(cut);
        QVERIFY(!readable.isOpen());
        QCOMPARE(readable.error(), u"the name holds a NUL character"_qs);
        QString why;
        QVERIFY(!readWholeFile(cut, 1024, &why));
        QCOMPARE(why, u"the name holds a NUL character"_qs);
        QVERIFY(readWholeFile(real, 1024, &why).has_value());

        const QString error = saveAtomically(cut, QByteArray("overwritten"));
        QVERIFY2(error.endsWith(u": the name holds a NUL character"_qs), qPrintable(error));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("kept"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList {u"real.json"_qs});
    }
};

QTEST_GUILESS_MAIN(TestFileNames)
#include "tst_filenames.moc"
