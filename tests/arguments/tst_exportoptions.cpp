// `qkvlab export`'s options: what the parser takes, what it refuses and the message it says.
#include "arguments/exportoptions.h"
#include "export/numbertables.h"
#include "export/outputformats.h"

#include <QTest>

using namespace qkv;
using namespace qkv::cli;

class TstExportOptions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Every format the table says holds a figure, an animation, numbers or a walk-through is taken
    // by `qkvlab export` from the output's suffix; the others are refused naming the table's list.
    void theOptionParserReadsTheTable()
    {
        const QString doc = u"example:animal"_qs;
        for (const OutputFormat &f : outputFormats()) {
            const QString out = u"out."_qs + f.suffix;
            const auto parsed
                = [&](QStringList args) { return parseExportArguments(QStringList {doc} << args << u"-o"_qs << out); };
            const ParsedExport figure = parsed({u"--view"_qs, u"heatmap"_qs});
            QCOMPARE(bool(figure.options), f.canHold(OutputContent::Figure));
            if (!figure.options)
                QCOMPARE(figure.error,
                    u"-o: a figure is written as .png, .svg or .pdf (or give --format), got '%1'"_qs.arg(out));
            const ParsedExport animation = parsed({u"--view"_qs, u"heatmap"_qs, u"--animate"_qs,
                u"words.animal.k[0]"_qs, u"--from"_qs, u"0"_qs, u"--to"_qs, u"1"_qs});
            QCOMPARE(bool(animation.options), f.canHold(OutputContent::Animation));
            const ParsedExport worked = parsed({u"--worked"_qs, u"--format"_qs, f.name});
            QVERIFY2(
                bool(worked.options) == f.canHold(OutputContent::Worked), qPrintable(f.name + u": "_qs + worked.error));
            // Numbers by the explicit name: bmatrix shares tex's suffix.
            const ParsedExport numbers = parsed({u"--numbers"_qs, u"weights"_qs, u"--format"_qs, f.name});
            QCOMPARE(bool(numbers.options), f.canHold(OutputContent::Numbers));
            QCOMPARE(bool(tableFormatFromString(f.name)), f.canHold(OutputContent::Numbers));
            for (const QString &alias : f.aliases) {
                const ParsedExport spelled = parsed({u"--numbers"_qs, u"weights"_qs, u"--format"_qs, alias});
                QVERIFY2(spelled.options, qPrintable(spelled.error));
                QCOMPARE(spelled.options->format, f.name);
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstExportOptions)
#include "tst_exportoptions.moc"
