// The goal language of lessons (Goal::parse) on arbitrary text, as a teacher types it: a refusal
// names a column within the text; an accepted goal evaluates on a small document without a crash,
// listing a check for every comparison it made.
#include "fuzzcheck.h"
#include "lessons/goal.h"

using namespace qkv;
using namespace qkv::lessons;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const Document doc = [] {
        Document d;
        d.setSentence(QStringLiteral("a b, c #2 didn't a"));
        return d;
    }();
    static const Result result = compute(doc);
    const QString text = fuzz::text(data, size);
    for (const Goal::Kind kind : {Goal::Kind::Condition, Goal::Kind::Quantity}) {
        Goal::ParseError error;
        const std::optional<Goal> goal = Goal::parse(text, kind, &error);
        if (!goal) {
            FUZZ_CHECK(!error.message.isEmpty(), QStringLiteral("refused without a message"));
            FUZZ_CHECK(error.column >= 1 && error.column <= text.size() + 1,
                QStringLiteral("column %1 of %2 characters").arg(error.column).arg(text.size()));
            continue;
        }
        if (kind == Goal::Kind::Condition) {
            const Goal::Outcome outcome = goal->evaluate(doc, result);
            FUZZ_CHECK(!outcome.met || !outcome.checks.empty(), QStringLiteral("met without a comparison"));
        } else {
            QString why;
            const std::optional<double> value = goal->value(doc, result, &why);
            FUZZ_CHECK(value || !why.isEmpty(), QStringLiteral("no value and no reason"));
        }
    }
    return 0;
}
