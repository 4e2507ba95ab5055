#include "wordpiecemodel.h"

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
    std::size_t start = 0;
    while (start + 1 < bounds.size()) {
        std::optional<int> found;
        std::size_t end = bounds.size() - 1;
        for (; end > start; --end) {
            QString candidate = word.mid(bounds[start], bounds[end] - bounds[start]);
            if (start > 0)
                candidate.prepend(m_prefix);
            if ((found = m_vocabulary.find(candidate)))
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
