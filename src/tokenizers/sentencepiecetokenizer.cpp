#include "tokenizers/sentencepiecetokenizer.h"
#include "tokenizers/utf8.h"

#include <sentencepiece_processor.h>

namespace qkv::tokenizers {

SentencePieceTokenizer::SentencePieceTokenizer()
    : m_processor(std::make_unique<sentencepiece::SentencePieceProcessor>())
{ }

SentencePieceTokenizer::~SentencePieceTokenizer() = default;

std::unique_ptr<sentencepiece::SentencePieceProcessor> loadProcessor(
    const QByteArray &model, const QString &where, QString *error)
{
    auto processor = std::make_unique<sentencepiece::SentencePieceProcessor>();
    sentencepiece::util::Status status;
    try {
        status = processor->LoadFromSerializedProto(std::string_view(model.constData(), model.size()));
    } catch (const std::exception &e) {
        // Its trie builder throws on some malformed models (a piece of zero length) instead of
        // returning a status.
        *error = where + QStringLiteral(": not a SentencePiece model (") + QString::fromUtf8(e.what()) + u')';
        return nullptr;
    }
    if (!status.ok()) {
        *error = where + QStringLiteral(": not a SentencePiece model (") + QString::fromStdString(status.ToString())
            + u')';
        return nullptr;
    }
    if (processor->GetPieceSize() <= 0) {
        *error = where + QStringLiteral(": the SentencePiece model has no pieces");
        return nullptr;
    }
    return processor;
}

LoadedTokenizer SentencePieceTokenizer::load(const QByteArray &model, const QString &where, bool addBos, bool addEos)
{
    std::unique_ptr<SentencePieceTokenizer> t(new SentencePieceTokenizer);
    QString error;
    t->m_processor = loadProcessor(model, where, &error);
    if (!t->m_processor)
        return {nullptr, error};
    t->m_addBos = addBos && t->m_processor->bos_id() >= 0;
    t->m_addEos = addEos && t->m_processor->eos_id() >= 0;
    return {std::move(t), {}};
}

Encoding SentencePieceTokenizer::encode(const QString &text, bool addSpecial) const
{
    Encoding e;
    const QByteArray utf8 = text.toUtf8();
    std::vector<int> ids;
    // Encode fails only on a model that did not load, which load() has refused.
    m_processor->Encode(std::string_view(utf8.constData(), utf8.size()), &ids).IgnoreError();
    if (addSpecial && m_addBos)
        e.ids.push_back(m_processor->bos_id());
    e.ids.insert(e.ids.end(), ids.begin(), ids.end());
    if (addSpecial && m_addEos)
        e.ids.push_back(m_processor->eos_id());
    describe(e);
    return e;
}

int SentencePieceTokenizer::vocabSize() const
{
    return m_processor->GetPieceSize();
}

QString SentencePieceTokenizer::piece(int id) const
{
    if (id < 0 || id >= vocabSize())
        return {};
    const std::string &p = m_processor->IdToPiece(id);
    return fromUtf8(QByteArrayView(p.data(), qsizetype(p.size())));
}

std::optional<int> SentencePieceTokenizer::id(const QString &piece) const
{
    const QByteArray utf8 = piece.toUtf8();
    const std::string_view wanted(utf8.constData(), std::size_t(utf8.size()));
    const int id = m_processor->PieceToId(wanted);
    if (id >= 0 && id < vocabSize() && m_processor->IdToPiece(id) == wanted)
        return id;
    // Unknown pieces come back as the unknown token's id, and libsentencepiece's index misses a
    // piece holding a NUL byte, which a model may still have, and a piece that is not UTF-8 reads
    // as its text with U+FFFD: look through every piece's text (a miss is rare: the special tokens
    // named in a model's configuration).
    for (int i = 0; i < vocabSize(); ++i)
        if (this->piece(i) == piece)
            return i;
    return std::nullopt;
}

Tokenizer::PieceText SentencePieceTokenizer::pieceText(int id) const
{
    if (id < 0 || id >= vocabSize() || m_processor->IsControl(id) || m_processor->IsUnknown(id))
        return {QByteArray(), true, false};
    const QString p = piece(id);
    if (m_processor->IsByte(id)) // "<0xE2>"
        return {QByteArray(1, char(p.mid(3, 2).toInt(nullptr, 16))), false, false};
    QString text = p;
    return {text.replace(QChar(0x2581), u' ').toUtf8(), false, false};
}

} // namespace qkv::tokenizers
