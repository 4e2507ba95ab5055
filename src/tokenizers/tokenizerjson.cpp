#include "tokenizers/tokenizerjson.h"

#include "tokenizers/bpemodel.h"
#include "tokenizers/hftokenizer.h"
#include "tokenizers/wordpiecemodel.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv::tokenizers {

namespace {

const QLatin1String modelPath("model");
constexpr int maxWordPieceChars = 1000;

// The largest id a vocabulary of `size` tokens may use.
qsizetype maxId(qsizetype size)
{
    return 2 * size + 1024;
}

std::unique_ptr<Model> parseBpe(const QJsonObject &m)
{
    const QJsonValue dropout = m.value(QLatin1String("dropout"));
    if (!dropout.isNull() && !dropout.isUndefined() && dropout.toDouble() != 0.0)
        fail(QStringLiteral("model.dropout: BPE dropout is not supported (it makes tokenization random)"));
    Vocabulary vocabulary = parseVocabulary(
        objectAt(m.value(QLatin1String("vocab")), QStringLiteral("model.vocab")), QStringLiteral("model.vocab"));
    BpeModel::Options options;
    const QString unk = stringField(m, QLatin1String("unk_token"), modelPath, QString());
    if (!unk.isEmpty()) {
        options.unk = vocabulary.find(unk);
        if (!options.unk)
            fail(QStringLiteral("model.unk_token \"") + unk + QStringLiteral("\" is not in the vocabulary"));
    }
    options.fuseUnk = boolField(m, QLatin1String("fuse_unk"), modelPath, false);
    options.byteFallback = boolField(m, QLatin1String("byte_fallback"), modelPath, false);
    options.ignoreMerges = boolField(m, QLatin1String("ignore_merges"), modelPath, false);
    options.continuingSubwordPrefix = stringField(m, QLatin1String("continuing_subword_prefix"), modelPath, {});
    options.endOfWordSuffix = stringField(m, QLatin1String("end_of_word_suffix"), modelPath, {});
    auto model = std::make_unique<BpeModel>(std::move(vocabulary), options);
    const QJsonArray merges = arrayField(m, QLatin1String("merges"), modelPath);
    const QString mergesPath = QStringLiteral("model.merges");
    for (qsizetype i = 0; i < merges.size(); ++i) {
        const QJsonValue v = merges[i];
        if (v.isString()) { // "a b": the older form
            const QStringList parts = v.toString().split(u' ');
            if (parts.size() != 2)
                fail(indexPath(mergesPath, i) + QStringLiteral(" must be two tokens separated by a space"));
            model->addMerge(parts[0], parts[1], [&] { return indexPath(mergesPath, i); });
        } else {
            const QJsonArray pair = v.toArray();
            if (!v.isArray() || pair.size() != 2 || !pair[0].isString() || !pair[1].isString())
                fail(indexPath(mergesPath, i) + QStringLiteral(" must be \"a b\" or [\"a\", \"b\"]"));
            model->addMerge(pair[0].toString(), pair[1].toString(), [&] { return indexPath(mergesPath, i); });
        }
    }
    return model;
}

std::unique_ptr<WordPieceModel> parseWordPiece(const QJsonObject &m)
{
    Vocabulary vocabulary = parseVocabulary(
        objectAt(m.value(QLatin1String("vocab")), QStringLiteral("model.vocab")), QStringLiteral("model.vocab"));
    const QString unk = stringField(m, QLatin1String("unk_token"), modelPath, QStringLiteral("[UNK]"));
    const auto unkId = vocabulary.find(unk);
    if (!unkId)
        fail(QStringLiteral("model.unk_token \"") + unk + QStringLiteral("\" is not in the vocabulary"));
    // Matching a word costs up to its length squared: longer words than this are refused.
    const int maxChars = intField(m, QLatin1String("max_input_chars_per_word"), modelPath, 100);
    if (maxChars > maxWordPieceChars)
        fail(QStringLiteral("model.max_input_chars_per_word: %1 is more than the %2 this reader allows (Hugging "
                            "Face's default is 100)")
                 .arg(maxChars)
                 .arg(maxWordPieceChars));
    return std::make_unique<WordPieceModel>(std::move(vocabulary), *unkId,
        stringField(m, QLatin1String("continuing_subword_prefix"), modelPath, QStringLiteral("##")), maxChars);
}

// The ids are the ones Hugging Face's AddedVocabulary gives, which is what Python runs: a token the
// vocabulary has keeps its id; a new one takes the next id after the vocabulary and the tokens
// added before it. The "id" in the file only has to be a number (Rust warns when it differs).

// Whether the decoder drops the space that the normalizer or pre-tokenizer put before the text.
bool decoderStripsLeadingSpace(const QJsonValue &value)
{
    const QJsonObject o = value.toObject();
    const QString type = o.value(QLatin1String("type")).toString();
    if (type == QLatin1String("Sequence")) {
        for (const auto &d : o.value(QLatin1String("decoders")).toArray())
            if (decoderStripsLeadingSpace(d))
                return true;
        return false;
    }
    if (type == QLatin1String("Strip"))
        return o.value(QLatin1String("start")).toInt() > 0;
    if (type == QLatin1String("Metaspace"))
        return o.value(QLatin1String("prepend_scheme")).toString() != QLatin1String("never")
            && o.value(QLatin1String("add_prefix_space")).toBool(true);
    return false;
}

} // namespace

AddedTokens parseAddedTokens(const QJsonValue &value, const Vocabulary &model)
{
    AddedTokens added;
    if (value.isNull() || value.isUndefined())
        return added;
    const QString path = QStringLiteral("added_tokens");
    if (!value.isArray())
        fail(path + QStringLiteral(" must be an array"));
    const QJsonArray list = value.toArray();
    QHash<QString, int> ids;
    int largest = -1;
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QString at = indexPath(path, i);
        const QJsonObject o = objectAt(list[i], at);
        AddedToken t;
        intField(o, QLatin1String("id"), at);
        t.content = stringField(o, QLatin1String("content"), at);
        t.special = boolField(o, QLatin1String("special"), at, false);
        t.lstrip = boolField(o, QLatin1String("lstrip"), at, false);
        t.rstrip = boolField(o, QLatin1String("rstrip"), at, false);
        t.singleWord = boolField(o, QLatin1String("single_word"), at, false);
        t.normalized = boolField(o, QLatin1String("normalized"), at, !t.special);
        if (const auto known = ids.constFind(t.content); known != ids.constEnd())
            t.id = *known;
        else if (const auto inModel = model.find(t.content))
            t.id = *inModel;
        else
            t.id = largest >= model.count() || model.count() == 0 ? largest + 1 : model.count();
        ids.insert(t.content, t.id);
        largest = std::max(largest, t.id);
        added.add(t);
    }
    return added;
}

QJsonDocument parseJsonDocument(const QByteArray &bytes)
{
    // Qt's parser drops a U+FEFF written as UTF-8 inside a string (it decodes each string as if it
    // began a file), which would lose a vocabulary entry; written as an escape it stays.
    QByteArray escaped = bytes.startsWith("\xEF\xBB\xBF") ? bytes.mid(3) : bytes;
    escaped.replace("\xEF\xBB\xBF", "\\ufeff");
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(escaped, &error);
    if (error.error != QJsonParseError::NoError) {
        const QByteArray before = escaped.left(error.offset);
        const qsizetype line = before.count('\n') + 1;
        const qsizetype column = error.offset - (before.lastIndexOf('\n') + 1) + 1;
        fail(QStringLiteral("line %1, column %2: %3").arg(line).arg(column).arg(error.errorString()));
    }
    return doc;
}

Vocabulary parseVocabulary(const QJsonObject &o, const QString &path)
{
    Vocabulary v;
    v.reserve(std::size_t(o.size()));
    for (auto it = o.begin(); it != o.end(); ++it) {
        const double d = it.value().toDouble(-1);
        if (!it.value().isDouble() || d < 0 || d >= 1e8 || d != double(int(d)))
            fail(path + QStringLiteral("[\"") + it.key() + QStringLiteral("\"] must be a whole number from 0"));
        // Real vocabularies number their tokens densely; a stray huge id would allocate for nothing.
        if (d >= double(maxId(o.size())))
            fail(path + QStringLiteral("[\"") + it.key()
                + QStringLiteral("\"]: id %1 is far beyond the %2 tokens").arg(qint64(d)).arg(o.size()));
        v.insert(it.key(), int(d));
    }
    return v;
}

std::unique_ptr<HfTokenizer> tokenizerAround(const QJsonObject &root, std::unique_ptr<Model> model)
{
    HfTokenizer::Parts parts;
    PreTokenizerInfo info;
    parts.normalizer = parseNormalizer(root.value(QLatin1String("normalizer")), QStringLiteral("normalizer"));
    parts.preTokenizer
        = parsePreTokenizer(root.value(QLatin1String("pre_tokenizer")), QStringLiteral("pre_tokenizer"), info);
    parts.post = parsePostProcessor(root.value(QLatin1String("post_processor")), QStringLiteral("post_processor"));
    if (const auto *wordPiece = dynamic_cast<const WordPieceModel *>(model.get())) {
        parts.continuationPrefix = wordPiece->prefix();
        parts.marker = HfTokenizer::Marker::WordPiece;
    } else {
        const bool byteLevelDecoder = root.value(QLatin1String("decoder")).toObject().value(QLatin1String("type"))
            == QLatin1String("ByteLevel");
        parts.marker
            = info.byteLevel || byteLevelDecoder ? HfTokenizer::Marker::ByteLevel : HfTokenizer::Marker::Metaspace;
    }
    parts.model = std::move(model);
    parts.added = parseAddedTokens(root.value(QLatin1String("added_tokens")), parts.model->vocabulary());
    parts.stripsLeadingSpace = parts.marker == HfTokenizer::Marker::Metaspace
        && decoderStripsLeadingSpace(root.value(QLatin1String("decoder")));
    auto tokenizer = std::make_unique<HfTokenizer>(std::move(parts));
    // The special tokens around an empty text are all the post-processor adds.
    for (int id : tokenizer->encode(QString(), true).ids)
        if (id >= tokenizer->vocabSize())
            fail(QStringLiteral("post_processor: special token id %1 is not in the vocabulary").arg(id));
    return tokenizer;
}

LoadedTokenizer loadTokenizerJson(const QByteArray &json, const QString &where)
{
    try {
        const QJsonDocument doc = parseJsonDocument(json);
        if (!doc.isObject())
            fail(QStringLiteral("the file must hold a JSON object"));
        const QJsonObject root = doc.object();
        const QJsonObject m = objectAt(root.value(modelPath), modelPath);
        // Files from before "type" was written are told apart by their fields, as Rust does.
        const QString type = stringField(m, QLatin1String("type"), modelPath,
            m.contains(QLatin1String("merges"))             ? QStringLiteral("BPE")
                : m.value(QLatin1String("vocab")).isArray() ? QStringLiteral("Unigram")
                                                            : QStringLiteral("WordPiece"));
        std::unique_ptr<Model> model;
        if (type == QLatin1String("BPE"))
            model = parseBpe(m);
        else if (type == QLatin1String("WordPiece"))
            model = parseWordPiece(m);
        else
            fail(QStringLiteral("model.type \"") + type + QStringLiteral("\" is not supported"));
        return {tokenizerAround(root, std::move(model)), {}};
    } catch (const LoadError &e) {
        return {nullptr, where + QStringLiteral(": ") + e.message};
    }
}

} // namespace qkv::tokenizers
