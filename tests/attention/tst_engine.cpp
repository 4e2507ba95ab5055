#include "attention/attention.h"
#include "attention/engine.h"
#include "document/defaultvalues.h"

#include <QRandomGenerator>
#include <QSet>
#include <QTest>

using namespace qkv;
using Eigen::MatrixXd;

namespace {

// A document of n distinct words whose vectors are random but reproducible.
Document randomDocument(int n, int heads, int dim, quint32 seed, Scoring scoring = Scoring::QueryKey)
{
    QRandomGenerator rng(seed);
    Document doc;
    Settings s;
    s.heads = heads;
    s.dim = dim;
    s.scoring = scoring;
    doc.setSettings(s);
    QStringList words;
    for (int i = 0; i < n; ++i)
        words << QStringLiteral("w%1").arg(i);
    doc.setSentence(words.join(QLatin1Char(' ')));
    for (const QString &w : words) {
        WordVectors v {MatrixXd(heads, dim), MatrixXd(heads, dim), MatrixXd(heads, dim)};
        for (Role r : {Role::Query, Role::Key, Role::Value})
            for (Eigen::Index i = 0; i < v[r].size(); ++i)
                v[r](i) = rng.generateDouble() * 4.0 - 2.0;
        doc.setWordVectors(w, v);
    }
    return doc;
}

// The default values' definition as first written, converting to UTF-8 and dividing: the
// program's faster drawing must give exactly these numbers, or saved examples would change.
double definedDefault(const QString &word, const QString &role, int head, int index)
{
    const auto fnv = [](const QByteArray &bytes, quint64 h) {
        for (const char c : bytes)
            h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
        return h;
    };
    quint64 x = fnv(role.toUtf8(), fnv(word.toUtf8(), 0xcbf29ce484222325ULL) ^ 0xffULL);
    x ^= (static_cast<quint64>(head) << 32) ^ static_cast<quint32>(index);
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return static_cast<double>(static_cast<int>(x % 201) - 100) / 100.0;
}

double maxAbsDiff(const MatrixXd &a, const MatrixXd &b)
{
    return (a - b).cwiseAbs().maxCoeff();
}

} // namespace

class TstEngine : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Softmax heads carry their largest weight (the heatmap's range without a pass); other
    // normalizations say they do not know it.
    void softmaxHeadsKnowTheirLargestWeight()
    {
        Document doc = randomDocument(37, 3, 5, 4);
        for (const HeadResult &h : compute(doc).heads)
            QCOMPARE(h.largestWeight, h.weights.maxCoeff());
        Settings s = doc.settings();
        s.normalization = Normalization::Sum;
        doc.setSettings(s);
        for (const HeadResult &h : compute(doc).heads)
            QCOMPARE(h.largestWeight, -1.0);
    }

    void softmaxRowsSumToOne_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed = 1; seed <= 20; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }
    void softmaxRowsSumToOne()
    {
        QFETCH(quint32, seed);
        const Result r = compute(randomDocument(1 + static_cast<int>(seed % 9), 2, 4, seed));
        for (const HeadResult &h : r.heads) {
            QVERIFY((h.weights.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12);
            QVERIFY((h.weights.array() >= 0).all());
        }
        QVERIFY(r.warnings.empty());
    }

    void causalWeightsAboveTheDiagonalAreZero()
    {
        Document doc = randomDocument(7, 2, 3, 42);
        Settings s = doc.settings();
        s.mask = MaskKind::Causal;
        doc.setSettings(s);
        const Result r = compute(doc);
        for (const HeadResult &h : r.heads) {
            const MatrixXd upper = h.weights.triangularView<Eigen::StrictlyUpper>();
            QCOMPARE(upper, MatrixXd::Zero(7, 7));
            QVERIFY((h.weights.rowwise().sum().array() - 1.0).abs().maxCoeff() < 1e-12);
        }
        QCOMPARE(r.heads[0].weights(0, 0), 1.0);
    }

    void keyKeyIsSymmetricQueryKeyIsNot()
    {
        const Result kk = compute(randomDocument(6, 1, 3, 7, Scoring::KeyKey));
        QVERIFY(isSymmetric(kk.heads[0].scores));
        QVERIFY(maxAbsDiff(kk.heads[0].scores, kk.heads[0].scores.transpose()) < 1e-15);
        const Result qk = compute(randomDocument(6, 1, 3, 7, Scoring::QueryKey));
        QVERIFY(!isSymmetric(qk.heads[0].scores));
        const Result emb = compute(randomDocument(6, 1, 3, 7, Scoring::Embedding));
        QVERIFY(isSymmetric(emb.heads[0].scores));
        QVERIFY(maxAbsDiff(emb.heads[0].scores, emb.heads[0].values * emb.heads[0].values.transpose()) < 1e-15);
    }

    void shiftingEveryKeyLeavesSoftmaxWeightsUnchanged()
    {
        Document doc = randomDocument(8, 1, 4, 99);
        const Result before = compute(doc);
        const Eigen::RowVectorXd shift = (Eigen::RowVectorXd(4) << 0.3, -1.2, 2.0, 0.7).finished();
        for (const QString &w : doc.tokens()) {
            WordVectors v = doc.wordVectors(w);
            v.k.row(0) += shift;
            doc.setWordVectors(w, v);
        }
        const Result after = compute(doc);
        QVERIFY(maxAbsDiff(before.heads[0].scores, after.heads[0].scores) > 0.1);
        QVERIFY(maxAbsDiff(before.heads[0].weights, after.heads[0].weights) < 1e-12);
    }

    void headsAreIndependent()
    {
        Document doc = randomDocument(5, 3, 2, 5);
        const Result before = compute(doc);
        WordVectors v = doc.wordVectors(QStringLiteral("w2"));
        v.q.row(1) *= -3.0;
        v.v.row(1).setConstant(9.0);
        doc.setWordVectors(QStringLiteral("w2"), v);
        const Result after = compute(doc);
        for (int h : {0, 2}) {
            QCOMPARE(after.heads[h].weights, before.heads[h].weights);
            QCOMPARE(after.heads[h].output, before.heads[h].output);
        }
        QVERIFY(maxAbsDiff(after.heads[1].output, before.heads[1].output) > 0.1);
        // The document output is the heads side by side.
        for (int h = 0; h < 3; ++h)
            QCOMPARE(MatrixXd(after.output.middleCols(h * 2, 2)), after.heads[h].output);
    }

    void outputIsWeightsTimesValues()
    {
        const Result r = compute(randomDocument(9, 2, 5, 11));
        for (const HeadResult &h : r.heads) {
            QVERIFY(maxAbsDiff(h.output, h.weights * h.values) < 1e-15);
            const MatrixXd after = h.output * h.values.transpose(), before = h.values * h.values.transpose();
            for (int row = 0; row < h.output.rows(); ++row) {
                QVERIFY((similarityAfter(h, row) - after.row(row).transpose()).cwiseAbs().maxCoeff() < 1e-15);
                QVERIFY((similarityBefore(h, row) - before.row(row).transpose()).cwiseAbs().maxCoeff() < 1e-15);
            }
        }
    }

    void projectionModeWorkedByHand()
    {
        Document doc;
        Settings s;
        s.mode = Mode::Projection;
        s.dModel = 2;
        s.dim = 1;
        s.scoring = Scoring::QueryKey;
        s.normalization = Normalization::None;
        doc.setSettings(s);
        doc.setSentence(QStringLiteral("a b"));
        doc.setEmbedding(QStringLiteral("a"), Eigen::Vector2d(1, 2));
        doc.setEmbedding(QStringLiteral("b"), Eigen::Vector2d(3, -1));
        doc.setProjection(0,
            {(MatrixXd(2, 1) << 1, 0).finished(), (MatrixXd(2, 1) << 0, 1).finished(),
                (MatrixXd(2, 1) << 1, 1).finished()});
        // q = [1, 3], k = [2, -1], v = [3, 2]; S = q kᵀ = [[2, -1], [6, -3]]; O = S v.
        Result r = compute(doc);
        QCOMPARE(r.heads[0].queries, (MatrixXd(2, 1) << 1, 3).finished());
        QCOMPARE(r.heads[0].scores, (MatrixXd(2, 2) << 2, -1, 6, -3).finished());
        QCOMPARE(r.heads[0].output, (MatrixXd(2, 1) << 4, 12).finished());

        doc.setWo((MatrixXd(1, 2) << 2, -1).finished());
        r = compute(doc);
        QCOMPARE(r.output, (MatrixXd(2, 2) << 8, -4, 24, -12).finished());

        s.positions = Positions::Sinusoidal;
        s.scoring = Scoring::Embedding;
        doc.setSettings(s);
        r = compute(doc);
        // Position 1 adds [sin 1, cos 1]; position 0 adds [0, 1]: X = [[1, 3], [3 + sin 1, cos 1 - 1]].
        const MatrixXd x = (MatrixXd(2, 2) << 1, 3, 3 + std::sin(1.0), std::cos(1.0) - 1).finished();
        QVERIFY(maxAbsDiff(r.heads[0].scores, x * x.transpose()) < 1e-15);
        QVERIFY(isSymmetric(r.heads[0].scores));
    }

    void weightsModeUsesTheGivenMatrixAndMasks()
    {
        Document doc;
        Settings s;
        s.mode = Mode::Weights;
        s.dim = 1;
        doc.setSettings(s);
        doc.setSentence(QStringLiteral("x y"));
        doc.setWordVectors(
            QStringLiteral("x"), {MatrixXd::Ones(1, 1), MatrixXd::Ones(1, 1), MatrixXd::Constant(1, 1, 2)});
        doc.setWordVectors(
            QStringLiteral("y"), {MatrixXd::Ones(1, 1), MatrixXd::Ones(1, 1), MatrixXd::Constant(1, 1, 4)});
        doc.setAttention(0, (MatrixXd(2, 2) << 0.5, 0.5, 0.25, 0.75).finished());
        QCOMPARE(compute(doc).output, (MatrixXd(2, 1) << 3, 3.5).finished());
        doc.setMaskedCells({{1, 1}});
        QCOMPARE(compute(doc).output, (MatrixXd(2, 1) << 3, 0.5).finished());
    }

    void warningsNameHeadRowAndToken()
    {
        Document doc;
        Settings s;
        s.normalization = Normalization::Sum;
        s.dim = 1;
        doc.setSettings(s);
        doc.setSentence(QStringLiteral("up down"));
        doc.setWordVectors(QStringLiteral("up"), {MatrixXd::Ones(1, 1), MatrixXd::Ones(1, 1), MatrixXd::Ones(1, 1)});
        doc.setWordVectors(
            QStringLiteral("down"), {MatrixXd::Ones(1, 1), MatrixXd::Constant(1, 1, -1), MatrixXd::Ones(1, 1)});
        const Result r = compute(doc);
        QCOMPARE(r.warnings.size(), 2u);
        QVERIFY(r.heads[0].weights.allFinite());
        QCOMPARE(describe(r.warnings[0], r.tokens),
            QStringLiteral("head 1, row 1 (up): the scores sum to 0, so dividing by their sum is undefined "
                           "(weights set to 0)"));
    }

    void defaultsAreFixedNumbers()
    {
        // Pinned literals: the same word gives the same numbers on every machine and run.
        QCOMPARE(defaultValue(QStringLiteral("dog"), u"q", 0, 0), -0.61);
        QCOMPARE(defaultValue(QStringLiteral("dog"), u"k", 1, 2), -0.61);
        QCOMPARE(defaultValue(QStringLiteral("dog"), u"v", 0, 0), 0.98);
        QCOMPARE(defaultValue(QStringLiteral("日本"), u"v", 0, 3), -0.70);
        const Eigen::VectorXd v = defaultVector(QStringLiteral("cat"), u"v", 0, 64);
        QVERIFY((v.array().abs() <= 1.0).all());
        QVERIFY(v.cwiseAbs().sum() > 1.0);
    }

    void defaultsMatchTheirDefinition()
    {
        // ASCII (hashed without converting), accented, CJK, an emoji (a surrogate pair), a lone
        // surrogate (UTF-8 conversion replaces it), empty, and a role past ASCII.
        const QString words[] = {QStringLiteral("dog"), QStringLiteral("w63"), QStringLiteral("café"),
            QStringLiteral("日本"), QString::fromUtf8("\xF0\x9F\x98\x80"), QString(QChar(0xD800)), QString(),
            QStringLiteral("a rather long token of many characters")};
        const QString roles[] = {QStringLiteral("q"), QStringLiteral("x"), QStringLiteral("wq"), QStringLiteral("ü")};
        QSet<double> seen;
        for (const QString &word : words)
            for (const QString &role : roles)
                for (int head : {0, 1, 7}) {
                    const Eigen::VectorXd v = defaultVector(word, role, head, 300);
                    for (int i = 0; i < 300; ++i) {
                        QCOMPARE(v(i), definedDefault(word, role, head, i));
                        seen.insert(v(i));
                    }
                    QCOMPARE(defaultValue(word, role, head, 299), definedDefault(word, role, head, 299));
                }
        QCOMPARE(seen.size(), 201); // every one of -1.00 … 1.00 drawn, each exactly as defined
        // A word's vectors as a document draws them, every head and component.
        Document doc;
        Settings s;
        s.heads = 3;
        s.dim = 5;
        doc.setSettings(s);
        for (const QString &word : words) {
            const WordVectors w = doc.wordVectors(word);
            for (const auto &[role, name] : {std::pair {Role::Query, "q"}, {Role::Key, "k"}, {Role::Value, "v"}})
                for (int h = 0; h < 3; ++h)
                    for (int i = 0; i < 5; ++i)
                        QCOMPARE(w[role](h, i), definedDefault(word, QString::fromLatin1(name), h, i));
        }
    }

    void vocabularyBelongsToWords()
    {
        Document doc = randomDocument(3, 1, 3, 3);
        const WordVectors w1 = doc.wordVectors(QStringLiteral("w1"));
        doc.setSentence(QStringLiteral("w1 new w1"));
        const Result r = compute(doc);
        QCOMPARE(MatrixXd(r.heads[0].queries.row(0)), w1.q);
        QCOMPARE(MatrixXd(r.heads[0].queries.row(2)), w1.q);
        QCOMPARE(MatrixXd(r.heads[0].keys.row(1)), doc.wordVectors(QStringLiteral("new")).k);

        Settings s = doc.settings();
        s.dim = 5;
        doc.setSettings(s);
        const WordVectors grown = doc.wordVectors(QStringLiteral("w1"));
        QCOMPARE(MatrixXd(grown.q.leftCols(3)), w1.q);
        QCOMPARE(grown.q(0, 4), defaultValue(QStringLiteral("w1"), u"q", 0, 4));
        s.dim = 2;
        doc.setSettings(s);
        QCOMPARE(doc.wordVectors(QStringLiteral("w1")).q, MatrixXd(w1.q.leftCols(2)));
    }

    void emptySentenceComputesNothing()
    {
        Document doc;
        const Result r = compute(doc);
        QCOMPARE(r.heads.size(), 1u);
        QCOMPARE(r.heads[0].weights.rows(), 0);
        QVERIFY(r.warnings.empty());
    }
};

QTEST_GUILESS_MAIN(TstEngine)
#include "tst_engine.moc"
