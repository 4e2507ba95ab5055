#pragma once

#include "tokenizers/addedtokens.h"
#include "tokenizers/model.h"
#include "tokenizers/postprocessor.h"
#include "tokenizers/tokenizer.h"

#include <QJsonObject>

#include <memory>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace qkv::tokenizers {

// A tokenizer.json whose model is a Unigram (T5, Flan-T5, XLM-RoBERTa, mT5): libsentencepiece
// segments the text with the SentencePiece model it was converted from (spiece.model,
// sentencepiece.bpe.model), whose normalization its precompiled map is; tokenizer.json gives each
// piece its id (XLM-RoBERTa's fairseq order differs from the model's), the added tokens matched
// before that, and the special tokens put around.
class UnigramTokenizer final : public Tokenizer
{
public:
    ~UnigramTokenizer() override;
    // `root`: tokenizer.json; `model`: the SentencePiece model; `where` names them in errors.
    static LoadedTokenizer load(const QJsonObject &root, const QByteArray &model, const QString &where);

    Encoding encode(const QString &text, bool addSpecial = true) const override;
    int vocabSize() const override { return m_vocabulary.size(); }
    QString piece(int id) const override { return m_vocabulary.piece(id); }
    std::optional<int> id(const QString &piece) const override { return m_vocabulary.find(piece); }

protected:
    Marker marker() const override { return Marker::Metaspace; }
    PieceText pieceText(int id) const override;
    bool stripsLeadingSpace() const override { return true; }

private:
    UnigramTokenizer();
    void segment(const QString &text, std::vector<int> &ids) const;

    std::unique_ptr<sentencepiece::SentencePieceProcessor> m_processor;
    Vocabulary m_vocabulary; // tokenizer.json's pieces and added tokens, by its ids
    std::vector<char> m_special; // by id: an added special token
    int m_unknown = -1;
    AddedTokens m_added;
    PostProcessor m_post;
};

} // namespace qkv::tokenizers
