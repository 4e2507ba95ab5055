#include "session/commandtext.h"

#include <QCoreApplication>
#include <QLocale>

namespace qkv {
namespace {

// The context of this file's texts in the translation catalogues.
struct CommandText {
    Q_DECLARE_TR_FUNCTIONS(CommandText)
};

QString number(double v)
{
    return QLocale().toString(v, 'g', 6);
}

// `name` in head r.head when the document has several heads: "q1 of ‘it’ in head 2", one
// translatable pattern, so that a language can order it its own way. Head 1 is named too: in a
// model of twelve heads, "q1 of ‘it’" alone says nothing of where the edit went.
QString inHead(const Document &doc, const ValueRef &r, const QString &name)
{
    return doc.settings().heads > 1 ? CommandText::tr("%1 in head %2").arg(name, QString::number(r.head + 1)) : name;
}

// "query q3 of ‘dog’": one number, its role and its component as the tables' column headings
// name it.
QString numberName(const Document &doc, const ValueRef &r)
{
    const QString index = QString::number(r.col + 1), word = wordName(doc, r.word);
    switch (r.field) {
    case Field::Query:
        return inHead(doc, r, CommandText::tr("query q%1 of %2").arg(index, word));
    case Field::Key:
        return inHead(doc, r, CommandText::tr("key k%1 of %2").arg(index, word));
    case Field::Value:
        return inHead(doc, r, CommandText::tr("value v%1 of %2").arg(index, word));
    case Field::Embedding:
        return CommandText::tr("x%1 of %2").arg(index, word);
    default:
        return describe(r);
    }
}

bool sameVector(const ValueRef &a, const ValueRef &b)
{
    return a.field == b.field && a.word == b.word && a.head == b.head;
}

} // namespace

QString quoted(const QString &word)
{
    return CommandText::tr("‘%1’").arg(word);
}

// The word a vector key stands for: per-token vectors are keyed "#12" (or "b#3" in the second
// sentence), which people read as the token's text, with its place when the text repeats.
QString wordName(const Document &doc, const QString &key)
{
    const bool second = key.startsWith(u"b#");
    if (doc.settings().vectors != VectorScope::PerToken || !(second || key.startsWith(u'#')))
        return quoted(key);
    bool ok = false;
    const int index = key.mid(second ? 2 : 1).toInt(&ok) - 1;
    const QStringList &tokens = second ? doc.keyTokens() : doc.tokens();
    if (!ok || index < 0 || index >= tokens.size())
        return quoted(key);
    const QString &text = tokens[index];
    if (tokens.count(text) == 1)
        return quoted(text);
    return CommandText::tr("%1 (token %2)").arg(quoted(text), QString::number(index + 1));
}

// "query of ‘it’": the vector a number belongs to (heads counted from 1 when there are several).
QString vectorName(const Document &doc, const ValueRef &r)
{
    const QString word = wordName(doc, r.word);
    switch (r.field) {
    case Field::Query:
        return inHead(doc, r, CommandText::tr("query of %1").arg(word));
    case Field::Key:
        return inHead(doc, r, CommandText::tr("key of %1").arg(word));
    case Field::Value:
        return inHead(doc, r, CommandText::tr("value of %1").arg(word));
    case Field::Embedding:
        return CommandText::tr("embedding of %1").arg(word);
    case Field::Wq:
        return inHead(doc, r, QStringLiteral("W_Q"));
    case Field::Wk:
        return inHead(doc, r, QStringLiteral("W_K"));
    case Field::Wv:
        return inHead(doc, r, QStringLiteral("W_V"));
    case Field::Wo:
        return QStringLiteral("W_O");
    case Field::Attention:
        return inHead(doc, r, CommandText::tr("attention weights"));
    }
    return {};
}

QString valuesText(
    const Document &doc, const std::vector<ValueRef> &refs, const std::vector<double> &values, bool dragged)
{
    if (refs.empty())
        return {};
    const ValueRef &first = refs.front();
    if (refs.size() == 1) {
        const QString what = numberName(doc, first);
        return (dragged ? CommandText::tr("Drag %1 to %2") : CommandText::tr("Set %1 to %2"))
            .arg(what, number(values.front()));
    }
    const bool oneVector
        = std::all_of(refs.begin(), refs.end(), [&](const ValueRef &r) { return sameVector(r, first); });
    if (dragged && oneVector)
        return CommandText::tr("Drag %1").arg(vectorName(doc, first));
    const int n = static_cast<int>(refs.size());
    if (oneVector)
        return CommandText::tr("Set %n values of %1", nullptr, n).arg(vectorName(doc, first));
    return CommandText::tr("Set %n values", nullptr, n);
}

QString settingsText(const Settings &before, const Settings &after)
{
    QStringList changes;
    const auto add = [&](bool changed, const char *what, const QString &value) {
        if (changed)
            changes << CommandText::tr("%1 to %2").arg(CommandText::tr(what), value);
    };
    add(before.mode != after.mode, QT_TRANSLATE_NOOP("CommandText", "mode"), toString(after.mode));
    add(before.heads != after.heads, QT_TRANSLATE_NOOP("CommandText", "heads"), QString::number(after.heads));
    add(before.dim != after.dim, QT_TRANSLATE_NOOP("CommandText", "dimension d"), QString::number(after.dim));
    add(before.scoring != after.scoring, QT_TRANSLATE_NOOP("CommandText", "scoring"), toString(after.scoring));
    add(before.normalization != after.normalization, QT_TRANSLATE_NOOP("CommandText", "normalization"),
        toString(after.normalization));
    add(before.temperature != after.temperature, QT_TRANSLATE_NOOP("CommandText", "temperature"),
        number(after.temperature));
    add(before.mask != after.mask, QT_TRANSLATE_NOOP("CommandText", "mask"), toString(after.mask));
    add(before.tokenizer != after.tokenizer, QT_TRANSLATE_NOOP("CommandText", "tokenizer"), toString(after.tokenizer));
    add(before.dModel != after.dModel, QT_TRANSLATE_NOOP("CommandText", "d_model"), QString::number(after.dModel));
    add(before.positions != after.positions, QT_TRANSLATE_NOOP("CommandText", "positions"), toString(after.positions));
    add(before.vectors != after.vectors, QT_TRANSLATE_NOOP("CommandText", "vectors"), toString(after.vectors));
    add(before.precision != after.precision, QT_TRANSLATE_NOOP("CommandText", "precision"), toString(after.precision));
    add(before.softmax != after.softmax, QT_TRANSLATE_NOOP("CommandText", "softmax"), toString(after.softmax));
    if (changes.isEmpty())
        return CommandText::tr("Change settings");
    return CommandText::tr("Set %1").arg(changes.join(QStringLiteral(", ")));
}

QString sentenceText(const QString &before, const QString &after)
{
    // What changed, not the whole sentence: steps of a long sentence would all read alike.
    qsizetype prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < before.size() - prefix && suffix < after.size() - prefix
        && before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
        ++suffix;
    const QString removed = before.mid(prefix, before.size() - prefix - suffix);
    const QString typed = after.mid(prefix, after.size() - prefix - suffix);
    constexpr int shown = 40;
    const auto cut = [](const QString &s) { return s.size() > shown ? s.left(shown - 1) + QChar(0x2026) : s; };
    if (removed.isEmpty() && !typed.trimmed().isEmpty())
        return CommandText::tr("Type “%1”").arg(cut(typed.trimmed()));
    if (typed.isEmpty() && !removed.trimmed().isEmpty())
        return CommandText::tr("Delete “%1”").arg(cut(removed.trimmed()));
    if (!typed.trimmed().isEmpty() && !removed.trimmed().isEmpty())
        return CommandText::tr("Replace “%1” with “%2”").arg(cut(removed.trimmed()), cut(typed.trimmed()));
    // Spaces alone: the sentence as it now reads, its end (where one types) kept when it is long.
    const QString text = after.size() > shown ? QChar(0x2026) + after.right(shown - 1) : after;
    return CommandText::tr("Type “%1”").arg(text);
}

QString maskText(const QStringList &tokens, Cell cell, bool masking)
{
    const QString query = tokens.value(cell.first), key = tokens.value(cell.second);
    return (masking ? CommandText::tr("Mask %1 → %2") : CommandText::tr("Unmask %1 → %2"))
        .arg(quoted(query), quoted(key));
}

} // namespace qkv
