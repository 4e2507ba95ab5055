#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace qkv::tokenizers {

// One sentence as a model sees it: ids, the vocabulary strings they name, and those strings as
// people read them (see Tokenizer::display).
struct Encoding {
    std::vector<int> ids;
    QStringList pieces; // the vocabulary strings as stored ("Ġthe", "##ing", "▁the", "<0xE2>")
    QStringList display; // as people read them; same length as ids
};

// A real model's tokenizer: Hugging Face tokenizer.json (BPE, WordPiece), the legacy GPT-2 and
// BERT files, or a SentencePiece model. Immutable once loaded; encode may run on any thread.
class Tokenizer
{
public:
    virtual ~Tokenizer() = default;
    // With the post-processor's special tokens ([CLS] … [SEP], Llama's <s>/<|begin_of_text|>) when addSpecial.
    virtual Encoding encode(const QString &text, bool addSpecial = true) const = 0;
    virtual int vocabSize() const = 0;
    virtual QString piece(int id) const = 0; // vocabulary string, empty if out of range
    virtual std::optional<int> id(const QString &piece) const = 0;
    // Readable form of one id: the text it stands for, a leading space as "Ġ" (byte-level BPE) or
    // "▁" (SentencePiece, byte fallback), "##" kept for WordPiece continuations, a newline as "↵",
    // a tab as "→", bytes that are not UTF-8 on their own (part of an emoji) as "<0xF0><0x9F>".
    QString display(int id) const;
    QString decode(const std::vector<int> &ids) const; // the text those ids stand for
    // A special token ([CLS], [SEP], <s>, <|endoftext|>, SentencePiece's control tokens): not text.
    bool isSpecial(int id) const { return pieceText(id).special; }
    // The mask token (BERT "[MASK]", RoBERTa "<mask>") if the vocabulary has one.
    virtual std::optional<int> maskId() const;
    // How the vocabulary marks where words begin, which decides how pieces are shown and joined.
    enum class Marker { ByteLevel, Metaspace, WordPiece };
    Marker wordMarker() const { return marker(); }

protected:
    struct PieceText {
        QByteArray bytes; // UTF-8 of the text the piece stands for, the marker as a space
        bool special = false; // not text: shown and decoded as the piece itself
        bool continuation = false; // WordPiece "##": joins the previous piece without a space
    };
    virtual Marker marker() const = 0;
    virtual PieceText pieceText(int id) const = 0;
    // SentencePiece-style vocabularies put a space before the first word that the text lacks.
    virtual bool stripsLeadingSpace() const { return false; }
    // Fills pieces and display from ids.
    void describe(Encoding &encoding) const;

private:
    QString decodeWordPieces(const std::vector<int> &ids) const;
};

struct LoadedTokenizer {
    std::unique_ptr<Tokenizer> tokenizer;
    QString error;
    explicit operator bool() const { return tokenizer != nullptr; }
};

// A model folder: tokenizer.json, else vocab.json + merges.txt (GPT-2 legacy), else vocab.txt (BERT
// legacy; lower-casing from tokenizer_config.json "do_lower_case", default true), else
// tokenizer.model (SentencePiece); or a GGUF file's own tokenizer (ggufvocab.h). Errors name the
// file and the place ("tokenizer.json: model.type \"WordLevel\" is not supported"). A Unigram
// tokenizer.json (T5, XLM-RoBERTa) is segmented by the SentencePiece model beside it.
LoadedTokenizer loadTokenizer(const QString &folder);
// `where` names the source in errors (a file name).
LoadedTokenizer loadTokenizerJson(const QByteArray &json, const QString &where);

} // namespace qkv::tokenizers
