// The lesson reader from bytes (parseLesson, what opening a .qkvlesson.json runs), and the goal
// language inside it. A refused lesson must say where; an accepted one must save and read back
// to the same lesson and bytes, and check its solutions without a crash.
#include "fuzzcheck.h"
#include "lessons/lessoncheck.h"
#include "lessons/lessonio.h"

using namespace qkv;
using namespace qkv::lessons;

namespace {

// Checking solutions computes every step's document; only small ones, to stay within the time limit.
bool cheap(const Lesson &lesson)
{
    const Document start = documentAt(lesson, 0);
    const double n = start.tokenCount();
    return lesson.steps.size() <= 32 && start.settings().heads * n * n * (start.settings().dim + 8.0) < 1e6;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const LessonLoad first = parseLesson(bytes, QStringLiteral("fuzz.qkvlesson.json"));
    if (!first) {
        const LoadError &e = first.error;
        FUZZ_CHECK(!e.message.isEmpty(), QStringLiteral("refused without a message"));
        FUZZ_CHECK(
            e.line > 0 || !e.path.isEmpty() || e.message == u"expected a JSON object at the top level", e.toString());
        return 0;
    }
    const QByteArray saved = serializeLesson(*first.lesson);
    const LessonLoad second = parseLesson(saved);
    FUZZ_CHECK(second, QStringLiteral("a saved lesson does not read: ") + second.error.toString());
    FUZZ_CHECK(*second.lesson == *first.lesson, QStringLiteral("reading the saved lesson gives another"));
    FUZZ_CHECK(serializeLesson(*second.lesson) == saved, QStringLiteral("save, read, save differs"));
    if (cheap(*first.lesson))
        for (const ExerciseStatus &s : checkSolutions(*first.lesson))
            FUZZ_CHECK(s.step >= 0 && s.step < static_cast<int>(first.lesson->steps.size()), QString());
    return 0;
}
