#pragma once

#include "attention/engine.h"
#include "document/document.h"

#include <QString>

#include <optional>
#include <vector>

namespace qkv::lessons {

// What a quantity of the goal language reads.
enum class Quantity { Weight, Score, Query, Key, Value, Output, Embedding };

// A condition on the attention as a teacher writes it, e.g.
//   weight(it, animal) >= 0.6 and weight(it, street) <= 0.1
// or a single quantity to predict, e.g. `weight(it, animal)`. The grammar is in the manual
// ("Lessons"): weight, score and strongest take a query and a key token; q1, k2, v3, o1 and x1
// a token's component; `head=N` chooses a head (1 first, as the window counts); comparisons
// < <= > >= = != with an optional ± tolerance; + − × ÷; and, or, not; parentheses. Tokens are
// words (the first token with that text) or positions `#3`, quoted "…" when they hold , or ).
class Goal
{
public:
    struct ParseError {
        int column = 0; // 1-based, in characters
        QString message;
    };
    // What the text must be: a condition (true or false) or a quantity (a number).
    enum class Kind { Condition, Quantity };
    static std::optional<Goal> parse(const QString &text, Kind kind, ParseError *error);

    // One comparison of a condition, as evaluated on a document.
    struct Check {
        QString text; // as written: "weight(it, animal) >= 0.6"
        bool met = false;
        QString detail; // "0.412, needs ≥ 0.6", or why it cannot be evaluated
        QString now; // what holds now, shortly: "0.412" (the left side), or the detail
        // For a student, without the goal language: "the attention of “it” to “animal”: aim for
        // at least 60 %, now 41 %" (goalwords.h).
        QString words;
    };
    struct Outcome {
        bool met = false;
        std::vector<Check> checks;
    };
    // A condition against a document and its computed result.
    Outcome evaluate(const Document &doc, const Result &result) const;
    // A quantity's value, or why it has none (a token the sentence lacks, a head too many).
    std::optional<double> value(const Document &doc, const Result &result, QString *why) const;

    const QString &text() const { return m_text; }
    // A quantity in words for a student, on a sentence of `tokens` and `heads` heads ("the
    // attention of “it” to “animal”"), and a value of it as they read it (a weight as a percentage).
    QString inWords(const QStringList &tokens, int heads) const;
    QString valueInWords(double value) const;

    struct Node;

private:
    Goal() = default;
    QString m_text;
    std::vector<Node> m_nodes;
    int m_root = -1;
};

// A number as goals and checks write it in their messages: four significant digits.
QString shownNumber(double x);

enum class Op {
    Number,
    Read, // a quantity of the attention
    Strongest,
    Negate,
    Add,
    Subtract,
    Multiply,
    Divide,
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
    NotEqual,
    And,
    Or,
    Not
};

struct Goal::Node {
    Op op = Op::Number;
    double number = 0;
    int decimals = -1; // digits written after the point, for a literal
    Quantity quantity = Quantity::Weight;
    QString query, key; // the tokens read, as written
    int component = 0; // 0-based
    int head = 0; // 0-based
    int lhs = -1, rhs = -1;
    std::optional<double> tolerance;
    int begin = 0, end = 0; // where it was written
};

} // namespace qkv::lessons
