#include "tokenizer.h"

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

} // namespace

QStringList tokenize(const QString &sentence, TokenizerKind kind)
{
    QStringList tokens;
    QString current;
    auto flush = [&] {
        if (!current.isEmpty()) {
            tokens << current;
            current.clear();
        }
    };
    const QStringView view(sentence);
    for (qsizetype i = 0; i < view.size();) {
        char32_t c = view[i].unicode();
        qsizetype len = 1;
        if (QChar::isHighSurrogate(c) && i + 1 < view.size() && view[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(view[i], view[i + 1]);
            len = 2;
        }
        const QStringView unit = view.mid(i, len);
        if (isSpace(c)) {
            flush();
        } else if (kind == TokenizerKind::Words && isSplitPunct(c)) {
            flush();
            tokens << unit.toString();
        } else {
            current += unit;
        }
        i += len;
    }
    flush();
    return tokens;
}

} // namespace qkv
