// A Hugging Face tokenizer.json (loadTokenizerJson) on any bytes: the input is tokenizer.json, then
// after a NUL byte a sentence, then after another the folder's tokenizer_config.json (when there
// is one, both files are written to a folder and read by loadTokenizer, as a model folder is).
// A refusal names the file; a tokenizer that loads keeps the promises of tokenizerfuzz.h.
#include "fuzzfiles.h"
#include "tokenizerfuzz.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::vector<QByteArray> in = fuzz::parts(data, size, 3);
    const QString sentence = in.size() > 1 ? QString::fromUtf8(in[1]) : QString();
    tokenizers::LoadedTokenizer loaded;
    if (in.size() < 3) {
        loaded = tokenizers::loadTokenizerJson(in[0], QStringLiteral("tokenizer.json"));
    } else {
        const QString folder = fuzz::scratchPath(QStringLiteral("model/"));
        fuzz::writeFile(folder + QStringLiteral("tokenizer.json"), in[0]);
        fuzz::writeFile(folder + QStringLiteral("tokenizer_config.json"), in[2]);
        loaded = tokenizers::loadTokenizer(folder);
    }
    if (!loaded) {
        fuzz::checkRefusal(loaded, {QStringLiteral("tokenizer.json"), QStringLiteral("tokenizer_config.json")});
        return 0;
    }
    fuzz::checkTokenizer(*loaded.tokenizer, sentence);
    return 0;
}
