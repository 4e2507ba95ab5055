#pragma once

#include <QJsonValue>
#include <QString>

#include <functional>

namespace qkv::tokenizers {

// Text → text before the pre-tokenizer (Hugging Face "normalizer"). Empty when there is none.
using Normalizer = std::function<QString(const QString &)>;

// BERT's normalizer: control characters dropped, whitespace made spaces, CJK ideographs set
// apart by spaces, accents stripped, lower-cased.
struct BertNormalizerOptions {
    bool cleanText = true;
    bool handleChineseChars = true;
    bool stripAccents = true;
    bool lowercase = true;
};
QString bertNormalize(const QString &text, const BertNormalizerOptions &options);
bool isChineseChar(char32_t c);

// The "normalizer" of tokenizer.json at `path`; throws LoadError naming what it cannot do. What it
// makes of a text of n UTF-16 units is cut at 64·n + 4096 (replacements could multiply it).
Normalizer parseNormalizer(const QJsonValue &value, const QString &path);

} // namespace qkv::tokenizers
