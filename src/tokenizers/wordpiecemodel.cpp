#include "tokenizers/wordpiecemodel.h"

namespace qkv::tokenizers {

void WordPieceModel::tokenize(const QString &word, std::vector<int> &ids) const
{
    if (word.isEmpty())
        return;
    // Character boundaries, so that no piece ends inside a surrogate pair.
    std::vector<qsizetype> bounds;
    for (qsizetype i = 0; i < word.size(); ++i)
        if (!word[i].isLowSurrogate() || i == 0 || !word[i - 1].isHighSurrogate())
            bounds.push_back(i);
    bounds.push_back(word.size());
    if (qsizetype(bounds.size()) - 1 > m_maxChars) {
        ids.push_back(m_unk);
        return;
    }
    std::vector<int> pieces;
    QString rest; // the prefix (after the first piece) and the rest of the word, whose starts are tried
    std::size_t start = 0;
    while (start + 1 < bounds.size()) {
        const qsizetype prefix = start > 0 ? m_prefix.size() : 0;
        std::optional<int> found;
        std::size_t end = bounds.size() - 1;
        // Nothing longer than the vocabulary's longest piece can be in it.
        while (end > start && prefix + bounds[end] - bounds[start] > m_vocabulary.longest())
            --end;
        rest = m_prefix.first(prefix);
        rest += QStringView(word).sliced(bounds[start], bounds[end] - bounds[start]);
        for (; end > start; --end) {
            if ((found = m_vocabulary.find(QStringView(rest).first(prefix + bounds[end] - bounds[start]))))
                break;
        }
        if (!found) {
            ids.push_back(m_unk);
            return;
        }
        pieces.push_back(*found);
        start = end;
    }
    ids.insert(ids.end(), pieces.begin(), pieces.end());
}

} // namespace qkv::tokenizers
