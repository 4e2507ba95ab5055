// kernels::multiply against a plain triple loop, in double and float, for every transposition,
// with strides larger than the rows (blocks of bigger matrices, as the engine passes the halves of
// a product), at every SIMD level the CPU has (our own kernels take the small products of
// attention's blocks from AVX2 up, at sizes that end in every kind of partial vector and tile);
// and the BLAS kernels chosen for this CPU.

#include "kernels/matmul.h"
#include "kernels/simdlevel.h"

#include <QTest>

#include <dlfcn.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace qkv::kernels;

namespace {

// C = op(A)·op(B) of random matrices against a triple loop in double, for T = double or float.
using Shape = std::tuple<int, int, int>;
template<class T, class Ref>
void checkProduct(bool transA, bool transB, double tolerance, const std::vector<Shape> &shapes)
{
    std::mt19937 rng(3);
    std::uniform_real_distribution<T> u(-1, 1);
    for (const auto &[m, n, k] : shapes) {
        // op(A) is m × k, op(B) is k × n; stored column-major with 3 spare rows each.
        const int aRows = transA ? k : m, aCols = transA ? m : k;
        const int bRows = transB ? n : k, bCols = transB ? k : n;
        const int lda = aRows + 3, ldb = bRows + 3, ldc = m + 2;
        std::vector<T> a(static_cast<std::size_t>(lda * aCols)), b(static_cast<std::size_t>(ldb * bCols));
        for (T &v : a)
            v = u(rng);
        for (T &v : b)
            v = u(rng);
        std::vector<T> c(static_cast<std::size_t>(ldc * n), T(42));
        multiply(Ref {a.data(), lda, transA}, Ref {b.data(), ldb, transB}, m, n, k, c.data(), ldc);
        const auto at
            = [&](int i, int t) { return transA ? a[std::size_t(t + i * lda)] : a[std::size_t(i + t * lda)]; };
        const auto bt
            = [&](int t, int j) { return transB ? b[std::size_t(j + t * ldb)] : b[std::size_t(t + j * ldb)]; };
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                double want = 0;
                for (int t = 0; t < k; ++t)
                    want += double(at(i, t)) * double(bt(t, j));
                QVERIFY(std::abs(double(c[std::size_t(i + j * ldc)]) - want) < tolerance * k);
            }
        // The spare rows of C are not written.
        for (int j = 0; j < n; ++j)
            QCOMPARE(c[std::size_t(m + j * ldc)], T(42));

        // An infinity in row i of op(A) makes row i of C infinite or NaN (times 0) and no other:
        // no padding lane or tail multiplies it into another cell.
        const int i = m / 2, t = k / 3;
        (transA ? a[std::size_t(t + i * lda)] : a[std::size_t(i + t * lda)]) = std::numeric_limits<T>::infinity();
        multiply(Ref {a.data(), lda, transA}, Ref {b.data(), ldb, transB}, m, n, k, c.data(), ldc);
        for (int r = 0; r < m; ++r)
            for (int j = 0; j < n; ++j)
                QCOMPARE(bool(std::isfinite(c[std::size_t(r + j * ldc)])), r != i);
    }
}

// Every count of rows, columns and inner size up to two vectors and a tile, and the shapes of a
// 64-token head at d = 3 and d = 64 and of a block of 512 keys.
std::vector<Shape> shapesAroundTiles()
{
    std::vector<Shape> shapes {{64, 64, 64}, {64, 64, 3}, {64, 3, 64}, {32, 512, 64}, {512, 32, 64}, {100, 9, 130}};
    for (int m : {1, 2, 5, 8, 13, 23, 24, 25, 31})
        for (int n : {1, 3, 4, 7, 9, 17})
            for (int k : {1, 3, 8, 15, 17})
                shapes.push_back({m, n, k});
    return shapes;
}

const std::vector<Shape> fewShapes {{1, 1, 1}, {7, 5, 3}, {64, 33, 17}, {130, 70, 65}};

// B's values rounded to bfloat16 (the upper halves of their floats), and those halves as a file
// stores them, starting at an odd address.
struct Bf16Copy {
    std::vector<float> widened;
    std::vector<unsigned char> bytes;
    const unsigned short *halves() const { return reinterpret_cast<const unsigned short *>(bytes.data() + 1); }
};
Bf16Copy roundedToBf16(const std::vector<float> &b)
{
    Bf16Copy out {b, std::vector<unsigned char>(2 * b.size() + 1)};
    for (std::size_t i = 0; i < b.size(); ++i) {
        const auto bits = std::bit_cast<std::uint32_t>(b[i]) & 0xffff0000u;
        out.widened[i] = std::bit_cast<float>(bits);
        const auto half = static_cast<std::uint16_t>(bits >> 16);
        std::memcpy(out.bytes.data() + 1 + 2 * i, &half, 2);
    }
    return out;
}

// multiplyFewRows (and its bfloat16 form) on tokens padded as matmul.h asks, for `shapes`: the
// triple loop's values, nothing written to a row of C that is not there, and the C it computed
// (the bfloat16 form's, which must be the same, bit for bit).
std::vector<std::vector<float>> checkFewRows(const std::vector<Shape> &shapes)
{
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> u(-1, 1);
    std::vector<std::vector<float>> results;
    for (const auto &[m, n, k] : shapes) {
        const std::ptrdiff_t rows = paddedRows(m), ldb = k + 3;
        std::vector<float> a(std::size_t(rows * k), 0.0f), b(std::size_t(ldb * n));
        for (int t = 0; t < k; ++t)
            for (int i = 0; i < m; ++i)
                a[std::size_t(i + t * rows)] = u(rng);
        for (float &v : b)
            v = u(rng);
        const Bf16Copy bf16 = roundedToBf16(b);
        std::vector<float> c(std::size_t(rows * n), 42.0f), next(1000);
        multiplyFewRows(a.data(), bf16.widened.data(), ldb, m, n, k, c.data(), next.data(), 4000);
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                double want = 0;
                for (int t = 0; t < k; ++t)
                    want += double(a[std::size_t(i + t * rows)]) * double(bf16.widened[std::size_t(t + j * ldb)]);
                if (std::abs(double(c[std::size_t(i + j * rows)]) - want) >= 1e-6 * k)
                    qFatal("C(%d, %d) of %d × %d × %d: %g, not %g", i, j, m, n, k, c[std::size_t(i + j * rows)], want);
            }
        std::vector<float> fromHalves(c.size(), 42.0f);
        if (multiplyFewRowsBf16(a.data(), bf16.halves(), ldb, m, n, k, fromHalves.data()))
            for (int j = 0; j < n; ++j)
                for (int i = 0; i < m; ++i)
                    if (std::bit_cast<std::uint32_t>(fromHalves[std::size_t(i + j * rows)])
                        != std::bit_cast<std::uint32_t>(c[std::size_t(i + j * rows)]))
                        qFatal("bfloat16 C(%d, %d) of %d × %d × %d differs", i, j, m, n, k);
        // A few tokens as dot products, C with a spare row.
        if (m < 8) {
            std::vector<float> rowsOfX(std::size_t(m * k)), dots(std::size_t((m + 1) * n), 42.0f);
            for (int i = 0; i < m; ++i)
                for (int t = 0; t < k; ++t)
                    rowsOfX[std::size_t(i * k + t)] = a[std::size_t(i + t * rows)];
            if (dotRowsBf16(rowsOfX.data(), m, bf16.halves(), ldb, n, k, dots.data(), m + 1))
                for (int j = 0; j < n; ++j) {
                    for (int i = 0; i < m; ++i) {
                        const float got = dots[std::size_t(i + j * (m + 1))], want = c[std::size_t(i + j * rows)];
                        if (std::abs(got - want) >= 1e-6f * float(k))
                            qFatal("dot C(%d, %d) of %d × %d × %d: %g, not %g", i, j, m, n, k, got, want);
                    }
                    if (dots[std::size_t(m + j * (m + 1))] != 42.0f)
                        qFatal("dot products wrote past row %d", m);
                }
        }
        std::vector<float> kept;
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i)
                kept.push_back(c[std::size_t(i + j * rows)]);
        results.push_back(kept);
    }
    return results;
}

// Rows of tokens that end in every kind of partial strip, columns in every kind of partial tile,
// odd and even inner sizes, and a layer's shape.
std::vector<Shape> fewRowsShapes()
{
    std::vector<Shape> shapes {{32, 100, 1024}, {9, 40, 96}, {1, 9, 1000}, {6, 3, 37}};
    for (int m : {1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 48, 64})
        for (int n : {1, 5, 6, 7, 11, 12, 13, 25})
            for (int k : {1, 2, 3, 17, 64})
                shapes.push_back({m, n, k});
    return shapes;
}

} // namespace

class TestMatmulKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { setSimdLevel(supportedSimdLevel()); }

    void everyTransposition_data()
    {
        QTest::addColumn<bool>("transA");
        QTest::addColumn<bool>("transB");
        QTest::addColumn<int>("level");
        for (const SimdLevel level : {SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512})
            for (bool a : {false, true})
                for (bool b : {false, true})
                    if (level <= supportedSimdLevel())
                        QTest::addRow("%s%s %s", a ? "At" : "A", b ? "Bt" : "B", simdLevelName(level))
                            << a << b << int(level);
    }

    void everyTransposition()
    {
        QFETCH(bool, transA);
        QFETCH(bool, transB);
        QFETCH(int, level);
        QCOMPARE(setSimdLevel(SimdLevel(level)), SimdLevel(level));
        checkProduct<double, MatrixRef>(transA, transB, 1e-13, shapesAroundTiles());
        // Single precision: each product's rounding, k of them summed.
        checkProduct<float, FloatMatrixRef>(transA, transB, 1e-6, fewShapes);
    }

    // The product of a model's layers for a sentence's tokens: right at every level, the same
    // floats from AVX2 and AVX-512 (each cell summed in order with fused multiply-adds), and from
    // bfloat16 weights read as stored as from the same weights widened; and for one to seven tokens
    // the dot products' values.
    void fewRows()
    {
        std::vector<std::vector<std::vector<float>>> byLevel;
        for (const SimdLevel level : {SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}) {
            if (level > supportedSimdLevel())
                continue;
            QCOMPARE(setSimdLevel(level), level);
            const bool own = multiplyFewRowsBf16(nullptr, nullptr, 1, 1, 0, 0, nullptr);
            QCOMPARE(own, level != SimdLevel::Sse2);
            const auto results = checkFewRows(fewRowsShapes());
            if (own)
                byLevel.push_back(results);
        }
        if (byLevel.size() < 2)
            QSKIP("one level of our kernels on this CPU: nothing to compare");
        QVERIFY(byLevel[0] == byLevel[1]);
    }

    void namesItsLibrary() { QVERIFY(QByteArray(blasName()).contains("OpenBLAS")); }

    // A CPU OpenBLAS does not know by its model number gets its SSE3 kernels (Prescott); one with
    // AVX2 and FMA must run wider ones, unless OPENBLAS_CORETYPE asked for them.
    void kernelsFitTheCpu()
    {
        __builtin_cpu_init();
        if (qEnvironmentVariableIsSet("OPENBLAS_CORETYPE") || !__builtin_cpu_supports("avx2")
            || !__builtin_cpu_supports("fma"))
            QSKIP("no AVX2 and FMA here, or OPENBLAS_CORETYPE chooses the kernels");
        QVERIFY2(QByteArray(blasKernels()) != "Prescott", blasKernels());
        QVERIFY(!QByteArray(blasKernels()).isEmpty());
    }

    // The worker threads a threaded OpenBLAS starts when it loads are ended once the library is
    // set to one thread a call: they would spin on a core for the process's first 100 ms or so.
    void blasKeepsNoThreads()
    {
        QVERIFY(blasKernels()); // the kernels' set-up has run
        const auto *serverRuns = static_cast<const int *>(dlsym(RTLD_DEFAULT, "blas_server_avail"));
        if (!serverRuns)
            QSKIP("not a threaded OpenBLAS: it starts no threads");
        QCOMPARE(*serverRuns, 0);
        // Products still run, on this thread.
        const double a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
        double c[4] = {};
        multiply({a, 2, false}, {b, 2, false}, 2, 2, 2, c, 2);
        QCOMPARE(c[0], 23.0); // column-major: [1 3; 2 4]·[5 7; 6 8]
        QCOMPARE(c[3], 46.0);
        QCOMPARE(*serverRuns, 0);
    }
};

QTEST_GUILESS_MAIN(TestMatmulKernel)
#include "tst_matmulkernel.moc"
