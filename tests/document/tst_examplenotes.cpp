// The notes of the bundled examples (resources/examples/notes.json) say where the articles are
// wrong, with numbers. Every number a note gives for an example is recomputed here from the
// example's document; the article's own numbers are checked against each other (sums, order,
// terms); and a note may quote no decimal that is neither.

#include "attention/engine.h"
#include "document/documentio.h"
#include "document/examplenotes.h"
#include "document/examples.h"

#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <numeric>

using qkv::HeadResult;
using qkv::Result;

namespace {

const QStringList articles {QStringLiteral("“Self Attention”"), QStringLiteral("“Attention with a worked out example”"),
    QStringLiteral("“Illustrated Intuition for Self-Attention”"),
    QStringLiteral("“Motivating Self-Attention” by Ryan Xu"), QStringLiteral("Not from the articles")};

// Rounded to `decimals`, without trailing zeros: 0.18650 → "0.187", 0.89952 → "0.9".
QString num(double x, int decimals = 3)
{
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(x * scale) / scale;
    return QString::number(rounded == 0.0 ? 0.0 : rounded, 'g', 12);
}

QString vec(const Eigen::RowVectorXd &v, int decimals = 3)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << num(v(i), decimals);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

// The whole note as one text, with the typographic minus as '-'.
QString noteText(const QString &name)
{
    const qkv::ExampleNote note = qkv::exampleNote(name);
    QString text = note.source + QLatin1Char('\n') + note.shows;
    for (const qkv::ArticleCorrection &c : note.corrections)
        text += QLatin1Char('\n') + c.says + QLatin1Char('\n') + c.truth;
    return text.replace(QChar(0x2212), QLatin1Char('-'));
}

QStringList decimals(const QString &text)
{
    static const QRegularExpression number(QStringLiteral("(?<![\\w.])-?\\d*\\.\\d+"));
    QStringList found;
    for (auto it = number.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    return found;
}

// Each of `computed` is in the note of `name`, and every decimal the note quotes is one of
// `computed` or of `article` (what the article says).
QString checkNote(const QString &name, const QStringList &computed, const QStringList &article)
{
    const QString text = noteText(name);
    QStringList allowed = article;
    for (const QString &c : computed) {
        if (!text.contains(c))
            return QStringLiteral("the note of %1 does not say %2").arg(name, c);
        allowed << decimals(c);
    }
    for (const QString &d : decimals(text))
        if (!allowed.contains(d))
            return QStringLiteral("the note of %1 quotes %2, which is neither computed nor the article's").arg(name, d);
    return {};
}

struct Example {
    qkv::Document doc;
    Result result;
    const HeadResult &head() const { return result.heads.front(); }
    int token(const char *word) const { return static_cast<int>(result.tokens.indexOf(QLatin1String(word))); }
};

Example load(const QString &name)
{
    const qkv::LoadResult loaded = qkv::loadDocument(QStringLiteral("example:") + name);
    if (!loaded)
        return {};
    return {*loaded.document, qkv::compute(*loaded.document)};
}

} // namespace

#define CHECK_NOTE(name, computed, article)                                                                            \
    do {                                                                                                               \
        const QString problem = checkNote(name, computed, article);                                                    \
        QVERIFY2(problem.isEmpty(), qPrintable(problem));                                                              \
    } while (false)

class TstExampleNotes : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyExampleHasANote_data()
    {
        QTest::addColumn<QString>("name");
        const QStringList names = qkv::exampleNames() << QStringLiteral("induction");
        for (const QString &name : names)
            QTest::newRow(qPrintable(name)) << name;
    }
    void everyExampleHasANote()
    {
        QFETCH(QString, name);
        const qkv::ExampleNote note = qkv::exampleNote(name);
        QVERIFY(!note.isEmpty());
        QVERIFY(!note.shows.isEmpty());
        QVERIFY2(
            std::any_of(articles.begin(), articles.end(), [&](const QString &a) { return note.source.contains(a); }),
            qPrintable(note.source));
        for (const qkv::ArticleCorrection &c : note.corrections)
            QVERIFY(!c.says.isEmpty() && !c.truth.isEmpty());
        QVERIFY(qkv::exampleNote(QStringLiteral("no-such")).isEmpty());
        // The text for a terminal holds all of it, in lines of at most 100 characters.
        const QString text = qkv::exampleNoteText(note);
        QVERIFY(text.simplified().contains(note.shows.simplified()));
        for (const QString &line : text.split(QLatin1Char('\n')))
            QVERIFY2(line.size() <= 100, qPrintable(line));
    }

    void animal()
    {
        const Example e = load(QStringLiteral("animal"));
        const HeadResult &h = e.head();
        const int it = e.token("it"), tired = e.token("tired"), animal = e.token("animal");
        const int street = e.token("street"), the = e.token("The");
        QVERIFY(it >= 0 && tired >= 0 && animal >= 0 && street >= 0 && the >= 0);
        // Softmax keeps the order of the scores: tired's is the largest, it's own the second.
        std::vector<int> order(static_cast<std::size_t>(h.weights.cols()));
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return h.weights(it, a) > h.weights(it, b); });
        QCOMPARE(order.at(0), tired);
        QCOMPARE(order.at(1), it);
        QVERIFY(h.scores(it, tired) > h.scores(it, it) && h.scores(it, it) > h.scores(it, animal));
        // The article's step 3 puts animal (0.60) far above tired (0.08), whose score is larger.
        QVERIFY(0.60 > 0.08 && h.scores(it, tired) > h.scores(it, animal));
        // Its step 4 weights, token by token, against the document's values (the article's V table).
        const Eigen::RowVectorXd step4
            = (Eigen::RowVectorXd(11) << 0.05, 0.70, 0.02, 0.01, 0.01, 0.20, 0.01, 0.00, 0.01, 0.00, 0.00).finished();
        QCOMPARE(e.result.tokens.size(), 11);
        const QStringList computed {num(h.scores(it, the)), num(h.scores(it, animal)), num(h.scores(it, tired)),
            num(h.scores(it, it)), num(h.weights(it, tired)), num(h.weights(it, it)), num(h.weights(it, animal)),
            num(h.weights(it, street)), num(step4.sum(), 2), vec(step4 * h.values), vec(h.output.row(it))};
        QCOMPARE(computed.at(4), QStringLiteral("0.187"));
        QCOMPARE(computed.at(8), QStringLiteral("1.01"));
        QCOMPARE(computed.at(9), QStringLiteral("[0.601, 0.519, 0.433]"));
        QCOMPARE(computed.at(10), QStringLiteral("[0.405, 0.377, 0.323]"));
        CHECK_NOTE(QStringLiteral("animal"), computed,
            (QStringList {u"0.60"_qs, u"0.20"_qs, u"0.08"_qs, u"0.00"_qs, u"0.70"_qs, u"0.05"_qs, u"0.02"_qs,
                u"0.01"_qs, u"0.03"_qs, u"0.598"_qs, u"0.518"_qs, u"0.432"_qs}));
    }

    void birds()
    {
        const Example e = load(QStringLiteral("birds"));
        const HeadResult &h = e.head();
        const int birds = e.token("Birds"), walk = e.token("walk");
        QVERIFY(birds >= 0 && walk >= 0);
        const Eigen::RowVectorXd row = h.weights.row(walk);
        const Eigen::RowVectorXd normalized = row / row.sum();
        const Eigen::RowVectorXd fixedWalk = normalized * h.values;
        const QStringList computed {vec(row), num(row.sum()), vec(normalized), vec(h.output.row(walk)), vec(fixedWalk),
            num(fixedWalk.dot(h.values.row(birds))), num(h.values.row(walk).dot(h.values.row(birds))),
            num(h.output.row(walk).dot(h.values.row(birds))), num(h.output.row(walk).dot(h.values.row(walk))),
            vec(h.values.row(birds)), num(h.weights(walk, birds))};
        QCOMPARE(computed.at(1), QStringLiteral("1.1"));
        QCOMPARE(computed.at(2), QStringLiteral("[0.545, 0.091, 0.364]"));
        QCOMPARE(computed.at(4), QStringLiteral("[0.164, 0.1, 0.009]"));
        // The article's "v̂₃ · v₃" uses v₁'s numbers: with v₃'s it would not be 0.043.
        QCOMPARE(computed.at(7), QStringLiteral("0.043"));
        QCOMPARE(computed.at(8), QStringLiteral("0.075"));
        CHECK_NOTE(QStringLiteral("birds"), computed, {});
    }

    void rileyBlend()
    {
        const Example e = load(QStringLiteral("riley-blend"));
        const HeadResult &h = e.head();
        const int riley = e.token("Riley"), dog = e.token("dog");
        QVERIFY(riley >= 0 && dog >= 0);
        const QStringList computed {num(h.weights(riley, riley)), num(h.weights(riley, dog)), vec(h.output.row(riley))};
        QCOMPARE(computed.at(2), QStringLiteral("[0.25, 0.75, 0, 0]"));
        CHECK_NOTE(QStringLiteral("riley-blend"), computed, {u".75"_qs});
    }

    void rileyKeys()
    {
        const Example e = load(QStringLiteral("riley-keys"));
        const HeadResult &h = e.head();
        const int riley = e.token("Riley"), dog = e.token("dog");
        QVERIFY(riley >= 0 && dog >= 0);
        QCOMPARE(h.scores(riley, dog), h.scores(dog, riley));
        // "Stay between 0 and 1": unit keys without negative parts.
        QVERIFY((h.keys.array() >= 0.0).all());
        QVERIFY((h.scores.array() >= 0.0).all() && (h.scores.array() <= 1.0 + 1e-12).all());
        // Part 2's first formula, v_Riley = relevance·v_Riley + (1 − relevance)·v_dog.
        const double relevance = h.keys.row(riley).dot(h.keys.row(dog));
        const Eigen::RowVectorXd formula = relevance * h.values.row(riley) + (1 - relevance) * h.values.row(dog);
        QVERIFY(relevance > 0.9 && formula(0) < 0.05); // close keys, and yet almost no dog (dimension 0)
        const QStringList computed {num(h.scores(riley, dog)), num(h.weights(riley, dog)), num(h.weights(dog, riley)),
            num(relevance), vec(formula)};
        QCOMPARE(computed.at(4), QStringLiteral("[0.04, 0.96, 0, 0]"));
        CHECK_NOTE(QStringLiteral("riley-keys"), computed, {});
    }

    void riley()
    {
        const Example e = load(QStringLiteral("riley"));
        const HeadResult &h = e.head();
        const int riley = e.token("Riley"), dog = e.token("dog");
        QVERIFY(riley >= 0 && dog >= 0);
        // numpy's `relevances / relevances.sum(axis=1)`: the sums, shape (n,), divide the columns.
        const Eigen::RowVectorXd sums = h.scores.rowwise().sum().transpose();
        const Eigen::MatrixXd asWritten = h.scores.array().rowwise() / sums.array();
        const Eigen::MatrixXd keepdims = h.scores.array().colwise() / sums.transpose().array();
        QVERIFY(keepdims.isApprox(h.weights, 1e-14));
        QVERIFY(std::abs(asWritten.row(riley).sum() - 1.0) > 0.1);
        const QStringList computed {num(h.scores(riley, dog)), num(h.scores(dog, riley)), num(h.weights(riley, dog)),
            num(h.weights(dog, riley)), vec(h.output.row(riley)), num(asWritten(riley, dog)),
            num(asWritten.row(riley).sum())};
        QCOMPARE(computed.at(5), QStringLiteral("0.9"));
        QCOMPARE(computed.at(6), QStringLiteral("1.108"));
        CHECK_NOTE(QStringLiteral("riley"), computed, {});
    }

    void apple()
    {
        Example e = load(QStringLiteral("apple"));
        const HeadResult &h = e.head();
        const int first = e.token("Apple"), last = e.token("apple");
        const int phone = e.token("phone"), eating = e.token("eating");
        QVERIFY(first >= 0 && last >= 0 && phone >= 0 && eating >= 0);
        Eigen::Index most = 0;
        h.weights.row(first).maxCoeff(&most);
        QCOMPARE(most, Eigen::Index(phone));
        h.weights.row(last).maxCoeff(&most);
        QCOMPARE(most, Eigen::Index(eating));
        e.doc.setMaskedCells({});
        const Result open = qkv::compute(e.doc);
        const QStringList computed {vec(h.values.row(first)), num(h.weights(first, phone)), vec(h.output.row(first)),
            num(h.weights(last, eating)), vec(h.output.row(last)), vec(open.heads.front().output.row(first)),
            vec(open.heads.front().output.row(last))};
        QCOMPARE(computed.at(5), computed.at(6));
        CHECK_NOTE(QStringLiteral("apple"), computed, {});
    }

    void groceries()
    {
        const Example e = load(QStringLiteral("groceries"));
        const HeadResult &h = e.head();
        const int groceries = e.token("groceries"), cooler = e.token("cooler");
        QVERIFY(groceries >= 0 && cooler >= 0);
        const QStringList computed {num(h.weights(cooler, groceries)), vec(h.output.row(cooler)),
            num(h.weights(groceries, cooler)), vec(h.output.row(groceries))};
        CHECK_NOTE(QStringLiteral("groceries"), computed, {});
    }

    // Cross-attention: the keys are the second sentence's tokens.
    void translation()
    {
        const Example e = load(QStringLiteral("translation"));
        const HeadResult &h = e.head();
        const int le = e.token("le"), noir = e.token("noir");
        const auto black = static_cast<int>(e.result.keys().indexOf(QStringLiteral("black")));
        const auto the = static_cast<int>(e.result.keys().indexOf(QStringLiteral("the")));
        QVERIFY(le >= 0 && noir >= 0 && black >= 0 && the >= 0);
        const QStringList computed {num(h.weights(noir, black)), num(h.weights(noir, the)), vec(h.output.row(le))};
        QCOMPARE(computed.at(2), QStringLiteral("[0.834, 0.083, 0.083]"));
        CHECK_NOTE(QStringLiteral("translation"), computed, {});
    }

    void induction()
    {
        // Its claims (the heads, "mat") are those tst_inductionmodel checks on the model; no numbers here.
        CHECK_NOTE(QStringLiteral("induction"), {QStringLiteral("“mat”")}, {});
    }

    // A translated note says what the English one says, so it carries the same numbers (checked
    // against the engine above): with decimal commas and "; " between a vector's numbers.
    void translationsKeepEveryNumber()
    {
        const QStringList languages = qkv::exampleNoteLanguages();
        QVERIFY(languages.contains(QStringLiteral("en")) && languages.contains(QStringLiteral("de")));
        static const QRegularExpression number(QStringLiteral("[−-]?\\d+(?:\\.\\d+)?"));
        const auto numbers = [](QString text, bool comma) {
            text.replace(QChar(0x2212), u'-');
            if (comma) // 0,25 is 0.25 there; "0,05, 0,70" lists two
                text.replace(QRegularExpression(QStringLiteral("(\\d),(\\d)")), QStringLiteral("\\1.\\2"));
            QStringList found;
            for (auto it = number.globalMatch(text); it.hasNext();)
                found << it.next().captured();
            found.sort();
            return found;
        };
        for (const QString &language : languages) {
            if (language == u"en")
                continue;
            for (const QString &name : qkv::exampleNames() + QStringList {QStringLiteral("induction")}) {
                const qkv::ExampleNote en = qkv::exampleNote(name), other = qkv::exampleNote(name, language);
                const QString where = language + u' ' + name;
                QVERIFY2(!other.shows.isEmpty() && other.shows != en.shows, qPrintable(where));
                QCOMPARE(numbers(other.source, true), numbers(en.source, false));
                QCOMPARE(numbers(other.shows, true), numbers(en.shows, false));
                QCOMPARE(other.corrections.size(), en.corrections.size());
                for (qsizetype i = 0; i < en.corrections.size(); ++i) {
                    QCOMPARE(numbers(other.corrections[i].says, true), numbers(en.corrections[i].says, false));
                    QCOMPARE(numbers(other.corrections[i].truth, true), numbers(en.corrections[i].truth, false));
                }
            }
        }
        QCOMPARE(qkv::exampleNote(QStringLiteral("animal"), QStringLiteral("xx")).shows,
            qkv::exampleNote(QStringLiteral("animal")).shows); // no such translation: English
    }
};

QTEST_GUILESS_MAIN(TstExampleNotes)
#include "tst_examplenotes.moc"
