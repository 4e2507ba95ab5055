#include "tokenizers/pretokenizer.h"

#include <algorithm>

namespace qkv::tokenizers {

namespace {

struct Span {
    qsizetype begin;
    qsizetype end;
    bool match;
};

// Applies a split behavior to the spans (matches and what lies between, in order, touching) of one
// word, as the folds of Hugging Face's NormalizedString::split do.
void appendSplit(Words &out, const Word &word, const std::vector<Span> &spans, SplitBehavior behavior)
{
    std::vector<std::pair<qsizetype, qsizetype>> parts;
    bool previousMatch = false;
    switch (behavior) {
    case SplitBehavior::Removed:
        for (const Span &s : spans)
            if (!s.match)
                parts.emplace_back(s.begin, s.end);
        break;
    case SplitBehavior::Isolated:
        for (const Span &s : spans)
            parts.emplace_back(s.begin, s.end);
        break;
    case SplitBehavior::MergedWithPrevious: // a match joins the span before it, unless that is a match
        for (const Span &s : spans) {
            if (s.match && !previousMatch && !parts.empty())
                parts.back().second = s.end;
            else
                parts.emplace_back(s.begin, s.end);
            previousMatch = s.match;
        }
        break;
    case SplitBehavior::MergedWithNext: // the same backwards
        for (auto s = spans.rbegin(); s != spans.rend(); ++s) {
            if (s->match && !previousMatch && !parts.empty())
                parts.back().first = s->begin;
            else
                parts.emplace_back(s->begin, s->end);
            previousMatch = s->match;
        }
        std::reverse(parts.begin(), parts.end());
        break;
    case SplitBehavior::Contiguous: // runs of matches become one
        for (const Span &s : spans) {
            if (s.match == previousMatch && !parts.empty())
                parts.back().second = s.end;
            else
                parts.emplace_back(s.begin, s.end);
            previousMatch = s.match;
        }
        break;
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
