#include "attention/attention.h"

#include <QTest>

#include <cmath>

using namespace qkv;
using Eigen::MatrixXd;

namespace {
MatrixXd rows(std::initializer_list<std::initializer_list<double>> r)
{
    MatrixXd m(static_cast<Eigen::Index>(r.size()), static_cast<Eigen::Index>(r.begin()->size()));
    Eigen::Index i = 0;
    for (const auto &row : r) {
        Eigen::Index j = 0;
        for (double x : row)
            m(i, j++) = x;
        ++i;
    }
    return m;
}

void compareMatrix(const MatrixXd &actual, const MatrixXd &expected, double tolerance = 1e-12)
{
    QCOMPARE(actual.rows(), expected.rows());
    QCOMPARE(actual.cols(), expected.cols());
    for (Eigen::Index i = 0; i < actual.rows(); ++i)
        for (Eigen::Index j = 0; j < actual.cols(); ++j)
            QVERIFY2(std::abs(actual(i, j) - expected(i, j)) <= tolerance,
                qPrintable(QStringLiteral("(%1, %2): %3 != %4").arg(i).arg(j).arg(actual(i, j)).arg(expected(i, j))));
}
} // namespace

class TstAttention : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void normalizations_data()
    {
        QTest::addColumn<int>("normalization");
        QTest::addColumn<double>("temperature");
        QTest::addColumn<int>("width");
        QTest::addColumn<MatrixXd>("expected");
        // Scores row [1, 2, 3]; hand-worked: e^0, e^1, e^2 over their sum (after subtracting 3).
        const double e1 = std::exp(-2.0), e2 = std::exp(-1.0), s = e1 + e2 + 1.0;
        QTest::newRow("softmax") << static_cast<int>(Normalization::Softmax) << 1.0 << 4
                                 << rows({{e1 / s, e2 / s, 1.0 / s}});
        // Scaled by √4 = 2: exponents -1, -0.5, 0.
        const double f1 = std::exp(-1.0), f2 = std::exp(-0.5), t = f1 + f2 + 1.0;
        QTest::newRow("scaled softmax √d")
            << static_cast<int>(Normalization::ScaledSoftmax) << 1.0 << 4 << rows({{f1 / t, f2 / t, 1.0 / t}});
        QTest::newRow("softmax T = 2 equals scaled with d = 4")
            << static_cast<int>(Normalization::Softmax) << 2.0 << 1 << rows({{f1 / t, f2 / t, 1.0 / t}});
        QTest::newRow("scaled softmax with T")
            << static_cast<int>(Normalization::ScaledSoftmax) << 0.5 << 16 << rows({{f1 / t, f2 / t, 1.0 / t}});
        QTest::newRow("sum") << static_cast<int>(Normalization::Sum) << 1.0 << 4 << rows({{1.0 / 6, 2.0 / 6, 3.0 / 6}});
        QTest::newRow("none") << static_cast<int>(Normalization::None) << 1.0 << 4 << rows({{1, 2, 3}});
    }

    void normalizations()
    {
        QFETCH(int, normalization);
        QFETCH(double, temperature);
        QFETCH(int, width);
        QFETCH(MatrixXd, expected);
        std::vector<RowProblem> problems;
        const MatrixXd w = normalizeRows(rows({{1, 2, 3}}), MatrixXd::Ones(1, 3),
            static_cast<Normalization>(normalization), temperature, width, problems);
        compareMatrix(w, expected);
        QVERIFY(problems.empty());
    }

    void softmaxIsStableForHugeScores()
    {
        std::vector<RowProblem> problems;
        const MatrixXd w = normalizeRows(
            rows({{1000, 1000}, {-1e5, 0}}), MatrixXd::Ones(2, 2), Normalization::Softmax, 1.0, 1, problems);
        compareMatrix(w, rows({{0.5, 0.5}, {0, 1}}));
        QVERIFY(problems.empty());
    }

    void maskedCellsAreLeftOutOfTheRow()
    {
        std::vector<RowProblem> problems;
        const MatrixXd visible = visibility(3, MaskKind::Causal, {{2, 0}});
        compareMatrix(visible, rows({{1, 0, 0}, {1, 1, 0}, {0, 1, 1}}));
        const MatrixXd w
            = normalizeRows(rows({{5, 9, 9}, {1, 1, 9}, {9, 2, 6}}), visible, Normalization::Sum, 1.0, 3, problems);
        compareMatrix(w, rows({{1, 0, 0}, {0.5, 0.5, 0}, {0, 0.25, 0.75}}));
        const MatrixXd s
            = normalizeRows(rows({{5, 9, 9}, {1, 1, 9}, {9, 0, 0}}), visible, Normalization::Softmax, 1.0, 3, problems);
        compareMatrix(s, rows({{1, 0, 0}, {0.5, 0.5, 0}, {0, 0.5, 0.5}}));
        QVERIFY(problems.empty());
    }

    void rowProblems_data()
    {
        QTest::addColumn<MatrixXd>("scores");
        QTest::addColumn<MatrixXd>("visible");
        QTest::addColumn<int>("normalization");
        QTest::addColumn<int>("issue");
        QTest::addColumn<MatrixXd>("expected");
        const MatrixXd all = MatrixXd::Ones(2, 2);
        const double inf = std::numeric_limits<double>::infinity();
        const double nan = std::numeric_limits<double>::quiet_NaN();
        QTest::newRow("sum of zero") << rows({{1, -1}, {1, 1}}) << all << static_cast<int>(Normalization::Sum)
                                     << static_cast<int>(RowIssue::ZeroSum) << rows({{0, 0}, {0.5, 0.5}});
        QTest::newRow("negative sum keeps weights")
            << rows({{-1, -3}, {1, 1}}) << all << static_cast<int>(Normalization::Sum)
            << static_cast<int>(RowIssue::NegativeSum) << rows({{0.25, 0.75}, {0.5, 0.5}});
        QTest::newRow("every key masked")
            << rows({{1, 2}, {1, 1}}) << rows({{0, 0}, {1, 1}}) << static_cast<int>(Normalization::Softmax)
            << static_cast<int>(RowIssue::AllMasked) << rows({{0, 0}, {0.5, 0.5}});
        QTest::newRow("infinite score") << rows({{inf, 1}, {1, 1}}) << all << static_cast<int>(Normalization::Softmax)
                                        << static_cast<int>(RowIssue::NonFinite) << rows({{0, 0}, {0.5, 0.5}});
        QTest::newRow("NaN score, raw weights")
            << rows({{1, 1}, {nan, 1}}) << all << static_cast<int>(Normalization::None)
            << static_cast<int>(RowIssue::NonFinite) << rows({{1, 1}, {0, 0}});
        QTest::newRow("masked infinity is harmless")
            << rows({{inf, 1}, {1, 1}}) << rows({{0, 1}, {1, 1}}) << static_cast<int>(Normalization::Softmax) << -1
            << rows({{0, 1}, {0.5, 0.5}});
        QTest::newRow("overflowing division")
            << rows({{1e-300, 1e300}, {1, 1}}) << all << static_cast<int>(Normalization::Sum) << -1
            << rows({{0, 1}, {0.5, 0.5}});
        QTest::newRow("sum that overflows")
            << rows({{1e308, 1e308}, {1, 1}}) << all << static_cast<int>(Normalization::Sum)
            << static_cast<int>(RowIssue::NonFinite) << rows({{0, 0}, {0.5, 0.5}});
    }

    void rowProblems()
    {
        QFETCH(MatrixXd, scores);
        QFETCH(MatrixXd, visible);
        QFETCH(int, normalization);
        QFETCH(int, issue);
        QFETCH(MatrixXd, expected);
        std::vector<RowProblem> problems;
        const MatrixXd w = normalizeRows(scores, visible, static_cast<Normalization>(normalization), 1.0, 2, problems);
        QVERIFY(w.allFinite());
        compareMatrix(w, expected);
        if (issue < 0) {
            QVERIFY(problems.empty());
        } else {
            QCOMPARE(problems.size(), 1u);
            QCOMPARE(static_cast<int>(problems.front().issue), issue);
        }
    }

    void sinusoidalPositionsMatchTheFormula()
    {
        const MatrixXd pe = sinusoidalPositions(3, 4);
        // PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(…).
        compareMatrix(pe,
            rows({{0, 1, 0, 1}, {std::sin(1.0), std::cos(1.0), std::sin(0.01), std::cos(0.01)},
                {std::sin(2.0), std::cos(2.0), std::sin(0.02), std::cos(0.02)}}));
    }

    void symmetry()
    {
        QVERIFY(isSymmetric(rows({{1, 2}, {2, 5}})));
        QVERIFY(!isSymmetric(rows({{1, 2}, {2.001, 5}})));
        QVERIFY(isSymmetric(MatrixXd(0, 0)));
    }
};

QTEST_GUILESS_MAIN(TstAttention)
#include "tst_attention.moc"
