#include "lessons/goal.h"
#include "lessons/goalwords.h"

#include <QCoreApplication>

#include <cmath>

namespace qkv::lessons {
namespace {

// A number, or why it cannot be read from this document.
struct Number {
    std::optional<double> value;
    QString why;
};

QString opText(Op op)
{
    switch (op) {
    case Op::Less:
        return QStringLiteral("<");
    case Op::LessEqual:
        return QStringLiteral("≤");
    case Op::Greater:
        return QStringLiteral(">");
    case Op::GreaterEqual:
        return QStringLiteral("≥");
    case Op::Equal:
        return QStringLiteral("=");
    case Op::NotEqual:
        return QStringLiteral("≠");
    default:
        return {};
    }
}

class Evaluator
{
public:
    Evaluator(const QString &text, const std::vector<Goal::Node> &nodes, const Document &doc, const Result &result)
        : m_text(text)
        , m_nodes(nodes)
        , m_doc(doc)
        , m_result(result)
    { }

    std::vector<Goal::Check> checks;

    Number number(int index)
    {
        const Goal::Node &n = m_nodes[index];
        switch (n.op) {
        case Op::Number:
            return {n.number, {}};
        case Op::Read:
            return read(n);
        case Op::Negate: {
            Number a = number(n.lhs);
            if (a.value)
                a.value = -*a.value;
            return a;
        }
        default:
            break;
        }
        Number a = number(n.lhs);
        Number b = number(n.rhs);
        if (!a.value)
            return a;
        if (!b.value)
            return b;
        switch (n.op) {
        case Op::Add:
            return {*a.value + *b.value, {}};
        case Op::Subtract:
            return {*a.value - *b.value, {}};
        case Op::Multiply:
            return {*a.value * *b.value, {}};
        default:
            if (*b.value == 0)
                return {std::nullopt, QCoreApplication::translate("Goal", "%1 divides by 0").arg(source(n))};
            return {*a.value / *b.value, {}};
        }
    }

    // True, false, or unknown where a quantity cannot be read (a token the sentence lacks): unknown
    // stays unknown through "not", so that "not weight(dog, cat) > 0.5" is not met by removing "dog".
    std::optional<bool> condition(int index)
    {
        const Goal::Node &n = m_nodes[index];
        switch (n.op) {
        case Op::And: {
            // Both sides are evaluated, so that every comparison is listed with its numbers.
            const std::optional<bool> a = condition(n.lhs);
            const std::optional<bool> b = condition(n.rhs);
            if (a == false || b == false)
                return false;
            return a.has_value() && b.has_value() ? std::optional<bool>(true) : std::nullopt;
        }
        case Op::Or: {
            const std::optional<bool> a = condition(n.lhs);
            const std::optional<bool> b = condition(n.rhs);
            if (a == true || b == true)
                return true;
            return a.has_value() && b.has_value() ? std::optional<bool>(false) : std::nullopt;
        }
        case Op::Not: {
            const std::optional<bool> a = condition(n.lhs);
            return a ? std::optional<bool>(!*a) : std::nullopt;
        }
        case Op::Strongest:
            return strongest(index);
        default:
            return compare(index);
        }
    }

private:
    QString source(const Goal::Node &n) const { return m_text.mid(n.begin, n.end - n.begin).trimmed(); }

    std::optional<int> token(const QString &name, QString &why) const
    {
        const std::optional<int> index = tokenIndex(m_result.tokens, name);
        if (!index)
            why = name.startsWith(u'#')
                ? QCoreApplication::translate("Goal", "the sentence has no token %1 (it has %2)")
                      .arg(name)
                      .arg(m_result.tokens.size())
                : QCoreApplication::translate("Goal", "the sentence has no token “%1”").arg(name);
        return index;
    }

    const HeadResult *head(const Goal::Node &n, QString &why) const
    {
        if (n.head < static_cast<int>(m_result.heads.size()))
            return &m_result.heads[n.head];
        why = QCoreApplication::translate("Goal", "the document has no head %1 (it has %2)")
                  .arg(n.head + 1)
                  .arg(m_result.heads.size());
        return nullptr;
    }

    Number read(const Goal::Node &n) const
    {
        QString why;
        const std::optional<int> row = token(n.query, why);
        if (!row)
            return {std::nullopt, why};
        if (n.quantity == Quantity::Embedding) {
            const Eigen::VectorXd x = m_doc.embedding(m_doc.vectorKey(*row));
            if (n.component >= x.size())
                return {
                    std::nullopt, QCoreApplication::translate("Goal", "embeddings have %1 components").arg(x.size())};
            return {x(n.component), {}};
        }
        const HeadResult *h = head(n, why);
        if (!h)
            return {std::nullopt, why};
        if (n.quantity == Quantity::Weight || n.quantity == Quantity::Score) {
            const std::optional<int> col = token(n.key, why);
            if (!col)
                return {std::nullopt, why};
            const SquareMatrix &m = n.quantity == Quantity::Weight ? h->weights : h->scores;
            if (m.rows() <= *row || m.cols() <= *col)
                return {std::nullopt, QCoreApplication::translate("Goal", "these settings give no scores")};
            return {m(*row, *col), {}};
        }
        const Eigen::MatrixXd &m = n.quantity == Quantity::Query ? h->queries
            : n.quantity == Quantity::Key                        ? h->keys
            : n.quantity == Quantity::Value                      ? h->values
                                                                 : h->output;
        if (n.component >= m.cols())
            return {std::nullopt, QCoreApplication::translate("Goal", "the vectors have %1 components").arg(m.cols())};
        return {m(*row, n.component), {}};
    }

    GoalWords words() const { return {m_nodes, m_text, m_result.tokens, static_cast<int>(m_result.heads.size())}; }

    std::optional<bool> strongest(int index)
    {
        const Goal::Node &n = m_nodes[index];
        QString why;
        const std::optional<int> row = token(n.query, why);
        const std::optional<int> col = row ? token(n.key, why) : std::nullopt;
        const HeadResult *h = col ? head(n, why) : nullptr;
        Goal::Check check {source(n), false, why, {}, {}};
        if (h) {
            const auto weights = h->weights.row(*row);
            Eigen::Index top = 0;
            weights.maxCoeff(&top);
            check.met = weights(*col) >= weights(top);
            check.detail = check.met
                ? QCoreApplication::translate("Goal", "%1 = %2, the largest").arg(n.key, shownNumber(weights(*col)))
                : QCoreApplication::translate("Goal", "%1 = %2, but %3 = %4")
                      .arg(n.key, shownNumber(weights(*col)), m_result.tokens[top], shownNumber(weights(top)));
            check.words = words().strongest(
                index, tokenName(m_result.tokens, int(top)), weights(top), weights(*col), check.met);
        } else {
            check.words = why;
        }
        check.now = check.detail;
        checks.push_back(check);
        return h ? std::optional<bool>(check.met) : std::nullopt;
    }

    // Half a unit of the last digit written: "= 0.119" holds from 0.1185 to 0.1195.
    double tolerance(const Goal::Node &n) const
    {
        if (n.tolerance)
            return *n.tolerance;
        if (n.op != Op::Equal && n.op != Op::NotEqual)
            return 0;
        int decimals = -1;
        for (const int side : {n.lhs, n.rhs})
            if (m_nodes[side].op == Op::Number)
                decimals = std::max(decimals, m_nodes[side].decimals);
        return decimals >= 0 ? 0.5 * std::pow(10.0, -decimals) : 1e-9;
    }

    std::optional<bool> compare(int index)
    {
        const Goal::Node &n = m_nodes[index];
        const Number a = number(n.lhs);
        const Number b = number(n.rhs);
        Goal::Check check {source(n), false, {}, {}, {}};
        check.words = words().comparison(index, a.value, b.value, !a.value ? a.why : b.why);
        if (!a.value || !b.value) {
            check.detail = !a.value ? a.why : b.why;
            check.now = check.detail;
            checks.push_back(check);
            return std::nullopt;
        }
        const double x = *a.value, y = *b.value, t = tolerance(n);
        switch (n.op) {
        case Op::Less:
            check.met = x < y + t;
            break;
        case Op::LessEqual:
            check.met = x <= y + t;
            break;
        case Op::Greater:
            check.met = x > y - t;
            break;
        case Op::GreaterEqual:
            check.met = x >= y - t;
            break;
        case Op::Equal:
            check.met = std::abs(x - y) <= t;
            break;
        default:
            check.met = std::abs(x - y) > t;
            break;
        }
        const bool literal = m_nodes[n.rhs].op == Op::Number;
        const QString bound = literal ? source(m_nodes[n.rhs]) : shownNumber(y);
        const QString within = t > 0 ? QStringLiteral(" ± %1").arg(shownNumber(t)) : QString();
        check.detail
            = QCoreApplication::translate("Goal", "%1, needs %2 %3%4").arg(shownNumber(x), opText(n.op), bound, within);
        check.now = literal ? shownNumber(x) : QStringLiteral("%1 vs %2").arg(shownNumber(x), shownNumber(y));
        checks.push_back(check);
        return check.met;
    }

    const QString &m_text;
    const std::vector<Goal::Node> &m_nodes;
    const Document &m_doc;
    const Result &m_result;
};

} // namespace

QString shownNumber(double x)
{
    return QString::number(x, 'g', 4);
}

Goal::Outcome Goal::evaluate(const Document &doc, const Result &result) const
{
    Evaluator e(m_text, m_nodes, doc, result);
    Outcome outcome;
    outcome.met = e.condition(m_root).value_or(false);
    outcome.checks = std::move(e.checks);
    return outcome;
}

QString Goal::inWords(const QStringList &tokens, int heads) const
{
    return GoalWords {m_nodes, m_text, tokens, heads}.expression(m_root);
}

QString Goal::valueInWords(double value) const
{
    static const QStringList none;
    return GoalWords {m_nodes, m_text, none, 1}.value(m_root, value);
}

std::optional<double> Goal::value(const Document &doc, const Result &result, QString *why) const
{
    Evaluator e(m_text, m_nodes, doc, result);
    Number n = e.number(m_root);
    if (!n.value && why)
        *why = n.why;
    return n.value;
}

} // namespace qkv::lessons
