// The arguments of `qkvlab export`, one per line of the input. Options it returns are within
// their ranges (exportoptions.h promises it); a refusal names what is wrong.
#include "arguments/exportoptions.h"
#include "export/resultnumbers.h"
#include "fuzzcheck.h"

using namespace qkv;
using namespace qkv::cli;

namespace {

void checkOptions(const ExportOptions &o)
{
    FUZZ_CHECK(!o.output.isEmpty(), QStringLiteral("no output"));
    // Exactly one of the three things export writes: a figure, numbers, or the worked arithmetic.
    FUZZ_CHECK(int(o.figure.kind.has_value()) + int(!o.numbers.isEmpty()) + int(o.worked) == 1,
        QStringLiteral("not exactly one of --view, --numbers and --worked"));
    if (o.worked) {
        FUZZ_CHECK(o.format == u"md" || o.format == u"tex", o.format);
    } else if (!o.numbers.isEmpty()) {
        FUZZ_CHECK(numberKinds().contains(o.numbers) || o.numbers == u"model", o.numbers);
        FUZZ_CHECK(o.numbers == u"model"
                ? o.format == u"npz"
                : QStringList({u"csv"_qs, u"md"_qs, u"tex"_qs, u"bmatrix"_qs}).contains(o.format),
            o.format);
    } else {
        FUZZ_CHECK(o.figure.kind.has_value(), QStringLiteral("no figure kind"));
        FUZZ_CHECK(QStringList({u"png"_qs, u"svg"_qs, u"pdf"_qs}).contains(o.format), o.format);
    }
    FUZZ_CHECK(o.head >= -1, QString::number(o.head));
    FUZZ_CHECK(o.scale >= 1.0 && o.scale <= 4.0, QString::number(o.scale));
    FUZZ_CHECK(o.size.width() >= 1 && o.size.width() <= ExportOptions::maxSide, QString::number(o.size.width()));
    FUZZ_CHECK(o.size.height() >= 1 && o.size.height() <= ExportOptions::maxSide, QString::number(o.size.height()));
    const EdgeFilter &f = o.figure.filter;
    FUZZ_CHECK(f.threshold >= 0.0 && f.threshold <= 1.0, QString::number(f.threshold));
    FUZZ_CHECK(f.topK >= 0, QString::number(f.topK));
    FUZZ_CHECK(f.mass > 0.0 && f.mass <= 1.0, QString::number(f.mass));
    const bool automatic = o.figure.dimX == -1 && o.figure.dimY == -1;
    FUZZ_CHECK(automatic || (o.figure.dimX >= 0 && o.figure.dimY >= 0 && o.figure.dimX != o.figure.dimY),
        QStringLiteral("dims %1,%2").arg(o.figure.dimX).arg(o.figure.dimY));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QStringList args = fuzz::text(data, size).split(u'\n');
    const ParsedExport parsed = parseExportArguments(args);
    if (parsed.options)
        checkOptions(*parsed.options);
    else // --help (or -h, --h) asks for the options instead: nothing to refuse
        FUZZ_CHECK(parsed.help != !parsed.error.isEmpty(), QStringLiteral("refused without a message, or with help"));
    return 0;
}
