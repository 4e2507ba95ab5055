#include "tokenizers/normalizer.h"

#include "tokenizers/jsonfields.h"
#include "tokenizers/textpattern.h"
#include "tokenizers/utf8.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv::tokenizers {

namespace {

// Rust's char::is_lowercase-free helpers of tokenizers' BERT normalizer.
bool isBertControl(char32_t c)
{
    if (c == '\t' || c == '\n' || c == '\r')
        return false;
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_NotAssigned:
    case QChar::Other_PrivateUse:
        return true;
    default:
        return false;
    }
}

bool isMark(char32_t c)
{
    const auto category = QChar::category(c);
    return category == QChar::Mark_NonSpacing || category == QChar::Mark_SpacingCombining
        || category == QChar::Mark_Enclosing;
}

template<typename Keep>
QString filtered(const QString &text, Keep keep)
{
    QString out;
    out.reserve(text.size());
    for (char32_t c : text.toUcs4())
        if (keep(c))
            appendCodePoint(out, c);
    return out;
}

// A normalizer step with the most UTF-16 units its text may grow to (budgetFor).
using Step = std::function<QString(const QString &, qsizetype budget)>;

// A normalized text may be at most this long: NFKD makes one character at most 18, BERT's
// normalizer 3; only replacements that multiply the text (each "a" to "aa", six times over) get
// there, and what goes beyond is cut rather than filling the memory.
qsizetype budgetFor(qsizetype length)
{
    return 64 * length + 4096;
}

QString cut(QString text, qsizetype budget)
{
    if (text.size() > budget) {
        text.truncate(budget);
        if (text.back().isHighSurrogate())
            text.chop(1);
    }
    return text;
}

Step parseOne(const QJsonObject &o, const QString &path, int depth);

Step parseSequence(const QJsonObject &o, const QString &path, int depth)
{
    if (depth >= maxSequenceDepth)
        fail(path + QStringLiteral(": Sequence nested more than %1 deep").arg(maxSequenceDepth));
    const QString listPath = childPath(path, QLatin1String("normalizers"));
    const QJsonArray list = arrayField(o, QLatin1String("normalizers"), path);
    std::vector<Step> steps;
    for (qsizetype i = 0; i < list.size(); ++i)
        if (Step n = parseOne(objectAt(list[i], indexPath(listPath, i)), indexPath(listPath, i), depth + 1))
            steps.push_back(std::move(n));
    return [steps](const QString &text, qsizetype budget) {
        QString out = text;
        for (const Step &n : steps)
            out = n(out, budget);
        return out;
    };
}

// A step that cannot grow the text more than a few times.
template<typename F>
Step bounded(F f)
{
    return [f](const QString &t, qsizetype budget) { return cut(f(t), budget); };
}

Step parseOne(const QJsonObject &o, const QString &path, int depth)
{
    const QString type = typeField(o, path);
    if (type == QLatin1String("Sequence"))
        return parseSequence(o, path, depth);
    if (type == QLatin1String("NFC"))
        return bounded([](const QString &t) { return t.normalized(QString::NormalizationForm_C); });
    if (type == QLatin1String("NFD"))
        return bounded([](const QString &t) { return t.normalized(QString::NormalizationForm_D); });
    if (type == QLatin1String("NFKC"))
        return bounded([](const QString &t) { return t.normalized(QString::NormalizationForm_KC); });
    if (type == QLatin1String("NFKD"))
        return bounded([](const QString &t) { return t.normalized(QString::NormalizationForm_KD); });
    if (type == QLatin1String("Lowercase"))
        return bounded([](const QString &t) { return t.toLower(); });
    if (type == QLatin1String("StripAccents"))
        return bounded([](const QString &t) { return filtered(t, [](char32_t c) { return !isMark(c); }); });
    if (type == QLatin1String("Strip")) {
        const bool left = boolField(o, QLatin1String("strip_left"), path, true);
        const bool right = boolField(o, QLatin1String("strip_right"), path, true);
        return bounded([left, right](const QString &t) {
            // Every White_Space character is in the BMP: no surrogate pair needs care.
            qsizetype begin = 0, end = t.size();
            while (left && begin < end && isWhiteSpace(t[begin].unicode()))
                ++begin;
            while (right && end > begin && isWhiteSpace(t[end - 1].unicode()))
                --end;
            return t.mid(begin, end - begin);
        });
    }
    if (type == QLatin1String("Replace")) {
        const QRegularExpression pattern
            = parsePattern(o.value(QLatin1String("pattern")), childPath(path, QLatin1String("pattern")));
        const QString content = stringField(o, QLatin1String("content"), path);
        // The content is literal (no back-references, as in Hugging Face's Replace), and the
        // replacing stops once the text is over its budget.
        return [pattern, content](const QString &t, qsizetype budget) {
            QString out;
            qsizetype last = 0;
            for (auto it = pattern.globalMatch(t); it.hasNext() && out.size() <= budget;) {
                const QRegularExpressionMatch m = it.next();
                out += QStringView(t).sliced(last, m.capturedStart() - last);
                out += content;
                last = m.capturedEnd();
            }
            out += QStringView(t).sliced(last);
            return cut(std::move(out), budget);
        };
    }
    if (type == QLatin1String("Prepend")) {
        const QString prefix = stringField(o, QLatin1String("prepend"), path);
        return bounded([prefix](const QString &t) { return t.isEmpty() ? t : prefix + t; });
    }
    if (type == QLatin1String("BertNormalizer")) {
        BertNormalizerOptions options;
        options.cleanText = boolField(o, QLatin1String("clean_text"), path, true);
        options.handleChineseChars = boolField(o, QLatin1String("handle_chinese_chars"), path, true);
        options.lowercase = boolField(o, QLatin1String("lowercase"), path, true);
        options.stripAccents = boolField(o, QLatin1String("strip_accents"), path, options.lowercase);
        return bounded([options](const QString &t) { return bertNormalize(t, options); });
    }
    unsupportedType(o, path);
}

} // namespace

bool isChineseChar(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF)
        || (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF)
        || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

QString bertNormalize(const QString &text, const BertNormalizerOptions &options)
{
    QString out;
    out.reserve(text.size() + 8);
    for (char32_t c : text.toUcs4()) {
        if (options.cleanText) {
            if (c == 0 || c == 0xFFFD || isBertControl(c))
                continue;
            if (isWhiteSpace(c))
                c = ' ';
        }
        if (options.handleChineseChars && isChineseChar(c)) {
            out += u' ';
            appendCodePoint(out, c);
            out += u' ';
        } else {
            appendCodePoint(out, c);
        }
    }
    if (options.stripAccents)
        out = filtered(out.normalized(QString::NormalizationForm_D),
            [](char32_t c) { return QChar::category(c) != QChar::Mark_NonSpacing; });
    if (options.lowercase)
        out = out.toLower();
    return out;
}

Normalizer parseNormalizer(const QJsonValue &value, const QString &path)
{
    if (value.isNull() || value.isUndefined())
        return {};
    const Step step = parseOne(objectAt(value, path), path, 0);
    return [step](const QString &text) { return step(text, budgetFor(text.size())); };
}

} // namespace qkv::tokenizers
