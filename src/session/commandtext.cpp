#include "session/commandtext.h"

#include <QCoreApplication>
#include <QLocale>

namespace qkv {
namespace {

QString tr(const char *text, int n = -1)
{
    return QCoreApplication::translate("CommandText", text, nullptr, n);
}

QString number(double v)
{
    return QLocale().toString(v, 'g', 6);
}

// "query of ‘it’": the vector a number belongs to (heads counted from 1 when there are several).
QString vectorName(const ValueRef &r)
{
    const QString head = r.head > 0 ? tr(", head %1").arg(r.head + 1) : QString();
    switch (r.field) {
    case Field::Query:
        return tr("query of %1").arg(quoted(r.word)) + head;
    case Field::Key:
        return tr("key of %1").arg(quoted(r.word)) + head;
    case Field::Value:
        return tr("value of %1").arg(quoted(r.word)) + head;
    case Field::Embedding:
        return tr("embedding of %1").arg(quoted(r.word));
    case Field::Wq:
        return QStringLiteral("W_Q") + head;
    case Field::Wk:
        return QStringLiteral("W_K") + head;
    case Field::Wv:
        return QStringLiteral("W_V") + head;
    case Field::Wo:
        return QStringLiteral("W_O");
    case Field::Attention:
        return tr("attention weights") + head;
    }
    return {};
}

// "q3 of ‘dog’": one number, as the tables' column headings name it.
QString numberName(const ValueRef &r)
{
    const QString head = r.head > 0 ? tr(", head %1").arg(r.head + 1) : QString();
    const QString index = QString::number(r.col + 1);
    switch (r.field) {
    case Field::Query:
        return tr("q%1 of %2").arg(index, quoted(r.word)) + head;
    case Field::Key:
        return tr("k%1 of %2").arg(index, quoted(r.word)) + head;
    case Field::Value:
        return tr("v%1 of %2").arg(index, quoted(r.word)) + head;
    case Field::Embedding:
        return tr("x%1 of %2").arg(index, quoted(r.word));
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
    return tr("‘%1’").arg(word);
}

QString valuesText(const std::vector<ValueRef> &refs, const std::vector<double> &values, bool dragged)
{
    if (refs.empty())
        return {};
    const ValueRef &first = refs.front();
    if (refs.size() == 1) {
        const QString what = numberName(first);
        return (dragged ? tr("Drag %1 to %2") : tr("Set %1 to %2")).arg(what, number(values.front()));
    }
    const bool oneVector
        = std::all_of(refs.begin(), refs.end(), [&](const ValueRef &r) { return sameVector(r, first); });
    if (dragged && oneVector)
        return tr("Drag %1").arg(vectorName(first));
    const int n = static_cast<int>(refs.size());
    if (oneVector)
        return tr("Set %n values of %1", n).arg(vectorName(first));
    return tr("Set %n values", n);
}

QString settingsText(const Settings &before, const Settings &after)
{
    QStringList changes;
    const auto add = [&](bool changed, const char *what, const QString &value) {
        if (changed)
            changes << tr("%1 to %2").arg(tr(what), value);
    };
    add(before.mode != after.mode, "mode", toString(after.mode));
    add(before.heads != after.heads, "heads", QString::number(after.heads));
    add(before.dim != after.dim, "dimension d", QString::number(after.dim));
    add(before.scoring != after.scoring, "scoring", toString(after.scoring));
    add(before.normalization != after.normalization, "normalization", toString(after.normalization));
    add(before.temperature != after.temperature, "temperature", number(after.temperature));
    add(before.mask != after.mask, "mask", toString(after.mask));
    add(before.tokenizer != after.tokenizer, "tokenizer", toString(after.tokenizer));
    add(before.dModel != after.dModel, "d_model", QString::number(after.dModel));
    add(before.positions != after.positions, "positions", toString(after.positions));
    add(before.vectors != after.vectors, "vectors", toString(after.vectors));
    if (changes.isEmpty())
        return tr("Change settings");
    return tr("Set %1").arg(changes.join(QStringLiteral(", ")));
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
        return tr("Type “%1”").arg(cut(typed.trimmed()));
    if (typed.isEmpty() && !removed.trimmed().isEmpty())
        return tr("Delete “%1”").arg(cut(removed.trimmed()));
    if (!typed.trimmed().isEmpty() && !removed.trimmed().isEmpty())
        return tr("Replace “%1” with “%2”").arg(cut(removed.trimmed()), cut(typed.trimmed()));
    // Spaces alone: the sentence as it now reads, its end (where one types) kept when it is long.
    const QString text = after.size() > shown ? QChar(0x2026) + after.right(shown - 1) : after;
    return tr("Type “%1”").arg(text);
}

QString maskText(const QStringList &tokens, Cell cell, bool masking)
{
    const QString query = tokens.value(cell.first), key = tokens.value(cell.second);
    return (masking ? tr("Mask %1 → %2") : tr("Unmask %1 → %2")).arg(quoted(query), quoted(key));
}

} // namespace qkv
