// The tokenizer on any text (SPEC §1: Unicode must survive untouched): tokens are never empty,
// never hold a space, and together are the sentence without its spaces, code unit for code unit;
// the words tokenizer only cuts whitespace tokens further.
#include "document/sentencesplit.h"
#include "fuzzcheck.h"

using namespace qkv;

namespace {

QString withoutSpaces(const QString &s)
{
    QString out;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const bool pair = s[i].isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate();
        const char32_t c = pair ? QChar::surrogateToUcs4(s[i], s[i + 1]) : s[i].unicode();
        if (!QChar::isSpace(c))
            out += s.mid(i, pair ? 2 : 1);
        i += pair ? 1 : 0;
    }
    return out;
}

void check(const QString &sentence, const QStringList &tokens)
{
    for (const QString &t : tokens) {
        FUZZ_CHECK(!t.isEmpty(), QStringLiteral("an empty token"));
        FUZZ_CHECK(withoutSpaces(t) == t, QStringLiteral("a token holds a space"));
    }
    FUZZ_CHECK(tokens.join(QString()) == withoutSpaces(sentence), QStringLiteral("text was lost or changed"));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString sentence = fuzz::text(data, size);
    const QStringList whitespace = tokenize(sentence, TokenizerKind::Whitespace);
    const QStringList words = tokenize(sentence, TokenizerKind::Words);
    check(sentence, whitespace);
    check(sentence, words);
    FUZZ_CHECK(words.size() >= whitespace.size(), QStringLiteral("the words tokenizer merged tokens"));
    return 0;
}
