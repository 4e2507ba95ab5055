// The document loader from bytes: parseDocument is what loadDocument (and so the window, the
// command line and crash recovery) runs on a file's contents. A refused document must say where;
// an accepted one must save, load and save again to the same bytes (README, Documents) and
// compute without a silent NaN.
#include "attention/engine.h"
#include "document/documentio.h"
#include "fuzzcheck.h"

#include <cmath>

using namespace qkv;

namespace {

void checkLocated(const LoadError &e)
{
    FUZZ_CHECK(!e.message.isEmpty(), QStringLiteral("refused without a message"));
    // Two refusals concern the document as a whole: not an object, or too large to compute.
    const bool whole
        = e.message == u"expected a JSON object at the top level" || e.message.startsWith(u"too large to compute: ");
    FUZZ_CHECK(e.line > 0 || !e.path.isEmpty() || whole, e.toString());
    FUZZ_CHECK(e.line == 0 || e.column > 0, e.toString());
}

// The engine's promise (SPEC §1): a row either holds finite weights or is listed as a problem,
// and a softmax row that is not a problem sums to 1.
void checkResult(const Document &doc, const Result &r)
{
    const Settings &s = doc.settings();
    FUZZ_CHECK(static_cast<int>(r.heads.size()) == s.heads, QString());
    FUZZ_CHECK(r.output.allFinite(), QStringLiteral("non-finite output"));
    const bool softmax = s.normalization == Normalization::Softmax || s.normalization == Normalization::ScaledSoftmax;
    // Narrow arithmetic rounds each weight and the row's sum: to within n units of its last place.
    const double unit = s.precision == Precision::Float16 ? std::ldexp(1.0, -11)
        : s.precision == Precision::BFloat16              ? std::ldexp(1.0, -8)
        : s.precision == Precision::Float32               ? std::ldexp(1.0, -24)
                                                          : 0.0;
    const double tolerance = 1e-9 + 2 * unit * doc.tokenCount();
    for (const HeadResult &head : r.heads) {
        // n × m: m is the second sentence's token count in cross-attention.
        FUZZ_CHECK(head.weights.rows() == doc.tokenCount() && head.weights.cols() == doc.keyTokenCount(), QString());
        FUZZ_CHECK(head.weights.allFinite() && head.output.allFinite(), QStringLiteral("non-finite weights"));
        if (!softmax || s.mode == Mode::Weights)
            continue;
        for (int i = 0; i < head.weights.rows(); ++i) {
            const bool problem = std::any_of(
                head.problems.begin(), head.problems.end(), [i](const RowProblem &p) { return p.row == i; });
            const double sum = head.weights.row(i).sum();
            FUZZ_CHECK(problem || std::abs(sum - 1.0) < tolerance, QStringLiteral("row %1 sums to %2").arg(i).arg(sum));
        }
    }
}

// A rough count of the multiply-adds of compute(): only small documents are computed, so one
// input stays well under libFuzzer's time limit (the loader is what is under test).
double computeCost(const Document &doc)
{
    const Settings &s = doc.settings();
    const double n = doc.tokenCount(), m = doc.keyTokenCount();
    const double projection = s.mode == Mode::Projection ? (n + m) * s.dModel * s.dim * 3.0 : 0.0;
    return s.heads * (n * m * (s.dim + 8.0) + projection);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const LoadResult first = parseDocument(bytes, QStringLiteral("fuzz.qkv.json"));
    if (!first) {
        checkLocated(first.error);
        return 0;
    }
    const QByteArray saved = serializeDocument(*first.document);
    const LoadResult second = parseDocument(saved);
    FUZZ_CHECK(second, QStringLiteral("a saved document does not load: ") + second.error.toString());
    FUZZ_CHECK(*second.document == *first.document, QStringLiteral("loading the saved document gives another"));
    FUZZ_CHECK(serializeDocument(*second.document) == saved, QStringLiteral("save, load, save differs"));
    if (computeCost(*first.document) < 4e6)
        checkResult(*first.document, compute(*first.document));
    return 0;
}
