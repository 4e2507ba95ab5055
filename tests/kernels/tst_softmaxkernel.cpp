// The vectorized exp and softmax rows at every SIMD level this CPU has, against std::exp and a
// long double reference: ulps, the tails of every row length, masks, and the rows that cannot
// be normalized.

#include "kernels/simdlevel.h"
#include "kernels/softmax.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace qkv::kernels;

namespace {

constexpr double inf = std::numeric_limits<double>::infinity();

std::vector<SimdLevel> levelsHere()
{
    std::vector<SimdLevel> levels;
    for (SimdLevel l : {SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512})
        if (l <= supportedSimdLevel())
            levels.push_back(l);
    return levels;
}

// Distance in units in the last place of b (subnormal spacing below the normals).
double ulps(double a, double b)
{
    if (a == b)
        return 0;
    const double spacing = std::nextafter(std::abs(b), inf) - std::abs(b);
    return std::abs(a - b) / spacing;
}

struct Reference {
    std::vector<double> weights;
    RowStatus status = RowStatus::Ok;
};

Reference referenceSoftmax(const std::vector<double> &s, const std::vector<double> &visible, double divisor)
{
    Reference r;
    r.weights.assign(s.size(), 0.0);
    long double top = -inf;
    bool any = false;
    for (std::size_t j = 0; j < s.size(); ++j) {
        if (!visible.empty() && visible[j] <= 0)
            continue;
        const double y = s[j] / divisor;
        if (!std::isfinite(y))
            r.status = RowStatus::NonFinite;
        any = true;
        top = std::max<long double>(top, y);
    }
    if (!any)
        r.status = RowStatus::AllMasked;
    if (r.status != RowStatus::Ok)
        return r;
    long double sum = 0;
    std::vector<long double> e(s.size(), 0.0L);
    for (std::size_t j = 0; j < s.size(); ++j)
        if (visible.empty() || visible[j] > 0)
            sum += e[j] = std::exp(static_cast<long double>(s[j] / divisor) - top);
    for (std::size_t j = 0; j < s.size(); ++j)
        r.weights[j] = static_cast<double>(e[j] / sum);
    return r;
}

} // namespace

class TestSoftmaxKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { setSimdLevel(supportedSimdLevel()); }

    void levelNamesAndEnvironment()
    {
        QCOMPARE(QByteArray(simdLevelName(SimdLevel::Sse2)), QByteArray("sse2"));
        QCOMPARE(QByteArray(simdLevelName(SimdLevel::Avx512)), QByteArray("avx512"));
        QVERIFY(simdLevel() <= supportedSimdLevel());
        QCOMPARE(setSimdLevel(SimdLevel::Sse2), SimdLevel::Sse2);
        QCOMPARE(simdLevel(), SimdLevel::Sse2);
        // Asking for more than the CPU has gives what it has.
        QCOMPARE(setSimdLevel(SimdLevel::Avx512), supportedSimdLevel());
    }

    void expWithinTwoUlpsEverywhere()
    {
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> wide(-745.0, 709.7), near(-1.0, 1.0);
        std::vector<double> x;
        for (int i = 0; i < 20000; ++i)
            x.push_back(wide(rng));
        for (int i = 0; i < 5000; ++i)
            x.push_back(near(rng));
        // The edges of the range reduction and of the subnormals.
        for (double v : {0.0, -0.0, 1e-300, -1e-300, 0.34657359027997264, -0.34657359027997264, 1.0, -1.0, -708.39,
                 -708.4, -709.0, -744.0, -745.1, 709.0, 709.78, std::log(2.0) * 1023})
            x.push_back(v);
        for (SimdLevel level : levelsHere()) {
            setSimdLevel(level);
            std::vector<double> y(x.size());
            expArray(x.data(), y.data(), static_cast<std::ptrdiff_t>(x.size()));
            double worst = 0;
            for (std::size_t i = 0; i < x.size(); ++i) {
                const double u = ulps(y[i], std::exp(x[i]));
                if (u > worst)
                    worst = u;
                if (u > 2)
                    QFAIL(qPrintable(QStringLiteral("%1: exp(%2) = %3, std::exp %4 (%5 ulps)")
                                         .arg(QLatin1String(simdLevelName(level)))
                                         .arg(x[i], 0, 'g', 17)
                                         .arg(y[i], 0, 'g', 17)
                                         .arg(std::exp(x[i]), 0, 'g', 17)
                                         .arg(u)));
            }
            qInfo("%s: worst %.2f ulps over %zu arguments", simdLevelName(level), worst, x.size());
        }
    }

    void expLimits()
    {
        const std::vector<double> x {-inf, -1e308, -746.0, 710.0, 1e308, inf, std::nan(""), 0.0, 1.0};
        for (SimdLevel level : levelsHere()) {
            setSimdLevel(level);
            std::vector<double> y(x.size());
            expArray(x.data(), y.data(), static_cast<std::ptrdiff_t>(x.size()));
            QCOMPARE(y[0], 0.0);
            QCOMPARE(y[1], 0.0);
            QCOMPARE(y[2], 0.0);
            QCOMPARE(y[3], inf);
            QCOMPARE(y[4], inf);
            QCOMPARE(y[5], inf);
            QVERIFY(std::isnan(y[6]));
            QCOMPARE(y[7], 1.0);
            QCOMPARE(y[8], std::exp(1.0));
        }
    }

    // Every length from 0 to 70 covers each level's whole vectors and every tail.
    void softmaxMatchesLongDoubleAtEveryLength()
    {
        std::mt19937_64 rng(11);
        std::normal_distribution<double> score(0.0, 8.0);
        std::bernoulli_distribution hide(0.3);
        for (SimdLevel level : levelsHere()) {
            setSimdLevel(level);
            for (int n = 0; n <= 70; ++n) {
                for (bool masked : {false, true}) {
                    std::vector<double> s(static_cast<std::size_t>(n)), visible;
                    for (double &v : s)
                        v = score(rng);
                    if (masked)
                        for (int j = 0; j < n; ++j)
                            visible.push_back(hide(rng) ? 0.0 : 1.0);
                    const double divisor = 1.7;
                    const Reference ref = referenceSoftmax(s, visible, divisor);
                    std::vector<double> out(s.size(), -1.0);
                    double largest = -1;
                    const RowStatus status
                        = softmaxRow(s.data(), masked ? visible.data() : nullptr, n, divisor, out.data(), &largest);
                    QCOMPARE(status, ref.status);
                    if (status != RowStatus::Ok)
                        continue;
                    double sum = 0;
                    for (int j = 0; j < n; ++j) {
                        const auto jj = static_cast<std::size_t>(j);
                        if (masked && visible[jj] == 0)
                            QCOMPARE(out[jj], 0.0); // hidden: exactly zero, never a subnormal
                        // A few ulps of the largest weight: the exp, the sum and the division each round once.
                        QVERIFY2(std::abs(out[jj] - ref.weights[jj]) <= 2e-15,
                            qPrintable(QStringLiteral("%1 n=%2 j=%3: %4 vs %5")
                                           .arg(QLatin1String(simdLevelName(level)))
                                           .arg(n)
                                           .arg(j)
                                           .arg(out[jj], 0, 'g', 17)
                                           .arg(ref.weights[jj], 0, 'g', 17)));
                        sum += out[jj];
                    }
                    QVERIFY(std::abs(sum - 1.0) < 1e-14);
                    QCOMPARE(largest, *std::max_element(out.begin(), out.end())); // found for free, exactly
                }
            }
        }
    }

    void rowsThatCannotBeNormalized()
    {
        for (SimdLevel level : levelsHere()) {
            setSimdLevel(level);
            for (int n : {1, 3, 8, 13}) {
                std::vector<double> s(static_cast<std::size_t>(n), 1.0), out(s.size());
                std::vector<double> hidden(s.size(), 0.0);
                QCOMPARE(softmaxRow(s.data(), hidden.data(), n, 1.0, out.data()), RowStatus::AllMasked);
                for (double bad : {inf, -inf, std::nan("")}) {
                    s.back() = bad;
                    QCOMPARE(softmaxRow(s.data(), nullptr, n, 1.0, out.data()), RowStatus::NonFinite);
                    // A bad score where the cell is hidden does not matter.
                    std::vector<double> visible(s.size(), 1.0);
                    visible.back() = 0;
                    if (n > 1) {
                        QCOMPARE(softmaxRow(s.data(), visible.data(), n, 1.0, out.data()), RowStatus::Ok);
                        QCOMPARE(out.back(), 0.0);
                        QCOMPARE(out.front(), 1.0 / (n - 1));
                    }
                    s.back() = 1.0;
                }
                // Finite scores whose scaled value overflows: not finite either.
                s.front() = 1e308;
                QCOMPARE(softmaxRow(s.data(), nullptr, n, 1e-10, out.data()), RowStatus::NonFinite);
            }
        }
    }

    // A row whose every shown cell lies within 708 of its top takes the table-driven exp; one cell
    // below sends the row to the exp that reaches the subnormals. Both sides of that edge, with
    // and without hidden cells (whose scores never decide it), against long double.
    void bothSidesOfTheFastExp()
    {
        for (SimdLevel level : levelsHere()) {
            setSimdLevel(level);
            for (double low : {-707.9, -708.0, -708.0000001, -708.5, -720.0, -744.0, -800.0})
                for (int n : {2, 5, 8, 11, 19})
                    for (bool masked : {false, true}) {
                        std::vector<double> s(static_cast<std::size_t>(n), 0.0), visible;
                        s[1] = low;
                        if (masked) {
                            visible.assign(s.size(), 1.0);
                            visible.back() = 0;
                            s.back() = -1e300; // hidden: far below, yet not a reason for the slow path
                        }
                        std::vector<double> out(s.size(), -1.0);
                        QCOMPARE(
                            softmaxRow(s.data(), masked ? visible.data() : nullptr, n, 1.0, out.data()), RowStatus::Ok);
                        const Reference ref = referenceSoftmax(s, visible, 1.0);
                        for (std::size_t j = 0; j < s.size(); ++j) {
                            const double want = ref.weights[j];
                            QVERIFY2(std::abs(out[j] - want) <= 4e-16 * want + 1e-323,
                                qPrintable(QStringLiteral("%1 low=%2 n=%3 j=%4: %5 vs %6")
                                               .arg(QLatin1String(simdLevelName(level)))
                                               .arg(low)
                                               .arg(n)
                                               .arg(j)
                                               .arg(out[j], 0, 'g', 17)
                                               .arg(want, 0, 'g', 17)));
                        }
                        if (masked)
                            QCOMPARE(out.back(), 0.0);
                    }
        }
    }

    // In place (out == scores), at the extremes of the exponent: the largest weight is exactly 1
    // before normalizing, and far-below ones underflow to 0 without NaN.
    void inPlaceAndExtremes()
    {
        for (SimdLevel level : levelsHere()) {
            setSimdLevel(level);
            std::vector<double> s {1000.0, 0.0, -1000.0, 999.0, 1000.0};
            QCOMPARE(softmaxRow(s.data(), nullptr, 5, 1.0, s.data()), RowStatus::Ok);
            const double e1 = std::exp(-1.0);
            const double sum = 2 + e1;
            QCOMPARE(s[0], 1 / sum);
            QCOMPARE(s[1], 0.0);
            QCOMPARE(s[2], 0.0);
            QVERIFY(std::abs(s[3] - e1 / sum) < 1e-16);
            QCOMPARE(s[4], 1 / sum);
        }
    }
};

QTEST_GUILESS_MAIN(TestSoftmaxKernel)
#include "tst_softmaxkernel.moc"
