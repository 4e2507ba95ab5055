#include "tokenizers/tokenizer.h"
#include "tokenizers/utf8.h"

namespace qkv::tokenizers {

namespace {

// Length of the UTF-8 sequence starting at `i`, or 0 when the bytes there are not one.
int utf8Sequence(const QByteArray &b, qsizetype i)
{
    const auto c = uchar(b[i]);
    int length = 0;
    char32_t min = 0;
    if (c < 0x80)
        return 1;
    if ((c & 0xE0) == 0xC0)
        length = 2, min = 0x80;
    else if ((c & 0xF0) == 0xE0)
        length = 3, min = 0x800;
    else if ((c & 0xF8) == 0xF0)
        length = 4, min = 0x10000;
    else
        return 0;
    if (i + length > b.size())
        return 0;
    char32_t cp = c & (0xFF >> (length + 1));
    for (int k = 1; k < length; ++k) {
        const auto cc = uchar(b[i + k]);
        if ((cc & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (cc & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return length;
}

QString byteName(uchar c)
{
    return QStringLiteral("<0x") + QString::number(c, 16).toUpper().rightJustified(2, u'0') + u'>';
}

} // namespace

QString Tokenizer::display(int id) const
{
    const PieceText text = pieceText(id);
    if (text.special || text.bytes.isEmpty())
        return piece(id);
    const Marker m = marker();
    QString out;
    if (text.continuation)
        out += QStringLiteral("##");
    const QByteArray &b = text.bytes;
    bool leading = true;
    for (qsizetype i = 0; i < b.size();) {
        const auto c = uchar(b[i]);
        const int length = utf8Sequence(b, i);
        if (length == 0) {
            out += byteName(c);
            ++i;
            continue;
        }
        // The spaces a piece starts with (one, or a run of them) are the marker; a space inside an
        // added token ("hello world") is a space.
        leading = leading && c == ' ';
        if (leading && m != Marker::WordPiece)
            out += m == Marker::ByteLevel ? QChar(0x0120) : QChar(0x2581);
        else if (c == '\n')
            out += QChar(0x21B5);
        else if (c == '\t')
            out += QChar(0x2192);
        else if (c < 0x20 || c == 0x7F)
            out += byteName(c);
        else
            out += fromUtf8(QByteArrayView(b).sliced(i, length));
        i += length;
    }
    return out;
}

QString Tokenizer::decode(const std::vector<int> &ids) const
{
    if (marker() == Marker::WordPiece)
        return decodeWordPieces(ids);
    // Bytes first, UTF-8 last: an emoji split over byte tokens comes back whole.
    QByteArray bytes;
    for (int id : ids) {
        if (id < 0 || id >= vocabSize())
            continue;
        const PieceText text = pieceText(id);
        bytes += text.special ? piece(id).toUtf8() : text.bytes;
    }
    // Hugging Face's Strip decoder: only when the text itself starts with the space, not a <s>.
    if (stripsLeadingSpace() && bytes.startsWith(' '))
        bytes.remove(0, 1);
    return fromUtf8(bytes);
}

QString Tokenizer::decodeWordPieces(const std::vector<int> &ids) const
{
    // Hugging Face's WordPiece decoder: a space before every piece but the first and the "##"
    // ones, then its clean-up on each piece alone (so " ." loses its space, "don ' t" stays).
    static const char *const cleanups[][2] = {{" .", "."}, {" ?", "?"}, {" !", "!"}, {" ,", ","}, {" ' ", "'"},
        {" n't", "n't"}, {" 'm", "'m"}, {" do not", " don't"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"}};
    QString out;
    bool first = true;
    for (int id : ids) {
        if (id < 0 || id >= vocabSize())
            continue;
        const PieceText text = pieceText(id);
        QString token = first || text.special ? piece(id) : fromUtf8(text.bytes);
        if (!first && !text.continuation)
            token.prepend(u' ');
        first = false;
        for (const auto &c : cleanups)
            token.replace(QLatin1String(c[0]), QLatin1String(c[1]));
        out += token;
    }
    return out;
}

std::optional<int> Tokenizer::maskId() const
{
    if (auto m = id(QStringLiteral("[MASK]")))
        return m;
    return id(QStringLiteral("<mask>"));
}

void Tokenizer::describe(Encoding &encoding) const
{
    encoding.pieces.clear();
    encoding.display.clear();
    encoding.pieces.reserve(qsizetype(encoding.ids.size()));
    encoding.display.reserve(qsizetype(encoding.ids.size()));
    for (int id : encoding.ids) {
        encoding.pieces << piece(id);
        encoding.display << display(id);
    }
}

} // namespace qkv::tokenizers
