#include "lessons/goal.h"

#include <QRegularExpression>

#include <cmath>

namespace qkv::lessons {
namespace {

struct Failure {
    int position;
    QString message;
};

bool isComparison(Op op)
{
    return op >= Op::Less && op <= Op::NotEqual;
}

bool isBoolean(Op op)
{
    return op == Op::Strongest || isComparison(op) || op == Op::And || op == Op::Or || op == Op::Not;
}

const QString knownFunctions = QStringLiteral("weight, score, strongest, q1, k1, v1, o1, x1 (any component)");

// Recursive descent over the characters: token names are read raw up to the next , or ) so that
// "didn't" or "street." need no quotes.
class Parser
{
public:
    Parser(const QString &text, std::vector<Goal::Node> &nodes)
        : m_text(text)
        , m_nodes(nodes)
    { }

    int parseAll()
    {
        const int root = parseOr();
        skipSpace();
        if (m_pos < m_text.size())
            throw Failure {static_cast<int>(m_pos),
                QStringLiteral("unexpected “%1”: expected and, or, a comparison or the end")
                    .arg(m_text.mid(m_pos, 12))};
        return root;
    }

private:
    void skipSpace()
    {
        while (m_pos < m_text.size() && m_text[m_pos].isSpace())
            ++m_pos;
    }

    // A word of the language (and, or, not, head) at the cursor, not the start of a longer name.
    bool keyword(QStringView word)
    {
        skipSpace();
        if (!QStringView(m_text).mid(m_pos).startsWith(word, Qt::CaseInsensitive))
            return false;
        const qsizetype after = m_pos + word.size();
        if (after < m_text.size() && (m_text[after].isLetterOrNumber() || m_text[after] == u'_'))
            return false;
        m_pos = after;
        return true;
    }

    bool symbol(QStringView s)
    {
        skipSpace();
        if (!QStringView(m_text).mid(m_pos).startsWith(s))
            return false;
        m_pos += s.size();
        return true;
    }

    int add(Goal::Node node, qsizetype begin)
    {
        node.begin = static_cast<int>(begin);
        node.end = static_cast<int>(m_pos);
        m_nodes.push_back(std::move(node));
        return static_cast<int>(m_nodes.size() - 1);
    }

    // Two operands of the kind `op` takes (conditions or numbers) joined by it.
    int joined(Op op, int lhs, int rhs, bool boolean)
    {
        require(lhs, boolean);
        require(rhs, boolean);
        return binary(op, lhs, rhs);
    }

    int binary(Op op, int lhs, int rhs)
    {
        Goal::Node n;
        n.op = op;
        n.lhs = lhs;
        n.rhs = rhs;
        return add(n, m_nodes[lhs].begin);
    }

    void require(int node, bool boolean)
    {
        const Goal::Node &n = m_nodes[node];
        if (isBoolean(n.op) != boolean)
            throw Failure {n.begin,
                boolean ? QStringLiteral("“%1” is a number, not a condition: compare it, e.g. “%1 >= 0.5”")
                              .arg(m_text.mid(n.begin, n.end - n.begin).trimmed())
                        : QStringLiteral("“%1” is a condition where a number is needed")
                              .arg(m_text.mid(n.begin, n.end - n.begin).trimmed())};
    }

    // Conditions joined by `word` (or its symbol) into `op`: "or" joins "and"s, "and" joins "not"s.
    int parseJoined(Op op, QStringView word, QStringView sym, int (Parser::*operand)())
    {
        int lhs = (this->*operand)();
        while (keyword(word) || symbol(sym)) {
            lhs = joined(op, lhs, (this->*operand)(), true);
        }
        return lhs;
    }

    int parseOr() { return parseJoined(Op::Or, u"or", u"||", &Parser::parseAnd); }
    int parseAnd() { return parseJoined(Op::And, u"and", u"&&", &Parser::parseNot); }

    int parseNot()
    {
        skipSpace();
        const qsizetype begin = m_pos;
        const bool bang = m_pos + 1 < m_text.size() && m_text[m_pos] == u'!' && m_text[m_pos + 1] != u'=';
        if (bang || keyword(u"not")) {
            if (bang)
                ++m_pos;
            const int operand = parseNot();
            require(operand, true);
            Goal::Node n;
            n.op = Op::Not;
            n.lhs = operand;
            return add(n, begin);
        }
        return parseComparison();
    }

    std::optional<Op> comparisonOp()
    {
        static const std::pair<QStringView, Op> ops[] = {{u"<=", Op::LessEqual}, {u">=", Op::GreaterEqual},
            {u"==", Op::Equal}, {u"!=", Op::NotEqual}, {u"≤", Op::LessEqual}, {u"≥", Op::GreaterEqual},
            {u"≠", Op::NotEqual}, {u"<", Op::Less}, {u">", Op::Greater}, {u"=", Op::Equal}};
        for (const auto &[s, op] : ops)
            if (symbol(s))
                return op;
        return std::nullopt;
    }

    // A comparison; a chain "0.1 < weight(it, animal) <= 0.3" reads as both comparisons.
    int parseComparison()
    {
        int lhs = parseSum();
        int chain = -1;
        while (const std::optional<Op> op = comparisonOp()) {
            const int rhs = parseSum();
            const int node = joined(*op, lhs, rhs, false);
            if (symbol(u"±") || symbol(u"+/-") || symbol(u"+-")) {
                skipSpace();
                const qsizetype at = m_pos;
                const int tolerance = parseUnary();
                if (m_nodes[tolerance].op != Op::Number || m_nodes[tolerance].number < 0)
                    throw Failure {static_cast<int>(at), QStringLiteral("a tolerance is a number of at least 0")};
                m_nodes[node].tolerance = m_nodes[tolerance].number;
                m_nodes[node].end = static_cast<int>(m_pos);
            }
            chain = chain < 0 ? node : binary(Op::And, chain, node);
            lhs = rhs;
        }
        return chain < 0 ? lhs : chain;
    }

    int parseSum()
    {
        int lhs = parseProduct();
        for (;;) {
            // "+-" and "+/-" begin a tolerance, not a sum.
            skipSpace();
            const QStringView rest = QStringView(m_text).mid(m_pos);
            if (rest.startsWith(u"+-") || rest.startsWith(u"+/-"))
                return lhs;
            Op op;
            if (symbol(u"+"))
                op = Op::Add;
            else if (symbol(u"-") || symbol(u"−"))
                op = Op::Subtract;
            else
                return lhs;
            lhs = joined(op, lhs, parseProduct(), false);
        }
    }

    int parseProduct()
    {
        int lhs = parseUnary();
        for (;;) {
            Op op;
            if (symbol(u"*") || symbol(u"×") || symbol(u"·"))
                op = Op::Multiply;
            else if (symbol(u"/") || symbol(u"÷"))
                op = Op::Divide;
            else
                return lhs;
            lhs = joined(op, lhs, parseUnary(), false);
        }
    }

    int parseUnary()
    {
        skipSpace();
        const qsizetype begin = m_pos;
        if (symbol(u"-") || symbol(u"−")) {
            const int operand = parseUnary();
            require(operand, false);
            Goal::Node n;
            n.op = Op::Negate;
            n.lhs = operand;
            return add(n, begin);
        }
        return parseAtom();
    }

    int parseAtom()
    {
        skipSpace();
        const qsizetype begin = m_pos;
        if (m_pos >= m_text.size())
            throw Failure {
                static_cast<int>(m_pos), QStringLiteral("the goal ends where a number or a quantity is needed")};
        if (symbol(u"(")) {
            const int inner = parseOr();
            if (!symbol(u")"))
                throw Failure {static_cast<int>(m_pos), QStringLiteral("expected “)”")};
            m_nodes[inner].begin = static_cast<int>(begin);
            m_nodes[inner].end = static_cast<int>(m_pos);
            return inner;
        }
        if (m_text[m_pos].isDigit() || m_text[m_pos] == u'.')
            return parseNumber();
        if (m_text[m_pos].isLetter())
            return parseCall();
        throw Failure {static_cast<int>(m_pos),
            QStringLiteral("unexpected “%1”: expected a number, a quantity such as weight(it, animal), or “(”")
                .arg(m_text[m_pos])};
    }

    int parseNumber()
    {
        static const QRegularExpression numberPattern(QStringLiteral("\\G(\\d*)(?:\\.(\\d*))?(?:[eE][-+]?\\d+)?"));
        const qsizetype begin = m_pos;
        const QRegularExpressionMatch m = numberPattern.match(m_text, m_pos);
        bool ok = false;
        const double x = m.captured(0).toDouble(&ok);
        if (!ok || !std::isfinite(x))
            throw Failure {static_cast<int>(m_pos), QStringLiteral("“%1” is not a number").arg(m.captured(0))};
        m_pos += m.capturedLength(0);
        Goal::Node n;
        n.op = Op::Number;
        n.number = x;
        // The digits written after the point give an equality its tolerance ("0.119" means to
        // three decimals); an exponent makes that ambiguous, so it asks for an explicit ±.
        const bool exponent = m.captured(0).contains(u'e', Qt::CaseInsensitive);
        n.decimals = exponent ? -1 : static_cast<int>(m.capturedLength(2));
        return add(n, begin);
    }

    // One argument of a call: a quoted string, or the raw text up to the next , or ).
    QString argument()
    {
        skipSpace();
        const qsizetype begin = m_pos;
        QString arg;
        if (m_pos < m_text.size() && m_text[m_pos] == u'"') {
            for (++m_pos; m_pos < m_text.size() && m_text[m_pos] != u'"'; ++m_pos) {
                if (m_text[m_pos] == u'\\' && m_pos + 1 < m_text.size())
                    ++m_pos;
                arg += m_text[m_pos];
            }
            if (m_pos >= m_text.size())
                throw Failure {static_cast<int>(begin), QStringLiteral("a quoted token is not closed with \"")};
            ++m_pos;
            skipSpace();
        } else {
            while (m_pos < m_text.size() && m_text[m_pos] != u',' && m_text[m_pos] != u')')
                arg += m_text[m_pos++];
            arg = arg.trimmed();
            if (arg.isEmpty())
                throw Failure {static_cast<int>(begin), QStringLiteral("a token is missing here")};
        }
        if (m_pos >= m_text.size() || (m_text[m_pos] != u',' && m_text[m_pos] != u')'))
            throw Failure {static_cast<int>(m_pos), QStringLiteral("expected “,” or “)” after a token")};
        return arg;
    }

    int parseCall()
    {
        static const QRegularExpression namePattern(QStringLiteral("\\G[A-Za-z_][A-Za-z0-9_]*"));
        const qsizetype begin = m_pos;
        const QString name = namePattern.match(m_text, m_pos).captured(0);
        m_pos += name.size();
        Goal::Node n;
        int tokens = 2;
        static const QRegularExpression componentPattern(QStringLiteral("^([qkvox])([1-9][0-9]{0,4})$"));
        if (const QRegularExpressionMatch c = componentPattern.match(name); c.hasMatch()) {
            static const std::pair<QChar, Quantity> letters[] = {{u'q', Quantity::Query}, {u'k', Quantity::Key},
                {u'v', Quantity::Value}, {u'o', Quantity::Output}, {u'x', Quantity::Embedding}};
            for (const auto &[letter, quantity] : letters)
                if (c.captured(1)[0] == letter)
                    n.quantity = quantity;
            n.op = Op::Read;
            n.component = c.captured(2).toInt() - 1;
            tokens = 1;
        } else if (name == u"weight" || name == u"score") {
            n.op = Op::Read;
            n.quantity = name == u"weight" ? Quantity::Weight : Quantity::Score;
        } else if (name == u"strongest") {
            n.op = Op::Strongest;
        } else {
            throw Failure {static_cast<int>(begin),
                QStringLiteral("unknown quantity “%1”; the goal language knows %2").arg(name, knownFunctions)};
        }
        if (!symbol(u"("))
            throw Failure {static_cast<int>(m_pos), QStringLiteral("expected “(” after %1").arg(name)};
        QStringList args;
        std::optional<int> head;
        static const QRegularExpression headPattern(QStringLiteral("^head\\s*=\\s*([0-9]{1,3})$"));
        do {
            skipSpace();
            const qsizetype at = m_pos;
            const QString arg = argument();
            if (const QRegularExpressionMatch h = headPattern.match(arg); h.hasMatch() && !head) {
                head = h.captured(1).toInt();
                if (*head < 1)
                    throw Failure {static_cast<int>(at), QStringLiteral("heads are counted from 1")};
            } else {
                args << arg;
            }
        } while (symbol(u","));
        if (!symbol(u")"))
            throw Failure {static_cast<int>(m_pos), QStringLiteral("expected “)”")};
        if (args.size() != tokens)
            throw Failure {static_cast<int>(begin),
                tokens == 2 ? QStringLiteral("%1 takes a query token and a key token, e.g. %1(it, animal)").arg(name)
                            : QStringLiteral("%1 takes one token, e.g. %1(it)").arg(name)};
        if (n.quantity == Quantity::Embedding && head)
            throw Failure {static_cast<int>(begin), QStringLiteral("an embedding belongs to no head")};
        n.query = args[0];
        if (tokens == 2)
            n.key = args[1];
        n.head = head.value_or(1) - 1;
        return add(n, begin);
    }

    const QString &m_text;
    std::vector<Goal::Node> &m_nodes;
    qsizetype m_pos = 0;
};

} // namespace

std::optional<Goal> Goal::parse(const QString &text, Kind kind, ParseError *error)
{
    Goal goal;
    goal.m_text = text;
    try {
        Parser parser(text, goal.m_nodes);
        goal.m_root = parser.parseAll();
        const Node &root = goal.m_nodes[goal.m_root];
        if (isBoolean(root.op) != (kind == Kind::Condition))
            throw Failure {0,
                kind == Kind::Condition
                    ? QStringLiteral("a goal is a condition, e.g. “weight(it, animal) >= 0.6”, not a number")
                    : QStringLiteral("a prediction asks for one number, e.g. “weight(it, animal)”, not a condition")};
    } catch (const Failure &f) {
        if (error)
            *error = {f.position + 1, f.message};
        return std::nullopt;
    }
    return goal;
}

} // namespace qkv::lessons
