#include "tokenizers/unigramtokenizer.h"

#include "tokenizers/jsonfields.h"
#include "tokenizers/sentencepiecetokenizer.h"
#include "tokenizers/tokenizerjson.h"
#include "tokenizers/utf8.h"

#include <QJsonArray>

#include <sentencepiece_processor.h>

namespace qkv::tokenizers {

UnigramTokenizer::UnigramTokenizer() = default;
UnigramTokenizer::~UnigramTokenizer() = default;

LoadedTokenizer UnigramTokenizer::load(const QJsonObject &root, const QByteArray &model, const QString &where)
{
    std::unique_ptr<UnigramTokenizer> t(new UnigramTokenizer);
    QString error;
    t->m_processor = loadProcessor(model, where, &error);
    if (!t->m_processor)
        return {nullptr, error};
    try {
        const QString modelPath = QStringLiteral("model");
        const QJsonObject m = objectAt(root.value(modelPath), modelPath);
        const QString vocabPath = QStringLiteral("model.vocab");
        const QJsonValue vocab = m.value(QLatin1String("vocab"));
        if (!vocab.isArray() || vocab.toArray().isEmpty())
            fail(vocabPath + QStringLiteral(" must be a list of [piece, score]"));
        const QJsonArray pieces = vocab.toArray();
        t->m_vocabulary.reserve(std::size_t(pieces.size()));
        for (qsizetype i = 0; i < pieces.size(); ++i) {
            const QJsonArray entry = pieces[i].toArray();
            if (entry.size() != 2 || !entry[0].isString())
                fail(indexPath(vocabPath, i) + QStringLiteral(" must be [piece, score]"));
            t->m_vocabulary.insert(entry[0].toString(), int(i));
        }
        const QJsonValue unknown = m.value(QLatin1String("unk_id"));
        if (unknown.isDouble()) {
            t->m_unknown = unknown.toInt(-1);
            if (t->m_unknown < 0 || t->m_unknown >= int(pieces.size()))
                fail(
                    QStringLiteral("model.unk_id %1 is not one of the %2 pieces").arg(t->m_unknown).arg(pieces.size()));
        }
        t->m_added = parseAddedTokens(root.value(QLatin1String("added_tokens")), t->m_vocabulary);
        for (const AddedToken &a : t->m_added.tokens()) {
            t->m_vocabulary.insert(a.content, a.id);
            if (std::size_t(a.id) >= t->m_special.size())
                t->m_special.resize(std::size_t(a.id) + 1);
            t->m_special[std::size_t(a.id)] = a.special;
        }
        t->m_post = parsePostProcessor(root.value(QLatin1String("post_processor")), QStringLiteral("post_processor"));
        for (const std::vector<int> *ids : {&t->m_post.prefix, &t->m_post.suffix})
            for (int id : *ids)
                if (id < 0 || id >= t->vocabSize())
                    fail(QStringLiteral("post_processor: special token id %1 is not in the vocabulary").arg(id));
    } catch (const LoadError &e) {
        return {nullptr, where + QStringLiteral(": ") + e.message};
    }
    return {std::move(t), {}};
}

// The SentencePiece model's pieces for one stretch of text, as tokenizer.json's ids.
void UnigramTokenizer::segment(const QString &text, std::vector<int> &ids) const
{
    const QByteArray utf8 = text.toUtf8();
    std::vector<int> own;
    m_processor->Encode(std::string_view(utf8.constData(), std::size_t(utf8.size())), &own).IgnoreError();
    for (int i : own) {
        const std::string &p = m_processor->IdToPiece(i);
        const std::optional<int> mine = m_processor->IsUnknown(i)
            ? std::nullopt
            : m_vocabulary.find(fromUtf8(QByteArrayView(p.data(), qsizetype(p.size()))));
        if (mine)
            ids.push_back(*mine);
        else if (m_unknown >= 0)
            ids.push_back(m_unknown);
    }
}

Encoding UnigramTokenizer::encode(const QString &text, bool addSpecial) const
{
    Encoding e;
    if (addSpecial)
        e.ids = m_post.prefix;
    for (const AddedTokens::Segment &s : m_added.split(text, false)) {
        if (s.id >= 0)
            e.ids.push_back(s.id);
        else
            segment(s.text, e.ids);
    }
    if (addSpecial)
        e.ids.insert(e.ids.end(), m_post.suffix.begin(), m_post.suffix.end());
    describe(e);
    return e;
}

Tokenizer::PieceText UnigramTokenizer::pieceText(int id) const
{
    if (id < 0 || id >= vocabSize() || id == m_unknown
        || (std::size_t(id) < m_special.size() && m_special[std::size_t(id)]))
        return {QByteArray(), true, false};
    QString text = piece(id);
    if (text.size() == 6 && text.startsWith(u"<0x") && text.endsWith(u'>')) { // byte fallback
        bool ok = false;
        const int byte = text.mid(3, 2).toInt(&ok, 16);
        if (ok)
            return {QByteArray(1, char(byte)), false, false};
    }
    return {text.replace(QChar(0x2581), u' ').toUtf8(), false, false};
}

} // namespace qkv::tokenizers
