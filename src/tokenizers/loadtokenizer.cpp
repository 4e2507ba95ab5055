#include "legacyloaders.h"
#include "sentencepiecetokenizer.h"
#include "tokenizer.h"
#include "tokenizerjson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace qkv::tokenizers {

namespace {

// Larger than any real tokenizer file (Llama 3's tokenizer.json is 9 MB): refused before reading.
constexpr qint64 maxFileSize = qint64(256) << 20;

QByteArray readFile(const QDir &dir, const QString &name)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::ReadOnly))
        fail(name + QStringLiteral(": cannot be read (") + f.errorString() + u')');
    if (f.size() > maxFileSize)
        fail(name + QStringLiteral(": larger than 256 MiB, not a tokenizer file"));
    return f.readAll();
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

LoadedTokenizer loadFolder(const QDir &dir)
{
    const QString json = QStringLiteral("tokenizer.json");
    if (dir.exists(json))
        return loadTokenizerJson(readFile(dir, json), json);
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
    if (!QFileInfo(folder).isDir())
        return {nullptr, QDir::toNativeSeparators(folder) + QStringLiteral(": not a folder")};
    try {
        return loadFolder(QDir(folder));
    } catch (const LoadError &e) { // every message starts with the file's name
        return {nullptr, e.message};
    }
}

} // namespace qkv::tokenizers
