#pragma once

#include <QJsonValue>
#include <QRegularExpression>

namespace qkv::tokenizers {

// A {"String": …} or {"Regex": …} pattern of tokenizer.json, as one regular expression. The
// Oniguruma patterns Hugging Face writes (GPT-2's, Llama 3's, Qwen2's) mean the same in PCRE2 with
// Unicode properties; one PCRE2 cannot compile is refused naming `path`.
QRegularExpression parsePattern(const QJsonValue &value, const QString &path);

// Unicode's White_Space, which Rust's char::is_whitespace follows.
bool isWhiteSpace(char32_t c);
// Rust's char::is_ascii_punctuation() || char::is_punctuation(), BERT's idea of punctuation.
bool isPunctuation(char32_t c);

} // namespace qkv::tokenizers
