// A SentencePiece model (tokenizer.model) on any bytes, loaded by libsentencepiece: the first byte
// says whether BOS (bit 0) and EOS (bit 1) are added and how many bytes of sentence follow it, the
// rest is the model. A refusal names the file; a model that loads keeps the promises of
// tokenizerfuzz.h. libsentencepiece is not instrumented: only what reaches our code is seen.
#include "tokenizerfuzz.h"
#include "tokenizers/sentencepiecetokenizer.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const auto *bytes = reinterpret_cast<const char *>(data);
    const qsizetype length = std::min<qsizetype>(data[0] >> 2, qsizetype(size) - 1);
    const QString sentence = QString::fromUtf8(bytes + 1, length);
    const QByteArray model(bytes + 1 + length, qsizetype(size) - 1 - length);
    const QString where = QStringLiteral("tokenizer.model");
    const tokenizers::LoadedTokenizer loaded
        = tokenizers::SentencePieceTokenizer::load(model, where, data[0] & 1, data[0] & 2);
    if (!loaded) {
        fuzz::checkRefusal(loaded, {where});
        return 0;
    }
    fuzz::checkTokenizer(*loaded.tokenizer, sentence);
    return 0;
}
