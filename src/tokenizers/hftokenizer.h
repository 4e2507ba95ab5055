#pragma once

#include "tokenizers/addedtokens.h"
#include "tokenizers/model.h"
#include "tokenizers/normalizer.h"
#include "tokenizers/postprocessor.h"
#include "tokenizers/pretokenizer.h"
#include "tokenizers/tokenizer.h"

#include <QSet>

#include <memory>

namespace qkv::tokenizers {

// Hugging Face's pipeline: added tokens split off, then normalizer, pre-tokenizer and model on
// the text between them, then the post-processor's special tokens around it all.
class HfTokenizer final : public Tokenizer
{
public:
    struct Parts {
        std::unique_ptr<Model> model;
        Normalizer normalizer;
        PreTokenizer preTokenizer;
        AddedTokens added;
        PostProcessor post;
        Marker marker = Marker::ByteLevel;
        bool stripsLeadingSpace = false;
        QString continuationPrefix; // WordPiece's "##"
    };

    explicit HfTokenizer(Parts parts);

    Encoding encode(const QString &text, bool addSpecial = true) const override;
    int vocabSize() const override { return m_vocabSize; }
    QString piece(int id) const override;
    std::optional<int> id(const QString &piece) const override;

    using Tokenizer::Marker;

    // Replaces the special tokens put around a text (the tokenizer_config.json of Llama's
    // tokenizer class decides them, not tokenizer.json).
    void setPostProcessor(PostProcessor post) { m_parts.post = std::move(post); }

protected:
    Marker marker() const override { return m_parts.marker; }
    PieceText pieceText(int id) const override;
    bool stripsLeadingSpace() const override { return m_parts.stripsLeadingSpace; }

private:
    Parts m_parts;
    QHash<QString, int> m_addedIds; // found before the model's vocabulary
    QHash<int, QString> m_addedPieces;
    int m_vocabSize = 0;
    QSet<int> m_special;
    QSet<int> m_addedText; // added tokens that are text, written as themselves
};

} // namespace qkv::tokenizers
