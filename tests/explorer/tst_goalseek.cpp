#include "attention/engine.h"
#include "explorer/goalseek.h"

#include "crossdocument.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace qkv;
using namespace qkv::explore;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// A document of the given words (each one vector set, head 0) with the given settings.
Document wordsDocument(const QString &sentence, int dim, Normalization normalization,
    const std::map<QString, std::pair<VectorXd, VectorXd>> &qk)
{
    Document doc;
    Settings s;
    s.dim = dim;
    s.normalization = normalization;
    doc.setSettings(s);
    doc.setSentence(sentence);
    for (const auto &[word, v] : qk) {
        WordVectors w {MatrixXd(1, dim), MatrixXd(1, dim), MatrixXd::Ones(1, dim)};
        w.q.row(0) = v.first.transpose();
        w.k.row(0) = v.second.transpose();
        doc.setWordVectors(word, w);
    }
    return doc;
}

VectorXd vec(std::initializer_list<double> v)
{
    VectorXd out(Eigen::Index(v.size()));
    Eigen::Index i = 0;
    for (double x : v)
        out(i++) = x;
    return out;
}

// A document of n distinct random words (with one repeated word when `repeat`).
Document randomDocument(int n, int dim, quint32 seed, Normalization normalization, bool repeat)
{
    QRandomGenerator rng(seed);
    Document doc;
    Settings s;
    s.dim = dim;
    s.normalization = normalization;
    s.temperature = 0.5 + rng.generateDouble();
    s.mask = seed % 2 ? MaskKind::Causal : MaskKind::None;
    doc.setSettings(s);
    QStringList words;
    for (int i = 0; i < n; ++i)
        words << QStringLiteral("w%1").arg(repeat && i == n - 1 ? 1 : i);
    doc.setSentence(words.join(QLatin1Char(' ')));
    for (const QString &w : words) {
        WordVectors v {MatrixXd(1, dim), MatrixXd(1, dim), MatrixXd(1, dim)};
        for (Role r : {Role::Query, Role::Key, Role::Value})
            for (Eigen::Index i = 0; i < v[r].size(); ++i)
                v[r](i) = rng.generateDouble() * 2.0 - 1.0 + (normalization == Normalization::Sum ? 1.5 : 0.0);
        doc.setWordVectors(w, v);
    }
    return doc;
}

double weightOf(const Document &doc, const SeekRequest &r)
{
    return compute(doc).heads[std::size_t(r.head)].weights(r.query, r.key);
}

// The other way to reach a weight, written apart from the library: the engine's weight, its
// gradient by central differences, and bisection along that one straight line. Returns the
// length of the change, or -1 when the line never reaches the target.
double lineSearchChange(const Document &doc, const SeekRequest &r)
{
    const bool changeQuery = r.change != SeekChange::Key, changeKey = r.change != SeekChange::Query;
    const int dim = doc.settings().dim;
    const QString qWord = doc.vectorKey(r.query), kWord = doc.vectorKey(r.key);
    auto at = [&](const VectorXd &delta) {
        Document d = doc;
        int i = 0;
        for (int c = 0; c < dim; ++c) {
            if (changeQuery) {
                const ValueRef ref {Field::Query, qWord, r.head, 0, c};
                d.setValue(ref, doc.value(ref) + delta(i++));
            }
        }
        for (int c = 0; c < dim; ++c) {
            if (changeKey) {
                const ValueRef ref {Field::Key, kWord, r.head, 0, c};
                d.setValue(ref, doc.value(ref) + delta(i++));
            }
        }
        return weightOf(d, r);
    };
    const int size = (changeQuery ? dim : 0) + (changeKey ? dim : 0);
    VectorXd g(size);
    for (int i = 0; i < size; ++i) {
        VectorXd e = VectorXd::Zero(size);
        e(i) = 1e-6;
        g(i) = (at(e) - at(-e)) / 2e-6;
    }
    const double w0 = at(VectorXd::Zero(size));
    const VectorXd dir = (r.target > w0 ? 1.0 : -1.0) * g.normalized();
    double lo = 0, hi = 1e-3;
    auto beyond = [&](double t) { return (at(t * dir) - r.target) * (r.target > w0 ? 1 : -1) >= 0; };
    while (!beyond(hi)) {
        lo = hi;
        hi *= 2;
        if (hi > 1e5)
            return -1;
    }
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (beyond(mid) ? hi : lo) = mid;
    }
    return hi;
}

} // namespace

class TstGoalSeek : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // With no normalization the weight is q·k_j: the smallest query change runs along k_j,
    // Δ = (W − q·k_j)·k_j/‖k_j‖², here (0, 0.5, 0) to raise 0 to 1.
    void noneMovesTheQueryAlongTheKey()
    {
        const Document doc = wordsDocument(QStringLiteral("a b"), 3, Normalization::None,
            {{QStringLiteral("a"), {vec({1, 0, 0}), vec({1, 1, 1})}},
                {QStringLiteral("b"), {vec({1, 1, 1}), vec({0, 2, 0})}}});
        const SeekResult r = seekWeight(doc, {0, 0, 1, 1.0, SeekChange::Query});
        QVERIFY2(r.refusal.isEmpty() && r.reached, qPrintable(r.refusal + r.unreachable));
        QCOMPARE(r.before, 0.0);
        QVERIFY((r.queryChange - vec({0, 0.5, 0})).norm() < 1e-12);
        QCOMPARE(r.newQuery(1), 0.5);
        QVERIFY(r.keyChange.size() == 0);
        QVERIFY(std::abs(r.weight - 1.0) < 1e-12);
        QCOMPARE(r.changeNorm, 0.5);
        QCOMPARE(int(r.refs.size()), 3);
        QCOMPARE(r.refs[1].field, Field::Query);
        QCOMPARE(r.refs[1].word, QStringLiteral("a"));
        QCOMPARE(r.refs[1].col, 1);
    }

    // Sum normalization: a_j = q·k_j / q·Σk, so a_j = W is the plane q·(k_j − W·Σk) = 0 and the
    // smallest change is the foot of q on it. q = (1, 1), k_a = (1, 0), k_b = (0, 1), W = 0.8:
    // u = (−0.8, 0.2), q·u = −0.6, Δ = 0.6/0.68·u = (−0.70588…, 0.17647…).
    void sumProjectsTheQueryOnAPlane()
    {
        const Document doc = wordsDocument(QStringLiteral("a b"), 2, Normalization::Sum,
            {{QStringLiteral("a"), {vec({1, 1}), vec({1, 0})}}, {QStringLiteral("b"), {vec({1, 1}), vec({0, 1})}}});
        const SeekResult r = seekWeight(doc, {0, 0, 1, 0.8, SeekChange::Query});
        QVERIFY2(r.reached, qPrintable(r.unreachable));
        QCOMPARE(r.before, 0.5);
        const VectorXd expected = (0.6 / 0.68) * vec({-0.8, 0.2});
        QVERIFY2(
            (r.queryChange - expected).norm() < 1e-12, qPrintable(QString::number((r.queryChange - expected).norm())));
        QVERIFY(std::abs(r.weight - 0.8) < 1e-12);
    }

    // Softmax, key change: the key enters the row only through q·k, so the change runs along q.
    // q_a = (1, 0), keys 0: weights ½, ½. For 0.8 on b the score gap must be ln 4 (softmax, T = 1):
    // Δk_b = (ln 4, 0). Row b moves too (its query sees k_b).
    void softmaxMovesTheKeyAlongTheQuery()
    {
        Document doc = wordsDocument(QStringLiteral("a b"), 2, Normalization::Softmax,
            {{QStringLiteral("a"), {vec({1, 0}), vec({0, 0})}}, {QStringLiteral("b"), {vec({0, 1}), vec({0, 0})}}});
        const SeekResult r = seekWeight(doc, {0, 0, 1, 0.8, SeekChange::Key});
        QVERIFY2(r.reached, qPrintable(r.unreachable));
        QVERIFY(r.queryChange.size() == 0);
        QVERIFY((r.keyChange - vec({std::log(4.0), 0})).norm() < 1e-9);
        QVERIFY(std::abs(r.weight - 0.8) < 1e-9);
        QCOMPARE(r.alsoMoved, std::vector<int> {});
        // With q_b = (1, 1), row b's weights move as well, and the result says so.
        doc.setValue({Field::Query, QStringLiteral("b"), 0, 0, 0}, 1.0);
        QCOMPARE(seekWeight(doc, {0, 0, 1, 0.8, SeekChange::Key}).alsoMoved, std::vector<int> {1});
    }

    // Scaled softmax with temperature, two keys: a_j = σ((x·(k_j − k_l))/(√d·T)), so the query
    // moves along u = k_j − k_l until x·u = √d·T·logit(W).
    void scaledSoftmaxWithTemperatureSolvesTheLogit()
    {
        Document doc = wordsDocument(QStringLiteral("a b"), 2, Normalization::ScaledSoftmax,
            {{QStringLiteral("a"), {vec({0.5, -1}), vec({1, 2})}},
                {QStringLiteral("b"), {vec({0, 0}), vec({-1, 0.5})}}});
        Settings s = doc.settings();
        s.temperature = 2;
        doc.setSettings(s);
        const SeekResult r = seekWeight(doc, {0, 0, 0, 0.9, SeekChange::Query});
        QVERIFY2(r.reached, qPrintable(r.unreachable));
        const VectorXd u = vec({2, 1.5}), p = vec({0.5, -1});
        const double needed = std::sqrt(2.0) * 2 * std::log(0.9 / 0.1);
        const VectorXd expected = ((needed - p.dot(u)) / u.squaredNorm()) * u;
        QVERIFY2(
            (r.queryChange - expected).norm() < 1e-9, qPrintable(QString::number((r.queryChange - expected).norm())));
        QVERIFY(std::abs(r.weight - 0.9) < 1e-9);
    }

    // The documented limits: what cannot be reached is said, with the nearest value offered, and
    // seeking that value then succeeds.
    void unreachableTargetsOfferTheClosestValue()
    {
        const Document doc = wordsDocument(QStringLiteral("a b c"), 2, Normalization::Softmax,
            {{QStringLiteral("a"), {vec({1, 0}), vec({1, 0})}}, {QStringLiteral("b"), {vec({0, 1}), vec({0, 1})}},
                {QStringLiteral("c"), {vec({1, 1}), vec({-1, 0})}}});
        const SeekResult one = seekWeight(doc, {0, 0, 1, 1.0, SeekChange::Query});
        QVERIFY(!one.reached);
        QVERIFY(one.refusal.isEmpty());
        QVERIFY2(one.unreachable.contains(QStringLiteral("below 1")), qPrintable(one.unreachable));
        QCOMPARE(one.closest, 1 - 1e-6);
        QVERIFY(one.refs.empty());
        const SeekResult closest = seekWeight(doc, {0, 0, 1, one.closest, SeekChange::Query});
        QVERIFY2(closest.reached, qPrintable(closest.unreachable));
        QVERIFY(std::abs(closest.weight - one.closest) < 1e-6);

        const SeekResult zero = seekWeight(doc, {0, 0, 1, 0.0, SeekChange::Key});
        QVERIFY(!zero.reached);
        QVERIFY(zero.unreachable.contains(QStringLiteral("above 0")));
        QCOMPARE(zero.closest, 1e-6);

        // A key inside the others' convex hull cannot take all the weight, whatever the query: b
        // at the midpoint of a and c. The largest weight is reached at finite vectors, and said.
        Document inside = doc;
        inside.setValue({Field::Key, QStringLiteral("b"), 0, 0, 0}, 0.0);
        inside.setValue({Field::Key, QStringLiteral("b"), 0, 0, 1}, 0.0);
        const SeekResult hull = seekWeight(inside, {0, 0, 1, 0.9, SeekChange::Query});
        QVERIFY(!hull.reached);
        QVERIFY2(hull.closest > hull.before && hull.closest < 0.5, qPrintable(QString::number(hull.closest)));
        QVERIFY2(hull.unreachable.contains(QStringLiteral("convex hull")), qPrintable(hull.unreachable));
        QVERIFY(seekWeight(inside, {0, 0, 1, hull.closest, SeekChange::Query}).reached);
        // The key is changed instead.
        QVERIFY(seekWeight(inside, {0, 0, 1, 0.9, SeekChange::Key}).reached);

        // Two words with one key vector: each stays below ½, approached only as the query grows.
        Document twin = doc;
        twin.setValue({Field::Key, QStringLiteral("c"), 0, 0, 0}, 0.0);
        twin.setValue({Field::Key, QStringLiteral("c"), 0, 0, 1}, 1.0);
        const SeekResult half = seekWeight(twin, {0, 0, 1, 0.8, SeekChange::Query});
        QVERIFY(!half.reached);
        QVERIFY2(half.closest < 0.5 && half.closest > 0.499, qPrintable(QString::number(half.closest)));
        QVERIFY2(!half.unreachable.contains(QStringLiteral("convex hull")), qPrintable(half.unreachable));
    }

    // A word at two columns shares one key, so each copy holds at most half of the row.
    void aRepeatedWordSharesItsWeight()
    {
        const Document doc = wordsDocument(QStringLiteral("x a x"), 2, Normalization::Softmax,
            {{QStringLiteral("a"), {vec({1, 0}), vec({0, 1})}}, {QStringLiteral("x"), {vec({1, 1}), vec({1, 0})}}});
        const SeekResult r = seekWeight(doc, {0, 1, 0, 0.7, SeekChange::Key});
        QVERIFY(!r.reached);
        QVERIFY2(r.unreachable.contains(QStringLiteral("1/2")), qPrintable(r.unreachable));
        QVERIFY2(r.closest < 0.5 && r.closest > 0.49, qPrintable(QString::number(r.closest) + r.unreachable));
        const SeekResult half = seekWeight(doc, {0, 1, 0, 0.45, SeekChange::Key});
        QVERIFY(half.reached);
        QVERIFY(std::abs(compute(withChange(doc, half)).heads[0].weights(1, 2) - 0.45) < 1e-6);
    }

    // Cross-attention: the query is the sentence's, the key the second sentence's; a changed key
    // moves every query's row, a changed query its own alone.
    void crossAttentionSeeksAcrossTheSentences()
    {
        Document doc = test::handWorkedCross();
        WordVectors see = doc.wordVectors(QStringLiteral("see"));
        see.q << 1, 2; // not orthogonal to q(I): a change of k(bien) along q(I) moves its row
        doc.setWordVectors(QStringLiteral("see"), see);
        // I → bien starts at 0.283995 (tst_crossattention); to 0.5 by its key, then by its query.
        const SeekResult key = seekWeight(doc, {0, 0, 2, 0.5, SeekChange::Key});
        QVERIFY2(key.reached, qPrintable(key.refusal + key.unreachable));
        QCOMPARE(key.keyWord, QStringLiteral("bien"));
        QVERIFY(std::abs(compute(withChange(doc, key)).heads[0].weights(0, 2) - 0.5) < 1e-6);
        QCOMPARE(key.alsoMoved, std::vector<int> {1});
        const SeekResult query = seekWeight(doc, {0, 0, 2, 0.5, SeekChange::Query});
        QVERIFY(query.reached);
        QCOMPARE(query.queryWord, QStringLiteral("I"));
        QVERIFY(std::abs(compute(withChange(doc, query)).heads[0].weights(0, 2) - 0.5) < 1e-6);
        QVERIFY(query.alsoMoved.empty());
        // Three keys: there is no fourth.
        QVERIFY(
            seekWeight(doc, {0, 0, 3, 0.5, SeekChange::Key}).refusal.contains(QStringLiteral("2 queries and 3 keys")));
    }

    void refusalsNameTheReason()
    {
        Document doc = randomDocument(4, 3, 1, Normalization::Softmax, false);
        Settings s = doc.settings();
        s.mask = MaskKind::Causal;
        doc.setSettings(s);
        QVERIFY(seekWeight(doc, {0, 0, 2, 0.5, SeekChange::Query}).refusal.contains(QStringLiteral("masked")));
        QVERIFY(seekWeight(doc, {1, 0, 0, 0.5, SeekChange::Query}).refusal.contains(QStringLiteral("no head 2")));
        QVERIFY(seekWeight(doc, {0, 9, 0, 0.5, SeekChange::Query}).refusal.contains(QStringLiteral("4 tokens")));
        // A sum row whose scores cancel has no weights to move from.
        const Document zero = wordsDocument(QStringLiteral("a b"), 1, Normalization::Sum,
            {{QStringLiteral("a"), {vec({1}), vec({1})}}, {QStringLiteral("b"), {vec({1}), vec({-1})}}});
        QVERIFY(seekWeight(zero, {0, 0, 1, 0.5, SeekChange::Query}).refusal.contains(QStringLiteral("sum to 0")));
        s.mode = Mode::Projection;
        doc.setSettings(s);
        QVERIFY(seekWeight(doc, {0, 2, 0, 0.5, SeekChange::Query}).refusal.contains(QStringLiteral("direct mode")));
        s.mode = Mode::Direct;
        s.scoring = Scoring::KeyKey;
        doc.setSettings(s);
        QVERIFY(seekWeight(doc, {0, 2, 0, 0.5, SeekChange::Query}).refusal.contains(QStringLiteral("query · key")));
    }

    // Over random documents, masks, temperatures and normalizations: every reachable target is
    // met within 1e-6 by the engine, with a change no larger than the straight line along the
    // gradient needs, and changing both vectors never costs more than changing one.
    void neverLargerThanTheGradientLine_data()
    {
        QTest::addColumn<int>("normalization");
        QTest::addColumn<bool>("repeat");
        for (Normalization n :
            {Normalization::ScaledSoftmax, Normalization::Softmax, Normalization::Sum, Normalization::None})
            for (bool repeat : {false, true})
                QTest::addRow("%s%s", qPrintable(toString(n)), repeat ? " repeated" : "") << int(n) << repeat;
    }
    void neverLargerThanTheGradientLine()
    {
        QFETCH(int, normalization);
        QFETCH(bool, repeat);
        int compared = 0;
        for (quint32 seed = 1; seed <= 20; ++seed) {
            const Document doc
                = randomDocument(5 + int(seed % 8), 2 + int(seed % 4), seed, Normalization(normalization), repeat);
            QRandomGenerator rng(seed * 7);
            const int query = 2 + int(seed % 3);
            const int key = int(seed % 2);
            const double before = compute(doc).heads[0].weights(query, key);
            const double target = Normalization(normalization) == Normalization::None
                    || Normalization(normalization) == Normalization::Sum
                ? before + (rng.generateDouble() - 0.5)
                : 0.05 + 0.6 * rng.generateDouble();
            double norms[3] = {};
            for (SeekChange change : {SeekChange::Query, SeekChange::Key, SeekChange::Both}) {
                const SeekRequest request {0, query, key, target, change};
                const SeekResult r = seekWeight(doc, request);
                QVERIFY(r.refusal.isEmpty());
                const double line = lineSearchChange(doc, request);
                if (!r.reached) {
                    QVERIFY2(line < 0,
                        qPrintable(QStringLiteral("seed %1 %2: the line reaches it, the search did not: %3")
                                       .arg(seed)
                                       .arg(toString(change), r.unreachable)));
                    norms[int(change)] = 1e300;
                    continue;
                }
                QVERIFY(std::abs(weightOf(withChange(doc, r), request) - target) <= 1e-6);
                if (line >= 0) {
                    QVERIFY2(r.changeNorm <= line * (1 + 1e-6) + 1e-9,
                        qPrintable(QStringLiteral("seed %1 %2: %3 > %4")
                                       .arg(seed)
                                       .arg(toString(change))
                                       .arg(r.changeNorm)
                                       .arg(line)));
                    ++compared;
                }
                norms[int(change)] = r.changeNorm;
            }
            QVERIFY(norms[2] <= std::min(norms[0], norms[1]) * (1 + 1e-9) + 1e-12);
        }
        QVERIFY(compared >= 8);
    }
};

QTEST_GUILESS_MAIN(TstGoalSeek)
#include "tst_goalseek.moc"
