// The bundled examples (resources/examples) reproduce the articles' worked examples. Every expected number here
// was worked out by hand or with numpy from the numbers in the example files, never by running the program.

#include "attention/attention.h"
#include "attention/engine.h"
#include "document/documentio.h"
#include "document/examples.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using qkv::Document;
using qkv::HeadResult;
using qkv::Result;

namespace {

Document loadExample(const QString &name, QString *error)
{
    const qkv::LoadResult loaded = qkv::loadDocument(QStringLiteral("example:") + name);
    if (!loaded) {
        *error = loaded.error.toString();
        return {};
    }
    return *loaded.document;
}

// Empty when row `row` of `m` equals `expected` within `tolerance`, else a message naming the first difference.
QString rowMismatch(const Eigen::MatrixXd &m, int row, const QList<double> &expected, double tolerance)
{
    if (row < 0 || row >= m.rows() || m.cols() != expected.size())
        return QStringLiteral("row %1 of a %2 × %3 matrix, expected %4 values")
            .arg(row)
            .arg(m.rows())
            .arg(m.cols())
            .arg(expected.size());
    for (int j = 0; j < m.cols(); ++j)
        if (!(std::abs(m(row, j) - expected[j]) <= tolerance))
            return QStringLiteral("column %1: got %2, expected %3")
                .arg(j)
                .arg(m(row, j), 0, 'g', 17)
                .arg(expected[j], 0, 'g', 17);
    return {};
}

// The largest weight of a row, leaving out the query's own column.
int largestOther(const Eigen::MatrixXd &weights, int row)
{
    int best = -1;
    for (int j = 0; j < weights.cols(); ++j)
        if (j != row && (best < 0 || weights(row, j) > weights(row, best)))
            best = j;
    return best;
}

const QStringList expectedNames {QStringLiteral("animal"), QStringLiteral("apple"), QStringLiteral("birds"),
    QStringLiteral("groceries"), QStringLiteral("riley"), QStringLiteral("riley-blend"), QStringLiteral("riley-keys"),
    QStringLiteral("translation")};

} // namespace

#define LOAD_EXAMPLE(doc, name)                                                                                        \
    QString doc##Error;                                                                                                \
    const Document doc = loadExample(name, &doc##Error);                                                               \
    QVERIFY2(doc##Error.isEmpty(), qPrintable(doc##Error))

#define TOKEN(var, result, word)                                                                                       \
    const int var = static_cast<int>((result).tokens.indexOf(QStringLiteral(word)));                                   \
    QVERIFY2(var >= 0, "no token " word)

class TstExamples : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void names();

    void loadsAndComputes_data();
    void loadsAndComputes();
    void roundTrip_data();
    void roundTrip();

    void cells_data();
    void cells();
    void outputs_data();
    void outputs();

    void animalIt();
    void translationAligns();
    void birdsCloserAfterAttention();
    void rileyBlendFixedRatio();
    void rileyKeysSymmetric();
    void rileyAsymmetric();
    void appleContext();
    void groceriesAsymmetric();

private:
    static void addExampleRows();
};

void TstExamples::addExampleRows()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : expectedNames)
        QTest::newRow(qPrintable(name)) << name;
}

void TstExamples::names()
{
    QStringList names = qkv::exampleNames();
    std::sort(names.begin(), names.end());
    QStringList expected = expectedNames;
    std::sort(expected.begin(), expected.end());
    QCOMPARE(names, expected);
    QVERIFY(names.contains(qkv::defaultExampleName()));
}

void TstExamples::loadsAndComputes_data()
{
    addExampleRows();
}

void TstExamples::loadsAndComputes()
{
    QFETCH(QString, name);
    LOAD_EXAMPLE(doc, name);
    QVERIFY(!doc.title().isEmpty());
    QVERIFY(!doc.description().isEmpty());
    QVERIFY(doc.tokenCount() > 0);
    // Every word of the sentence has vectors chosen for it: none falls back to a generated default.
    for (const QString &token : doc.tokens())
        QVERIFY2(doc.storedWords().count(token) == 1, qPrintable(QStringLiteral("no vectors for ") + token));

    const Result r = qkv::compute(doc);
    QCOMPARE(r.tokens, doc.tokens());
    const QString warning = r.warnings.empty() ? QString() : qkv::describe(r.warnings.front(), r.tokens);
    QVERIFY2(r.warnings.empty(), qPrintable(warning));
    QCOMPARE(static_cast<int>(r.heads.size()), doc.settings().heads);
    for (const HeadResult &h : r.heads) {
        QCOMPARE(h.weights.rows(), Eigen::Index(doc.tokenCount()));
        QVERIFY(h.scores.allFinite());
        QVERIFY(h.weights.allFinite());
        QVERIFY(h.output.allFinite());
    }
    QVERIFY(r.output.allFinite());
}

void TstExamples::roundTrip_data()
{
    addExampleRows();
}

void TstExamples::roundTrip()
{
    QFETCH(QString, name);
    LOAD_EXAMPLE(doc, name);
    const QByteArray saved = qkv::serializeDocument(doc);
    const qkv::LoadResult reloaded = qkv::parseDocument(saved, name);
    QVERIFY2(reloaded, qPrintable(reloaded.error.toString()));
    QVERIFY(*reloaded.document == doc);
    QCOMPARE(qkv::serializeDocument(*reloaded.document), saved);
}

void TstExamples::cells_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("key");
    QTest::addColumn<double>("score");
    QTest::addColumn<double>("weight");

    // Self Attention article: q(it) · k, then softmax over the 11 scores of the row (numpy).
    QTest::newRow("animal it→The") << "animal"
                                   << "it"
                                   << "The" << 0.17 << 0.06526493250896613;
    QTest::newRow("animal it→animal") << "animal"
                                      << "it"
                                      << "animal" << 0.77 << 0.11892046053080492;
    QTest::newRow("animal it→tired") << "animal"
                                     << "it"
                                     << "tired" << 1.22 << 0.18650440735456403;
    // Weights mode: the scores are the given A.
    QTest::newRow("birds walk→Birds") << "birds"
                                      << "walk"
                                      << "Birds" << 0.6 << 0.6;
    QTest::newRow("birds walk→sometimes") << "birds"
                                          << "walk"
                                          << "sometimes" << 0.1 << 0.1;
    // key·key, divided by the row sum: Riley's row 0.96 + 1 + 0.8 = 2.76; dog's 1 + 0.96 + 0.768 = 2.728;
    // she's 0.768 + 0.8 + 0.36 + 0.48 + 0.6 + 1 + 0.36 + 0.48 + 0.6 = 5.448.
    QTest::newRow("riley-keys Riley→dog") << "riley-keys"
                                          << "Riley"
                                          << "dog" << 0.96 << 0.96 / 2.76;
    QTest::newRow("riley-keys dog→Riley") << "riley-keys"
                                          << "dog"
                                          << "Riley" << 0.96 << 0.96 / 2.728;
    QTest::newRow("riley-keys Riley→Riley") << "riley-keys"
                                            << "Riley"
                                            << "Riley" << 1.0 << 1.0 / 2.76;
    QTest::newRow("riley-keys Riley→she") << "riley-keys"
                                          << "Riley"
                                          << "she" << 0.8 << 0.8 / 2.76;
    QTest::newRow("riley-keys she→Riley") << "riley-keys"
                                          << "she"
                                          << "Riley" << 0.8 << 0.8 / 5.448;
    QTest::newRow("riley-keys Riley→hyper,") << "riley-keys"
                                             << "Riley"
                                             << "hyper," << 0.0 << 0.0;
    // q·k, divided by the row sum: q(Riley) = [1, 0.1, 0, 0] gives 0.376 + 0.1 + 0.08 = 0.556;
    // q(dog) = [1, 0.05, 0, 0] gives 0.328 + 0.05 + 0.04 = 0.418.
    QTest::newRow("riley Riley→dog") << "riley"
                                     << "Riley"
                                     << "dog" << 0.376 << 0.376 / 0.556;
    QTest::newRow("riley Riley→Riley") << "riley"
                                       << "Riley"
                                       << "Riley" << 0.1 << 0.1 / 0.556;
    QTest::newRow("riley dog→Riley") << "riley"
                                     << "dog"
                                     << "Riley" << 0.05 << 0.05 / 0.418;
    QTest::newRow("riley dog→dog") << "riley"
                                   << "dog"
                                   << "dog" << 0.328 << 0.328 / 0.418;
    QTest::newRow("riley she→Riley") << "riley"
                                     << "she"
                                     << "Riley" << 1.0 << 1.0 / 2.76;
    // Softmax over the visible window: Apple sees Apple, launched, a, new, phone (scores 1, 1, 0, 0.5, 2);
    // apple sees I, was, eating, an, apple (scores 0, 0, 2, 0, 1).
    QTest::newRow("apple Apple→phone") << "apple"
                                       << "Apple"
                                       << "phone" << 2.0 << 0.4775037648616807;
    QTest::newRow("apple Apple→launched") << "apple"
                                          << "Apple"
                                          << "launched" << 1.0 << 0.17566381817457488;
    QTest::newRow("apple Apple→eating (masked)") << "apple"
                                                 << "Apple"
                                                 << "eating" << 2.0 << 0.0;
    QTest::newRow("apple apple→eating") << "apple"
                                        << "apple"
                                        << "eating" << 2.0 << 0.5637343097327291;
    QTest::newRow("apple apple→apple") << "apple"
                                       << "apple"
                                       << "apple" << 1.0 << 0.20738626283364517;
    QTest::newRow("apple apple→phone (masked)") << "apple"
                                                << "apple"
                                                << "phone" << 2.0 << 0.0;
    // Normalization none: the weights are the scores.
    QTest::newRow("groceries cooler→groceries") << "groceries"
                                                << "cooler"
                                                << "groceries" << 0.8 << 0.8;
    QTest::newRow("groceries groceries→cooler") << "groceries"
                                                << "groceries"
                                                << "cooler" << 0.1 << 0.1;
    QTest::newRow("groceries groceries→groceries") << "groceries"
                                                   << "groceries"
                                                   << "groceries" << 0.9 << 0.9;
    QTest::newRow("groceries in→cooler") << "groceries"
                                         << "in"
                                         << "cooler" << 0.5 << 0.5;
}

void TstExamples::cells()
{
    QFETCH(QString, example);
    QFETCH(QString, query);
    QFETCH(QString, key);
    QFETCH(double, score);
    QFETCH(double, weight);
    LOAD_EXAMPLE(doc, example);
    const Result r = qkv::compute(doc);
    const int i = static_cast<int>(r.tokens.indexOf(query));
    const int j = static_cast<int>(r.tokens.indexOf(key));
    QVERIFY(i >= 0 && j >= 0);
    const HeadResult &h = r.heads.front();
    QVERIFY2(std::abs(h.scores(i, j) - score) <= 1e-12, qPrintable(QString::number(h.scores(i, j), 'g', 17)));
    QVERIFY2(std::abs(h.weights(i, j) - weight) <= 1e-12, qPrintable(QString::number(h.weights(i, j), 'g', 17)));
}

void TstExamples::outputs_data()
{
    QTest::addColumn<QString>("example");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QList<double>>("output");

    QTest::newRow("animal it") << "animal"
                               << "it" << QList<double> {0.4053100210594729, 0.37727337602286937, 0.3227124327279431};
    // 0.6·[0.1, 0.2, 0.3] + 0.1·[-0.8, 0.3, -0.1] + 0.4·[0.5, -0.1, -0.4]
    QTest::newRow("birds walk") << "birds"
                                << "walk" << QList<double> {0.18, 0.11, 0.01};
    QTest::newRow("birds sometimes") << "birds"
                                     << "sometimes" << QList<double> {-0.71, 0.29, -0.06};
    // v dimensions: dog, person, energy, female. Riley's row 0.96·v(dog) + 1·v(Riley) + 0.8·v(she), over 2.76.
    QTest::newRow("riley-keys Riley") << "riley-keys"
                                      << "Riley" << QList<double> {0.96 / 2.76, 1.4 / 2.76, 0.0, 0.8 / 2.76};
    QTest::newRow("riley-keys dog") << "riley-keys"
                                    << "dog" << QList<double> {1.0 / 2.728, 1.344 / 2.728, 0.0, 0.768 / 2.728};
    QTest::newRow("riley Riley") << "riley"
                                 << "Riley" << QList<double> {0.376 / 0.556, 0.14 / 0.556, 0.0, 0.08 / 0.556};
    QTest::newRow("riley dog") << "riley"
                               << "dog" << QList<double> {0.328 / 0.418, 0.07 / 0.418, 0.0, 0.04 / 0.418};
    // Part 1 of the Riley article: 0.75·v(Riley) + 0.25·v(dog), with riley-keys' values.
    QTest::newRow("riley-blend Riley") << "riley-blend"
                                       << "Riley" << QList<double> {0.25, 0.75, 0.0, 0.0};
    // Dimensions: fruit, tech.
    QTest::newRow("apple Apple") << "apple"
                                 << "Apple" << QList<double> {0.14053105453965992, 0.6537411833464156};
    QTest::newRow("apple apple") << "apple"
                                 << "apple" << QList<double> {0.7296433199996453, 0.04147725256672904};
    // Dimensions: food, cold, attractive.
    QTest::newRow("groceries cooler") << "groceries"
                                      << "cooler" << QList<double> {0.8, 0.1, 0.1};
    QTest::newRow("groceries groceries") << "groceries"
                                         << "groceries" << QList<double> {0.9, 0.05, 0.05};
}

void TstExamples::outputs()
{
    QFETCH(QString, example);
    QFETCH(QString, token);
    QFETCH(QList<double>, output);
    LOAD_EXAMPLE(doc, example);
    const Result r = qkv::compute(doc);
    const int i = static_cast<int>(r.tokens.indexOf(token));
    QVERIFY(i >= 0);
    const QString head = rowMismatch(r.heads.front().output, i, output, 1e-12);
    QVERIFY2(head.isEmpty(), qPrintable(head));
    const QString all = rowMismatch(r.output, i, output, 1e-12);
    QVERIFY2(all.isEmpty(), qPrintable(all));
}

void TstExamples::animalIt()
{
    LOAD_EXAMPLE(doc, QStringLiteral("animal"));
    QCOMPARE(qkv::toString(doc.settings().normalization), QStringLiteral("softmax"));
    const Result r = qkv::compute(doc);
    TOKEN(it, r, "it");
    const HeadResult &h = r.heads.front();
    // The article's three dot products for "it", then the whole row: q(it) = [0.6, 0.5, 0.4] against every key.
    const QList<double> scores {0.17, 0.77, 0.2, 0.29, 0.17, 0.62, 0.11, 0.92, 0.14, 0.05, 1.22};
    const QString scoreMismatch = rowMismatch(h.scores, it, scores, 1e-12);
    QVERIFY2(scoreMismatch.isEmpty(), qPrintable(scoreMismatch));
    // numpy: w = exp(s - s.max()); w /= w.sum()
    const QList<double> weights {0.06526493250896613, 0.11892046053080492, 0.06725254561203443, 0.07358600592239976,
        0.06526493250896613, 0.10235578893900507, 0.061464198723713975, 0.13816586320570642, 0.06333606225067101,
        0.057884802443168064, 0.18650440735456403};
    const QString weightMismatch = rowMismatch(h.weights, it, weights, 1e-9);
    QVERIFY2(weightMismatch.isEmpty(), qPrintable(weightMismatch));
    const QString outputMismatch
        = rowMismatch(h.output, it, {0.4053100210594729, 0.37727337602286937, 0.3227124327279431}, 1e-9);
    QVERIFY2(outputMismatch.isEmpty(), qPrintable(outputMismatch));
    QVERIFY(!qkv::isSymmetric(h.scores));
}

void TstExamples::birdsCloserAfterAttention()
{
    LOAD_EXAMPLE(doc, QStringLiteral("birds"));
    QCOMPARE(qkv::toString(doc.settings().mode), QStringLiteral("weights"));
    const Result r = qkv::compute(doc);
    TOKEN(walk, r, "walk");
    TOKEN(birds, r, "Birds");
    const HeadResult &h = r.heads.front();
    const QString mismatch = rowMismatch(h.output, walk, {0.18, 0.11, 0.01}, 1e-12);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    // v(walk)·v(Birds) = 0.05 - 0.02 - 0.12; then [0.18, 0.11, 0.01]·v(Birds) = 0.018 + 0.022 + 0.003.
    QVERIFY(std::abs(qkv::similarityBefore(h, walk)(birds) - -0.09) <= 1e-12);
    QVERIFY(std::abs(qkv::similarityAfter(h, walk)(birds) - 0.043) <= 1e-12);
}

void TstExamples::rileyBlendFixedRatio()
{
    LOAD_EXAMPLE(keysDoc, QStringLiteral("riley-keys"));
    LOAD_EXAMPLE(doc, QStringLiteral("riley-blend"));
    QCOMPARE(qkv::toString(doc.settings().mode), QStringLiteral("weights"));
    QCOMPARE(doc.sentence(), keysDoc.sentence());
    QCOMPARE(doc.focusToken(), 2);
    const Result r = qkv::compute(doc);
    TOKEN(riley, r, "Riley");
    TOKEN(dog, r, "dog");
    const HeadResult &h = r.heads.front();
    // Part 1's values are part 2's (the article gives none), so the three Riley examples share them.
    QVERIFY(h.values == qkv::compute(keysDoc).heads.front().values);
    // ratio = .75: v_Riley = (ratio * v_Riley) + ((1 - ratio) * v_dog), and nothing else changes.
    const Eigen::RowVectorXd expected = 0.75 * h.values.row(riley) + 0.25 * h.values.row(dog);
    QVERIFY((h.output.row(riley) - expected).cwiseAbs().maxCoeff() <= 1e-15);
    QVERIFY(h.output.row(riley) != h.values.row(riley));
    for (int i = 0; i < h.output.rows(); ++i) {
        QCOMPARE(h.weights.row(i).sum(), 1.0);
        if (i != riley)
            QVERIFY(h.output.row(i) == h.values.row(i));
    }
}

void TstExamples::rileyKeysSymmetric()
{
    LOAD_EXAMPLE(doc, QStringLiteral("riley-keys"));
    QCOMPARE(qkv::toString(doc.settings().scoring), QStringLiteral("key-key"));
    QCOMPARE(qkv::toString(doc.settings().normalization), QStringLiteral("sum"));
    const Result r = qkv::compute(doc);
    TOKEN(riley, r, "Riley");
    TOKEN(dog, r, "dog");
    TOKEN(she, r, "she");
    const HeadResult &h = r.heads.front();
    QVERIFY(qkv::isSymmetric(h.scores));
    // The article's keys are unit vectors with no negative parts: every score lies in [0, 1], 1 on the diagonal.
    for (Eigen::Index i = 0; i < h.keys.rows(); ++i)
        QVERIFY(std::abs(h.keys.row(i).norm() - 1.0) <= 1e-12);
    QVERIFY((h.keys.array() >= 0.0).all());
    QVERIFY((h.scores.array() >= 0.0).all() && (h.scores.array() <= 1.0 + 1e-12).all());
    // A unit key scores 1 with itself, the most any key can, so "Riley relates most to dog" reads: dog has the
    // largest weight of Riley's row after Riley's own (which the article keeps to preserve its own value).
    QCOMPARE(largestOther(h.weights, riley), dog);
    QCOMPARE(largestOther(h.weights, she), riley);
    QCOMPARE(largestOther(h.weights, dog), riley);
    QCOMPARE(h.scores(riley, dog), h.scores(dog, riley));
    // Only the division by the row sums tells the two directions apart: 0.96 / 2.76 against 0.96 / 2.728.
    QVERIFY(h.weights(riley, dog) < h.weights(dog, riley));
    QVERIFY(std::abs(h.weights(dog, riley) - h.weights(riley, dog)) < 0.005);
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i)
        QVERIFY(std::abs(h.weights.row(i).sum() - 1.0) <= 1e-12);
}

void TstExamples::rileyAsymmetric()
{
    LOAD_EXAMPLE(keysDoc, QStringLiteral("riley-keys"));
    LOAD_EXAMPLE(doc, QStringLiteral("riley"));
    QCOMPARE(qkv::toString(doc.settings().scoring), QStringLiteral("query-key"));
    QCOMPARE(qkv::toString(doc.settings().normalization), QStringLiteral("sum"));
    QCOMPARE(doc.sentence(), keysDoc.sentence());
    const Result r = qkv::compute(doc);
    const Result keys = qkv::compute(keysDoc);
    TOKEN(riley, r, "Riley");
    TOKEN(dog, r, "dog");
    TOKEN(she, r, "she");
    const HeadResult &h = r.heads.front();
    // Attempt 3 keeps attempt 2's keys and values and adds queries.
    QVERIFY(h.keys == keys.heads.front().keys);
    QVERIFY(h.values == keys.heads.front().values);
    QVERIFY(!qkv::isSymmetric(h.scores));
    QVERIFY((h.scores.array() >= 0.0).all());
    QVERIFY(h.weights(riley, dog) > h.weights(dog, riley));
    QVERIFY(h.weights(riley, dog) > 0.6 && h.weights(dog, riley) < 0.15);
    QCOMPARE(largestOther(h.weights, riley), dog);
    QCOMPARE(largestOther(h.weights, she), riley);
    // Where q equals k the row is attempt 2's row; only Riley, dog and she ask differently.
    for (int i = 0; i < h.weights.rows(); ++i) {
        const double change = (h.weights.row(i) - keys.heads.front().weights.row(i)).cwiseAbs().maxCoeff();
        QCOMPARE(change <= 1e-15, i != riley && i != dog && i != she);
    }
}

void TstExamples::appleContext()
{
    LOAD_EXAMPLE(doc, QStringLiteral("apple"));
    const Result r = qkv::compute(doc);
    TOKEN(first, r, "Apple");
    TOKEN(last, r, "apple");
    QCOMPARE(first, 0);
    QCOMPARE(last, 10);
    const HeadResult &h = r.heads.front();
    // The article's static embedding, the same for both words, in and out of attention alike.
    QVERIFY(h.values.row(first) == h.values.row(last));
    QVERIFY(std::abs(h.values(first, 0) - 0.8) <= 1e-15 && std::abs(h.values(first, 1) - 0.2) <= 1e-15);
    QVERIFY(h.queries.row(first) == h.queries.row(last));
    QVERIFY(h.keys.row(first) == h.keys.row(last));
    // Dimension 0 is fruit, 1 is tech: the first Apple moves to tech, the last to fruit.
    const Eigen::RowVectorXd a = h.output.row(first);
    const Eigen::RowVectorXd b = h.output.row(last);
    QVERIFY(a(1) > a(0) && a(1) > 0.2 && a(0) < 0.8);
    QVERIFY(b(0) > b(1) && b(1) < 0.2);
    QVERIFY(a(1) > b(1) && b(0) > a(0));
    QVERIFY(std::abs(a(0) - 0.14053105453965992) <= 1e-12 && std::abs(a(1) - 0.6537411833464156) <= 1e-12);
    QVERIFY(std::abs(b(0) - 0.7296433199996453) <= 1e-12 && std::abs(b(1) - 0.04147725256672904) <= 1e-12);
    // The window: a word sees the words at most 4 positions away, so Apple sees phone and apple sees eating.
    for (int i = 0; i < r.visible.rows(); ++i)
        for (int j = 0; j < r.visible.cols(); ++j)
            QCOMPARE(r.visible(i, j), std::abs(i - j) <= 4 ? 1.0 : 0.0);
    // Without the window both apples attend alike and come out the same (softmax over the whole row, numpy).
    Document open = doc;
    open.setMaskedCells({});
    const HeadResult o = qkv::compute(open).heads.front();
    QVERIFY((o.output.row(first) - o.output.row(last)).cwiseAbs().maxCoeff() <= 1e-15);
    const QString mismatch = rowMismatch(o.output, first, {0.39681003376254476, 0.3603537985958224}, 1e-12);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
}

void TstExamples::groceriesAsymmetric()
{
    LOAD_EXAMPLE(doc, QStringLiteral("groceries"));
    QCOMPARE(qkv::toString(doc.settings().scoring), QStringLiteral("query-key"));
    QCOMPARE(qkv::toString(doc.settings().normalization), QStringLiteral("none"));
    const Result r = qkv::compute(doc);
    TOKEN(groceries, r, "groceries");
    TOKEN(cooler, r, "cooler");
    const HeadResult &h = r.heads.front();
    QVERIFY(!qkv::isSymmetric(h.scores));
    QVERIFY(h.weights(cooler, groceries) > h.weights(groceries, cooler));
    QVERIFY(std::abs(h.weights(cooler, groceries) - 0.8) <= 1e-12);
    QVERIFY(std::abs(h.weights(groceries, cooler) - 0.1) <= 1e-12);
    // The chosen numbers make every row of raw scores sum to 1.
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i)
        QVERIFY(std::abs(h.weights.row(i).sum() - 1.0) <= 1e-12);
    // cooler changes a lot, groceries hardly: compare each output with the word's own value.
    QVERIFY((h.output.row(cooler) - h.values.row(cooler)).norm() > 0.5);
    QVERIFY((h.output.row(groceries) - h.values.row(groceries)).norm() < 0.2);
}

// Cross-attention: the French queries over the English keys. Scores 4 on the counterpart, 0
// elsewhere; scaled softmax gives e^(4/√3) / (e^(4/√3) + 2) = 0.834278 and 1 / (…) = 0.082861.
void TstExamples::translationAligns()
{
    LOAD_EXAMPLE(doc, QStringLiteral("translation"));
    QVERIFY(doc.isCross());
    for (const QString &token : doc.keyTokens())
        QVERIFY2(doc.storedWords().count(token) == 1, qPrintable(QStringLiteral("no vectors for ") + token));
    const Result r = qkv::compute(doc);
    QCOMPARE(r.tokens, (QStringList {QStringLiteral("le"), QStringLiteral("chat"), QStringLiteral("noir")}));
    QCOMPARE(r.keys(), (QStringList {QStringLiteral("the"), QStringLiteral("black"), QStringLiteral("cat")}));
    const HeadResult &h = r.heads[0];
    const double strong = 0.8342778481558408, weak = 0.08286107592207957;
    // le → the, chat → cat, noir → black: the alignment crosses where the word order differs.
    QVERIFY(rowMismatch(h.weights, 0, {strong, weak, weak}, 1e-12).isEmpty());
    QVERIFY(rowMismatch(h.weights, 1, {weak, weak, strong}, 1e-12).isEmpty());
    QVERIFY(rowMismatch(h.weights, 2, {weak, strong, weak}, 1e-12).isEmpty());
    QVERIFY(rowMismatch(h.output, 0, {strong, weak, weak}, 1e-12).isEmpty());
    // The values are the directions: the determiner, the colour, the animal.
    QVERIFY(rowMismatch(h.output, 1, {weak, strong, weak}, 1e-12).isEmpty());
    QVERIFY(rowMismatch(h.output, 2, {weak, weak, strong}, 1e-12).isEmpty());
}

QTEST_GUILESS_MAIN(TstExamples)
#include "tst_examples.moc"
