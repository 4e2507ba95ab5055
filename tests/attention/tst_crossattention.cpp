// Cross-attention: queries from the sentence, keys and values from a second sentence, so the
// weights are n × m. Checked against hand-worked numbers, and through the document format.
#include "attention/engine.h"
#include "attention/incrementalupdate.h"
#include "document/documentio.h"

#include "crossdocument.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace qkv;

namespace {

Document reread(const Document &doc)
{
    const LoadResult r = parseDocument(serializeDocument(doc));
    if (!r)
        qFatal("%s", qPrintable(r.error.toString()));
    return *r.document;
}

QString loadError(const QJsonObject &o)
{
    const LoadResult r = readDocumentObject(o);
    return r ? QString() : r.error.toString();
}

QJsonObject crossJson()
{
    return QJsonDocument::fromJson(serializeDocument(test::handWorkedCross())).object();
}

} // namespace

class TstCrossAttention : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void weightsAreHandWorked()
    {
        const Result r = compute(test::handWorkedCross());
        QCOMPARE(r.tokens, QStringList({QStringLiteral("I"), QStringLiteral("see")}));
        QCOMPARE(r.keys(), QStringList({QStringLiteral("je"), QStringLiteral("vois"), QStringLiteral("bien")}));
        QVERIFY(r.isCross());
        const HeadResult &h = r.heads[0];
        QCOMPARE(h.scores.rows(), 2);
        QCOMPARE(h.scores.cols(), 3);
        QCOMPARE(h.scores(0, 0), 2.0);
        QCOMPARE(h.scores(0, 1), 0.0);
        QCOMPARE(h.scores(1, 2), 2.0);
        // e^(2/√2) : e^0 : e^(1/√2) = 4.11325 : 1 : 2.02811, over 7.14136.
        const double want[2][3] = {{0.575975, 0.140029, 0.283995}, {0.108383, 0.445808, 0.445808}};
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 3; ++j)
                QVERIFY2(
                    std::abs(h.weights(i, j) - want[i][j]) < 5e-7, qPrintable(QStringLiteral("%1 %2").arg(i).arg(j)));
        // O = A·V over the second sentence's values.
        QVERIFY(std::abs(h.output(0, 0) - 0.859971) < 5e-7);
        QVERIFY(std::abs(h.output(0, 1) - 0.424025) < 5e-7);
        QVERIFY(std::abs(h.output(1, 0) - 0.554192) < 5e-7);
        QVERIFY(std::abs(h.output(1, 1) - 0.891617) < 5e-7);
        QCOMPARE(r.output.rows(), 2);
    }

    // Rounded arithmetic forms the same n × m rows (each step rounded to float16).
    void narrowPrecisionIsRectangular()
    {
        Document doc = test::handWorkedCross();
        doc.setCrossSentence(QStringLiteral("je vois bien ici")); // "ici" takes default vectors
        const Result exact = compute(doc);
        Settings s = doc.settings();
        s.precision = Precision::Float16;
        doc.setSettings(s);
        const Result r = compute(doc);
        const HeadResult &h = r.heads[0];
        QCOMPARE(h.weights.rows(), 2);
        QCOMPARE(h.weights.cols(), 4);
        QCOMPARE(h.output.rows(), 2);
        QVERIFY(r.warnings.empty());
        // float16 keeps 11 significant bits: each weight within a few units of 2⁻¹¹ of the exact.
        QVERIFY2((h.weights - exact.heads[0].weights).cwiseAbs().maxCoeff() < 4e-3,
            qPrintable(QString::number((h.weights - exact.heads[0].weights).cwiseAbs().maxCoeff())));
        QVERIFY((h.output - exact.heads[0].output).cwiseAbs().maxCoeff() < 1e-2);
    }

    void selfAttentionHasNoKeyTokens()
    {
        Document doc = test::handWorkedCross();
        doc.setCrossSentence({});
        const Result r = compute(doc);
        QVERIFY(!r.isCross());
        QCOMPARE(r.keys(), r.tokens);
        QCOMPARE(r.heads[0].weights.cols(), 2);
    }

    void masksAndWeightsModeAreRectangular()
    {
        Document doc = test::handWorkedCross();
        doc.setMaskedCells({{0, 2}, {1, 0}, {0, 5}}); // (0, 5) is beyond the three keys
        QCOMPARE(doc.maskedCells().size(), std::size_t(2));
        Result r = compute(doc);
        QCOMPARE(r.heads[0].weights(0, 2), 0.0);
        // Row I over je and vois only: e^√2 : 1.
        QVERIFY(std::abs(r.heads[0].weights(0, 0) - 4.113250 / 5.113250) < 1e-6);
        // A shorter second sentence drops the masks beyond it.
        doc.setCrossSentence(QStringLiteral("je vois"));
        QCOMPARE(doc.maskedCells(), (std::set<Cell> {{1, 0}}));

        Settings s = doc.settings();
        s.mode = Mode::Weights;
        doc.setSettings(s);
        doc.setCrossSentence(QStringLiteral("je vois bien"));
        QCOMPARE(doc.attention(0).rows(), 2);
        QCOMPARE(doc.attention(0).cols(), 3);
        QCOMPARE(doc.attention(0)(1, 2), 1.0 / 3);
        doc.setValue({Field::Attention, {}, 0, 1, 2}, 0.5);
        r = compute(doc);
        QCOMPARE(r.heads[0].weights(1, 2), 0.5);
        QCOMPARE(r.heads[0].weights(1, 0), 0.0); // masked
        QVERIFY(doc.isValid({Field::Attention, {}, 0, 1, 2}));
        QVERIFY(!doc.isValid({Field::Attention, {}, 0, 2, 1}));
        QCOMPARE(reread(doc), doc);
    }

    void projectionProjectsTheSecondSentence()
    {
        Document doc = test::handWorkedCross();
        Settings s = doc.settings();
        s.mode = Mode::Projection;
        s.dModel = 3;
        s.positions = Positions::Sinusoidal;
        doc.setSettings(s);
        const Result r = compute(doc);
        const Projection p = doc.projection(0);
        Eigen::MatrixXd xb(3, 3);
        for (int j = 0; j < 3; ++j)
            xb.row(j) = doc.embedding(doc.keyTokens()[j]).transpose();
        xb += sinusoidalPositions(3, 3); // the second sentence's own positions, from 0
        QVERIFY((r.heads[0].keys - xb * p.wk).cwiseAbs().maxCoeff() < 1e-12);
        QVERIFY((r.heads[0].values - xb * p.wv).cwiseAbs().maxCoeff() < 1e-12);
        QCOMPARE(r.heads[0].queries.rows(), 2);
        QCOMPARE(r.heads[0].weights.cols(), 3);
    }

    void perTokenVectorsOfTheSecondSentence()
    {
        Document doc = test::handWorkedCross();
        Settings s = doc.settings();
        s.vectors = VectorScope::PerToken;
        doc.setSettings(s);
        QCOMPARE(doc.keyVectorKey(1), QStringLiteral("b#2"));
        QCOMPARE(doc.vectorKey(1), QStringLiteral("#2"));
        // Each position took its word's vectors: the numbers are unchanged.
        const Result r = compute(doc);
        QVERIFY(std::abs(r.heads[0].weights(0, 0) - 0.575975) < 5e-7);
        QCOMPARE(reread(doc), doc);
    }

    void savedAndReadBack()
    {
        const Document doc = test::handWorkedCross();
        const QJsonObject o = crossJson();
        QCOMPARE(o.value(QStringLiteral("cross")).toObject().value(QStringLiteral("sentence")).toString(),
            QStringLiteral("je vois bien"));
        QCOMPARE(reread(doc), doc);
        // A self-attention document writes no "cross" key, so older files stay as they were.
        Document self = doc;
        self.setCrossSentence({});
        QVERIFY(!documentToJson(self).contains(QStringLiteral("cross")));
    }

    void badCrossIsNamed_data()
    {
        QTest::addColumn<QJsonValue>("cross");
        QTest::addColumn<QString>("settingKey");
        QTest::addColumn<QString>("settingValue");
        QTest::addColumn<QString>("expected");
        QTest::addRow("not an object") << QJsonValue(QStringLiteral("le chat")) << QString() << QString()
                                       << QStringLiteral("cross: expected an object");
        QTest::addRow("no sentence") << QJsonValue(QJsonObject {}) << QString() << QString()
                                     << QStringLiteral("cross.sentence: missing");
        QTest::addRow("empty") << QJsonValue(QJsonObject {{QStringLiteral("sentence"), QStringLiteral("  ")}})
                               << QString() << QString() << QStringLiteral("cross.sentence: empty");
        QTest::addRow("unknown key") << QJsonValue(QJsonObject {
            {QStringLiteral("sentence"), QStringLiteral("a")}, {QStringLiteral("lang"), QStringLiteral("fr")}})
                                     << QString() << QString() << QStringLiteral("cross.lang: unknown key");
        QTest::addRow("key·key") << QJsonValue(QJsonObject {{QStringLiteral("sentence"), QStringLiteral("a b")}})
                                 << QStringLiteral("scoring") << QStringLiteral("key-key")
                                 << QStringLiteral("cross: cross-attention compares");
        QTest::addRow("causal") << QJsonValue(QJsonObject {{QStringLiteral("sentence"), QStringLiteral("a b")}})
                                << QStringLiteral("mask") << QStringLiteral("causal")
                                << QStringLiteral("cross: cross-attention sees the whole second sentence");
    }

    void badCrossIsNamed()
    {
        QFETCH(QJsonValue, cross);
        QFETCH(QString, settingKey);
        QFETCH(QString, settingValue);
        QFETCH(QString, expected);
        QJsonObject o = crossJson();
        o.insert(QStringLiteral("cross"), cross);
        if (!settingKey.isEmpty())
            o.insert(settingKey, settingValue);
        const QString error = loadError(o);
        QVERIFY2(error.startsWith(expected), qPrintable(error));
    }

    void masksBeyondTheSecondSentenceAreNamed()
    {
        QJsonObject o = crossJson();
        // A list of one [query, key] pair (QJsonArray {QJsonArray {…}} is a copy to clang).
        const auto masked = [](int query, int key) {
            QJsonArray pairs;
            pairs.append(QJsonArray {query, key});
            return pairs;
        };
        // Query 1 of 2 may mask key 2 of 3; key 3 is beyond "je vois bien".
        o.insert(QStringLiteral("masked"), masked(1, 2));
        QVERIFY2(loadError(o).isEmpty(), qPrintable(loadError(o)));
        o.insert(QStringLiteral("masked"), masked(1, 3));
        QVERIFY2(loadError(o).startsWith(QStringLiteral("masked[0][1]:")), qPrintable(loadError(o)));
        o.insert(QStringLiteral("masked"), masked(2, 0));
        QVERIFY2(loadError(o).startsWith(QStringLiteral("masked[0][0]:")), qPrintable(loadError(o)));
    }

    // An edit in cross-attention is always recomputed whole: a word's query and key sit in
    // different sentences, which the row and column updates do not know.
    void editsAreRecomputedWhole()
    {
        Document doc = test::handWorkedCross();
        Result r = compute(doc);
        const ValueRef ref {Field::Key, QStringLiteral("vois"), 0, 0, 1};
        doc.setValue(ref, 3.0);
        QVERIFY(!updateResult(r, doc, {ref}));
        r = compute(doc);
        QCOMPARE(r.heads[0].scores(1, 1), 6.0); // q(see)·k(vois) = [0, 2]·[0, 3]
    }
};

QTEST_GUILESS_MAIN(TstCrossAttention)
#include "tst_crossattention.moc"
