#include "tokenizers/legacyloaders.h"
#include "tokenizers/utf8.h"

#include "tokenizers/bpemodel.h"
#include "tokenizers/hftokenizer.h"
#include "tokenizers/tokenizerjson.h"
#include "tokenizers/wordpiecemodel.h"

namespace qkv::tokenizers {

namespace {

// A JSON fragment of the tokenizer.json that the legacy files stand for, parsed like one.
QJsonObject object(std::initializer_list<QPair<QString, QJsonValue>> fields)
{
    return QJsonObject(fields);
}

QString lineName(qsizetype index)
{
    return QStringLiteral("line ") + QString::number(index + 1);
}

std::optional<int> addSpecial(HfTokenizer::Parts &parts, const Vocabulary &vocabulary, const QString &content)
{
    const auto id = vocabulary.find(content);
    if (id) {
        AddedToken t;
        t.content = content;
        t.id = *id;
        t.special = true;
        parts.added.add(t);
    }
    return id;
}

} // namespace

LoadedTokenizer loadGpt2Files(const QByteArray &vocabJson, const QByteArray &mergesTxt)
{
    QString file = QStringLiteral("vocab.json");
    try {
        const QJsonDocument doc = parseJsonDocument(vocabJson);
        if (!doc.isObject())
            fail(QStringLiteral("must hold a JSON object of tokens and ids"));
        Vocabulary vocabulary = parseVocabulary(doc.object(), QString());
        HfTokenizer::Parts parts;
        addSpecial(parts, vocabulary, QStringLiteral("<|endoftext|>"));
        file = QStringLiteral("merges.txt");
        auto model = std::make_unique<BpeModel>(std::move(vocabulary), BpeModel::Options());
        const QList<QByteArray> lines = mergesTxt.split('\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QString line = fromUtf8(lines[i]).remove(u'\r');
            if (line.isEmpty() || (i == 0 && line.startsWith(QLatin1String("#version"))))
                continue;
            const QStringList pair = line.split(u' ');
            if (pair.size() != 2)
                fail(lineName(i) + QStringLiteral(": a merge is two tokens separated by a space"));
            model->addMerge(pair[0], pair[1], [&] { return lineName(i); });
        }
        parts.model = std::move(model);
        PreTokenizerInfo info;
        parts.preTokenizer = parsePreTokenizer(object({{QStringLiteral("type"), QStringLiteral("ByteLevel")},
                                                   {QStringLiteral("add_prefix_space"), false}}),
            QStringLiteral("pre_tokenizer"), info);
        parts.marker = HfTokenizer::Marker::ByteLevel;
        return {std::make_unique<HfTokenizer>(std::move(parts)), {}};
    } catch (const LoadError &e) {
        return {nullptr, file + QStringLiteral(": ") + e.message};
    }
}

LoadedTokenizer loadBertVocab(const QByteArray &vocabTxt, const QJsonObject &config)
{
    try {
        QList<QByteArray> lines = vocabTxt.split('\n');
        if (!lines.isEmpty() && lines.back().isEmpty())
            lines.removeLast();
        Vocabulary vocabulary;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QString token = fromUtf8(lines[i]).remove(u'\r');
            vocabulary.insert(token, int(i)); // a repeated token keeps its first id
        }
        const QString configPath = QStringLiteral("tokenizer_config.json");
        auto token = [&](QLatin1String key, const char *fallback) {
            return stringField(config, key, configPath, QString::fromLatin1(fallback));
        };
        HfTokenizer::Parts parts;
        const auto unk = addSpecial(parts, vocabulary, token(QLatin1String("unk_token"), "[UNK]"));
        if (!unk)
            fail(QStringLiteral("the unknown token \"") + token(QLatin1String("unk_token"), "[UNK]")
                + QStringLiteral("\" is not in the vocabulary"));
        const auto cls = addSpecial(parts, vocabulary, token(QLatin1String("cls_token"), "[CLS]"));
        const auto sep = addSpecial(parts, vocabulary, token(QLatin1String("sep_token"), "[SEP]"));
        addSpecial(parts, vocabulary, token(QLatin1String("pad_token"), "[PAD]"));
        addSpecial(parts, vocabulary, token(QLatin1String("mask_token"), "[MASK]"));
        if (cls && sep)
            parts.post = {{*cls}, {*sep}};
        const bool lowercase = boolField(config, QLatin1String("do_lower_case"), configPath, true);
        const QJsonObject normalizer {{QStringLiteral("type"), QStringLiteral("BertNormalizer")},
            {QStringLiteral("lowercase"), lowercase},
            {QStringLiteral("handle_chinese_chars"),
                boolField(config, QLatin1String("tokenize_chinese_chars"), configPath, true)},
            {QStringLiteral("strip_accents"), config.value(QLatin1String("strip_accents"))}};
        parts.normalizer = parseNormalizer(normalizer, configPath);
        PreTokenizerInfo info;
        parts.preTokenizer = parsePreTokenizer(object({{QStringLiteral("type"), QStringLiteral("BertPreTokenizer")}}),
            QStringLiteral("pre_tokenizer"), info);
        parts.model = std::make_unique<WordPieceModel>(std::move(vocabulary), *unk, QStringLiteral("##"), 100);
        parts.continuationPrefix = QStringLiteral("##");
        parts.marker = HfTokenizer::Marker::WordPiece;
        return {std::make_unique<HfTokenizer>(std::move(parts)), {}};
    } catch (const LoadError &e) {
        return {nullptr, QStringLiteral("vocab.txt: ") + e.message};
    }
}

} // namespace qkv::tokenizers
