// A model-session file (.qkvmodel.json, parseSession) on any bytes: a refusal names the file and
// says where (line and column, or the JSON path below the top); an accepted session saves and
// reads back to the same session, every value of its interventions finite.
#include "fuzzcheck.h"
#include "livemodel/sessionfile.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString file = QStringLiteral("/fuzz/saved.qkvmodel.json");
    const live::SessionLoad loaded
        = live::parseSession(QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)), file);
    if (!loaded) {
        const LoadError &e = loaded.error;
        FUZZ_CHECK(e.file == file && !e.message.isEmpty(), e.toString());
        return 0;
    }
    const live::SessionFile &s = *loaded.session;
    FUZZ_CHECK(!s.model.isEmpty() && s.layer >= 0 && s.head >= 0, s.model);
    for (const transformer::Intervention &x : s.interventions) {
        FUZZ_CHECK(x.layer >= 0 && x.head >= 0, QString());
        FUZZ_CHECK(x.kind == transformer::Intervention::Kind::Ablate || (x.values.size() > 0 && x.values.allFinite()),
            QStringLiteral("%1 × %2 values").arg(x.values.rows()).arg(x.values.cols()));
    }
    const live::SessionLoad again = live::parseSession(live::serializeSession(s, file), file);
    FUZZ_CHECK(again, QStringLiteral("saved, then refused: ") + again.error.toString());
    const live::SessionFile &t = *again.session;
    FUZZ_CHECK(t.model == s.model && t.sentence == s.sentence && t.layer == s.layer && t.head == s.head
            && t.interventions == s.interventions && t.lessonAnswers == s.lessonAnswers,
        QStringLiteral("saved and read back, the session differs"));
    return 0;
}
