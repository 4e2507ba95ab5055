#include "tokenizers/pretokenizer.h"

#include "tokenizers/bytelevel.h"
#include "tokenizers/jsonfields.h"
#include "tokenizers/textpattern.h"

#include <QJsonArray>
#include <QJsonObject>

namespace qkv::tokenizers {

namespace {

const QChar metaspaceChar(0x2581);

SplitBehavior parseBehavior(const QJsonObject &o, const QString &path, SplitBehavior fallback)
{
    const QString name = stringField(o, QLatin1String("behavior"), path, QString());
    if (name.isEmpty())
        return fallback;
    static const std::pair<const char *, SplitBehavior> names[] = {{"Removed", SplitBehavior::Removed},
        {"Isolated", SplitBehavior::Isolated}, {"MergedWithPrevious", SplitBehavior::MergedWithPrevious},
        {"MergedWithNext", SplitBehavior::MergedWithNext}, {"Contiguous", SplitBehavior::Contiguous}};
    for (const auto &[n, b] : names)
        if (name == QLatin1String(n))
            return b;
    fail(childPath(path, QLatin1String("behavior")) + QStringLiteral(" \"") + name
        + QStringLiteral("\" is not supported"));
}

PreTokenizer byteLevel(const QJsonObject &o, const QString &path)
{
    const bool addPrefixSpace = boolField(o, QLatin1String("add_prefix_space"), path, true);
    const bool useRegex = boolField(o, QLatin1String("use_regex"), path, true);
    return [addPrefixSpace, useRegex](Words &words) {
        if (addPrefixSpace)
            for (Word &w : words)
                if (!w.text.startsWith(u' '))
                    w.text.prepend(u' ');
        if (useRegex)
            splitWords(words, gpt2Pattern(), SplitBehavior::Isolated);
        for (Word &w : words)
            w.text = bytesToByteLevel(w.text.toUtf8());
    };
}

PreTokenizer metaspace(const QJsonObject &o, const QString &path)
{
    const QString replacement = stringField(o, QLatin1String("replacement"), path, QString(metaspaceChar));
    // One character, as in Hugging Face's (a longer one would multiply the spaces at every pass).
    if (replacement.toUcs4().size() != 1)
        fail(childPath(path, QLatin1String("replacement")) + QStringLiteral(" must be one character"));
    QString scheme = stringField(o, QLatin1String("prepend_scheme"), path, QString());
    if (scheme.isEmpty()) // files before prepend_scheme said add_prefix_space
        scheme = boolField(o, QLatin1String("add_prefix_space"), path, true) ? QStringLiteral("always")
                                                                             : QStringLiteral("never");
    if (scheme != QLatin1String("always") && scheme != QLatin1String("first") && scheme != QLatin1String("never"))
        fail(childPath(path, QLatin1String("prepend_scheme")) + QStringLiteral(" \"") + scheme
            + QStringLiteral("\" is not supported"));
    const bool split = boolField(o, QLatin1String("split"), path, true);
    const QRegularExpression delimiter(QRegularExpression::escape(replacement));
    return [=](Words &words) {
        for (Word &w : words) {
            w.text.replace(u' ', replacement);
            const bool prepend = scheme == QLatin1String("always") || (scheme == QLatin1String("first") && w.atStart);
            if (prepend && !w.text.startsWith(replacement))
                w.text.prepend(replacement);
        }
        if (split)
            splitWords(words, delimiter, SplitBehavior::MergedWithNext);
    };
}

PreTokenizer parseOne(const QJsonObject &o, const QString &path, PreTokenizerInfo &info, int depth);

PreTokenizer parseSequence(const QJsonObject &o, const QString &path, PreTokenizerInfo &info, int depth)
{
    if (depth >= maxSequenceDepth)
        fail(path + QStringLiteral(": Sequence nested more than %1 deep").arg(maxSequenceDepth));
    const QString listPath = childPath(path, QLatin1String("pretokenizers"));
    const QJsonArray list = arrayField(o, QLatin1String("pretokenizers"), path);
    std::vector<PreTokenizer> steps;
    for (qsizetype i = 0; i < list.size(); ++i)
        steps.push_back(parseOne(objectAt(list[i], indexPath(listPath, i)), indexPath(listPath, i), info, depth + 1));
    return [steps](Words &words) {
        for (const PreTokenizer &p : steps)
            p(words);
    };
}

PreTokenizer parseOne(const QJsonObject &o, const QString &path, PreTokenizerInfo &info, int depth)
{
    const QString type = typeField(o, path);
    if (type == QLatin1String("Sequence"))
        return parseSequence(o, path, info, depth);
    if (type == QLatin1String("ByteLevel")) {
        // A second pass would turn the byte alphabet's own characters into bytes again, doubling
        // the text each time.
        if (info.byteLevel)
            fail(path + QStringLiteral(": a second ByteLevel step is not supported"));
        info.byteLevel = true;
        return byteLevel(o, path);
    }
    if (type == QLatin1String("Metaspace")) {
        info.metaspace = true;
        return metaspace(o, path);
    }
    if (type == QLatin1String("Split")) {
        const QRegularExpression pattern
            = parsePattern(o.value(QLatin1String("pattern")), childPath(path, QLatin1String("pattern")));
        const SplitBehavior behavior = parseBehavior(o, path, SplitBehavior::Isolated);
        const bool invert = boolField(o, QLatin1String("invert"), path, false);
        return [=](Words &words) { splitWords(words, pattern, behavior, invert); };
    }
    if (type == QLatin1String("Whitespace")) {
        // \w+|[^\w\s]+ of Rust's regex crate, whose \w is alphabetic, marks, decimal digits,
        // connectors and the joiners U+200C/U+200D (PCRE2's has all numbers and no joiners).
        static const QRegularExpression words(
            QStringLiteral(
                R"([\p{L}\p{Nl}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}]+|[^\p{L}\p{Nl}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}\s]+)"),
            QRegularExpression::UseUnicodePropertiesOption);
        return [](Words &w) { splitWords(w, words, SplitBehavior::Removed, true); };
    }
    if (type == QLatin1String("WhitespaceSplit"))
        return [](Words &w) { splitWords(w, isWhiteSpace, SplitBehavior::Removed); };
    if (type == QLatin1String("BertPreTokenizer")) {
        return [](Words &w) {
            splitWords(w, isWhiteSpace, SplitBehavior::Removed);
            splitWords(w, isPunctuation, SplitBehavior::Isolated);
        };
    }
    if (type == QLatin1String("Punctuation")) {
        const SplitBehavior behavior = parseBehavior(o, path, SplitBehavior::Isolated);
        return [behavior](Words &w) { splitWords(w, isPunctuation, behavior); };
    }
    if (type == QLatin1String("Digits")) {
        const bool individual = boolField(o, QLatin1String("individual_digits"), path, false);
        return [individual](Words &w) {
            splitWords(
                w, [](char32_t c) { return QChar::isNumber(c); },
                individual ? SplitBehavior::Isolated : SplitBehavior::Contiguous);
        };
    }
    unsupportedType(o, path);
}

} // namespace

PreTokenizer parsePreTokenizer(const QJsonValue &value, const QString &path, PreTokenizerInfo &info)
{
    if (value.isNull() || value.isUndefined())
        return {};
    return parseOne(objectAt(value, path), path, info, 0);
}

} // namespace qkv::tokenizers
