#pragma once

#include "tokenizers/model.h"

namespace qkv::tokenizers {

// WordPiece (BERT): the longest vocabulary prefix of a word, then the longest "##" piece of the
// rest, and so on; a word that cannot be covered, or is too long, becomes the unknown token.
class WordPieceModel final : public Model
{
public:
    WordPieceModel(Vocabulary vocabulary, int unk, QString prefix, int maxInputCharsPerWord)
        : m_vocabulary(std::move(vocabulary))
        , m_unk(unk)
        , m_prefix(std::move(prefix))
        , m_maxChars(maxInputCharsPerWord)
    { }

    void tokenize(const QString &word, std::vector<int> &ids) const override;
    const Vocabulary &vocabulary() const override { return m_vocabulary; }
    const QString &prefix() const { return m_prefix; }

private:
    Vocabulary m_vocabulary;
    int m_unk;
    QString m_prefix;
    int m_maxChars;
};

} // namespace qkv::tokenizers
