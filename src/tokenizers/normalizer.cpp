#include "normalizer.h"

#include "jsonfields.h"
#include "textpattern.h"
#include "utf8.h"

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

Normalizer parseOne(const QJsonObject &o, const QString &path);

Normalizer parseSequence(const QJsonObject &o, const QString &path)
{
    const QString listPath = childPath(path, QLatin1String("normalizers"));
    const QJsonArray list = arrayField(o, QLatin1String("normalizers"), path);
    std::vector<Normalizer> steps;
    for (qsizetype i = 0; i < list.size(); ++i)
        if (Normalizer n = parseOne(objectAt(list[i], indexPath(listPath, i)), indexPath(listPath, i)))
            steps.push_back(std::move(n));
    return [steps](const QString &text) {
        QString out = text;
        for (const Normalizer &n : steps)
            out = n(out);
        return out;
    };
}

Normalizer parseOne(const QJsonObject &o, const QString &path)
{
    const QString type = typeField(o, path);
    if (type == QLatin1String("Sequence"))
        return parseSequence(o, path);
    if (type == QLatin1String("NFC"))
        return [](const QString &t) { return t.normalized(QString::NormalizationForm_C); };
    if (type == QLatin1String("NFD"))
        return [](const QString &t) { return t.normalized(QString::NormalizationForm_D); };
    if (type == QLatin1String("NFKC"))
        return [](const QString &t) { return t.normalized(QString::NormalizationForm_KC); };
    if (type == QLatin1String("NFKD"))
        return [](const QString &t) { return t.normalized(QString::NormalizationForm_KD); };
    if (type == QLatin1String("Lowercase"))
        return [](const QString &t) { return t.toLower(); };
    if (type == QLatin1String("StripAccents"))
        return [](const QString &t) { return filtered(t, [](char32_t c) { return !isMark(c); }); };
    if (type == QLatin1String("Strip")) {
        const bool left = boolField(o, QLatin1String("strip_left"), path, true);
        const bool right = boolField(o, QLatin1String("strip_right"), path, true);
        return [left, right](const QString &t) {
            // Every White_Space character is in the BMP: no surrogate pair needs care.
            qsizetype begin = 0, end = t.size();
            while (left && begin < end && isWhiteSpace(t[begin].unicode()))
                ++begin;
            while (right && end > begin && isWhiteSpace(t[end - 1].unicode()))
                --end;
            return t.mid(begin, end - begin);
        };
    }
    if (type == QLatin1String("Replace")) {
        const QRegularExpression pattern
            = parsePattern(o.value(QLatin1String("pattern")), childPath(path, QLatin1String("pattern")));
        const QString content = stringField(o, QLatin1String("content"), path);
        return [pattern, content](const QString &t) {
            QString out = t;
            // The content is literal: no back-references, as in Hugging Face's Replace.
            QString escaped = content;
            escaped.replace(u'\\', QStringLiteral("\\\\"));
            return out.replace(pattern, escaped);
        };
    }
    if (type == QLatin1String("Prepend")) {
        const QString prefix = stringField(o, QLatin1String("prepend"), path);
        return [prefix](const QString &t) { return t.isEmpty() ? t : prefix + t; };
    }
    if (type == QLatin1String("BertNormalizer")) {
        BertNormalizerOptions options;
        options.cleanText = boolField(o, QLatin1String("clean_text"), path, true);
        options.handleChineseChars = boolField(o, QLatin1String("handle_chinese_chars"), path, true);
        options.lowercase = boolField(o, QLatin1String("lowercase"), path, true);
        options.stripAccents = boolField(o, QLatin1String("strip_accents"), path, options.lowercase);
        return [options](const QString &t) { return bertNormalize(t, options); };
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
    return parseOne(objectAt(value, path), path);
}

} // namespace qkv::tokenizers
