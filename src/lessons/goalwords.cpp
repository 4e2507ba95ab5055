#include "lessons/goalwords.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace qkv::lessons {
namespace {

// The context of this file's texts in the translation catalogues.
struct GoalWordsText {
    Q_DECLARE_TR_FUNCTIONS(GoalWords)
};

using T = GoalWordsText;

bool isComparisonOp(Op op)
{
    return op >= Op::Less && op <= Op::NotEqual;
}

// `op` read from the right side's point of view: 0.2 < x is x > 0.2.
Op flipped(Op op)
{
    switch (op) {
    case Op::Less:
        return Op::Greater;
    case Op::LessEqual:
        return Op::GreaterEqual;
    case Op::Greater:
        return Op::Less;
    case Op::GreaterEqual:
        return Op::LessEqual;
    default:
        return op;
    }
}

QString aim(Op op, const QString &bound)
{
    switch (op) {
    case Op::Less:
        return T::tr("aim for less than %1").arg(bound);
    case Op::LessEqual:
        return T::tr("aim for at most %1").arg(bound);
    case Op::Greater:
        return T::tr("aim for more than %1").arg(bound);
    case Op::GreaterEqual:
        return T::tr("aim for at least %1").arg(bound);
    case Op::Equal:
        return T::tr("aim for %1").arg(bound);
    default:
        return T::tr("aim for anything but %1").arg(bound);
    }
}

} // namespace

QString tokenInWords(const QString &name, const QStringList &tokens)
{
    const std::optional<int> index = tokenIndex(tokens, name);
    if (!name.startsWith(u'#') || name.size() < 2)
        return T::tr("“%1”").arg(name);
    if (!index) // a place the sentence does not have: said as a place
        return name == u"#-1" ? T::tr("the last token") : T::tr("token %1").arg(name.mid(1));
    const QString &text = tokens[*index];
    if (*index == tokens.size() - 1)
        return T::tr("the last token (“%1”)").arg(text);
    if (tokens.count(text) == 1)
        return T::tr("“%1”").arg(text);
    return T::tr("token %1 (“%2”)").arg(*index + 1).arg(text);
}

QString percentInWords(double weight)
{
    const double p = weight * 100;
    const double size = std::abs(p);
    // Enough digits to tell a small weight from none: 0.003 %, not 0 %.
    const int decimals = size >= 10 || size == 0 ? 0 : size >= 1 ? 1 : size >= 0.01 ? 2 : 3;
    QString digits = QLocale().toString(p, 'f', decimals);
    const QChar point = QLocale().decimalPoint().front();
    if (digits.contains(point)) { // 8.0 % is 8 %
        while (digits.endsWith(u'0'))
            digits.chop(1);
        if (digits.endsWith(point))
            digits.chop(1);
    }
    return T::tr("%1 %").arg(digits);
}

QString GoalWords::inHead(const QString &what, int head) const
{
    return heads > 1 ? T::tr("%1 in head %2").arg(what).arg(head + 1) : what;
}

bool GoalWords::isWeight(int index) const
{
    const Goal::Node &n = nodes[std::size_t(index)];
    return n.op == Op::Read && n.quantity == Quantity::Weight;
}

QString GoalWords::expression(int index) const
{
    const Goal::Node &n = nodes[std::size_t(index)];
    const auto side = [this](int i) { return expression(i); };
    switch (n.op) {
    case Op::Number:
        return shownNumber(n.number);
    case Op::Read: {
        const QString query = tokenInWords(n.query, tokens), key = tokenInWords(n.key, tokens);
        const QString component = QString::number(n.component + 1);
        switch (n.quantity) {
        case Quantity::Weight:
            return inHead(T::tr("the attention of %1 to %2").arg(query, key), n.head);
        case Quantity::Score:
            return inHead(T::tr("the score of %1 for %2").arg(query, key), n.head);
        case Quantity::Query:
            return inHead(T::tr("component %1 of the query of %2").arg(component, query), n.head);
        case Quantity::Key:
            return inHead(T::tr("component %1 of the key of %2").arg(component, query), n.head);
        case Quantity::Value:
            return inHead(T::tr("component %1 of the value of %2").arg(component, query), n.head);
        case Quantity::Output:
            return inHead(T::tr("component %1 of the output of %2").arg(component, query), n.head);
        case Quantity::Embedding:
            return T::tr("component %1 of the embedding of %2").arg(component, query);
        }
        break;
    }
    case Op::Negate:
        return T::tr("minus %1").arg(side(n.lhs));
    case Op::Add:
        return T::tr("%1 plus %2").arg(side(n.lhs), side(n.rhs));
    case Op::Subtract:
        return T::tr("%1 minus %2").arg(side(n.lhs), side(n.rhs));
    case Op::Multiply:
        return T::tr("%1 times %2").arg(side(n.lhs), side(n.rhs));
    case Op::Divide:
        return T::tr("%1 divided by %2").arg(side(n.lhs), side(n.rhs));
    default:
        break;
    }
    return text.mid(n.begin, n.end - n.begin).trimmed();
}

QString GoalWords::value(int index, double x) const
{
    return isWeight(index) ? percentInWords(x) : shownNumber(x);
}

QString GoalWords::comparison(
    int index, std::optional<double> left, std::optional<double> right, const QString &why) const
{
    const Goal::Node &n = nodes[std::size_t(index)];
    if (!isComparisonOp(n.op))
        return expression(index);
    // The quantity first, the bound after: "0.2 < weight(a, b)" reads as "more than 0.2".
    const bool swap = nodes[std::size_t(n.lhs)].op == Op::Number && nodes[std::size_t(n.rhs)].op != Op::Number;
    const int subject = swap ? n.rhs : n.lhs, bound = swap ? n.lhs : n.rhs;
    const Op op = swap ? flipped(n.op) : n.op;
    const Goal::Node &b = nodes[std::size_t(bound)];
    // A number bound is said in the subject's unit: 0.5 of a weight is 50 %.
    QString limit = b.op == Op::Number ? value(subject, b.number) : expression(bound);
    if (n.tolerance)
        limit = T::tr("%1 (give or take %2)").arg(limit, value(subject, *n.tolerance));
    const QString what = expression(subject);
    const std::optional<double> now = swap ? right : left;
    if (!now || !(swap ? left : right))
        return T::tr("%1: %2 (%3)").arg(what, aim(op, limit), why);
    return T::tr("%1: %2, now %3").arg(what, aim(op, limit), value(subject, *now));
}

QString GoalWords::strongest(int index, const QString &top, double topWeight, double keyWeight, bool met) const
{
    const Goal::Node &n = nodes[std::size_t(index)];
    const QString what = inHead(
        T::tr("%1 as the key %2 attends to most").arg(tokenInWords(n.key, tokens), tokenInWords(n.query, tokens)),
        n.head);
    if (met)
        return T::tr("%1: it is (%2)").arg(what, percentInWords(keyWeight));
    return T::tr("%1: now %2 is (%3 against %4)")
        .arg(what, tokenInWords(top, tokens), percentInWords(topWeight), percentInWords(keyWeight));
}

} // namespace qkv::lessons
