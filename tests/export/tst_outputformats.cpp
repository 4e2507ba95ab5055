// The table of output formats: every row complete and named once, and the number tables and the
// messages reading it rather than lists of their own (tests/cli/tst_exportoptions: the option parser).
#include "export/numbertables.h"
#include "export/outputformats.h"

#include <QSet>
#include <QTest>

using namespace qkv;

class TstOutputFormats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyRowComplete()
    {
        QSet<QString> names;
        for (const OutputFormat &f : outputFormats()) {
            QVERIFY2(!f.name.isEmpty() && !f.suffix.isEmpty() && f.holds != 0, qPrintable(f.name));
            QVERIFY2(!f.title().isEmpty(), qPrintable(f.name));
            const QStringList spellings = QStringList(f.aliases) << f.name;
            for (const QString &name : spellings) {
                QVERIFY2(!names.contains(name), qPrintable(name + u" twice"_qs));
                names.insert(name);
                QCOMPARE(outputFormatNamed(name), &f);
            }
        }
        QCOMPARE(outputFormatNamed(u"PNG"), nullptr);
        QCOMPARE(outputFormatNamed(u""), nullptr);
    }

    void listsAndFilters()
    {
        QCOMPARE(outputFormatList(OutputContent::Figure), u"png, svg or pdf"_qs);
        QCOMPARE(outputFormatList(OutputContent::Animation, true), u".gif or .webp"_qs);
        QCOMPARE(outputFormatList(OutputContent::Numbers), u"csv, md, tex or bmatrix"_qs);
        QCOMPARE(outputFormatList(OutputContent::Numbers, true), u".csv, .md or .tex"_qs);
        QCOMPARE(outputFormatList(OutputContent::Worked), u"md or tex"_qs);
        QCOMPARE(outputFormatList(OutputContent::ModelArchive), u"npz"_qs);
        QCOMPARE(outputFormatFilter(OutputContent::Animation), u"Animated GIF (*.gif);;Animated WebP (*.webp)"_qs);
        QCOMPARE(outputFormatForFile(u"/a/b.Tex"_qs, OutputContent::Numbers)->name, u"tex"_qs);
        QCOMPARE(outputFormatForFile(u"b.webp"_qs, OutputContent::Figure), nullptr);
        QCOMPARE(outputFormatForFile(u"noSuffix"_qs, OutputContent::Figure), nullptr);
    }
};

QTEST_GUILESS_MAIN(TstOutputFormats)
#include "tst_outputformats.moc"
