// A softmax head is computed block by block of rows (scores, softmax and output of each block while
// it is in cache, the blocks split over two cores): every shape, mask and problem row must come out
// as the plain formula gives it, worked here with Eigen alone.
#include "attention/engine.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace qkv;

namespace {

struct Reference {
    SquareMatrix scores, weights;
    Eigen::MatrixXd output;
    std::vector<int> problemRows;
};

// softmax(S / divisor) over each row's visible cells; a row with no visible cell or a non-finite
// visible score is all zeros.
Reference reference(const Eigen::MatrixXd &left, const Eigen::MatrixXd &right, const Eigen::MatrixXd &values,
    const SquareMatrix &visible, double divisor)
{
    Reference r;
    r.scores = left * right.transpose();
    r.weights = SquareMatrix::Zero(r.scores.rows(), r.scores.cols());
    for (Eigen::Index i = 0; i < r.scores.rows(); ++i) {
        double top = -std::numeric_limits<double>::infinity();
        bool finite = true, any = false;
        for (Eigen::Index j = 0; j < r.scores.cols(); ++j) {
            if (visible.size() && visible(i, j) == 0)
                continue;
            any = true;
            finite = finite && std::isfinite(r.scores(i, j) / divisor);
            top = std::max(top, r.scores(i, j) / divisor);
        }
        if (!any || !finite) {
            r.problemRows.push_back(static_cast<int>(i));
            continue;
        }
        double sum = 0;
        for (Eigen::Index j = 0; j < r.scores.cols(); ++j)
            if (!visible.size() || visible(i, j) != 0)
                sum += r.weights(i, j) = std::exp(r.scores(i, j) / divisor - top);
        r.weights.row(i) /= sum;
    }
    r.output = r.weights * values;
    return r;
}

double relativeError(const Eigen::MatrixXd &got, const Eigen::MatrixXd &want)
{
    if (got.rows() != want.rows() || got.cols() != want.cols())
        return std::numeric_limits<double>::infinity();
    return (got - want).cwiseAbs().maxCoeff() / std::max(1.0, want.cwiseAbs().maxCoeff());
}

} // namespace

class TstHeadRows : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesTheFormula_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("d");
        QTest::addColumn<int>("scoring");
        QTest::addColumn<int>("normalization");
        QTest::addColumn<bool>("masked");
        // Sizes around the block (16 K cells: 8 to 256 rows), the two-core split, and past the size
        // where keys and values stay in cache (whole matrices then).
        QTest::newRow("64 tokens, d 64") << 64 << 64 << 64 << 0 << 0 << false;
        QTest::newRow("512 tokens, d 3, masked") << 512 << 512 << 3 << 0 << 0 << true;
        QTest::newRow("700 tokens, d 64, masked") << 700 << 700 << 64 << 0 << 0 << true;
        QTest::newRow("1,100 tokens, d 64 (whole matrices)") << 1100 << 1100 << 64 << 0 << 0 << false;
        QTest::newRow("cross, 301 x 2,500, d 16") << 301 << 2500 << 16 << 0 << 1 << false;
        QTest::newRow("cross, 301 x 2,500, masked") << 301 << 2500 << 16 << 0 << 0 << true;
        QTest::newRow("key·key, 257 tokens, d 8") << 257 << 257 << 8 << 1 << 1 << true;
        QTest::newRow("embedding, 130 tokens, d 5") << 130 << 130 << 5 << 2 << 0 << false;
    }

    void matchesTheFormula()
    {
        QFETCH(int, n);
        QFETCH(int, m);
        QFETCH(int, d);
        QFETCH(int, scoring);
        QFETCH(int, normalization);
        QFETCH(bool, masked);
        std::mt19937 random(static_cast<unsigned>(n * 31 + m * 7 + d));
        std::normal_distribution<double> normal(0.0, 2.0);
        const auto matrix = [&](int rows) {
            Eigen::MatrixXd a(rows, d);
            for (Eigen::Index i = 0; i < a.size(); ++i)
                a.data()[i] = normal(random);
            return a;
        };
        const Eigen::MatrixXd q = matrix(n), k = matrix(m), v = matrix(m);
        Eigen::MatrixXd qWithNan = q;
        if (scoring == 0)
            qWithNan(n / 3, d - 1) = std::numeric_limits<double>::quiet_NaN(); // a row of NaN scores
        SquareMatrix visible;
        if (masked) {
            visible = SquareMatrix::Ones(n, m);
            std::bernoulli_distribution hide(0.3);
            for (Eigen::Index i = 0; i < visible.size(); ++i)
                visible.data()[i] = hide(random) ? 0.0 : 1.0;
            visible.row(n - 1).setZero(); // every key hidden
        }
        Settings s;
        s.dim = d;
        s.scoring = static_cast<Scoring>(scoring == 0 ? int(Scoring::QueryKey)
                : scoring == 1                        ? int(Scoring::KeyKey)
                                                      : int(Scoring::Embedding));
        s.normalization = normalization == 0 ? Normalization::ScaledSoftmax : Normalization::Softmax;
        s.temperature = 0.7;
        const HeadResult r = computeHead(qWithNan, k, v, nullptr, s, visible);

        const Eigen::MatrixXd &left = scoring == 0 ? qWithNan : scoring == 1 ? k : v;
        const Eigen::MatrixXd &right = scoring == 2 ? v : k;
        const double divisor = s.temperature * (normalization == 0 ? std::sqrt(double(d)) : 1.0);
        const Reference want = reference(left, right, v, visible, divisor);

        QVERIFY(!want.problemRows.empty() || (!masked && scoring != 0));
        std::vector<int> problemRows;
        for (const RowProblem &p : r.problems)
            problemRows.push_back(p.row);
        QCOMPARE(problemRows, want.problemRows);
        // The scores hold the NaN row as computed; compare the others.
        SquareMatrix scores = r.scores, wantScores = want.scores;
        for (const int row : want.problemRows) {
            scores.row(row).setZero();
            wantScores.row(row).setZero();
        }
        QVERIFY2(relativeError(scores, wantScores) < 1e-12, "scores");
        QVERIFY2(relativeError(r.weights, want.weights) < 1e-12, "weights");
        QVERIFY2(relativeError(r.output, want.output) < 1e-12, "output");
        QCOMPARE(std::ssize(r.rowLargest), std::ptrdiff_t(n));
        for (Eigen::Index i = 0; i < n; ++i)
            if (std::find(want.problemRows.begin(), want.problemRows.end(), int(i)) == want.problemRows.end())
                QVERIFY(std::abs(r.rowLargest[static_cast<std::size_t>(i)] - want.weights.row(i).maxCoeff()) < 1e-12);
        QVERIFY(std::abs(r.largestWeight - want.weights.maxCoeff()) < 1e-12);
    }
};

QTEST_GUILESS_MAIN(TstHeadRows)
#include "tst_headrows.moc"
