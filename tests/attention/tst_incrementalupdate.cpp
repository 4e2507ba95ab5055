// Incremental recompute after single edits and drags against the full compute: thousands of
// random query, key and value edits, each result equal to a full compute of the same document to
// 1e-12, and the edits that must take the full path refused.

#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "randomdocument.h"

#include <QTest>

#include <random>

using namespace qkv;
using Eigen::MatrixXd;
using test::randomDocument;

namespace {

double difference(const Result &a, const Result &b)
{
    double worst = (a.output - b.output).cwiseAbs().maxCoeff();
    for (std::size_t h = 0; h < a.heads.size(); ++h) {
        const HeadResult &x = a.heads[h], &y = b.heads[h];
        worst = std::max(
            {worst, (x.scores - y.scores).cwiseAbs().maxCoeff(), (x.weights - y.weights).cwiseAbs().maxCoeff(),
                (x.output - y.output).cwiseAbs().maxCoeff(), (x.queries - y.queries).cwiseAbs().maxCoeff(),
                (x.keys - y.keys).cwiseAbs().maxCoeff(), (x.values - y.values).cwiseAbs().maxCoeff()});
        // Known after an edit: the largest weight drawn, to the bit (the heatmap's colour range),
        // and each row's.
        if (x.largestWeight >= 0
            && (x.largestWeight != x.weights.maxCoeff() || std::abs(x.largestWeight - y.largestWeight) > 1e-12))
            return 1;
        for (Eigen::Index i = 0; i < x.weights.rows() && std::ssize(x.rowLargest) == x.weights.rows(); ++i)
            if (x.rowLargest[static_cast<std::size_t>(i)] != x.weights.row(i).maxCoeff())
                return 1;
    }
    return worst;
}

// A random edit: one number, a whole vector (a paste), or a drag of one number in small steps.
std::vector<ValueRef> randomEdit(const Document &doc, std::mt19937 &rng)
{
    const Settings &s = doc.settings();
    std::uniform_int_distribution<int> token(0, doc.tokenCount() - 1), head(0, s.heads - 1), col(0, s.dim - 1),
        field(0, 2), shape(0, 3);
    const Field f = std::array {Field::Query, Field::Key, Field::Value}[static_cast<std::size_t>(field(rng))];
    ValueRef r {f, doc.vectorKey(token(rng)), head(rng), 0, col(rng)};
    std::vector<ValueRef> refs {r};
    if (shape(rng) == 0) // a whole vector, sometimes of two words and two roles
        for (int c = 0; c < s.dim; ++c) {
            refs.push_back({f, r.word, r.head, 0, c});
            refs.push_back({Field::Key, doc.vectorKey(token(rng)), r.head, 0, c});
        }
    return refs;
}

} // namespace

class TstIncrementalUpdate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void thousandsOfEditsEqualTheFullCompute_data()
    {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("vocabulary");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("dim");
        QTest::addColumn<bool>("causal");
        QTest::addColumn<int>("normalization");
        QTest::addRow("article size") << 6 << 4 << 1 << 3 << false << int(Normalization::ScaledSoftmax);
        QTest::addRow("odd lengths, causal") << 37 << 11 << 2 << 5 << true << int(Normalization::Softmax);
        QTest::addRow("per-token sized, 3 heads") << 70 << 70 << 3 << 8 << false << int(Normalization::ScaledSoftmax);
        QTest::addRow("repeated words") << 90 << 6 << 2 << 4 << false << int(Normalization::ScaledSoftmax);
    }

    void thousandsOfEditsEqualTheFullCompute()
    {
        QFETCH(int, tokens);
        QFETCH(int, vocabulary);
        QFETCH(int, heads);
        QFETCH(int, dim);
        QFETCH(bool, causal);
        QFETCH(int, normalization);
        std::mt19937 rng(static_cast<unsigned>(tokens * 131 + dim));
        Document doc = randomDocument(tokens, vocabulary, heads, dim, rng);
        Settings s = doc.settings();
        s.mask = causal ? MaskKind::Causal : MaskKind::None;
        s.normalization = static_cast<Normalization>(normalization);
        s.temperature = 0.7;
        doc.setSettings(s);
        doc.setMaskedCells({{tokens - 1, 0}}); // one hidden cell besides
        if (heads > 1) // a head switched off: its columns of the joined output stay zero after every edit
            doc.setSwitchedOffHeads({1});

        Result incremental = compute(doc);
        std::normal_distribution<double> step(0.0, 0.05), jump(0.0, 3.0);
        std::bernoulli_distribution dragging(0.7);
        int updated = 0, rescaledEdits = 0;
        qint64 rescaledRows = 0;
        double worst = 0;
        for (int e = 0; e < 3000; ++e) {
            const std::vector<ValueRef> refs = randomEdit(doc, rng);
            const bool drag = dragging(rng);
            for (const ValueRef &r : refs)
                doc.setValue(r, drag ? doc.value(r) + step(rng) : jump(rng));
            const Result before = e % 10 == 0 ? incremental : Result {};
            ChangedRows rows;
            if (updateResult(incremental, doc, refs, &rows)) {
                ++updated;
                // The rows said to be unchanged are, to the bit: a view may keep what it drew of them.
                for (std::size_t h = 0; e % 10 == 0 && h < incremental.heads.size(); ++h)
                    for (int i = 0; i < tokens; ++i)
                        if (!std::binary_search(rows[h].rows.begin(), rows[h].rows.end(), i))
                            QVERIFY2(incremental.heads[h].weights.row(i) == before.heads[h].weights.row(i),
                                qPrintable(
                                    QStringLiteral("edit %1: head %2 row %3 moved unannounced").arg(e).arg(h).arg(i)));
                // A rescaled row is its old weights times its factor, to the bit, but for the edited
                // keys, whose old and new weights the change holds.
                for (std::size_t h = 0; e % 10 == 0 && h < incremental.heads.size(); ++h) {
                    const HeadChange &c = rows[h];
                    if (!c.rescaled())
                        continue;
                    ++rescaledEdits;
                    QCOMPARE(std::ssize(c.factor), tokens);
                    QCOMPARE(c.before.size(), c.keys.size() * std::size_t(tokens));
                    QCOMPARE(c.after.size(), c.before.size());
                    for (int i = 0; i < tokens; ++i) {
                        const double f = c.factor[std::size_t(i)];
                        rescaledRows += f > 0;
                        for (int j = 0; f > 0 && j < tokens; ++j) {
                            const auto key = std::lower_bound(c.keys.begin(), c.keys.end(), j);
                            const double old = before.heads[h].weights(i, j);
                            if (key == c.keys.end() || *key != j)
                                QVERIFY2(incremental.heads[h].weights(i, j) == old * f,
                                    qPrintable(QStringLiteral("edit %1: row %2 not rescaled").arg(e).arg(i)));
                            else {
                                const std::size_t at
                                    = std::size_t(i) * c.keys.size() + std::size_t(key - c.keys.begin());
                                QCOMPARE(c.before[at], old);
                                QCOMPARE(c.after[at], incremental.heads[h].weights(i, j));
                            }
                        }
                    }
                }
            } else {
                incremental = compute(doc);
            }
            if (e % 10 == 0 || e > 2990) {
                const double d = difference(incremental, compute(doc));
                worst = std::max(worst, d);
                QVERIFY2(d <= 1e-12, qPrintable(QStringLiteral("edit %1: %2 from the full compute").arg(e).arg(d)));
            }
        }
        if (heads > 1) {
            QVERIFY(incremental.heads[1].switchedOff);
            QVERIFY(incremental.output.middleCols(dim, dim).isZero(0));
            QVERIFY(!incremental.heads[1].output.isZero(0)); // the head itself computes as ever
        }
        qInfo("%d of 3000 edits incremental; largest difference %.3g; %d key edits checked, %lld rows rescaled",
            updated, worst, rescaledEdits, rescaledRows);
        QVERIFY(rescaledRows > qint64(rescaledEdits) * tokens / 2); // most rows of a key edit
        QVERIFY(updated > 2900); // nearly all: only an unnormalizable row takes the full path
    }

    // A key that held nearly all of every row's weight loses it, and gets it back: the rows whose
    // weight was mostly on the edited key are formed anew, not rescaled from a tiny remainder.
    void weightLeavingTheEditedKeyStaysExact()
    {
        std::mt19937 rng(5);
        Document doc = randomDocument(20, 20, 1, 4, rng);
        const QString sink = doc.vectorKey(3);
        Result incremental = compute(doc);
        for (int round = 0; round < 200; ++round) {
            std::vector<ValueRef> refs;
            for (int c = 0; c < 4; ++c) {
                refs.push_back({Field::Key, sink, 0, 0, c});
                doc.setValue(refs.back(), round % 2 ? 40.0 : -0.01 * c);
            }
            QVERIFY(updateResult(incremental, doc, refs));
            QVERIFY2(difference(incremental, compute(doc)) <= 1e-12, qPrintable(QString::number(round)));
        }
    }

    void editsThatNeedTheFullCompute()
    {
        std::mt19937 rng(9);
        Document doc = randomDocument(8, 8, 1, 3, rng);
        const ValueRef key {Field::Key, doc.vectorKey(2), 0, 0, 1};
        const auto refused = [&](const Settings &s, const ValueRef &ref) {
            Document d = doc;
            d.setSettings(s);
            Result r = compute(d);
            d.setValue(ref, 1.5);
            return !updateResult(r, d, {ref});
        };
        Settings s = doc.settings();
        QVERIFY(!refused(s, key));
        s.normalization = Normalization::Sum;
        QVERIFY(refused(s, key));
        s = doc.settings();
        s.scoring = Scoring::KeyKey;
        QVERIFY(refused(s, key));
        QVERIFY(!refused(s, {Field::Query, doc.vectorKey(2), 0, 0, 1})); // queries are not read
        s = doc.settings();
        QVERIFY(refused(s, {Field::Embedding, doc.vectorKey(2), 0, 0, 1}));
        // A result of another sentence.
        Result other = compute(randomDocument(5, 5, 1, 3, rng));
        QVERIFY(!updateResult(other, doc, {key}));
        // A row that overflows: the full compute names it.
        Document d = doc;
        Result r = compute(d);
        std::vector<ValueRef> q;
        for (int c = 0; c < 3; ++c) {
            q.push_back({Field::Query, doc.vectorKey(0), 0, 0, c});
            d.setValue(q.back(), 1e308);
        }
        QVERIFY(!compute(d).warnings.empty());
        QVERIFY(!updateResult(r, d, q));
    }
};

QTEST_GUILESS_MAIN(TstIncrementalUpdate)
#include "tst_incrementalupdate.moc"
