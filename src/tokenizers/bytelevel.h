#pragma once

#include <QByteArray>
#include <QString>

namespace qkv::tokenizers {

// GPT-2's byte-level alphabet: every byte is one printable character ("Ġ" for the space, "Ċ" for
// the newline), so that a byte string can be a vocabulary string.
QString bytesToByteLevel(const QByteArray &bytes);
// The bytes back; characters outside the alphabet come out as their own UTF-8.
QByteArray byteLevelToBytes(const QString &text);

} // namespace qkv::tokenizers
