// `--size WxH`: a size it accepts is drawable (1 … maxSide on each side) and reads back the same.
#include "arguments/exportoptions.h"
#include "fuzzcheck.h"

using namespace qkv;
using namespace qkv::cli;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::optional<QSize> parsed = parseSize(fuzz::text(data, size));
    if (!parsed)
        return 0;
    FUZZ_CHECK(parsed->width() >= 1 && parsed->width() <= ExportOptions::maxSide, QString::number(parsed->width()));
    FUZZ_CHECK(parsed->height() >= 1 && parsed->height() <= ExportOptions::maxSide, QString::number(parsed->height()));
    const QString spelled = QStringLiteral("%1x%2").arg(parsed->width()).arg(parsed->height());
    FUZZ_CHECK(parseSize(spelled) == parsed, spelled);
    return 0;
}
