// Hostile files given to the real program with its address space limited (as `ulimit -v`): each
// is drawn or refused with a message, never an abort on out-of-memory. Budgets are checked from
// the sizes a file declares, before anything that large is allocated.
#include "document/examples.h"
#include "sanitizers.h"
#include "ziparchive.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/resource.h>

namespace {

// Less than any of these inputs would need unchecked (gigabytes), more than Qt needs to start.
constexpr rlim_t addressSpace = rlim_t(1) << 30;

struct Outcome {
    int status = -1;
    bool crashed = true;
    QByteArray err;
};

Outcome runLimited(const QStringList &args)
{
    QProcess p;
    p.setChildProcessModifier([] {
        const rlimit limit {addressSpace, addressSpace};
        setrlimit(RLIMIT_AS, &limit);
    });
    p.start(QStringLiteral(QKVLAB_EXECUTABLE), args);
    if (!p.waitForFinished(120000))
        p.kill();
    return {p.exitCode(), p.exitStatus() == QProcess::CrashExit, p.readAllStandardError()};
}

bool write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray document(const QByteArray &fields)
{
    return R"({"format": "qkvlab", "version": 1, )" + fields + "}";
}

// `qkvlab compute FILE` exits 1 with a message starting "qkvlab: FILE" + `then`.
void expectRefused(const QString &file, const QByteArray &then)
{
    const Outcome o = runLimited({u"compute"_qs, file});
    QVERIFY(!o.crashed);
    QCOMPARE(o.status, 1);
    QVERIFY2(o.err.startsWith("qkvlab: " + file.toUtf8() + then), o.err.constData());
}

} // namespace

class TstMemoryLimits : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
#if defined(QKV_ASAN)
        QSKIP("AddressSanitizer reserves terabytes of address space: no limit can be set");
#endif
    }

    void oneVeryLongWordInEveryView_data()
    {
        QTest::addColumn<QString>("view");
        for (const char *view : {"bars", "heatmap", "arrows", "vectors", "worked", "heads", "figure"})
            QTest::newRow(view) << QString::fromLatin1(view);
    }

    void oneVeryLongWordInEveryView()
    {
        QFETCH(QString, view);
        const QString file = m_dir.filePath(u"long.qkv.json"_qs);
        QVERIFY(write(file, document("\"sentence\": \"" + QByteArray(100000, 0x61) + " b c\"")));
        const QString png = m_dir.filePath(view + u".png"_qs);
        const Outcome o = runLimited({u"export"_qs, file, u"--view"_qs, view, u"-o"_qs, png, u"--overwrite"_qs});
        QVERIFY2(!o.crashed && o.status == 0, o.err.constData());
        QVERIFY(QFile(png).size() > 1000);
    }

    void millionsOfCommas()
    {
        const QString file = m_dir.filePath(u"commas.qkv.json"_qs);
        QVERIFY(
            write(file, document("\"tokenizer\": \"words\", \"sentence\": \"" + QByteArray(62 << 20, 0x2c) + "\"")));
        const Outcome o = runLimited({u"compute"_qs, file});
        QVERIFY(!o.crashed);
        QCOMPARE(o.status, 1);
        QCOMPARE(o.err,
            "qkvlab: " + file.toUtf8() + ": sentence: 65011712 tokens is more than the 8192 this version handles\n");
    }

    void aStringArrayThatInflatesToGigabytes()
    {
        // 16 KiB of deflated NULs in the archive; declared, they would be 4 GiB of tokens.
        const QByteArray header = ziparchive::npy("(65535,)", QByteArray(), "|S65536");
        ziparchive::ZipEntry tokens {"tokens.npy", header + QByteArray(16 << 20, '\0'), true};
        tokens.level = 1;
        tokens.size = quint32(header.size() + 65535LL * 65536);
        const QString file = m_dir.filePath(u"bomb.npz"_qs);
        QVERIFY(write(file, ziparchive::zip({tokens})));
        expectRefused(file, ": tokens.npy: ");
    }

    void aSparseFileOfGigabytes()
    {
        // A valid .npy header and 4 GiB of holes: more than the process may map, refused by size.
        const QString file = m_dir.filePath(u"sparse.npy"_qs);
        QVERIFY(write(file, ziparchive::npy("(1073741823,)", QByteArray())));
        QVERIFY(QFile::resize(file, (qint64(4) << 30) - 64));
        expectRefused(file, ": ");
    }

    void aProjectionDocumentAtTheLimits()
    {
        // 30 heads × 3 matrices of 4,096 × 1,024: generated, used and dropped one head at a time.
        const QString file = m_dir.filePath(u"projection.qkv.json"_qs);
        QVERIFY(write(
            file, document(R"("sentence": "a b", "mode": "projection", "heads": 30, "dim": 1024, "d_model": 4096)")));
        const Outcome o = runLimited({u"compute"_qs, file});
        QVERIFY2(!o.crashed && o.status == 0, o.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstMemoryLimits)
#include "tst_memorylimits.moc"
