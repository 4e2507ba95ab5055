// The tokenizer files from before tokenizer.json, read from a folder by loadTokenizer: the input
// is cut at NUL bytes into two files and a sentence. When it starts with "{" the files are GPT-2's
// vocab.json and merges.txt, otherwise BERT's vocab.txt and tokenizer_config.json. A refusal
// names the file; a tokenizer that loads keeps the promises of tokenizerfuzz.h.
#include "fuzzfiles.h"
#include "tokenizerfuzz.h"

using namespace qkv;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::vector<QByteArray> in = fuzz::parts(data, size, 3);
    const QByteArray second = in.size() > 1 ? in[1] : QByteArray();
    const QString sentence = in.size() > 2 ? QString::fromUtf8(in[2]) : QString();
    const bool gpt2 = in[0].startsWith('{');
    // A folder of its own for each kind: loadTokenizer takes vocab.json before vocab.txt.
    const QString folder = fuzz::scratchPath(gpt2 ? QStringLiteral("gpt2/") : QStringLiteral("bert/"));
    const QStringList files = gpt2 ? QStringList {QStringLiteral("vocab.json"), QStringLiteral("merges.txt")}
                                   : QStringList {QStringLiteral("vocab.txt"), QStringLiteral("tokenizer_config.json")};
    fuzz::writeFile(folder + files[0], in[0]);
    // No tokenizer_config.json is a folder as common as one with it.
    if (gpt2 || !second.isEmpty())
        fuzz::writeFile(folder + files[1], second);
    else
        QFile::remove(folder + files[1]);
    const tokenizers::LoadedTokenizer loaded = tokenizers::loadTokenizer(folder);
    if (!loaded) {
        fuzz::checkRefusal(loaded, files);
        return 0;
    }
    fuzz::checkTokenizer(*loaded.tokenizer, sentence);
    return 0;
}
