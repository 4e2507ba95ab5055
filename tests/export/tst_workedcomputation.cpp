#include "attention/engine.h"
#include "document/documentio.h"
#include "examples.h"
#include "export/workedcolumn.h"
#include "export/workedcomputation.h"

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <limits>

using namespace qkv;
using test::example;
using namespace Qt::StringLiterals;

namespace {

// "it" in the animal example, the article's query.
constexpr int it = 7;

// The article's dot products of q(it) with every key, worked by hand from its tables (the
// example file adds small vectors for "the", "because" and "too", worked the same way).
const std::vector<double> articleScores {0.17, 0.77, 0.20, 0.29, 0.17, 0.62, 0.11, 0.92, 0.14, 0.05, 1.22};

// n distinct words with reproducible random vectors, d numbers each.
Document randomDocument(int n, int dim, quint32 seed)
{
    QRandomGenerator rng(seed);
    Document doc;
    Settings s;
    s.dim = dim;
    doc.setSettings(s);
    QStringList words;
    for (int i = 0; i < n; ++i)
        words << u"w%1"_s.arg(i);
    doc.setSentence(words.join(u' '));
    for (const QString &w : words) {
        WordVectors v {Eigen::MatrixXd(1, dim), Eigen::MatrixXd(1, dim), Eigen::MatrixXd(1, dim)};
        for (Role r : {Role::Query, Role::Key, Role::Value})
            for (Eigen::Index i = 0; i < v[r].size(); ++i)
                v[r](i) = rng.generateDouble() * 2.0 - 1.0;
        doc.setWordVectors(w, v);
    }
    return doc;
}

WorkedComputation work(const Document &doc, int query, int head = 0)
{
    return workedComputation(doc, compute(doc), head, query);
}

// Braces balanced (escaped ones aside), every \begin closed by its \end in order, $ paired.
QString latexProblem(const QString &tex)
{
    int depth = 0, dollars = 0;
    for (qsizetype i = 0; i < tex.size(); ++i) {
        if (tex[i] == u'\\') {
            ++i; // \{ \} \$ \\ are not structure
            continue;
        }
        if (tex[i] == u'%') { // a comment runs to the end of the line
            i = tex.indexOf(u'\n', i);
            if (i < 0)
                break;
            continue;
        }
        depth += tex[i] == u'{' ? 1 : tex[i] == u'}' ? -1 : 0;
        dollars += tex[i] == u'$';
        if (depth < 0)
            return u"unbalanced } at %1"_s.arg(i);
    }
    if (depth != 0)
        return u"%1 unclosed {"_s.arg(depth);
    if (dollars % 2)
        return u"odd number of $"_s;
    QStringList open;
    static const QRegularExpression env(uR"(\\(begin|end)\{([^}]*)\})"_s);
    for (auto m = env.globalMatch(tex); m.hasNext();) {
        const auto match = m.next();
        if (match.captured(1) == u"begin"_s)
            open << match.captured(2);
        else if (open.isEmpty() || open.takeLast() != match.captured(2))
            return u"\\end{%1} without its \\begin"_s.arg(match.captured(2));
    }
    return open.isEmpty() ? QString() : u"\\begin{%1} never ended"_s.arg(open.last());
}

} // namespace

class TstWorkedComputation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A key's column: every query's weight on "animal", each worked out within its own row.
    void keyColumnOfTheArticle_data()
    {
        QTest::addColumn<QString>("normalization");
        for (const char *n : {"scaled-softmax", "softmax", "sum", "none"})
            QTest::newRow(n) << QString::fromLatin1(n);
    }
    void keyColumnOfTheArticle()
    {
        QFETCH(QString, normalization);
        Document doc = example(u"animal"_s);
        Settings s = doc.settings();
        s.normalization = *fromString<Normalization>(normalization);
        s.temperature = 0.8;
        doc.setSettings(s);
        doc.setMaskedCells({{3, 1}});
        const Result r = compute(doc);
        const int animal = 1;
        const WorkedColumn c = workedColumn(doc, r, 0, animal, 0);
        QVERIFY(c.isValid());
        QCOMPARE(std::ssize(c.listed), std::ssize(r.tokens));
        QCOMPARE(c.value, Eigen::VectorXd(r.heads[0].values.row(animal).transpose()));
        int strongest = -1;
        for (int i = 0; i < r.tokens.size(); ++i) {
            const WorkedQuery &q = c.queries[static_cast<std::size_t>(i)];
            QCOMPARE(q.entry.masked, i == 3);
            QCOMPARE(q.entry.weight, r.heads[0].weights(i, animal));
            if (q.entry.masked)
                continue;
            QVERIFY(q.workedOut);
            // The score term by term, and the weight from the row's own sum.
            QVERIFY(std::abs(c.comparedQueries.row(i).dot(c.comparedKey) - q.entry.score) < 1e-12);
            QCOMPARE(q.entry.score, r.heads[0].scores(i, animal));
            double weight = q.entry.score;
            if (s.normalization == Normalization::Sum) {
                QCOMPARE(q.total, r.heads[0].scores.row(i).sum() - (i == 3 ? r.heads[0].scores(3, 1) : 0.0));
                weight = q.entry.score / q.total;
            } else if (s.normalization != Normalization::None) {
                const double divisor = s.normalization == Normalization::Softmax ? 0.8 : 0.8 * std::sqrt(3.0);
                QCOMPARE(c.divisor, divisor);
                weight = std::exp(q.entry.score / divisor - q.shift) / q.total;
            }
            QVERIFY2(std::abs(weight - q.entry.weight) < 1e-12, qPrintable(u"query %1"_s.arg(i)));
            if (strongest < 0 || q.entry.weight > r.heads[0].weights(strongest, animal))
                strongest = i;
        }
        QCOMPARE(c.strongest, strongest);
        const QString text = workedColumnText(c, WorkedSyntax::Plain);
        QVERIFY(text.contains(u"Who attends to “animal”"_s));
        QVERIFY(text.contains(u"“%1” attends to “animal” most"_s.arg(r.tokens[strongest])));
        QVERIFY(text.contains(u"masked, cannot see it"_s));
        QCOMPARE(latexProblem(workedColumnText(c, WorkedSyntax::Latex)), QString());
    }

    void keyColumnListsTheHeaviestQueries()
    {
        const Document doc = randomDocument(40, 4, 7);
        const Result r = compute(doc);
        const WorkedColumn c = workedColumn(doc, r, 0, 5, 6);
        QCOMPARE(std::ssize(c.listed), 6);
        QVERIFY(std::is_sorted(c.listed.begin(), c.listed.end()));
        double lightestListed = 1;
        for (int i : c.listed)
            lightestListed = std::min(lightestListed, r.heads[0].weights(i, 5));
        for (int i = 0; i < 40; ++i) {
            const bool listed = std::find(c.listed.begin(), c.listed.end(), i) != c.listed.end();
            QCOMPARE(c.queries[static_cast<std::size_t>(i)].workedOut, listed);
            if (!listed)
                QVERIFY(r.heads[0].weights(i, 5) <= lightestListed);
        }
        QVERIFY(workedColumnText(c, WorkedSyntax::Markdown).contains(u"34 others"_s));
        QVERIFY(!workedColumn(doc, r, 0, 40, 6).isValid());
        QVERIFY(!workedColumn(doc, r, 1, 0, 6).isValid());
    }

    void animalScores_data();
    void animalScores();
    void animalSoftmax();
    void animalOutput();
    void birds();
    void maskedKeys();
    void warningRows();
    void scaling_data();
    void scaling();
    void sumNormalization();
    void otherScorings_data();
    void otherScorings();
    void longSentence();
    void longVectors();
    void numbers_data();
    void numbers();
    void escaping();
    void latexStructure_data();
    void latexStructure();
    void invalid();
};

void TstWorkedComputation::animalScores_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<double>("score");
    QTest::addColumn<QString>("line");
    QTest::newRow("The") << 0 << 0.17
                         << u"- The: 0.600 × 0.200 + 0.500 × 0.100 + 0.400 × 0.000 = 0.120 + 0.050 + 0.000 = 0.170"_s;
    QTest::newRow("animal")
        << 1 << 0.77 << u"- animal: 0.600 × 0.600 + 0.500 × 0.500 + 0.400 × 0.400 = 0.360 + 0.250 + 0.160 = 0.770"_s;
    QTest::newRow("tired")
        << 10 << 1.22 << u"- tired: 0.600 × 0.900 + 0.500 × 0.800 + 0.400 × 0.700 = 0.540 + 0.400 + 0.280 = 1.220"_s;
}

void TstWorkedComputation::animalScores()
{
    QFETCH(int, key);
    QFETCH(double, score);
    QFETCH(QString, line);
    const Document doc = example(u"animal"_s);
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, it);
    QVERIFY(w.isValid());
    QCOMPARE(w.compared, Eigen::Vector3d(0.6, 0.5, 0.4));
    const WorkedKey &k = w.keys[static_cast<std::size_t>(key)];
    QCOMPARE(k.score, result.heads[0].scores(it, key)); // the engine's exact number …
    QVERIFY(std::abs(k.score - score) < 1e-12); // … which is the article's
    QVERIFY(std::abs(w.compared.dot(w.comparedKeys.row(key)) - score) < 1e-12);
    const QStringList lines = workedMarkdown(w).split(u'\n');
    QVERIFY2(lines.contains(line), qPrintable(line));
}

void TstWorkedComputation::animalSoftmax()
{
    const Document doc = example(u"animal"_s); // plain softmax, T = 1: no scaling step
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, it);
    double sum = 0;
    for (double s : articleScores)
        sum += std::exp(s);
    QVERIFY(std::abs(w.total - sum) < 1e-12);
    for (std::size_t j = 0; j < articleScores.size(); ++j) {
        QVERIFY(std::abs(w.keys[j].exponential - std::exp(articleScores[j])) < 1e-12);
        QCOMPARE(w.keys[j].weight, result.heads[0].weights(it, static_cast<int>(j)));
        QVERIFY(std::abs(w.keys[j].weight - std::exp(articleScores[j]) / sum) < 1e-12);
    }
    const QString md = workedMarkdown(w);
    QVERIFY(!md.contains(u"Scaling"_s));
    QVERIFY(md.contains(u"\n- tired: e^1.220 = 3.387\n"_s));
    QVERIFY(md.contains(u"\n- tired: 3.387 ÷ 18.161 = 0.187\n"_s));
    QVERIFY(md.contains(u"\n- animal: 2.160 ÷ 18.161 = 0.119\n"_s));
    QVERIFY(md.contains(u"sum = 1.185 + 2.160 + 1.221 + "_s));
}

void TstWorkedComputation::animalOutput()
{
    const Document doc = example(u"animal"_s);
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, it);
    QCOMPARE(w.output, Eigen::VectorXd(result.heads[0].output.row(it).transpose()));
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(3);
    for (std::size_t j = 0; j < w.keys.size(); ++j)
        sum += w.keys[j].weight * w.values.row(static_cast<int>(j)).transpose();
    QVERIFY((sum - w.output).cwiseAbs().maxCoeff() < 1e-12);
    const QString md = workedMarkdown(w);
    QVERIFY(md.contains(u"\n- animal: 0.119 × [0.700, 0.600, 0.500] = [0.083, 0.071, 0.059]\n"_s));
    QVERIFY(md.contains(u"\n**o(it) = [0.405, 0.377, 0.323]**\n"_s));
    QVERIFY(md.contains(u"### Worked computation for “it” (token 8 of 11), head 1\n"_s));
    // The window's plain text in German: decimal commas, semicolons between a vector's numbers;
    // what is copied (Markdown, LaTeX) stays C.
    WorkedOptions german;
    german.locale = QLocale(QLocale::German, QLocale::Germany);
    const QString plain = workedText(w, WorkedSyntax::Plain, german);
    QVERIFY(plain.contains(u"0,119 × [0,700; 0,600; 0,500] = [0,083; 0,071; 0,059]"_s));
    QVERIFY(!plain.contains(QRegularExpression(u"\\d\\.\\d"_s)));
    QCOMPARE(workedMarkdown(w, german), md);
    QCOMPARE(formatWorkedNumber(-2.5e7, 2, WorkedSyntax::Plain, german.locale), u"−2,50×10⁷"_s);
}

void TstWorkedComputation::birds()
{
    const Document doc = example(u"birds"_s);
    const WorkedComputation w = work(doc, 2);
    QVERIFY((w.output - Eigen::Vector3d(0.18, 0.11, 0.01)).cwiseAbs().maxCoeff() < 1e-12);
    QVERIFY(std::abs(w.before[0] - -0.09) < 1e-12);
    QVERIFY(std::abs(w.after[0] - 0.043) < 1e-12);
    QCOMPARE(w.compared.size(), 0); // weights mode: nothing is scored
    // At 2 decimals, every number as numpy rounds it (o = [0.18, 0.11, 0.01]; o·v(walk) = 0.075000000000000011).
    const QString md = workedMarkdown(w, {2, 16, 8});
    const QStringList expected {
        u"*Numbers are shown with 2 decimals; "_s,
        u"1. Weights: the given row of A"_s,
        u"\n- Birds: 0.60\n- sometimes: 0.10\n- walk: 0.40\n"_s,
        u"\n- Birds: 0.60 × [0.10, 0.20, 0.30] = [0.06, 0.12, 0.18]\n"_s,
        u"\n- sometimes: 0.10 × [−0.80, 0.30, −0.10] = [−0.08, 0.03, −0.01]\n"_s,
        u"\n- walk: 0.40 × [0.50, −0.10, −0.40] = [0.20, −0.04, −0.16]\n"_s,
        u"\n**o(walk) = [0.18, 0.11, 0.01]**\n"_s,
        u"\n- Birds: 0.50 × 0.10 + (−0.10) × 0.20 + (−0.40) × 0.30 = 0.05 − 0.02 − 0.12 = −0.09\n"_s,
        u"\n- sometimes: 0.50 × (−0.80) + (−0.10) × 0.30 + (−0.40) × (−0.10) = −0.40 − 0.03 + 0.04 = −0.39\n"_s,
        u"\n- walk: 0.50 × 0.50 + (−0.10) × (−0.10) + (−0.40) × (−0.40) = 0.25 + 0.01 + 0.16 = 0.42\n"_s,
        // −0.001 and −0.004 round to 0.00, which has no sign.
        u"\n- Birds: 0.18 × 0.10 + 0.11 × 0.20 + 0.01 × 0.30 = 0.02 + 0.02 + 0.00 = 0.04  (was −0.09, closer)\n"_s,
        u"\n- sometimes: 0.18 × (−0.80) + 0.11 × 0.30 + 0.01 × (−0.10) = −0.14 + 0.03 + 0.00 = −0.11  (was −0.39, "
        u"closer)\n"_s,
        u"\n- walk: 0.18 × 0.50 + 0.11 × (−0.10) + 0.01 × (−0.40) = 0.09 − 0.01 + 0.00 = 0.08  (was 0.42, farther)\n"_s,
        u"o(walk) is closer (a larger dot product) than v(walk) to 2 of the 3 values."_s,
    };
    for (const QString &line : expected)
        QVERIFY2(md.contains(line), qPrintable(line));
    QVERIFY(!md.contains(u"Exponentials"_s));
    QVERIFY(!md.contains(u"Scores:"_s));
}

void TstWorkedComputation::maskedKeys()
{
    Document doc = example(u"animal"_s);
    Settings s = doc.settings();
    s.mask = MaskKind::Causal;
    doc.setSettings(s);
    doc.setMaskedCells({{it, 1}}); // and "animal" hidden by the user
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, it);
    QCOMPARE(w.maskedCount(), 4); // animal, was, too, tired
    double sum = 0;
    for (int j : {0, 2, 3, 4, 5, 6, 7})
        sum += std::exp(articleScores[static_cast<std::size_t>(j)]);
    QVERIFY(std::abs(w.total - sum) < 1e-12);
    for (int j : {1, 8, 9, 10}) {
        QVERIFY(w.keys[static_cast<std::size_t>(j)].masked);
        QCOMPARE(w.keys[static_cast<std::size_t>(j)].weight, 0.0);
    }
    QVERIFY(std::abs(w.keys[0].weight - std::exp(0.17) / sum) < 1e-12);
    const QString md = workedMarkdown(w);
    QVERIFY(md.contains(u"4 masked keys are left out."_s));
    // In the scores, exponentials, weights and weighted sum; the similarity still shows them.
    QCOMPARE(md.count(u"- tired: *masked, left out*\n"_s), 4);
    QCOMPARE(md.count(u"- animal: *masked, left out*\n"_s), 4);
    QVERIFY(!md.contains(u"e^1.220"_s));
    QVERIFY(md.contains(u"- tired: 0.600 × 0.800 + "_s)); // the similarity still compares every value
    QVERIFY(!workedText(w, WorkedSyntax::Plain).contains(u"exp(1.220)"_s));
    QVERIFY(workedText(w, WorkedSyntax::Plain).contains(u"\nthe: exp(0.170) = 1.185\n"_s));
}

void TstWorkedComputation::warningRows()
{
    Document doc = example(u"animal"_s);
    doc.setMaskedCells({{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {0, 8}, {0, 9}, {0, 10}});
    WorkedComputation w = work(doc, 0);
    QVERIFY(w.warning.contains(u"every key is masked"_s));
    QVERIFY(w.output.isZero());
    QString md = workedMarkdown(w);
    QVERIFY(md.contains(u"> **Warning:** head 1, row 1 (The): every key is masked"_s));
    QVERIFY(workedText(w, WorkedSyntax::Plain).contains(u"\nWarning: head 1, row 1 (The): every key is masked"_s));
    QVERIFY(workedLatex(w).contains(u"\\textbf{Warning:} head 1, row 1 (The)"_s));

    Settings s = doc.settings(); // scores that sum to a negative number: the weights flip sign
    s.normalization = Normalization::Sum;
    doc.setSettings(s);
    doc.setMaskedCells({});
    doc.setSentence(u"a b"_s);
    doc.setWordVectors(
        u"a"_s, {Eigen::RowVector3d(1, 0, 0), Eigen::RowVector3d(-2, 0, 0), Eigen::RowVector3d(1, 2, 3)});
    doc.setWordVectors(u"b"_s, {Eigen::RowVector3d(0, 1, 0), Eigen::RowVector3d(1, 0, 0), Eigen::RowVector3d(0, 1, 0)});
    w = work(doc, 0);
    QVERIFY(w.warning.contains(u"negative"_s));
    QCOMPARE(w.total, -1.0);
    md = workedMarkdown(w);
    QVERIFY(md.contains(u"sum = −2.000 + 1.000 = −1.000"_s));
    QVERIFY(md.contains(u"\n- a: −2.000 ÷ (−1.000) = 2.000\n"_s));
    QVERIFY(md.contains(u"> **Warning:**"_s));
}

void TstWorkedComputation::scaling_data()
{
    QTest::addColumn<int>("normalization");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<double>("divisor");
    QTest::addColumn<QString>("step");
    QTest::newRow("scaled") << int(Normalization::ScaledSoftmax) << 1.0 << std::sqrt(3.0)
                            << u"**2. Scaling: divide by √3 = 1.732**"_s;
    QTest::newRow("scaled, T = 2") << int(Normalization::ScaledSoftmax) << 2.0 << 2 * std::sqrt(3.0)
                                   << u"**2. Scaling: divide by √3 × 2.000 = 3.464**"_s;
    QTest::newRow("softmax, T = 0.5") << int(Normalization::Softmax) << 0.5 << 0.5
                                      << u"**2. Scaling: divide by T = 0.500**"_s;
}

void TstWorkedComputation::scaling()
{
    QFETCH(int, normalization);
    QFETCH(double, temperature);
    QFETCH(double, divisor);
    QFETCH(QString, step);
    Document doc = example(u"animal"_s);
    Settings s = doc.settings();
    s.normalization = Normalization(normalization);
    s.temperature = temperature;
    doc.setSettings(s);
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, it);
    QVERIFY(std::abs(w.divisor - divisor) < 1e-12);
    for (std::size_t j = 0; j < w.keys.size(); ++j) {
        QVERIFY(std::abs(w.keys[j].exponential / w.total - w.keys[j].weight) < 1e-12);
        QCOMPARE(w.keys[j].weight, result.heads[0].weights(it, static_cast<int>(j)));
    }
    const QString md = workedMarkdown(w);
    QVERIFY2(md.contains(step), qPrintable(md.left(800)));
    const QString tired = formatWorkedNumber(1.22 / divisor, 3, WorkedSyntax::Markdown);
    QVERIFY(md.contains(
        u"\n- tired: 1.220 ÷ "_s + formatWorkedNumber(divisor, 3, WorkedSyntax::Markdown) + u" = "_s + tired + u'\n'));
    QVERIFY(md.contains(u"\n- tired: e^"_s + tired + u" = "_s));
}

void TstWorkedComputation::sumNormalization()
{
    Document doc = example(u"animal"_s);
    Settings s = doc.settings();
    s.normalization = Normalization::Sum;
    doc.setSettings(s);
    const WorkedComputation w = work(doc, it);
    double sum = 0;
    for (double x : articleScores)
        sum += x;
    QVERIFY(std::abs(w.total - sum) < 1e-12);
    QVERIFY(std::abs(w.keys[10].weight - 1.22 / sum) < 1e-12);
    const QString md = workedMarkdown(w);
    QVERIFY(md.contains(u"**2. Normalization: divide by the sum of the scores**"_s));
    QVERIFY(md.contains(
        u"sum = 0.170 + 0.770 + 0.200 + 0.290 + 0.170 + 0.620 + 0.110 + 0.920 + 0.140 + 0.050 + 1.220 = 4.660"_s));
    QVERIFY(md.contains(u"\n- tired: 1.220 ÷ 4.660 = 0.262\n"_s));

    s.normalization = Normalization::None;
    doc.setSettings(s);
    const QString none = workedMarkdown(work(doc, it));
    QVERIFY(none.contains(u"**2. Normalization: none**\n\nThe weights are the scores as they are."_s));
    QVERIFY(none.contains(u"\n- tired: 1.220 × [0.800, 0.700, 0.600] = [0.976, 0.854, 0.732]\n"_s));
}

void TstWorkedComputation::otherScorings_data()
{
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("scoring");
    QTest::addColumn<QString>("step");
    QTest::newRow("key·key") << int(Mode::Direct) << int(Scoring::KeyKey) << u"1. Scores: k(it) · k(j)"_s;
    QTest::newRow("value·value") << int(Mode::Direct) << int(Scoring::Embedding) << u"1. Scores: v(it) · v(j)"_s;
    QTest::newRow("projection q·k") << int(Mode::Projection) << int(Scoring::QueryKey) << u"1. Scores: q(it) · k(j)"_s;
    QTest::newRow("projection x·x") << int(Mode::Projection) << int(Scoring::Embedding) << u"1. Scores: x(it) · x(j)"_s;
}

void TstWorkedComputation::otherScorings()
{
    QFETCH(int, mode);
    QFETCH(int, scoring);
    QFETCH(QString, step);
    Document doc = example(u"animal"_s);
    Settings s = doc.settings();
    s.mode = Mode(mode);
    s.scoring = Scoring(scoring);
    s.normalization = Normalization::ScaledSoftmax;
    s.positions = Positions::Sinusoidal;
    s.dModel = 6;
    doc.setSettings(s);
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, it);
    // Whatever is compared, its term-by-term dot products are the engine's scores.
    for (int j = 0; j < 11; ++j)
        QVERIFY(std::abs(w.compared.dot(w.comparedKeys.row(j)) - result.heads[0].scores(it, j)) < 1e-12);
    QCOMPARE(w.compared.size(), s.mode == Mode::Projection && s.scoring == Scoring::Embedding ? 6 : 3);
    QVERIFY(std::abs(w.divisor - std::sqrt(double(w.compared.size()))) < 1e-12); // √d of what is compared
    QVERIFY(workedMarkdown(w).contains(step));
}

void TstWorkedComputation::longSentence()
{
    const Document doc = randomDocument(200, 4, 7);
    const Result result = compute(doc);
    const WorkedComputation w = workedComputation(doc, result, 0, 50);
    const std::vector<int> listed = workedListedKeys(w, 16);
    QCOMPARE(listed.size(), 16u);
    QVERIFY(std::is_sorted(listed.begin(), listed.end()));
    double smallestListed = 1;
    for (int j : listed)
        smallestListed = std::min(smallestListed, w.keys[static_cast<std::size_t>(j)].weight);
    for (int j = 0; j < 200; ++j)
        if (std::find(listed.begin(), listed.end(), j) == listed.end())
            QVERIFY(w.keys[static_cast<std::size_t>(j)].weight <= smallestListed);
    QCOMPARE(workedListedKeys(w, 0).size(), 200u);
    const QString md = workedMarkdown(w);
    QVERIFY(md.contains(u"The 16 keys with the largest weights are worked out term by term; the 184 other"_s));
    QCOMPARE(md.count(u"\n- 184 others: "_s), 5); // scores, scaling, exponentials, weights, values
    QVERIFY(md.size() < 20000); // stays readable, not 200 lines per step
    const QString all = workedMarkdown(w, {3, 0, 8});
    QVERIFY(!all.contains(u"others"_s));
    QVERIFY(all.count(u'\n') > 1000);
}

void TstWorkedComputation::longVectors()
{
    const Document doc = randomDocument(3, 64, 3);
    const WorkedComputation w = work(doc, 1);
    const QString md = workedMarkdown(w);
    QVERIFY(md.contains(u" + … (56 more terms) = "_s));
    // The final vector is written out in full; the vectors of each line are shortened.
    QCOMPARE(md.section(u"\n**o(w1) = ["_s, 1).section(u']', 0, 0).count(u','), 63);
    QVERIFY(md.contains(u", …, "_s));
}

void TstWorkedComputation::numbers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<int>("syntax");
    QTest::addColumn<QString>("text");
    const int md = int(WorkedSyntax::Markdown), tex = int(WorkedSyntax::Latex), plain = int(WorkedSyntax::Plain);
    QTest::newRow("0.17 in binary") << 0.6 * 0.2 + 0.5 * 0.1 << 3 << md << u"0.170"_s;
    QTest::newRow("fixed: [0.33, 0.32, 0.278]") << 0.33 << 3 << md << u"0.330"_s;
    QTest::newRow("negative") << -0.09 << 3 << md << u"−0.090"_s;
    QTest::newRow("negative, 2 decimals") << -0.09 << 2 << md << u"−0.09"_s;
    QTest::newRow("negative, latex: never a binary minus") << -0.09 << 2 << tex << u"{-}0.09"_s;
    QTest::newRow("zero") << 0.0 << 3 << md << u"0.000"_s;
    QTest::newRow("negative zero") << -0.0 << 3 << md << u"0.000"_s;
    QTest::newRow("rounds to zero: no sign") << -0.0004 << 3 << md << u"0.000"_s;
    QTest::newRow("rounded") << 1.0 / 3 << 3 << md << u"0.333"_s;
    QTest::newRow("rounds up") << 0.00999 << 3 << md << u"0.010"_s;
    QTest::newRow("integer") << 18.0 << 3 << md << u"18.000"_s;
    QTest::newRow("no decimals") << 2.5001 << 0 << md << u"3"_s;
    QTest::newRow("ten decimals") << 1.0 / 3 << 10 << md << u"0.3333333333"_s;
    QTest::newRow("more than ten: ten") << 1.0 / 3 << 12 << md << u"0.3333333333"_s;
    QTest::newRow("tiny") << 3.04e-7 << 3 << md << u"0.000"_s;
    QTest::newRow("huge") << 2.5e7 << 3 << md << u"2.500e7"_s;
    QTest::newRow("huge, latex") << -4.86e8 << 1 << tex << u"{-}4.9 \\times 10^{8}"_s;
    QTest::newRow("huge, plain") << 4.85e8 << 2 << plain << u"4.85×10⁸"_s;
    QTest::newRow("infinite") << -std::numeric_limits<double>::infinity() << 3 << md << u"−∞"_s;
    QTest::newRow("infinite, latex") << std::numeric_limits<double>::infinity() << 3 << tex << u"\\infty"_s;
    QTest::newRow("not a number") << std::numeric_limits<double>::quiet_NaN() << 3 << md << u"NaN"_s;
}

void TstWorkedComputation::numbers()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(int, syntax);
    QFETCH(QString, text);
    QCOMPARE(formatWorkedNumber(value, decimals, WorkedSyntax(syntax)), text);
}

void TstWorkedComputation::escaping()
{
    Document doc;
    doc.setSentence(u"a*b_c <x> a*b_c 50%&{y}#"_s);
    const WorkedComputation w = work(doc, 0);
    const QString md = workedMarkdown(w);
    QVERIFY(md.contains(u"\n- a\\*b\\_c #1: "_s)); // repeated words carry their position
    QVERIFY(md.contains(u"\n- a\\*b\\_c #3: "_s));
    QVERIFY(md.contains(u"\n- \\<x\\>: "_s));
    QVERIFY(workedText(w, WorkedSyntax::Plain).contains(u"\n<x>: "_s)); // plain text needs no escapes
    const QString tex = workedLatex(w);
    QVERIFY(tex.contains(u"\n\\item[{50\\%\\&\\{y\\}\\#:}] $"_s)); // braced: a "]" cannot end the label
    QVERIFY(tex.contains(u"\n\\item[{a*b\\_c \\#3:}] $"_s));
    QCOMPARE(latexProblem(tex), QString());
}

void TstWorkedComputation::latexStructure_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("query");
    QTest::addColumn<int>("normalization");
    QTest::newRow("animal") << u"animal"_s << it << int(Normalization::Softmax);
    QTest::newRow("animal, scaled") << u"animal"_s << it << int(Normalization::ScaledSoftmax);
    QTest::newRow("animal, sum") << u"animal"_s << 0 << int(Normalization::Sum);
    QTest::newRow("animal, none") << u"animal"_s << 3 << int(Normalization::None);
    QTest::newRow("birds") << u"birds"_s << 2 << int(Normalization::None);
    QTest::newRow("riley") << u"riley"_s << 1 << int(Normalization::ScaledSoftmax);
}

void TstWorkedComputation::latexStructure()
{
    QFETCH(QString, name);
    QFETCH(int, query);
    QFETCH(int, normalization);
    Document doc = example(name);
    Settings s = doc.settings();
    s.normalization = Normalization(normalization);
    doc.setSettings(s);
    const QString tex = workedLatex(work(doc, query));
    QCOMPARE(latexProblem(tex), QString());
    QVERIFY(tex.contains(u"\\begin{list}"_s));
    // Only ASCII notation: the Unicode of the Markdown (×, ÷, −, √, …) would not compile.
    for (const QChar c : u"×÷−√…·Σ“”"_s)
        QVERIFY2(!tex.contains(c), qPrintable(QString(c)));
    if (name == u"birds"_s) // no space before the colon, and a unary minus after "was"
        QVERIFY(tex.contains(
            u"\n\\item[{Birds:}] $0.180 \\times 0.100 + 0.110 \\times 0.200 + 0.010 \\times 0.300 = 0.018 + "
            u"0.022 + 0.003 = 0.043$\\quad (was ${-}0.090$, closer)\n"_s));
}

void TstWorkedComputation::invalid()
{
    const Document doc = example(u"animal"_s);
    const Result result = compute(doc);
    QVERIFY(!workedComputation(doc, result, 0, -1).isValid());
    QVERIFY(!workedComputation(doc, result, 0, 11).isValid());
    QVERIFY(!workedComputation(doc, result, 1, 0).isValid());
    QVERIFY(workedMarkdown(WorkedComputation {}).contains(u"No token"_s));
    QCOMPARE(latexProblem(workedLatex(WorkedComputation {})), QString());
}

QTEST_MAIN(TstWorkedComputation)
#include "tst_workedcomputation.moc"
