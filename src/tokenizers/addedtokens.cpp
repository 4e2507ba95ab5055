#include "tokenizers/addedtokens.h"

#include "tokenizers/textpattern.h"

#include <algorithm>

namespace qkv::tokenizers {

namespace {

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

} // namespace

void AddedTokens::add(const AddedToken &token)
{
    if (token.content.isEmpty())
        return;
    m_tokens.push_back(token);
    auto &list = m_byFirstUnit[token.normalized ? 1 : 0][token.content[0].unicode()];
    list.push_back(m_tokens.size() - 1);
    std::stable_sort(list.begin(), list.end(),
        [this](std::size_t a, std::size_t b) { return m_tokens[a].content.size() > m_tokens[b].content.size(); });
}

bool AddedTokens::matchesAt(const QString &text, qsizetype at, const AddedToken &token) const
{
    if (!QStringView(text).sliced(at).startsWith(token.content))
        return false;
    if (!token.singleWord)
        return true;
    const qsizetype end = at + token.content.size();
    return (at == 0 || !isWordChar(text[at - 1])) && (end == text.size() || !isWordChar(text[end]));
}

std::vector<AddedTokens::Segment> AddedTokens::split(const QString &text, bool normalized) const
{
    const auto &byFirstUnit = m_byFirstUnit[normalized ? 1 : 0];
    std::vector<Segment> out;
    qsizetype last = 0;
    auto addText = [&](qsizetype begin, qsizetype end) {
        if (end > begin)
            out.push_back({text.mid(begin, end - begin), -1, begin == 0});
    };
    for (qsizetype i = 0; i < text.size() && !byFirstUnit.isEmpty();) {
        const auto candidates = byFirstUnit.constFind(text[i].unicode());
        const AddedToken *found = nullptr;
        if (candidates != byFirstUnit.constEnd())
            for (std::size_t index : *candidates)
                if (matchesAt(text, i, m_tokens[index])) {
                    found = &m_tokens[index];
                    break;
                }
        if (!found) {
            ++i;
            continue;
        }
        qsizetype begin = i, end = i + found->content.size();
        while (found->lstrip && begin > last && isWhiteSpace(text[begin - 1].unicode()))
            --begin;
        while (found->rstrip && end < text.size() && isWhiteSpace(text[end].unicode()))
            ++end;
        addText(last, begin);
        out.push_back({QString(), found->id, begin == 0});
        last = i = end;
    }
    addText(last, text.size());
    return out;
}

} // namespace qkv::tokenizers
