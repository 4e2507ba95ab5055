#include "tokenizers/textpattern.h"

#include "tokenizers/jsonfields.h"

#include <QJsonObject>

#include <algorithm>

namespace qkv::tokenizers {

namespace {

// Oniguruma's \w is Unicode's word characters (letters, marks, decimal digits, connectors), PCRE2's
// letters, all numbers and "_"; Oniguruma's \h is a hexadecimal digit, PCRE2's a horizontal space.
// Rewritten as explicit classes so that a pattern means what Hugging Face's tokenizers make of it.
QString fromOniguruma(const QString &pattern, const QString &path)
{
    const QString word = QStringLiteral("\\p{L}\\p{M}\\p{Nd}\\p{Pc}");
    const QString hex = QStringLiteral("0-9A-Fa-f");
    QString out;
    int classDepth = 0;
    for (qsizetype i = 0; i < pattern.size(); ++i) {
        const QChar c = pattern[i];
        if (c == u'\\' && i + 1 < pattern.size()) {
            const QChar d = pattern[++i];
            const bool inClass = classDepth > 0;
            if (d == u'w' || d == u'h') {
                const QString set = d == u'w' ? word : hex;
                out += inClass ? set : u'[' + set + u']';
            } else if (d == u'W' || d == u'H') {
                if (inClass)
                    fail(path + QStringLiteral(": \\") + d
                        + QStringLiteral(" inside a character class is not supported"));
                out += QStringLiteral("[^") + (d == u'W' ? word : hex) + u']';
            } else {
                out += c;
                out += d;
            }
            continue;
        }
        if (c == u'[') {
            ++classDepth;
            out += c;
            // A "]" right after "[" or "[^" is a literal one.
            if (i + 1 < pattern.size() && pattern[i + 1] == u'^')
                out += pattern[++i];
            if (i + 1 < pattern.size() && pattern[i + 1] == u']')
                out += pattern[++i];
            continue;
        }
        if (c == u']' && classDepth > 0)
            --classDepth;
        out += c;
    }
    return out;
}

} // namespace

QRegularExpression parsePattern(const QJsonValue &value, const QString &path)
{
    const QJsonObject o = objectAt(value, path);
    QString pattern;
    if (o.contains(QLatin1String("String")))
        pattern = QRegularExpression::escape(stringField(o, QLatin1String("String"), path));
    else if (o.contains(QLatin1String("Regex")))
        pattern = fromOniguruma(stringField(o, QLatin1String("Regex"), path), childPath(path, QLatin1String("Regex")));
    else
        fail(path + QStringLiteral(" must hold \"String\" or \"Regex\""));
    // \s, \w and \d as Unicode defines them, as in Oniguruma and Rust's regex. A file's pattern may
    // backtrack catastrophically ("(a|a)*c" on a run of a's): each search gives up after 100,000
    // steps (PCRE2's default is 10 million), and the text it has not matched stays one piece. Real
    // patterns take about one step a character (Llama 3's on a run of spaces), far below that.
    const QString limit = QStringLiteral("(*LIMIT_MATCH=100000)");
    QRegularExpression re(limit + pattern, QRegularExpression::UseUnicodePropertiesOption);
    if (!re.isValid())
        fail(path + QStringLiteral(": the regular expression is not supported (") + re.errorString()
            + QStringLiteral(" at offset ")
            + QString::number(std::max<qsizetype>(re.patternErrorOffset() - limit.size(), 0)) + u')');
    re.optimize();
    return re;
}

bool isWhiteSpace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680
        || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

bool isPunctuation(char32_t c)
{
    if (c < 0x80)
        return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
    return QChar::isPunct(c);
}

} // namespace qkv::tokenizers
