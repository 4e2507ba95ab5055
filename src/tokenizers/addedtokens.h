#pragma once

#include <QHash>
#include <QString>

#include <vector>

namespace qkv::tokenizers {

// A token matched in the text before the model sees it ("<|endoftext|>", "[MASK]").
struct AddedToken {
    QString content;
    int id = 0;
    bool special = false;
    bool lstrip = false; // takes the whitespace before it
    bool rstrip = false; // takes the whitespace after it
    bool singleWord = false; // only where it is not part of a longer word
    bool normalized = false; // found in the normalized text rather than the raw one
};

// The added tokens of a tokenizer, found leftmost-longest as Hugging Face's AddedVocabulary finds
// them: first those that are not normalized in the raw text, then the normalized ones in the
// normalized text between those.
class AddedTokens
{
public:
    struct Segment {
        QString text; // the text between tokens, when id < 0
        int id = -1;
        bool atStart = false;
    };

    void add(const AddedToken &token);
    // The tokens of one kind (normalized or not) in `text`, and the text around them.
    std::vector<Segment> split(const QString &text, bool normalized) const;
    const std::vector<AddedToken> &tokens() const { return m_tokens; }

private:
    bool matchesAt(const QString &text, qsizetype at, const AddedToken &token) const;

    std::vector<AddedToken> m_tokens;
    std::array<QHash<char16_t, std::vector<std::size_t>>, 2> m_byFirstUnit; // raw, normalized; longest first
};

} // namespace qkv::tokenizers
