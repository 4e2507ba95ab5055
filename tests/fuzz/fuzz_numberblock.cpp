// The paste parser: whatever the clipboard holds. A block it accepts holds only numbers in the
// document's range, and its tab-separated form (what Ctrl+C copies) parses back to the same block.
#include "document/numberblock.h"
#include "document/settings.h"
#include "fuzzcheck.h"

#include <cmath>

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const NumberBlock block = parseNumberBlock(fuzz::text(data, size));
    if (!block.error.isEmpty()) {
        FUZZ_CHECK(block.error.startsWith(u"row ") || block.error == u"there are no numbers to paste", block.error);
        return 0;
    }
    FUZZ_CHECK(!block.rows.empty(), QStringLiteral("accepted an empty block"));
    for (const auto &row : block.rows) {
        FUZZ_CHECK(!row.empty(), QStringLiteral("an empty row"));
        for (double x : row)
            FUZZ_CHECK(std::isfinite(x) && std::abs(x) <= limits::maxAbsValue, QString::number(x));
    }
    const NumberBlock again = parseNumberBlock(formatNumberBlock(block.rows));
    FUZZ_CHECK(again.error.isEmpty(), again.error);
    FUZZ_CHECK(again.rows == block.rows, QStringLiteral("copy and paste changed the numbers"));
    return 0;
}
