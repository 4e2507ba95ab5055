#pragma once

#include "document/settings.h"

#include <QStringList>

namespace qkv {

// Splits a sentence into tokens. Whitespace keeps every non-space run whole (the articles'
// `sentence.split()`); Words also splits each punctuation character off as its own token.
// Works on code points, so surrogate pairs, combining marks and emoji sequences survive intact.
QStringList tokenize(const QString &sentence, TokenizerKind kind);
// How many tokens tokenize() would make, without making them: sizes are checked before a
// sentence of millions of commas becomes millions of strings.
qsizetype countTokens(const QString &sentence, TokenizerKind kind);

} // namespace qkv
