#pragma once

#include <QString>

#include <optional>

namespace qkv::live {

class LiveModel;

// A text file read as the sentence a model runs on: a long document, up to the model's positions.
// UTF-8 (a byte-order mark dropped), "\r\n" read as "\n", the final line ending dropped. Refused,
// with `error` naming the file and the place: a file that cannot be read or is over maxBytes, a
// zero byte (a binary file), bytes that are not UTF-8 (the line and the byte in it), no text.
inline constexpr qint64 sentenceFileMaxBytes = qint64(4) << 20;
std::optional<QString> readSentenceFile(const QString &path, QString *error);

// The offset of the first byte of `bytes` that does not belong to well-formed UTF-8 (overlong
// forms, surrogates and code points past U+10FFFF included), or -1 when all of it is.
qsizetype firstInvalidUtf8(const QByteArray &bytes);

// The longest beginning of `text` that `model` reads as at most `tokens` tokens (its special
// tokens counted), ending before a space or line break where one is in reach: a document cut to
// the model's positions. The text itself when it fits.
QString leadingTokens(const LiveModel &model, const QString &text, qint64 tokens);

} // namespace qkv::live
