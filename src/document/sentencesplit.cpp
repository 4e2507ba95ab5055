#include "document/sentencesplit.h"

#include <QStringView>

namespace qkv {
namespace {

bool isSpace(char32_t c)
{
    return QChar::isSpace(c);
}

// Punctuation is split off; joiners and marks stay with their word so emoji and scripts hold.
bool isSplitPunct(char32_t c)
{
    return QChar::isPunct(c);
}

// Calls emit(QStringView) for each token in order: every token is a contiguous run of the
// sentence, so nothing is copied until a caller wants it.
template<typename Emit>
void splitTokens(QStringView view, TokenizerKind kind, Emit emit)
{
    qsizetype start = -1; // of the word being read, -1 between words
    auto flush = [&](qsizetype end) {
        if (start >= 0)
            emit(view.sliced(start, end - start));
        start = -1;
    };
    for (qsizetype i = 0; i < view.size();) {
        char32_t c = view[i].unicode();
        qsizetype len = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < view.size() && view[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(view[i], view[i + 1]);
            len = 2;
        }
        if (isSpace(c)) {
            flush(i);
        } else if (kind == TokenizerKind::Words && isSplitPunct(c)) {
            flush(i);
            emit(view.sliced(i, len));
        } else if (start < 0) {
            start = i;
        }
        i += len;
    }
    flush(view.size());
}

} // namespace

QStringList tokenize(const QString &sentence, TokenizerKind kind)
{
    QStringList tokens;
    splitTokens(sentence, kind, [&](QStringView token) { tokens << token.toString(); });
    return tokens;
}

qsizetype countTokens(const QString &sentence, TokenizerKind kind)
{
    qsizetype count = 0;
    splitTokens(sentence, kind, [&](QStringView) { ++count; });
    return count;
}

} // namespace qkv
