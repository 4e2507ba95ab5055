// kernels::multiply against a plain triple loop, for every transposition, with strides larger
// than the rows (blocks of bigger matrices, as the engine passes the halves of a product).

#include "kernels/matmul.h"

#include <QTest>

#include <random>
#include <vector>

using namespace qkv::kernels;

class TestMatmulKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyTransposition_data()
    {
        QTest::addColumn<bool>("transA");
        QTest::addColumn<bool>("transB");
        for (bool a : {false, true})
            for (bool b : {false, true})
                QTest::addRow("%s%s", a ? "At" : "A", b ? "Bt" : "B") << a << b;
    }

    void everyTransposition()
    {
        QFETCH(bool, transA);
        QFETCH(bool, transB);
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> u(-1, 1);
        for (const auto &[m, n, k] : {std::tuple {1, 1, 1}, {7, 5, 3}, {64, 33, 17}, {130, 70, 65}}) {
            // op(A) is m × k, op(B) is k × n; stored column-major with 3 spare rows each.
            const int aRows = transA ? k : m, aCols = transA ? m : k;
            const int bRows = transB ? n : k, bCols = transB ? k : n;
            const int lda = aRows + 3, ldb = bRows + 3, ldc = m + 2;
            std::vector<double> a(static_cast<std::size_t>(lda * aCols)), b(static_cast<std::size_t>(ldb * bCols));
            for (double &v : a)
                v = u(rng);
            for (double &v : b)
                v = u(rng);
            std::vector<double> c(static_cast<std::size_t>(ldc * n), 42.0);
            multiply({a.data(), lda, transA}, {b.data(), ldb, transB}, m, n, k, c.data(), ldc);
            const auto at
                = [&](int i, int t) { return transA ? a[std::size_t(t + i * lda)] : a[std::size_t(i + t * lda)]; };
            const auto bt
                = [&](int t, int j) { return transB ? b[std::size_t(j + t * ldb)] : b[std::size_t(t + j * ldb)]; };
            for (int i = 0; i < m; ++i)
                for (int j = 0; j < n; ++j) {
                    double want = 0;
                    for (int t = 0; t < k; ++t)
                        want += at(i, t) * bt(t, j);
                    QVERIFY(std::abs(c[std::size_t(i + j * ldc)] - want) < 1e-13 * k);
                }
            // The spare rows of C are not written.
            for (int j = 0; j < n; ++j)
                QCOMPARE(c[std::size_t(m + j * ldc)], 42.0);
        }
    }

    void namesItsLibrary() { QVERIFY(QByteArray(blasName()).contains("OpenBLAS")); }
};

QTEST_GUILESS_MAIN(TestMatmulKernel)
#include "tst_matmulkernel.moc"
