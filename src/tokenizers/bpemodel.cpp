#include "tokenizers/bpemodel.h"

#include "tokenizers/jsonfields.h"

#include <queue>

namespace qkv::tokenizers {

namespace {

// Enough for every distinct word of a long document; past it the cache starts again.
constexpr qsizetype cacheLimit = 100000;
// Longer "words" (a whole sentence, where there is no pre-tokenizer) are not kept, as in Hugging
// Face's BPE: each is seen once, and a hundred thousand of them would fill the memory.
constexpr qsizetype cachedWordLength = 256;

struct Candidate {
    int rank;
    int position;
    int id;
    bool operator>(const Candidate &o) const { return rank != o.rank ? rank > o.rank : position > o.position; }
};

} // namespace

BpeModel::BpeModel(Vocabulary vocabulary, Options options)
    : m_vocabulary(std::move(vocabulary))
    , m_options(std::move(options))
    , m_byteIds(256, -1)
{
    if (m_options.byteFallback)
        for (int b = 0; b < 256; ++b)
            m_byteIds[std::size_t(b)]
                = m_vocabulary
                      .find(QStringLiteral("<0x") + QString::number(b, 16).toUpper().rightJustified(2, u'0') + u'>')
                      .value_or(-1);
}

std::optional<QString> BpeModel::addOrMissing(const QString &left, const QString &right)
{
    const auto l = m_vocabulary.find(left);
    const auto r = m_vocabulary.find(right);
    // The right piece continues the left one: its continuing_subword_prefix goes, as in Hugging Face's.
    const QString &prefix = m_options.continuingSubwordPrefix;
    const QString merged = left + (right.startsWith(prefix) ? right.mid(prefix.size()) : right);
    const auto joined = m_vocabulary.find(merged);
    if (!l || !r || !joined)
        return !l ? left : !r ? right : merged;
    // The first of two identical merges is the one that counts, as in Hugging Face's.
    if (!m_merges.contains(pairKey(*l, *r)))
        m_merges.insert(pairKey(*l, *r), {int(m_merges.size()), *joined});
    return std::nullopt;
}

std::vector<int> BpeModel::symbols(const QString &word) const
{
    std::vector<int> out;
    bool lastWasUnk = false;
    for (qsizetype i = 0; i < word.size();) {
        const qsizetype length = word[i].isHighSurrogate() && i + 1 < word.size() ? 2 : 1;
        QString s = word.mid(i, length);
        if (i > 0)
            s.prepend(m_options.continuingSubwordPrefix);
        i += length;
        if (i == word.size())
            s += m_options.endOfWordSuffix;
        if (const auto id = m_vocabulary.find(s)) {
            out.push_back(*id);
            lastWasUnk = false;
            continue;
        }
        if (m_options.byteFallback) {
            const QByteArray bytes = word.mid(i - length, length).toUtf8();
            std::vector<int> ids;
            for (char b : bytes)
                if (m_byteIds[uchar(b)] >= 0)
                    ids.push_back(m_byteIds[uchar(b)]);
            if (ids.size() == std::size_t(bytes.size())) {
                out.insert(out.end(), ids.begin(), ids.end());
                lastWasUnk = false;
                continue;
            }
        }
        // Without an unknown token the character is dropped, as Hugging Face's BPE does.
        if (m_options.unk && !(m_options.fuseUnk && lastWasUnk))
            out.push_back(*m_options.unk);
        lastWasUnk = m_options.unk.has_value();
    }
    return out;
}

void BpeModel::merge(std::vector<int> &word) const
{
    // A linked list over the symbols and a heap of candidate pairs by (rank, position): each merge
    // costs log n, and a candidate whose symbols have changed since is skipped when popped.
    const int n = int(word.size());
    std::vector<int> prev(word.size()), next(word.size());
    std::vector<bool> alive(word.size(), true);
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    auto consider = [&](int left) {
        const int right = next[std::size_t(left)];
        if (right >= n)
            return;
        const auto it = m_merges.constFind(pairKey(word[std::size_t(left)], word[std::size_t(right)]));
        if (it != m_merges.constEnd())
            heap.push({it->rank, left, it->id});
    };
    for (int i = 0; i < n; ++i) {
        prev[std::size_t(i)] = i - 1;
        next[std::size_t(i)] = i + 1;
    }
    for (int i = 0; i + 1 < n; ++i)
        consider(i);
    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        const auto left = std::size_t(c.position);
        if (!alive[left] || next[left] >= n)
            continue;
        const auto right = std::size_t(next[left]);
        const auto it = m_merges.constFind(pairKey(word[left], word[right]));
        if (it == m_merges.constEnd() || it->id != c.id || it->rank != c.rank)
            continue;
        word[left] = c.id;
        alive[right] = false;
        next[left] = next[right];
        if (next[left] < n)
            prev[std::size_t(next[left])] = int(left);
        if (prev[left] >= 0)
            consider(prev[left]);
        consider(int(left));
    }
    std::size_t kept = 0;
    for (std::size_t i = 0; i < std::size_t(n); ++i)
        if (alive[i])
            word[kept++] = word[i];
    word.resize(kept);
}

void BpeModel::tokenize(const QString &word, std::vector<int> &ids) const
{
    if (word.isEmpty())
        return;
    if (m_options.ignoreMerges)
        if (const auto id = m_vocabulary.find(word)) {
            ids.push_back(*id);
            return;
        }
    {
        QMutexLocker lock(&m_cacheMutex);
        const auto it = m_cache.constFind(word);
        if (it != m_cache.constEnd()) {
            ids.insert(ids.end(), it->begin(), it->end());
            return;
        }
    }
    std::vector<int> result = symbols(word);
    merge(result);
    ids.insert(ids.end(), result.begin(), result.end());
    if (word.size() >= cachedWordLength)
        return;
    QMutexLocker lock(&m_cacheMutex);
    if (m_cache.size() >= cacheLimit)
        m_cache.clear();
    m_cache.emplace(word, std::move(result));
}

} // namespace qkv::tokenizers
