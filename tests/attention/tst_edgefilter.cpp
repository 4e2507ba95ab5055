#include "attention/edgefilter.h"
#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "randomdocument.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace qkv;

Q_DECLARE_METATYPE(qkv::EdgeFilter)

namespace {

// Row 0 ties 0.2 with 0.2, row 1 has a zero, row 2 is all zeros, and row 3 hides its strongest
// cell (3, 1) behind the mask, so a filter that forgot the mask would keep it first.
SquareMatrix knownWeights()
{
    SquareMatrix w(4, 4);
    w << 0.5, 0.2, 0.2, 0.1, //
        0.1, 0.6, 0.0, 0.3, //
        0.0, 0.0, 0.0, 0.0, //
        0.2, 0.5, 0.2, 0.1;
    return w;
}

SquareMatrix knownVisibility()
{
    SquareMatrix v = SquareMatrix::Ones(4, 4);
    v(3, 1) = 0;
    return v;
}

// "0:1 3:2" — the edges as a table cell can spell them.
QString spell(const std::vector<Edge> &edges)
{
    QStringList parts;
    for (const Edge &e : edges)
        parts << QStringLiteral("%1:%2").arg(e.query).arg(e.key);
    return parts.join(QLatin1Char(' '));
}

// The filters as defined, without the shortcut of ranking only the kept edges: rank the whole
// visible row, then keep an edge when its weight, its rank and the mass ranked before it pass.
std::vector<Edge> reference(const SquareMatrix &w, const EdgeFilter &f)
{
    std::vector<Edge> out;
    for (int q = 0; q < w.rows(); ++q) {
        std::vector<int> keys;
        double total = 0;
        for (int k = 0; k < w.cols(); ++k) {
            if (w(q, k) > 0) {
                keys.push_back(k);
                total += w(q, k);
            }
        }
        std::stable_sort(keys.begin(), keys.end(), [&](int a, int b) { return w(q, a) > w(q, b); });
        double before = 0;
        for (std::size_t rank = 0; rank < keys.size(); ++rank) {
            const double x = w(q, keys[rank]);
            const bool byMass = f.mass >= 1.0 || before < f.mass * total - 1e-9 * total;
            const bool byRank = f.topK == 0 || rank < static_cast<std::size_t>(f.topK);
            if (x >= f.threshold && byRank && byMass)
                out.push_back({q, keys[rank], x});
            before += x;
        }
    }
    return out;
}

} // namespace

class TstEdgeFilter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void knownMatrix_data();
    void knownMatrix();
    void keepsWeights();
    void emptyVisibilityMeansAllVisible();
    void skipsNonFiniteAndNegative();
    void rectangularWeightsAndEmpty();
    void roundingAddsNoEdge();
    void matchesReference_data();
    void matchesReference();
    void editedRowsAgain_data();
    void editedRowsAgain();
};

void TstEdgeFilter::knownMatrix_data()
{
    QTest::addColumn<EdgeFilter>("filter");
    QTest::addColumn<QString>("expected");

    // Worked by hand from knownWeights(); row 3's visible total is 0.5, not 1.0.
    QTest::newRow("none") << EdgeFilter::none() << "0:0 0:1 0:2 0:3 1:1 1:3 1:0 3:0 3:2 3:3";
    QTest::newRow("threshold 0.2 keeps 0.2") << EdgeFilter {0.2, 0, 1.0} << "0:0 0:1 0:2 1:1 1:3 3:0 3:2";
    QTest::newRow("threshold 0.3 ignores masked 0.5") << EdgeFilter {0.3, 0, 1.0} << "0:0 1:1 1:3";
    QTest::newRow("threshold above all") << EdgeFilter {0.7, 0, 1.0} << "";
    QTest::newRow("top 1") << EdgeFilter {0, 1, 1.0} << "0:0 1:1 3:0";
    QTest::newRow("top 2, tie to earlier key") << EdgeFilter {0, 2, 1.0} << "0:0 0:1 1:1 1:3 3:0 3:2";
    QTest::newRow("top k above n") << EdgeFilter {0, 10, 1.0} << "0:0 0:1 0:2 0:3 1:1 1:3 1:0 3:0 3:2 3:3";
    QTest::newRow("mass 0.5, reached exactly") << EdgeFilter {0, 0, 0.5} << "0:0 1:1 3:0 3:2";
    QTest::newRow("mass 0.6, tie at the cut") << EdgeFilter {0, 0, 0.6} << "0:0 0:1 1:1 3:0 3:2";
    QTest::newRow("mass 0.7") << EdgeFilter {0, 0, 0.7} << "0:0 0:1 1:1 1:3 3:0 3:2";
    QTest::newRow("mass 0.75") << EdgeFilter {0, 0, 0.75} << "0:0 0:1 0:2 1:1 1:3 3:0 3:2";
    QTest::newRow("mass 0") << EdgeFilter {0, 0, 0.0} << "";
    QTest::newRow("threshold, top 2, mass 0.6") << EdgeFilter {0.15, 2, 0.6} << "0:0 0:1 1:1 3:0 3:2";
    QTest::newRow("threshold 0.55, top 1") << EdgeFilter {0.55, 1, 1.0} << "1:1";
    QTest::newRow("threshold 0.15, mass 0.9") << EdgeFilter {0.15, 0, 0.9} << "0:0 0:1 0:2 1:1 1:3 3:0 3:2";
}

void TstEdgeFilter::knownMatrix()
{
    QFETCH(EdgeFilter, filter);
    QFETCH(QString, expected);
    QCOMPARE(spell(selectEdges(knownWeights(), knownVisibility(), filter)), expected);
}

void TstEdgeFilter::keepsWeights()
{
    const auto edges = selectEdges(knownWeights(), knownVisibility(), EdgeFilter {0, 1, 1.0});
    QCOMPARE(edges.size(), std::size_t(3));
    QCOMPARE(edges[1], (Edge {1, 1, 0.6}));
    // Ten real edges before filtering: the masked (3, 1), row 2 and the zero (1, 2) are none.
    qint64 considered = -1;
    selectEdges(knownWeights(), knownVisibility(), EdgeFilter {0.5, 0, 1.0}, &considered);
    QCOMPARE(considered, qint64(10));
}

void TstEdgeFilter::emptyVisibilityMeansAllVisible()
{
    // The engine leaves the visibility matrix empty when nothing is masked.
    const auto edges = selectEdges(knownWeights(), SquareMatrix(), EdgeFilter {0.3, 0, 1.0});
    QCOMPARE(spell(edges), QStringLiteral("0:0 1:1 1:3 3:1"));
}

void TstEdgeFilter::skipsNonFiniteAndNegative()
{
    SquareMatrix w = SquareMatrix::Zero(4, 4);
    w.row(0) << std::numeric_limits<double>::quiet_NaN(), -0.5, 0.4, std::numeric_limits<double>::infinity();
    QCOMPARE(spell(selectEdges(w, SquareMatrix(), EdgeFilter::none())), QStringLiteral("0:2"));
    // The mass of the row counts only real edges: 0.4 is all of it.
    QCOMPARE(spell(selectEdges(w, SquareMatrix(), EdgeFilter {0, 0, 0.99})), QStringLiteral("0:2"));
}

void TstEdgeFilter::rectangularWeightsAndEmpty()
{
    // Cross-attention: 2 queries of 3 keys each, the masked cell (1, 0) left out.
    SquareMatrix w(2, 3);
    w << 0.5, 0.2, 0.3, 0.0, 0.6, 0.4;
    SquareMatrix visible = SquareMatrix::Ones(2, 3);
    visible(1, 0) = 0;
    QCOMPARE(spell(selectEdges(w, visible, EdgeFilter::none())), QStringLiteral("0:0 0:2 0:1 1:1 1:2"));
    QVERIFY(selectEdges(SquareMatrix(), SquareMatrix(), EdgeFilter::none()).empty());
}

void TstEdgeFilter::roundingAddsNoEdge()
{
    // 0.7 + 0.2 is 0.8999999999999999 in doubles: the two edges carry 0.9 all the same.
    SquareMatrix w = SquareMatrix::Zero(3, 3);
    w.row(0) << 0.1, 0.7, 0.2;
    w.row(1) << 0.6, 0.1, 0.3;
    QCOMPARE(spell(selectEdges(w, SquareMatrix(), EdgeFilter {0, 0, 0.9})), QStringLiteral("0:1 0:2 1:0 1:2"));
}

void TstEdgeFilter::matchesReference_data()
{
    QTest::addColumn<EdgeFilter>("filter");
    QTest::newRow("threshold") << EdgeFilter {0.03, 0, 1.0};
    QTest::newRow("top 5") << EdgeFilter {0, 5, 1.0};
    QTest::newRow("mass 0.8") << EdgeFilter {0, 0, 0.8};
    QTest::newRow("all three") << EdgeFilter {0.02, 7, 0.6};
    QTest::newRow("default") << EdgeFilter {};
}

void TstEdgeFilter::matchesReference()
{
    QFETCH(EdgeFilter, filter);
    // Softmax-like rows with many exact ties (weights on a coarse grid) and some zeros.
    QRandomGenerator rng(4);
    SquareMatrix w(40, 40);
    for (int q = 0; q < 40; ++q) {
        for (int k = 0; k < 40; ++k)
            w(q, k) = rng.bounded(6) == 0 ? 0.0 : std::exp(rng.bounded(8) / 2.0);
        w.row(q) /= std::max(w.row(q).sum(), 1e-300);
    }
    const auto expected = reference(w, filter);
    const auto actual = selectEdges(w, SquareMatrix(), filter);
    QCOMPARE(spell(actual), spell(expected));
    QVERIFY(!actual.empty());
}

void TstEdgeFilter::editedRowsAgain_data()
{
    QTest::addColumn<EdgeFilter>("filter");
    QTest::addColumn<bool>("causal");
    QTest::newRow("default") << EdgeFilter {} << false;
    QTest::newRow("default, causal") << EdgeFilter {} << true;
    QTest::newRow("threshold 0.05, top 3") << EdgeFilter {0.05, 3, 1.0} << false;
    QTest::newRow("threshold 0.005 alone") << EdgeFilter {0.005, 0, 1.0} << true;
    QTest::newRow("mass 0.8 (rows read again)") << EdgeFilter {0.02, 16, 0.8} << false;
    QTest::newRow("no threshold (rows read again)") << EdgeFilter {0, 8, 1.0} << false;
}

// After each of 200 random edits of keys (and some queries), the edited rows selected again
// equal a fresh selection to the bit, and so do the counts. A rescaled row is selected from its
// strong cells: given weights that are all NaN, most rows still come out right.
void TstEdgeFilter::editedRowsAgain()
{
    QFETCH(EdgeFilter, filter);
    QFETCH(bool, causal);
    std::mt19937 rng(23);
    const int n = 300;
    Document doc = test::randomDocument(n, 120, 1, 6, rng, 1.6);
    Settings settings = doc.settings();
    settings.mask = causal ? MaskKind::Causal : MaskKind::None;
    doc.setSettings(settings);
    Result result = compute(doc);
    const SquareMatrix &weights = result.heads[0].weights;
    RowEdges rows;
    std::vector<Edge> edges = selectEdges(weights, result.visible, filter, nullptr, &rows);
    std::normal_distribution<double> step(0.0, 0.1), jump(0.0, 2.0);
    std::uniform_int_distribution<int> token(0, n - 1), column(0, 5);
    const SquareMatrix poisoned = SquareMatrix::Constant(n, n, std::numeric_limits<double>::quiet_NaN());
    qint64 rescaled = 0, fromStrongCells = 0;
    for (int e = 0; e < 200; ++e) {
        const ValueRef ref {e % 9 == 0 ? Field::Query : Field::Key, doc.vectorKey(token(rng)), 0, 0, column(rng)};
        doc.setValue(ref, e % 5 == 0 ? jump(rng) : doc.value(ref) + step(rng));
        ChangedRows changes;
        QVERIFY(updateResult(result, doc, {ref}, &changes));
        const HeadChange &change = changes[0];
        const RowEdges before = rows;
        const std::vector<Edge> again = reselectRows(weights, result.visible, filter, change, rows);
        RowEdges fresh;
        const std::vector<Edge> all = selectEdges(weights, result.visible, filter, nullptr, &fresh);
        std::vector<Edge> expected;
        std::copy_if(all.begin(), all.end(), std::back_inserter(expected),
            [&](const Edge &x) { return std::binary_search(change.rows.begin(), change.rows.end(), x.query); });
        QVERIFY2(again == expected, qPrintable(QStringLiteral("edit %1").arg(e)));
        QVERIFY(rows.count == fresh.count);
        if (!change.rescaled())
            continue;
        // The same again without the weights.
        RowEdges blind = before;
        const std::vector<Edge> guessed = reselectRows(poisoned, result.visible, filter, change, blind);
        for (int q = 0; q < n; ++q) {
            // Row q's edges (the lists are in row order).
            const auto of = [q](const std::vector<Edge> &list) {
                const auto byRow = [](const Edge &x, const Edge &y) { return x.query < y.query; };
                const auto [from, to] = std::equal_range(list.begin(), list.end(), Edge {q, 0, 0}, byRow);
                return std::vector<Edge>(from, to);
            };
            rescaled += change.factor[std::size_t(q)] > 0;
            // A row read from NaN has no edges at all.
            fromStrongCells += change.factor[std::size_t(q)] > 0 && blind.count[std::size_t(q)] > 0
                && blind.count[std::size_t(q)] == rows.count[std::size_t(q)] && of(guessed) == of(expected);
        }
    }
    qInfo("%lld rescaled rows, %lld selected from their strong cells", rescaled, fromStrongCells);
    QVERIFY(rescaled > 100 * n);
    if (filter.threshold > 0 && filter.mass >= 1)
        QVERIFY(fromStrongCells > rescaled * 8 / 10);
    else
        QCOMPARE(fromStrongCells, 0);
}

QTEST_MAIN(TstEdgeFilter)
#include "tst_edgefilter.moc"
