// Ollama's manifests (ollamaModelDigest) on any bytes: a refusal says what is wrong; a digest
// accepted is "sha256:" and 64 lower-case hex digits, so the blob it names stays in blobs/.
#include "fuzzcheck.h"
#include "transformer/localmodels.h"

#include <QRegularExpression>

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QString why;
    const QString digest = transformer::ollamaModelDigest(
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size)), &why);
    if (digest.isEmpty()) {
        FUZZ_CHECK(!why.isEmpty(), QStringLiteral("an empty refusal"));
        return 0;
    }
    static const QRegularExpression form(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    FUZZ_CHECK(form.match(digest).hasMatch(), digest);
    return 0;
}
