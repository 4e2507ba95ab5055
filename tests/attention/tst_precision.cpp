#include "attention/engine.h"
#include "attention/precision.h"
#include "document/documentio.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace qkv;

namespace {

// An IEEE half's bits as the double it stands for.
double fromHalfBits(quint16 bits)
{
    const int sign = bits >> 15, exponent = (bits >> 10) & 0x1f, fraction = bits & 0x3ff;
    const double magnitude = exponent == 0 ? std::ldexp(fraction, -24) : std::ldexp(1024 + fraction, exponent - 25);
    return sign ? -magnitude : magnitude;
}

Document threeWords(Precision precision, SoftmaxForm form)
{
    const QByteArray json = R"({"format": "qkvlab", "version": 1, "sentence": "a b c", "dim": 2,
        "normalization": "scaled-softmax", "words": {
        "a": {"q": [0.1, 0.2], "k": [0.3, -0.1], "v": [1.0, 0.5]},
        "b": {"q": [0.7, -0.3], "k": [0.2, 0.9], "v": [-0.4, 0.8]},
        "c": {"q": [1.3, 0.6], "k": [-0.5, 0.4], "v": [0.25, -1.1]}}})";
    Document doc = *parseDocument(json).document;
    Settings s = doc.settings();
    s.precision = precision;
    s.softmax = form;
    doc.setSettings(s);
    return doc;
}

} // namespace

// Narrow arithmetic, one rounding after every operation.
class TstPrecision : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundingToEachFormat()
    {
        // float16: 11 significant bits, ties to even, 65504 the largest, 2^-24 the smallest.
        QCOMPARE(roundTo(0.1, Precision::Float16), 0.0999755859375);
        QCOMPARE(roundTo(65519.0, Precision::Float16), 65504.0);
        QCOMPARE(roundTo(65520.0, Precision::Float16), std::numeric_limits<double>::infinity());
        QCOMPARE(roundTo(-1e6, Precision::Float16), -std::numeric_limits<double>::infinity());
        QCOMPARE(roundTo(std::ldexp(1.0, -25), Precision::Float16), 0.0); // a tie, to the even 0
        QCOMPARE(roundTo(3 * std::ldexp(1.0, -25), Precision::Float16), std::ldexp(1.0, -23));
        QCOMPARE(roundTo(1 + std::ldexp(1.0, -11), Precision::Float16), 1.0); // a tie, to even
        QCOMPARE(roundTo(1 + 3 * std::ldexp(1.0, -11), Precision::Float16), 1 + std::ldexp(1.0, -9));
        QVERIFY(std::isnan(roundTo(std::nan(""), Precision::Float16)));
        // bfloat16: 8 significant bits with float32's range.
        QCOMPARE(roundTo(1.00390625, Precision::BFloat16), 1.0);
        QCOMPARE(roundTo(1.01171875, Precision::BFloat16), 1.015625);
        QCOMPARE(roundTo(0.1, Precision::BFloat16), 0.10009765625);
        QCOMPARE(roundTo(1e38, Precision::BFloat16), 150 * std::ldexp(1.0, 119));
        QCOMPARE(roundTo(3.5e38, Precision::BFloat16), std::numeric_limits<double>::infinity());
        QCOMPARE(roundTo(0.1, Precision::Float32), double(0.1f));
        QCOMPARE(roundTo(0.1, Precision::Float64), 0.1);
    }

    // Three words in float16, checked bit for bit against numpy's float16 doing the same steps
    // (each product, sum, the division by √2, the maximum subtracted, exp, the row sum, the division).
    void float16MatchesNumpyBitForBit()
    {
        const Result r = compute(threeWords(Precision::Float16, SoftmaxForm::Stable));
        const quint16 weights[3][3] = {{0x3511, 0x35cb, 0x3523}, {0x36bd, 0x352f, 0x3413}, {0x355b, 0x3778, 0x3259}};
        const quint16 outputs[3][2] = {{0x3409, 0x2e10}, {0x35af, 0x3212}, {0x3253, 0x3528}};
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j)
                QCOMPARE(r.heads[0].weights(i, j), fromHalfBits(weights[i][j]));
            for (int c = 0; c < 2; ++c)
                QCOMPARE(r.heads[0].output(i, c), fromHalfBits(outputs[i][c]));
        }
        QVERIFY(r.warnings.empty());
        // Not the float64 weights: 0.31665 where float64 gives 0.31666…
        const Result exact = compute(threeWords(Precision::Float64, SoftmaxForm::Stable));
        QVERIFY(std::abs(exact.heads[0].weights(0, 0) - r.heads[0].weights(0, 0)) > 1e-6);
    }

    // Large scores: a naive float16 softmax overflows and the rows that break are named in the
    // warnings: a's (a·a/√2 = 141, exp(141) is ∞, ∞/∞ NaN) and c's (19/√2 = 13.4, exp past 65504),
    // not b's (4/√2). The stable one saturates to one-hot instead.
    void naiveFloat16Overflows()
    {
        Document doc = threeWords(Precision::Float16, SoftmaxForm::Naive);
        WordVectors a = doc.wordVectors(QStringLiteral("a"));
        a.q.row(0) << 10, 10;
        a.k.row(0) << 10, 10;
        doc.setWordVectors(QStringLiteral("a"), a);
        Result r = compute(doc);
        QCOMPARE(int(r.warnings.size()), 2);
        QCOMPARE(r.warnings[0].row, 0);
        QCOMPARE(r.warnings[1].row, 2);
        QVERIFY(r.warnings[0].issue == RowIssue::NonFinite && r.warnings[1].issue == RowIssue::NonFinite);
        QCOMPARE(r.heads[0].weights.row(0).sum(), 0.0);
        QVERIFY(std::abs(r.heads[0].weights.row(1).sum() - 1) < 1e-3);
        Settings s = doc.settings();
        s.softmax = SoftmaxForm::Stable;
        doc.setSettings(s);
        r = compute(doc);
        QCOMPARE(r.heads[0].weights(0, 0), 1.0);
        QCOMPARE(r.heads[0].weights(0, 1), 0.0);
        // Named too: a's row is one-hot although a sees three keys (e^(−141) is 0 in float16);
        // its weights are kept.
        QCOMPARE(int(r.warnings.size()), 1);
        QCOMPARE(r.warnings[0].row, 0);
        QVERIFY(r.warnings[0].issue == RowIssue::Saturated);
        QVERIFY(describe(r.warnings[0], r.tokens).contains(QStringLiteral("one-hot")));
        QCOMPARE(r.heads[0].weights.row(0).sum(), 1.0);
        // A value past float16's largest is ∞ in the arithmetic: the row it breaks is named, and
        // the result holds it at 65504, every number finite for the views.
        WordVectors b = doc.wordVectors(QStringLiteral("b"));
        b.q(0, 0) = 1e5;
        doc.setWordVectors(QStringLiteral("b"), b);
        r = compute(doc);
        QCOMPARE(r.heads[0].queries(1, 0), 65504.0);
        QVERIFY(r.heads[0].scores.allFinite() && r.heads[0].weights.allFinite() && r.output.allFinite());
        QVERIFY(std::any_of(r.warnings.begin(), r.warnings.end(), [](const RowWarning &w) { return w.row == 1; }));
        b.q(0, 0) = 0.7;
        doc.setWordVectors(QStringLiteral("b"), b);
        // float64 with the naive form still copes: exp(141) is finite in double.
        s.precision = Precision::Float64;
        s.softmax = SoftmaxForm::Naive;
        doc.setSettings(s);
        QVERIFY(compute(doc).warnings.empty());
    }

    // The settings are kept in the document; the defaults are not written, so older files stay as they were.
    void documentsKeepThePrecision()
    {
        const Document doc = threeWords(Precision::BFloat16, SoftmaxForm::Naive);
        const QByteArray bytes = serializeDocument(doc);
        QVERIFY(bytes.contains("\"precision\": \"bfloat16\""));
        QVERIFY(bytes.contains("\"softmax\": \"naive\""));
        const Document back = *parseDocument(bytes).document;
        QVERIFY(back.settings().precision == Precision::BFloat16);
        QVERIFY(back.settings().softmax == SoftmaxForm::Naive);
        const QByteArray plain = serializeDocument(threeWords(Precision::Float64, SoftmaxForm::Stable));
        QVERIFY(!plain.contains("\"precision\"") && !plain.contains("\"softmax\""));
        const LoadResult bad
            = parseDocument(R"({"format": "qkvlab", "version": 1, "sentence": "a", "precision": "float8"})");
        QVERIFY(!bad);
        QVERIFY2(bad.error.toString().contains(QStringLiteral("precision")), qPrintable(bad.error.toString()));
    }
};

QTEST_GUILESS_MAIN(TstPrecision)
#include "tst_precision.moc"
