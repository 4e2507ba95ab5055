#pragma once

#include "tokenizers/tokenizer.h"

#include <memory>

namespace sentencepiece {
class SentencePieceProcessor;
}

namespace qkv::tokenizers {

// libsentencepiece's processor for the serialized model `model`; null with the reason, naming
// `where`, when it is not one.
std::unique_ptr<sentencepiece::SentencePieceProcessor> loadProcessor(
    const QByteArray &model, const QString &where, QString *error);

// A SentencePiece model (tokenizer.model of Llama 2, TinyLlama, Mistral), run by libsentencepiece
// itself so that its normalization and merges are the real ones.
class SentencePieceTokenizer final : public Tokenizer
{
public:
    ~SentencePieceTokenizer() override;
    // `where` names the file in errors; BOS/EOS as the folder's tokenizer_config.json says.
    static LoadedTokenizer load(const QByteArray &model, const QString &where, bool addBos, bool addEos);

    Encoding encode(const QString &text, bool addSpecial = true) const override;
    int vocabSize() const override;
    QString piece(int id) const override;
    std::optional<int> id(const QString &piece) const override;

protected:
    Marker marker() const override { return Marker::Metaspace; }
    PieceText pieceText(int id) const override;
    bool stripsLeadingSpace() const override { return true; }

private:
    SentencePieceTokenizer();

    std::unique_ptr<sentencepiece::SentencePieceProcessor> m_processor;
    bool m_addBos = true;
    bool m_addEos = false;
};

} // namespace qkv::tokenizers
