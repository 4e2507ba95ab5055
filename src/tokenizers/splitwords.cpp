#include "pretokenizer.h"

namespace qkv::tokenizers {

namespace {

struct Span {
    qsizetype begin;
    qsizetype end;
    bool match;
};

// Applies a split behavior to the spans (matches and what lies between) of one word.
void appendSplit(Words &out, const Word &word, const std::vector<Span> &spans, SplitBehavior behavior)
{
    std::vector<std::pair<qsizetype, qsizetype>> parts;
    for (const Span &s : spans) {
        switch (behavior) {
        case SplitBehavior::Removed:
            if (!s.match)
                parts.emplace_back(s.begin, s.end);
            break;
        case SplitBehavior::Isolated:
            parts.emplace_back(s.begin, s.end);
            break;
        case SplitBehavior::MergedWithPrevious:
            // Only onto what is not a match itself: "a--" is "a-", "-" (as in Hugging Face's).
            if (s.match && !parts.empty() && parts.back().second == s.begin && !(&s - 1)->match)
                parts.back().second = s.end;
            else
                parts.emplace_back(s.begin, s.end);
            break;
        case SplitBehavior::MergedWithNext:
            parts.emplace_back(s.begin, s.end);
            break;
        case SplitBehavior::Contiguous:
            if (s.match && !parts.empty() && parts.back().second == s.begin && &s != &spans.front() && (&s - 1)->match)
                parts.back().second = s.end;
            else
                parts.emplace_back(s.begin, s.end);
            break;
        }
    }
    if (behavior == SplitBehavior::MergedWithNext) {
        // A match joins the span after it: rebuild from the spans, carrying matches forward.
        parts.clear();
        qsizetype pending = -1;
        for (const Span &s : spans) {
            if (s.match) {
                if (pending >= 0)
                    parts.emplace_back(pending, s.begin);
                pending = s.begin;
            } else {
                parts.emplace_back(pending >= 0 ? pending : s.begin, s.end);
                pending = -1;
            }
        }
        if (pending >= 0)
            parts.emplace_back(pending, spans.back().end);
    }
    for (const auto &[begin, end] : parts)
        if (end > begin)
            out.push_back({word.text.mid(begin, end - begin), word.atStart && begin == 0});
}

template<typename FindSpans>
void splitEach(Words &words, SplitBehavior behavior, FindSpans findSpans)
{
    Words out;
    out.reserve(words.size());
    std::vector<Span> spans;
    for (const Word &w : words) {
        spans.clear();
        findSpans(w.text, spans);
        appendSplit(out, w, spans, behavior);
    }
    words = std::move(out);
}

void addSpan(std::vector<Span> &spans, qsizetype begin, qsizetype end, bool match)
{
    if (end > begin)
        spans.push_back({begin, end, match});
}

} // namespace

void splitWords(Words &words, const QRegularExpression &pattern, SplitBehavior behavior, bool invert)
{
    splitEach(words, behavior, [&](const QString &text, std::vector<Span> &spans) {
        qsizetype last = 0;
        auto it = pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.capturedLength() == 0)
                continue;
            addSpan(spans, last, m.capturedStart(), invert);
            addSpan(spans, m.capturedStart(), m.capturedEnd(), !invert);
            last = m.capturedEnd();
        }
        addSpan(spans, last, text.size(), invert);
    });
}

void splitWords(Words &words, const std::function<bool(char32_t)> &isDelimiter, SplitBehavior behavior)
{
    splitEach(words, behavior, [&](const QString &text, std::vector<Span> &spans) {
        for (qsizetype i = 0; i < text.size();) {
            const bool pair = text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate();
            const char32_t c = pair ? QChar::surrogateToUcs4(text[i], text[i + 1]) : text[i].unicode();
            const qsizetype next = i + (pair ? 2 : 1);
            const bool match = isDelimiter(c);
            // Characters of the same kind stay one span; each delimiter is its own match.
            if (!match && !spans.empty() && !spans.back().match && spans.back().end == i)
                spans.back().end = next;
            else
                spans.push_back({i, next, match});
            i = next;
        }
    });
}

const QRegularExpression &gpt2Pattern()
{
    static const QRegularExpression re = [] {
        QRegularExpression r(
            QStringLiteral(R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)"),
            QRegularExpression::UseUnicodePropertiesOption);
        r.optimize();
        return r;
    }();
    return re;
}

} // namespace qkv::tokenizers
