#include "tokenizers/hftokenizer.h"

#include "tokenizers/bytelevel.h"

namespace qkv::tokenizers {

HfTokenizer::HfTokenizer(Parts parts)
    : m_parts(std::move(parts))
    , m_vocabSize(m_parts.model->vocabulary().size())
{
    for (const AddedToken &t : m_parts.added.tokens()) {
        m_addedIds.insert(t.content, t.id);
        m_addedPieces.insert(t.id, t.content);
        m_vocabSize = std::max(m_vocabSize, t.id + 1);
        (t.special ? m_special : m_addedText).insert(t.id);
    }
}

QString HfTokenizer::piece(int id) const
{
    const auto added = m_addedPieces.constFind(id);
    return added != m_addedPieces.constEnd() ? *added : m_parts.model->vocabulary().piece(id);
}

std::optional<int> HfTokenizer::id(const QString &piece) const
{
    const auto added = m_addedIds.constFind(piece);
    return added != m_addedIds.constEnd() ? std::optional<int>(*added) : m_parts.model->vocabulary().find(piece);
}

Encoding HfTokenizer::encode(const QString &text, bool addSpecial) const
{
    Encoding e;
    if (addSpecial)
        e.ids = m_parts.post.prefix;
    Words words;
    for (const AddedTokens::Segment &raw : m_parts.added.split(text, false)) {
        if (raw.id >= 0) {
            e.ids.push_back(raw.id);
            continue;
        }
        const QString normalized = m_parts.normalizer ? m_parts.normalizer(raw.text) : raw.text;
        for (const AddedTokens::Segment &s : m_parts.added.split(normalized, true)) {
            if (s.id >= 0) {
                e.ids.push_back(s.id);
                continue;
            }
            words.assign(1, Word {s.text, raw.atStart && s.atStart});
            if (m_parts.preTokenizer)
                m_parts.preTokenizer(words);
            for (const Word &w : words)
                m_parts.model->tokenize(w.text, e.ids);
        }
    }
    if (addSpecial)
        e.ids.insert(e.ids.end(), m_parts.post.suffix.begin(), m_parts.post.suffix.end());
    describe(e);
    return e;
}

Tokenizer::PieceText HfTokenizer::pieceText(int id) const
{
    const QString p = piece(id);
    if (p.isEmpty() || m_special.contains(id))
        return {QByteArray(), true, false};
    if (m_addedText.contains(id))
        return {p.toUtf8(), false, false};
    switch (m_parts.marker) {
    case Marker::ByteLevel:
        return {byteLevelToBytes(p), false, false};
    case Marker::Metaspace: {
        // Byte fallback's "<0xE2>" is one byte of UTF-8.
        if (p.size() == 6 && p.startsWith(QLatin1String("<0x")) && p.endsWith(u'>')) {
            bool ok = false;
            const int byte = p.mid(3, 2).toInt(&ok, 16);
            if (ok)
                return {QByteArray(1, char(byte)), false, false};
        }
        QString text = p;
        return {text.replace(QChar(0x2581), u' ').toUtf8(), false, false};
    }
    case Marker::WordPiece:
        if (!m_parts.continuationPrefix.isEmpty() && p.startsWith(m_parts.continuationPrefix)
            && p.size() > m_parts.continuationPrefix.size())
            return {p.mid(m_parts.continuationPrefix.size()).toUtf8(), false, true};
        return {p.toUtf8(), false, false};
    }
    return {};
}

} // namespace qkv::tokenizers
