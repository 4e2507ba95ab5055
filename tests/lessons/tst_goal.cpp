#include "attention/engine.h"
#include "document/document.h"
#include "lessons/goal.h"

#include <QTest>

#include <cmath>

using qkv::lessons::Goal;

namespace {

// "a b c", softmax without scaling: row a scores 0, 1, 2 against the keys, so its weights are
// e^0, e^1, e^2 over their sum: 0.0900306, 0.2447285, 0.6652410.
qkv::Document threeWords()
{
    qkv::Document doc;
    qkv::Settings s;
    s.dim = 2;
    s.normalization = qkv::Normalization::Softmax;
    doc.setSettings(s);
    doc.setSentence(QStringLiteral("a b c"));
    const auto set = [&](const char *word, Eigen::RowVector2d q, Eigen::RowVector2d k, Eigen::RowVector2d v) {
        qkv::WordVectors w = doc.wordVectors(QString::fromLatin1(word));
        w.q = q;
        w.k = k;
        w.v = v;
        doc.setWordVectors(QString::fromLatin1(word), w);
    };
    set("a", {1, 0}, {0, 0}, {1, 0});
    set("b", {0, 0}, {1, 0}, {0, 1});
    set("c", {0, 0}, {2, 0}, {2, 2});
    return doc;
}

const double wA = 1 / (1 + std::exp(1.0) + std::exp(2.0));
const double wB = std::exp(1.0) * wA;
const double wC = std::exp(2.0) * wA;

struct Checked {
    bool parsed = false;
    Goal::Outcome outcome;
    QString error;
};

Checked check(const QString &text)
{
    static const qkv::Document doc = threeWords();
    static const qkv::Result result = qkv::compute(doc);
    Goal::ParseError error;
    const std::optional<Goal> goal = Goal::parse(text, Goal::Kind::Condition, &error);
    if (!goal)
        return {false, {}, QStringLiteral("%1: %2").arg(error.column).arg(error.message)};
    return {true, goal->evaluate(doc, result), {}};
}

double value(const QString &text)
{
    const qkv::Document doc = threeWords();
    Goal::ParseError error;
    const std::optional<Goal> goal = Goal::parse(text, Goal::Kind::Quantity, &error);
    if (!goal)
        return std::nan("");
    QString why;
    return goal->value(doc, qkv::compute(doc), &why).value_or(std::nan(""));
}

} // namespace

class TstGoal : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quantitiesReadTheComputedNumbers()
    {
        QCOMPARE(value(u"weight(a, c)"_qs), wC);
        QCOMPARE(value(u"weight(#1, #2)"_qs), wB);
        QCOMPARE(value(u"score(a, c)"_qs), 2.0);
        QCOMPARE(value(u"q1(a)"_qs), 1.0);
        QCOMPARE(value(u"k1(c)"_qs), 2.0);
        QCOMPARE(value(u"v2(b)"_qs), 1.0);
        // o = Σ w·v: o1 = wA·1 + wC·2, o2 = wB·1 + wC·2.
        QVERIFY(std::abs(value(u"o1(a)"_qs) - (wA + 2 * wC)) < 1e-15);
        QVERIFY(std::abs(value(u"o2(a)"_qs) - (wB + 2 * wC)) < 1e-15);
        QVERIFY(std::abs(value(u"weight(a, c) - weight(a, b) * 2 / 4"_qs) - (wC - wB / 2)) < 1e-15);
        QCOMPARE(value(u"-(weight(a, c))"_qs), -wC);
        QCOMPARE(value(u"weight(\"a\", \"c\")"_qs), wC);
        QVERIFY(std::isnan(value(u"weight(a, z)"_qs)));
        QVERIFY(std::isnan(value(u"q3(a)"_qs)));
        QVERIFY(std::isnan(value(u"weight(a, c, head=2)"_qs)));
    }

    // "= 0.665" holds within half a unit of the last digit written: wC = 0.66524 is 0.665 but not 0.66.
    void equalityToTheDigitsWritten_data()
    {
        QTest::addColumn<QString>("goal");
        QTest::addColumn<bool>("met");
        QTest::newRow("three decimals") << u"weight(a, c) = 0.665"_qs << true;
        QTest::newRow("two decimals") << u"weight(a, c) = 0.66"_qs << false;
        QTest::newRow("two decimals, the other side") << u"0.67 == weight(a, c)"_qs << true;
        QTest::newRow("explicit ±") << u"weight(a, c) = 0.6 ± 0.07"_qs << true;
        QTest::newRow("explicit ± too tight") << u"weight(a, c) = 0.6 +- 0.06"_qs << false;
        QTest::newRow("not equal") << u"weight(a, c) != 0.665"_qs << false;
        QTest::newRow("inequality, no slack") << u"weight(a, c) >= 0.6653"_qs << false;
        QTest::newRow("inequality with slack") << u"weight(a, c) ≥ 0.6653 ± 0.0001"_qs << true;
        QTest::newRow("integer") << u"score(a, c) = 2"_qs << true;
        QTest::newRow("chain") << u"0.2 < weight(a, b) <= 0.25"_qs << true;
        QTest::newRow("chain, second fails") << u"0.2 < weight(a, b) <= 0.24"_qs << false;
        QTest::newRow("arithmetic") << u"weight(a, c) - weight(a, b) > 0.42"_qs << true;
        QTest::newRow("arithmetic, too high") << u"weight(a, c) - weight(a, b) > 0.421"_qs << false;
        QTest::newRow("and") << u"weight(a, c) > 0.6 and weight(a, b) < 0.2"_qs << false;
        QTest::newRow("or") << u"weight(a, c) > 0.6 or weight(a, b) < 0.2"_qs << true;
        QTest::newRow("not") << u"not weight(a, b) > 0.5"_qs << true;
        QTest::newRow("symbols") << u"!(weight(a, b) > 0.5) && (weight(a, a) < 0.1 || 1 > 2)"_qs << true;
        QTest::newRow("strongest") << u"strongest(a, c)"_qs << true;
        QTest::newRow("not strongest") << u"strongest(a, b)"_qs << false;
        // b's query is 0: every score of its row is 0, and a tie has every key strongest.
        QTest::newRow("tie") << u"strongest(b, a) and strongest(b, c)"_qs << true;
        // A token the sentence lacks leaves the comparison unknown, and "not" does not make it true.
        QTest::newRow("missing token") << u"not weight(a, z) > 0.5"_qs << false;
        QTest::newRow("missing token, or") << u"weight(a, z) > 0.5 or weight(a, c) > 0.5"_qs << true;
        QTest::newRow("missing head") << u"weight(a, c, head=2) > 0"_qs << false;
    }
    void equalityToTheDigitsWritten()
    {
        QFETCH(QString, goal);
        QFETCH(bool, met);
        const Checked c = check(goal);
        QVERIFY2(c.parsed, qPrintable(c.error));
        QCOMPARE(c.outcome.met, met);
    }

    void checksGiveTheNumbers()
    {
        const Checked c = check(u"weight(a, c) >= 0.7 and strongest(a, b) and weight(a, z) < 1"_qs);
        QCOMPARE(c.outcome.checks.size(), std::size_t(3));
        QCOMPARE(c.outcome.checks[0].text, u"weight(a, c) >= 0.7"_qs);
        QCOMPARE(c.outcome.checks[0].detail, u"0.6652, needs ≥ 0.7"_qs);
        QCOMPARE(c.outcome.checks[0].met, false);
        QCOMPARE(c.outcome.checks[1].detail, u"b = 0.2447, but c = 0.6652"_qs);
        QCOMPARE(c.outcome.checks[2].detail, u"the sentence has no token “z”"_qs);
        const Checked chain = check(u"0.2 < weight(a, b) <= 0.24"_qs);
        QCOMPARE(chain.outcome.checks.size(), std::size_t(2));
        QCOMPARE(chain.outcome.checks[1].text, u"weight(a, b) <= 0.24"_qs);
        QCOMPARE(chain.outcome.checks[1].met, false);
    }

    // What a student reads of a check: no goal language, weights as percentages (issue 46).
    void checksSayTheirWords()
    {
        const Checked c = check(u"weight(a, c) >= 0.7 and strongest(a, b) and weight(a, z) < 1"_qs);
        QCOMPARE(c.outcome.checks[0].words, u"the attention of “a” to “c”: aim for at least 70 %, now 67 %"_qs);
        QCOMPARE(c.outcome.checks[1].words, u"“b” as the key “a” attends to most: now “c” is (67 % against 24 %)"_qs);
        QCOMPARE(c.outcome.checks[2].words,
            u"the attention of “a” to “z”: aim for less than 100 % (the sentence has no token “z”)"_qs);
        // A bound on the left reads from the quantity's side; the last token by its place and text.
        QCOMPARE(check(u"0.2 < weight(a, b)"_qs).outcome.checks[0].words,
            u"the attention of “a” to “b”: aim for more than 20 %, now 24 %"_qs);
        QCOMPARE(check(u"weight(#-1, a) <= 0.00003"_qs).outcome.checks[0].words,
            u"the attention of the last token (“c”) to “a”: aim for at most 0.003 %, now 33 %"_qs);
        QCOMPARE(check(u"score(a, c) = 2 ± 0.1"_qs).outcome.checks[0].words,
            u"the score of “a” for “c”: aim for 2 (give or take 0.1), now 2"_qs);
        QCOMPARE(check(u"weight(a, b) - weight(a, c) > 0"_qs).outcome.checks[0].words,
            u"the attention of “a” to “b” minus the attention of “a” to “c”: aim for more than 0, now -0.4205"_qs);
        // A quantity predicted, and a value of it.
        Goal::ParseError error;
        const std::optional<Goal> q = Goal::parse(u"weight(a, #2, head=2)"_qs, Goal::Kind::Quantity, &error);
        QVERIFY(q);
        QCOMPARE(q->inWords({u"a"_qs, u"b"_qs, u"a"_qs}, 2), u"the attention of “a” to “b” in head 2"_qs);
        QCOMPARE(q->inWords({u"a"_qs, u"a"_qs, u"b"_qs}, 2), u"the attention of “a” to token 2 (“a”) in head 2"_qs);
        QCOMPARE(q->valueInWords(0.1189), u"12 %"_qs);
        QCOMPARE(q->valueInWords(0.05), u"5 %"_qs);
        QCOMPARE(q->valueInWords(0.0123), u"1.2 %"_qs);
    }

    void parseErrorsArePlaced_data()
    {
        QTest::addColumn<QString>("goal");
        QTest::addColumn<QString>("error");
        QTest::newRow("ends early") << u"weight(a, b) >"_qs
                                    << u"15: the goal ends where a number or a quantity is needed"_qs;
        QTest::newRow("unknown") << u"weight(a, b) > 0 and wieght(a, c) > 0"_qs
                                 << u"22: unknown quantity “wieght”; the goal language knows weight, score, strongest, "
                                    "q1, k1, v1, o1, x1 (any component)"_qs;
        QTest::newRow("one token") << u"weight(a) > 0"_qs
                                   << u"1: weight takes a query token and a key token, e.g. weight(it, animal)"_qs;
        QTest::newRow("unclosed") << u"(weight(a, b) > 0"_qs << u"18: expected “)”"_qs;
        QTest::newRow("head 0") << u"weight(a, b, head=0) > 0"_qs << u"14: heads are counted from 1"_qs;
        QTest::newRow("a number") << u"weight(a, b)"_qs
                                  << u"1: a goal is a condition, e.g. “weight(it, animal) >= 0.6”, not a number"_qs;
        QTest::newRow("condition in a sum") << u"1 > 0 + (weight(a, b) > 0)"_qs
                                            << u"9: “(weight(a, b) > 0)” is a condition where a number is needed"_qs;
        QTest::newRow("and of a number")
            << u"weight(a, b) and 1 > 0"_qs
            << u"1: “weight(a, b)” is a number, not a condition: compare it, e.g. “weight(a, "
               "b) >= 0.5”"_qs;
        QTest::newRow("open quote") << u"weight(\"a, b) > 0"_qs << u"8: a quoted token is not closed with \""_qs;
        QTest::newRow("missing token") << u"weight(a, ) > 0"_qs << u"11: a token is missing here"_qs;
        QTest::newRow("trailing") << u"weight(a, b) > 0 0.5"_qs
                                  << u"18: unexpected “0.5”: expected and, or, a comparison or the end"_qs;
        QTest::newRow("negative tolerance")
            << u"weight(a, b) = 0 ± -1"_qs << u"20: a tolerance is a number of at least 0"_qs;
        QTest::newRow("embedding head") << u"x1(a, head=1) > 0"_qs << u"1: an embedding belongs to no head"_qs;
    }
    void parseErrorsArePlaced()
    {
        QFETCH(QString, goal);
        QFETCH(QString, error);
        const Checked c = check(goal);
        QVERIFY(!c.parsed);
        QCOMPARE(c.error, error);
    }

    // Words with punctuation need no quotes; a comma inside one does.
    void tokensAsTheSentenceHasThem()
    {
        qkv::Document doc;
        doc.setSentence(QStringLiteral("didn't stop, it went on."));
        const qkv::Result result = qkv::compute(doc);
        Goal::ParseError error;
        for (const QString &text :
            {u"weight(didn't, on.) > 0"_qs, u"weight(\"stop,\", it) > 0"_qs, u"weight( #5 , #1 ) > 0"_qs}) {
            const std::optional<Goal> goal = Goal::parse(text, Goal::Kind::Condition, &error);
            QVERIFY2(goal, qPrintable(error.message));
            QVERIFY2(goal->evaluate(doc, result).met, qPrintable(text));
        }
    }
};

QTEST_GUILESS_MAIN(TstGoal)
#include "tst_goal.moc"
