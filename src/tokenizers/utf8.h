#pragma once

#include <QByteArray>
#include <QString>
#include <QStringDecoder>

namespace qkv::tokenizers {

// UTF-8 to text keeping a leading U+FEFF, which QString::fromUtf8 drops as a byte order mark: a
// token or a decoded text may start with one and must keep it.
inline QString fromUtf8(QByteArrayView bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    return decoder(bytes);
}

// Appends one code point (QString::fromUcs4 would drop a U+FEFF at the start, as a byte order mark).
inline void appendCodePoint(QString &s, char32_t c)
{
    if (QChar::requiresSurrogates(c)) {
        s += QChar(QChar::highSurrogate(c));
        s += QChar(QChar::lowSurrogate(c));
    } else {
        s += QChar(char16_t(c));
    }
}

} // namespace qkv::tokenizers
