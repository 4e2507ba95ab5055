#include "attention/engine.h"
#include "document/documentio.h"
#include "document/examples.h"
#include "explorer/invariance.h"

#include "crossdocument.h"

#include <QTest>

#include <cmath>
#include <numbers>

using namespace qkv;
using namespace qkv::explore;

namespace {

Document example(const QString &name)
{
    return *loadDocument(QStringLiteral("example:") + name).document;
}

const ViewChange &view(const InvarianceReport &r, const char *name)
{
    for (const ViewChange &v : r.views)
        if (v.view == QLatin1String(name))
            return v;
    static const ViewChange none;
    return none;
}

Document withSettings(Document doc, const std::function<void(Settings &)> &change)
{
    Settings s = doc.settings();
    change(s);
    doc.setSettings(s);
    return doc;
}

} // namespace

// The invariances panel's arithmetic: each transformation, what it leaves and why.
class TstInvariance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Adding (1, 1, 1) to every key moves row i's scores by q_i·(1, 1, 1) each, which softmax
    // ignores; a sum row does not.
    void shiftingKeysMovesWholeRows()
    {
        const Document doc = example(QStringLiteral("animal"));
        const Transformed t = transform(doc, Invariance::ShiftKeys);
        QVERIFY(t.document);
        const Result a = compute(doc), b = compute(*t.document);
        for (int i = 0; i < doc.tokenCount(); ++i) {
            const double rowShift = a.heads[0].queries.row(i).sum();
            for (int j = 0; j < doc.tokenCount(); ++j)
                QVERIFY(std::abs(b.heads[0].scores(i, j) - a.heads[0].scores(i, j) - rowShift) < 1e-12);
        }
        const InvarianceReport r = compare(doc, t, Invariance::ShiftKeys);
        QVERIFY(view(r, "scores").changed);
        QVERIFY(!view(r, "weights").changed);
        QVERIFY(view(r, "weights").largest < 1e-12);
        QVERIFY(!view(r, "outputs").changed);
        QVERIFY2(r.why.contains(QStringLiteral("softmax ignores")), qPrintable(r.why));

        const Document sum = withSettings(doc, [](Settings &s) { s.normalization = Normalization::Sum; });
        const InvarianceReport rs = compare(sum, transform(sum, Invariance::ShiftKeys), Invariance::ShiftKeys);
        QVERIFY(view(rs, "weights").changed);
        QVERIFY(rs.why.contains(QStringLiteral("sum")));
    }

    // (2q)·(k/2) = q·k in direct and in projection mode.
    void scalingQueriesAndKeysChangesNothing()
    {
        for (const QString &name : {QStringLiteral("animal"), QStringLiteral("riley")}) {
            Document doc = example(name);
            for (Mode mode : {Mode::Direct, Mode::Projection}) {
                doc = withSettings(doc, [mode](Settings &s) { s.mode = mode; });
                const Transformed t = transform(doc, Invariance::ScaleQueriesKeys);
                QVERIFY(t.document);
                if (mode == Mode::Direct)
                    QCOMPARE(t.document->wordVectors(doc.vectorKey(0)).q(0, 0),
                        2 * doc.wordVectors(doc.vectorKey(0)).q(0, 0));
                const InvarianceReport r = compare(doc, t, Invariance::ScaleQueriesKeys);
                for (const ViewChange &v : r.views)
                    QVERIFY2(!v.changed,
                        qPrintable(name + QLatin1Char(' ') + v.view + QLatin1Char(' ') + QString::number(v.largest)));
            }
        }
    }

    // The same rotation of queries and keys: (1, 0, 0) turns to (cos 30°, sin 30°, 0), dot products stay.
    void rotatingKeepsDotProducts()
    {
        Document doc = example(QStringLiteral("animal"));
        WordVectors it = doc.wordVectors(QStringLiteral("it"));
        it.q.row(0) << 1, 0, 0;
        doc.setWordVectors(QStringLiteral("it"), it);
        const Transformed t = transform(doc, Invariance::RotateQueriesKeys);
        const Eigen::MatrixXd q = t.document->wordVectors(QStringLiteral("it")).q;
        QVERIFY(std::abs(q(0, 0) - std::cos(std::numbers::pi / 6)) < 1e-15);
        QVERIFY(std::abs(q(0, 1) - 0.5) < 1e-15);
        QCOMPARE(q(0, 2), 0.0);
        const InvarianceReport r = compare(doc, t, Invariance::RotateQueriesKeys);
        QVERIFY(!view(r, "scores").changed && !view(r, "weights").changed && !view(r, "outputs").changed);
        Document one = withSettings(doc, [](Settings &s) { s.dim = 1; });
        QVERIFY(transform(one, Invariance::RotateQueriesKeys).refusal.contains(QStringLiteral("2 dimensions")));
    }

    // Reversed words: attention reverses with them (by word and by position), unless positions
    // or a causal mask stay with the places.
    void reversingPermutesAttentionUnlessPlacesMatter()
    {
        const Document doc = example(QStringLiteral("animal"));
        const Transformed t = transform(doc, Invariance::PermuteWords);
        QVERIFY(t.document);
        QCOMPARE(t.document->tokens().first(), QStringLiteral("tired"));
        QCOMPARE(t.order.front(), doc.tokenCount() - 1);
        const Result a = compute(doc), b = compute(*t.document);
        const int n = doc.tokenCount();
        QCOMPARE(b.heads[0].weights(0, n - 1 - 1), a.heads[0].weights(n - 1, 1)); // tired → animal
        InvarianceReport r = compare(doc, t, Invariance::PermuteWords);
        QVERIFY(!view(r, "weights").changed);
        QVERIFY(r.why.contains(QStringLiteral("no sense of order")));

        const Document perToken = withSettings(doc, [](Settings &s) { s.vectors = VectorScope::PerToken; });
        QVERIFY(
            !view(compare(perToken, transform(perToken, Invariance::PermuteWords), Invariance::PermuteWords), "weights")
                 .changed);

        const Document causal = withSettings(doc, [](Settings &s) { s.mask = MaskKind::Causal; });
        r = compare(causal, transform(causal, Invariance::PermuteWords), Invariance::PermuteWords);
        QVERIFY(view(r, "weights").changed);
        QVERIFY(r.why.contains(QStringLiteral("causal mask")));

        const Document positions = withSettings(doc, [](Settings &s) {
            s.mode = Mode::Projection;
            s.positions = Positions::Sinusoidal;
        });
        r = compare(positions, transform(positions, Invariance::PermuteWords), Invariance::PermuteWords);
        QVERIFY(view(r, "weights").changed);
        QVERIFY(r.why.contains(QStringLiteral("sinusoidal")));
        const Document off = withSettings(positions, [](Settings &s) { s.positions = Positions::None; });
        QVERIFY(
            !view(compare(off, transform(off, Invariance::PermuteWords), Invariance::PermuteWords), "weights").changed);
    }

    // T × 2 gives the weights of halved queries, with the raw scores kept.
    void temperatureIsScaledScores()
    {
        const Document doc = example(QStringLiteral("animal"));
        const Transformed t = transform(doc, Invariance::Temperature);
        QCOMPARE(t.document->settings().temperature, 2 * doc.settings().temperature);
        const InvarianceReport r = compare(doc, t, Invariance::Temperature);
        QVERIFY(!view(r, "scores").changed);
        QVERIFY(view(r, "weights").changed);
        Document halved = doc;
        for (const QString &w : doc.tokens()) {
            WordVectors v = halved.wordVectors(w);
            v.q = doc.wordVectors(w).q * 0.5;
            halved.setWordVectors(w, v);
        }
        QVERIFY(
            (compute(halved).heads[0].weights - compute(*t.document).heads[0].weights).cwiseAbs().maxCoeff() < 1e-12);
        QVERIFY(r.why.contains(QStringLiteral("halved")));

        const Document none = withSettings(doc, [](Settings &s) { s.normalization = Normalization::None; });
        const InvarianceReport rn = compare(none, transform(none, Invariance::Temperature), Invariance::Temperature);
        QVERIFY(!view(rn, "weights").changed);
        QVERIFY(rn.why.contains(QStringLiteral("does not use the temperature")));
    }

    // Across two sentences (hand-worked in crossdocument.h): the keys shifted by (1, 1) move I's
    // scores by q(I)·(1, 1) = 1 and see's by 2, and reversing reverses each sentence.
    void crossAttentionTransformsBothSentences()
    {
        const Document doc = test::handWorkedCross();
        const Result a = compute(doc);
        const Transformed shifted = transform(doc, Invariance::ShiftKeys);
        QVERIFY2(shifted.document, qPrintable(shifted.refusal));
        const Result b = compute(*shifted.document);
        const double rowShift[] = {1, 2};
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 3; ++j)
                QVERIFY(std::abs(b.heads[0].scores(i, j) - a.heads[0].scores(i, j) - rowShift[i]) < 1e-12);
        InvarianceReport r = compare(doc, shifted, Invariance::ShiftKeys);
        QVERIFY(view(r, "scores").changed);
        QVERIFY(!view(r, "weights").changed);
        QVERIFY(
            !view(compare(doc, transform(doc, Invariance::ScaleQueriesKeys), Invariance::ScaleQueriesKeys), "scores")
                 .changed);
        QVERIFY(
            !view(compare(doc, transform(doc, Invariance::RotateQueriesKeys), Invariance::RotateQueriesKeys), "scores")
                 .changed);
        r = compare(doc, transform(doc, Invariance::Temperature), Invariance::Temperature);
        QVERIFY(view(r, "weights").changed);

        for (const VectorScope scope : {VectorScope::PerWord, VectorScope::PerToken}) {
            Document masked = withSettings(doc, [&](Settings &s) { s.vectors = scope; });
            masked.setMaskedCells({{0, 2}}); // I ↛ bien
            const Transformed t = transform(masked, Invariance::PermuteWords);
            QVERIFY2(t.document, qPrintable(t.refusal));
            QCOMPARE(t.document->tokens(), QStringList({QStringLiteral("see"), QStringLiteral("I")}));
            QCOMPARE(t.document->keyTokens(),
                QStringList({QStringLiteral("bien"), QStringLiteral("vois"), QStringLiteral("je")}));
            QVERIFY(t.document->maskedCells().count({1, 0}));
            const Result before = compute(masked), after = compute(*t.document);
            for (int i = 0; i < 2; ++i) {
                for (int j = 0; j < 3; ++j)
                    QVERIFY(std::abs(after.heads[0].weights(i, j) - before.heads[0].weights(1 - i, 2 - j)) < 1e-12);
                QVERIFY((after.output.row(i) - before.output.row(1 - i)).cwiseAbs().maxCoeff() < 1e-12);
            }
            r = compare(masked, t, Invariance::PermuteWords);
            QVERIFY(!view(r, "weights").changed);
            QVERIFY(r.why.contains(QStringLiteral("both sentences")));
        }
    }

    void givenWeightsAreRefused()
    {
        const Document birds = example(QStringLiteral("birds"));
        for (Invariance kind : allInvariances)
            if (kind != Invariance::Temperature)
                QVERIFY(!transform(birds, kind).refusal.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstInvariance)
#include "tst_invariance.moc"
