#include "modelfiles/headsummary.h"

#include <QTest>

using namespace qkv;

Q_DECLARE_METATYPE(qkv::FloatMatrix)

namespace {

FloatMatrix matrix(int n, std::initializer_list<float> values)
{
    FloatMatrix m(n, n);
    auto it = values.begin();
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            m(r, c) = *it++;
    return m;
}

} // namespace

class TstHeadSummary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void summary_data()
    {
        QTest::addColumn<FloatMatrix>("weights");
        QTest::addColumn<float>("strongest");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addColumn<double>("entropy");
        QTest::addColumn<double>("first");
        QTest::addColumn<double>("previous");
        QTest::addColumn<double>("self");
        // Every row on the first token: a sink, no spread.
        QTest::newRow("sink") << matrix(3, {1, 0, 0, 1, 0, 0, 1, 0, 0}) << 1.0f << 0 << 0 << 0.0 << 1.0 << 0.5
                              << 1.0 / 3;
        // Each token on the one before (the first on itself): a previous-token head.
        QTest::newRow("previous") << matrix(3, {1, 0, 0, 1, 0, 0, 0, 1, 0}) << 1.0f << 0 << 0 << 0.0 << 2.0 / 3 << 1.0
                                  << 1.0 / 3;
        // Uniform rows over four tokens: two bits each.
        QTest::newRow("uniform") << FloatMatrix(FloatMatrix::Constant(4, 4, 0.25f)) << 0.25f << 0 << 0 << 2.0 << 0.25
                                 << 0.25 << 0.25;
        // Halves and quarters: the peak is found where it is, rows of 1 and 1.5 bits.
        QTest::newRow("mixed") << matrix(2, {0.5f, 0.5f, 0.25f, 0.75f}) << 0.75f << 1 << 1
                               << (1.0 + (0.5 + 0.75 * -std::log2(0.75))) / 2 << 0.375 << 0.25 << 0.625;
        QTest::newRow("one token") << matrix(1, {1}) << 1.0f << 0 << 0 << 0.0 << 1.0 << 0.0 << 1.0;
    }

    void summary()
    {
        QFETCH(FloatMatrix, weights);
        const HeadSummary s = summarizeHead(weights);
        QTEST(s.strongest, "strongest");
        QTEST(s.from, "from");
        QTEST(s.to, "to");
        QFETCH(double, entropy);
        QVERIFY2(std::abs(s.entropyBits - entropy) < 1e-6, qPrintable(QString::number(s.entropyBits)));
        QTEST(s.toFirst, "first");
        QTEST(s.toPrevious, "previous");
        QFETCH(double, self);
        QVERIFY(std::abs(s.toSelf - self) < 1e-12);
    }

    void emptyMatrix()
    {
        const HeadSummary s = summarizeHead(FloatMatrix(0, 0));
        QCOMPARE(s.from, -1);
        QCOMPARE(s.to, -1);
        QCOMPARE(s.entropyBits, 0.0);
    }
};

QTEST_GUILESS_MAIN(TstHeadSummary)
#include "tst_headsummary.moc"
