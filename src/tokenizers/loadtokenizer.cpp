#include "tensorfiles/formaterror.h"
#include "tokenizers/ggufvocab.h"
#include "tokenizers/hftokenizer.h"
#include "tokenizers/legacyloaders.h"
#include "tokenizers/sentencepiecetokenizer.h"
#include "tokenizers/tokenizer.h"
#include "tokenizers/tokenizerjson.h"
#include "tokenizers/unigramtokenizer.h"

#include "platform/fileread.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace qkv::tokenizers {

namespace {

// Larger than any real tokenizer file (Llama 3's tokenizer.json is 9 MB): refused before reading.
constexpr qint64 maxFileSize = qint64(256) << 20;

QByteArray readFile(const QDir &dir, const QString &name)
{
    QString why;
    std::optional<QByteArray> bytes = readWholeFile(dir.filePath(name), maxFileSize, &why);
    if (!bytes)
        fail(name + QStringLiteral(": cannot be read (") + why + u')');
    return std::move(*bytes);
}

// tokenizer_config.json, empty when the folder has none.
QJsonObject readConfig(const QDir &dir)
{
    const QString name = QStringLiteral("tokenizer_config.json");
    if (!dir.exists(name))
        return {};
    try {
        const QJsonDocument doc = parseJsonDocument(readFile(dir, name));
        if (!doc.isObject())
            fail(QStringLiteral("must hold a JSON object"));
        return doc.object();
    } catch (const LoadError &e) {
        fail(e.message.startsWith(name) ? e.message : name + QStringLiteral(": ") + e.message);
    }
}

// A special token of tokenizer_config.json: "<s>" or {"content": "<s>", …}.
QString configToken(const QJsonObject &config, QLatin1String key)
{
    const QJsonValue v = config.value(key);
    return v.isObject() ? v.toObject().value(QLatin1String("content")).toString() : v.toString();
}

// transformers' LlamaTokenizerFast rebuilds the post-processor from add_bos_token (default true)
// and add_eos_token (default false) whatever tokenizer.json says; so does this, for that class.
void applyLlamaConfig(LoadedTokenizer &loaded, const QJsonObject &config)
{
    const QString tokenizerClass = config.value(QLatin1String("tokenizer_class")).toString();
    if (!loaded
        || (tokenizerClass != QLatin1String("LlamaTokenizer") && tokenizerClass != QLatin1String("LlamaTokenizerFast")
            && tokenizerClass != QLatin1String("CodeLlamaTokenizer")
            && tokenizerClass != QLatin1String("CodeLlamaTokenizerFast")))
        return;
    const QString configPath = QStringLiteral("tokenizer_config.json");
    PostProcessor post;
    const auto bos = loaded.tokenizer->id(configToken(config, QLatin1String("bos_token")));
    const auto eos = loaded.tokenizer->id(configToken(config, QLatin1String("eos_token")));
    if (bos && boolField(config, QLatin1String("add_bos_token"), configPath, true))
        post.prefix.push_back(*bos);
    if (eos && boolField(config, QLatin1String("add_eos_token"), configPath, false))
        post.suffix.push_back(*eos);
    static_cast<HfTokenizer &>(*loaded.tokenizer).setPostProcessor(std::move(post));
}

// A tokenizer.json of model type Unigram, with the SentencePiece model beside it that segments
// for it; nothing for another type.
std::optional<LoadedTokenizer> loadUnigram(const QDir &dir, const QByteArray &json)
{
    if (!json.contains("\"Unigram\"")) // most are BPE: not parsed twice
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(json);
    const QJsonObject model = doc.object().value(QLatin1String("model")).toObject();
    if (model.value(QLatin1String("type")).toString() != QLatin1String("Unigram"))
        return std::nullopt;
    for (const char *name : {"spiece.model", "sentencepiece.bpe.model", "sentencepiece.model", "tokenizer.model"}) {
        const QString file = QLatin1String(name);
        if (dir.exists(file))
            return UnigramTokenizer::load(
                doc.object(), readFile(dir, file), QStringLiteral("tokenizer.json with ") + file);
    }
    return LoadedTokenizer {nullptr,
        QStringLiteral("tokenizer.json: model.type \"Unigram\" is read with the SentencePiece model it was made from, "
                       "and the folder has none (spiece.model, sentencepiece.bpe.model or tokenizer.model)")};
}

LoadedTokenizer loadFolder(const QDir &dir)
{
    const QString json = QStringLiteral("tokenizer.json");
    if (dir.exists(json)) {
        const QByteArray bytes = readFile(dir, json);
        if (std::optional<LoadedTokenizer> unigram = loadUnigram(dir, bytes))
            return std::move(*unigram);
        LoadedTokenizer loaded = loadTokenizerJson(bytes, json);
        applyLlamaConfig(loaded, readConfig(dir));
        return loaded;
    }
    if (dir.exists(QStringLiteral("vocab.json"))) {
        if (!dir.exists(QStringLiteral("merges.txt")))
            fail(QStringLiteral("merges.txt: missing (vocab.json needs the merges beside it)"));
        return loadGpt2Files(readFile(dir, QStringLiteral("vocab.json")), readFile(dir, QStringLiteral("merges.txt")));
    }
    if (dir.exists(QStringLiteral("vocab.txt"))) {
        const QByteArray vocab = readFile(dir, QStringLiteral("vocab.txt"));
        return loadBertVocab(vocab, readConfig(dir));
    }
    const QString model = QStringLiteral("tokenizer.model");
    if (dir.exists(model)) {
        const QJsonObject config = readConfig(dir);
        const QString configPath = QStringLiteral("tokenizer_config.json");
        const bool addBos = boolField(config, QLatin1String("add_bos_token"), configPath, true);
        const bool addEos = boolField(config, QLatin1String("add_eos_token"), configPath, false);
        return SentencePieceTokenizer::load(readFile(dir, model), model, addBos, addEos);
    }
    return {nullptr,
        QDir::toNativeSeparators(dir.path())
            + QStringLiteral(
                ": no tokenizer (tokenizer.json, vocab.json with merges.txt, vocab.txt or tokenizer.model)")};
}

} // namespace

LoadedTokenizer loadTokenizer(const QString &folder)
{
    if (isGgufFile(folder)) {
        // Its header only: the mapping reads the pages the metadata is on.
        QFile file(folder);
        const uchar *map = file.open(QIODevice::ReadOnly) ? file.map(0, file.size()) : nullptr;
        if (!map)
            return {
                nullptr, QDir::toNativeSeparators(folder) + QStringLiteral(": cannot be read: ") + file.errorString()};
        try {
            return loadGgufTokenizer(
                parseGgufHeader(QByteArrayView(reinterpret_cast<const char *>(map), qsizetype(file.size()))),
                QDir::toNativeSeparators(folder));
        } catch (const tensorio::Invalid &e) {
            return {nullptr, QDir::toNativeSeparators(folder) + QStringLiteral(": ") + e.message};
        }
    }
    if (!QFileInfo(folder).isDir())
        return {nullptr, QDir::toNativeSeparators(folder) + QStringLiteral(": not a folder")};
    try {
        return loadFolder(QDir(folder));
    } catch (const LoadError &e) { // every message starts with the file's name
        return {nullptr, e.message};
    }
}

} // namespace qkv::tokenizers
