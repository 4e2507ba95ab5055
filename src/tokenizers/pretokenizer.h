#pragma once

#include <QJsonValue>
#include <QRegularExpression>
#include <QString>

#include <functional>
#include <vector>

namespace qkv::tokenizers {

// A piece of text on its way to the model: the pre-tokenizer splits the text into words and the
// model tokenizes each word alone.
struct Word {
    QString text;
    bool atStart = false; // begins the whole input (Metaspace's prepend_scheme "first")
};
using Words = std::vector<Word>;

// Words → words (Hugging Face "pre_tokenizer"). Empty when there is none.
using PreTokenizer = std::function<void(Words &)>;

// Hugging Face's SplitDelimiterBehavior: what becomes of the matches of a split.
enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };

// Splits every word at the matches of `pattern` (or at what lies between them, inverted).
void splitWords(Words &words, const QRegularExpression &pattern, SplitBehavior behavior, bool invert = false);
// The same with a per-character test instead of a pattern.
void splitWords(Words &words, const std::function<bool(char32_t)> &isDelimiter, SplitBehavior behavior);

// GPT-2's regex, which ByteLevel's use_regex means.
const QRegularExpression &gpt2Pattern();

struct PreTokenizerInfo {
    bool byteLevel = false; // some step maps bytes to GPT-2's alphabet
    bool metaspace = false; // some step writes spaces as "▁"
};

// The "pre_tokenizer" of tokenizer.json at `path`; throws LoadError naming what it cannot do.
PreTokenizer parsePreTokenizer(const QJsonValue &value, const QString &path, PreTokenizerInfo &info);

} // namespace qkv::tokenizers
