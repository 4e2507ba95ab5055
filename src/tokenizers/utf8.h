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

} // namespace qkv::tokenizers
