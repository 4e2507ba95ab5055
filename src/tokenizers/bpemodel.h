#pragma once

#include "tokenizers/jsonfields.h"
#include "tokenizers/model.h"

#include <QMutex>

#include <memory>

namespace qkv::tokenizers {

// Byte-pair encoding (GPT-2, Llama, Qwen): a word starts as single characters (or, with byte
// fallback, "<0xXX>" bytes for characters outside the vocabulary) and the pair of lowest merge
// rank is joined until none is left. Words are cached, so a long text costs one merge per new word.
class BpeModel final : public Model
{
public:
    struct Options {
        std::optional<int> unk;
        bool fuseUnk = false;
        bool byteFallback = false;
        bool ignoreMerges = false; // a word in the vocabulary is one token (Llama 3)
        QString continuingSubwordPrefix;
        QString endOfWordSuffix;
    };

    BpeModel(Vocabulary vocabulary, Options options);
    // Ranks in order; fails with a LoadError naming path() when a merge is not in the vocabulary
    // (worked out only then: a vocabulary has up to 280,000 merges).
    template<class Path>
    void addMerge(const QString &left, const QString &right, Path &&path)
    {
        if (const std::optional<QString> missing = addOrMissing(left, right))
            fail(path() + QStringLiteral(": \"") + *missing + QStringLiteral("\" is not in the vocabulary"));
    }

    void tokenize(const QString &word, std::vector<int> &ids) const override;
    const Vocabulary &vocabulary() const override { return m_vocabulary; }

private:
    struct Merge {
        int rank;
        int id;
    };
    static quint64 pairKey(int left, int right) { return (quint64(quint32(left)) << 32) | quint32(right); }
    // Adds the merge; the piece not in the vocabulary instead, when one is not.
    std::optional<QString> addOrMissing(const QString &left, const QString &right);
    std::vector<int> symbols(const QString &word) const;
    void merge(std::vector<int> &word) const;

    Vocabulary m_vocabulary;
    Options m_options;
    QHash<quint64, Merge> m_merges;
    std::vector<int> m_byteIds; // "<0xXX>" by byte, -1 where missing
    mutable QMutex m_cacheMutex;
    mutable QHash<QString, std::vector<int>> m_cache;
};

} // namespace qkv::tokenizers
