#include "tokenizers/bytelevel.h"

#include <array>

namespace qkv::tokenizers {

namespace {

// bytes_to_unicode() of GPT-2's encoder.py: printable Latin-1 bytes stand for themselves, the
// others take the code points from 256 on, in byte order.
struct Alphabet {
    std::array<char16_t, 256> toChar {};
    std::array<int, 512> toByte {};
    Alphabet()
    {
        toByte.fill(-1);
        int next = 256;
        for (int b = 0; b < 256; ++b) {
            const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            toChar[std::size_t(b)] = char16_t(printable ? b : next++);
            toByte[toChar[std::size_t(b)]] = b;
        }
    }
};

const Alphabet &alphabet()
{
    static const Alphabet a;
    return a;
}

} // namespace

QString bytesToByteLevel(const QByteArray &bytes)
{
    const Alphabet &a = alphabet();
    QString out(bytes.size(), Qt::Uninitialized);
    for (qsizetype i = 0; i < bytes.size(); ++i)
        out[i] = QChar(a.toChar[uchar(bytes[i])]);
    return out;
}

QByteArray byteLevelToBytes(const QString &text)
{
    const Alphabet &a = alphabet();
    QByteArray out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text[i].unicode();
        if (c < a.toByte.size() && a.toByte[c] >= 0) {
            out += char(a.toByte[c]);
        } else {
            const bool pair = text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate();
            out += QStringView(text).sliced(i, pair ? 2 : 1).toUtf8();
            i += pair ? 1 : 0;
        }
    }
    return out;
}

} // namespace qkv::tokenizers
