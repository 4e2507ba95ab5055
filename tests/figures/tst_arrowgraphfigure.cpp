// ArrowGraphFigure draws without a widget (a QGuiApplication, no Qt Widgets linked).
#include "attention/incrementalupdate.h"
#include "figures/arrowgraphfigure.h"
#include "figures/arrowgraphgeometry.h"
#include "plainstyle.h"
#include "randomdocument.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QTest>

#include <algorithm>
#include <functional>
#include <random>

using namespace qkv;
using Side = ArrowGraphFigure::Side;

namespace {

// Three tokens, causal: each attends to itself and the tokens before it.
Result causal()
{
    Result r;
    r.tokens = {QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")};
    r.heads.resize(1);
    SquareMatrix w(3, 3);
    w << 1.0, 0.0, 0.0, //
        0.4, 0.6, 0.0, //
        0.2, 0.3, 0.5;
    r.heads[0].weights = w;
    return r;
}

const QRectF area(0, 0, 500, 400);

// The same edges, in the same order, and the same count as a figure of the same head, mode,
// filter and baseline given `r` afresh (against a baseline, the same changes too).
bool keepsWhatAFreshFigureKeeps(const ArrowGraphFigure &updated, const Result &r, const Result *baseline = nullptr)
{
    ArrowGraphFigure fresh;
    fresh.setHeadMode(updated.headMode());
    fresh.setFilter(updated.filter());
    fresh.setBaseline(baseline, QStringLiteral("then"));
    fresh.setData(&r, updated.currentHead());
    const auto &a = updated.keptEdges(), &b = fresh.keptEdges();
    return a.size() == b.size() && updated.consideredEdges() == fresh.consideredEdges()
        && updated.showsDifference() == fresh.showsDifference()
        && std::equal(a.begin(), a.end(), b.begin(), [&](const auto &x, const auto &y) {
               return x.head == y.head && x.edge == y.edge && updated.change(x) == fresh.change(y);
           });
}

// `edits` random edits of `doc` (`field(edit)` says which vector), the figure following each
// through the engine's changed rows; the first edit after which it keeps other edges than a
// figure given the numbers afresh, or -1.
int followEdits(ArrowGraphFigure &figure, Document &doc, Result &r, const Result *baseline, std::mt19937 &rng,
    int edits, double stepSize, const std::function<Field(int)> &field)
{
    const Settings &s = doc.settings();
    std::normal_distribution<double> step(0.0, stepSize);
    std::uniform_int_distribution<int> token(0, doc.tokenCount() - 1), head(0, s.heads - 1), column(0, s.dim - 1);
    for (int edit = 0; edit < edits; ++edit) {
        const ValueRef ref {field(edit), doc.vectorKey(token(rng)), edit % 2 ? 1 : head(rng), 0, column(rng)};
        doc.setValue(ref, doc.value(ref) + step(rng));
        ChangedRows changes;
        if (!updateResult(r, doc, {ref}, &changes))
            return edit;
        figure.updateRows(&r, 1, changes);
        if (!keepsWhatAFreshFigureKeeps(figure, r, baseline))
            return edit;
    }
    return -1;
}

} // namespace

class TestArrowGraphFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noWidgets() { QVERIFY(!QCoreApplication::instance()->inherits("QApplication")); }

    // After an edit of a few queries the figure selects those rows again and keeps the rest:
    // the same edges, counts and scale as a figure given the new numbers afresh, for one head
    // and for all, over many random edits (some rows emptied, some weights above 1).
    void changedRowsOnlyGiveTheSameEdges()
    {
        std::mt19937 rng(17);
        std::uniform_real_distribution<double> weight(0.0, 1.0);
        const int n = 40;
        Result r;
        for (int i = 0; i < n; ++i)
            r.tokens << QStringLiteral("t%1").arg(i);
        r.heads.resize(3);
        for (HeadResult &h : r.heads)
            h.weights = SquareMatrix::NullaryExpr(n, n, [&] { return weight(rng) < 0.6 ? 0.0 : weight(rng) / 8; });
        for (const auto mode : {ArrowGraphFigure::HeadMode::Current, ArrowGraphFigure::HeadMode::All}) {
            ArrowGraphFigure updated;
            updated.setHeadMode(mode);
            updated.setFilter({0.05, 4, 0.9});
            updated.setData(&r, 1);
            QVERIFY(!updated.keptEdges().empty());
            for (int edit = 0; edit < 300; ++edit) {
                ChangedRows rows(r.heads.size());
                const int head = int(rng() % r.heads.size());
                for (int k = 0; k < 1 + int(rng() % 3); ++k) {
                    const int q = int(rng() % n);
                    for (int j = 0; j < n; ++j)
                        r.heads[std::size_t(head)].weights(q, j)
                            = edit % 7 == 0 ? 0.0 : weight(rng) * (edit % 11 == 0 ? 3 : 0.3);
                    rows[std::size_t(head)].rows.push_back(q);
                }
                std::sort(rows[std::size_t(head)].rows.begin(), rows[std::size_t(head)].rows.end());
                rows[std::size_t(head)].rows.erase(
                    std::unique(rows[std::size_t(head)].rows.begin(), rows[std::size_t(head)].rows.end()),
                    rows[std::size_t(head)].rows.end());
                updated.updateRows(&r, 1, rows);
                QVERIFY2(keepsWhatAFreshFigureKeeps(updated, r), qPrintable(QString::number(edit)));
            }
        }
    }

    // Edits of keys, as the engine reports them (every row rescaled), and of queries: the figure
    // follows them to the same edges and counts as a figure given the numbers afresh.
    void editedKeysGiveTheSameEdges()
    {
        std::mt19937 rng(29);
        const int n = 200;
        Document doc = test::randomDocument(n, 80, 3, 5, rng, 1.6);
        Result r = compute(doc);
        for (const auto mode : {ArrowGraphFigure::HeadMode::Current, ArrowGraphFigure::HeadMode::All}) {
            ArrowGraphFigure updated;
            updated.setHeadMode(mode);
            updated.setData(&r, 1);
            QVERIFY(!updated.keptEdges().empty());
            QCOMPARE(followEdits(updated, doc, r, nullptr, rng, 120, 0.1,
                         [](int edit) { return edit % 6 == 0 ? Field::Query : Field::Key; }),
                -1);
        }
    }

    // Against a snapshot the edges are the changes: after an edit of a query the figure selects
    // that row's changes again, after an edit of a key (every row moves) all of them; either way
    // what a figure given the numbers afresh keeps.
    void editsAgainstABaselineGiveTheSameChanges()
    {
        std::mt19937 rng(31);
        const int n = 120;
        Document doc = test::randomDocument(n, 60, 3, 5, rng, 1.6);
        Result r = compute(doc);
        const Result then = r;
        for (const auto mode : {ArrowGraphFigure::HeadMode::Current, ArrowGraphFigure::HeadMode::All}) {
            ArrowGraphFigure updated;
            updated.setHeadMode(mode);
            updated.setFilter({0.0005, 8, 1.0});
            updated.setBaseline(&then, QStringLiteral("then"));
            updated.setData(&r, 1);
            QVERIFY(updated.showsDifference());
            QCOMPARE(followEdits(updated, doc, r, &then, rng, 80, 1.0,
                         [](int edit) { return edit % 5 == 0 ? Field::Key : Field::Query; }),
                -1);
            QVERIFY(!updated.keptEdges().empty());
        }
    }

    // The edges of weight above zero are kept, those the filter passes; a locked query draws
    // only its own.
    void edgesAndFocus()
    {
        const Result r = causal();
        ArrowGraphFigure figure;
        figure.setData(&r, 0);
        QCOMPARE(figure.keptEdges().size(), std::size_t(6));
        QCOMPARE(figure.consideredEdges(), qint64(6)); // the weights above 0
        figure.setFilter({0.35, 0, 1.0});
        QCOMPARE(figure.keptEdges().size(), std::size_t(4));
        QCOMPARE(figure.consideredEdges(), qint64(6));
        figure.setFilter({});
        figure.setLocked(2, Side::Query);
        const auto drawn = figure.drawnEdges();
        QCOMPARE(drawn.size(), std::size_t(3));
        for (const auto &d : drawn)
            QCOMPARE(d.edge.query, 2);
        // Locked as a key, the edges into it.
        figure.setLocked(0, Side::Key);
        QCOMPARE(figure.drawnEdges().size(), std::size_t(3));
    }

    // Against a baseline the edges are the changes: |Δ| as the weight, its sign in the gained or
    // lost colour, the largest change drawn at full strength; unchanged cells are no edges. A
    // baseline of another length leaves the weights and says why.
    void changesAgainstABaseline()
    {
        const Result now = causal();
        Result then = causal();
        then.heads[0].weights.row(2) << 0.5, 0.3, 0.2; // three: Δ −0.3, 0, +0.3
        ArrowGraphFigure figure;
        figure.setFilter(EdgeFilter::none());
        figure.setData(&now, 0);
        const FigureStyle style = test::plainStyle(false);
        const QRgb red = ArrowGraphFigure::changeColor(true, false).rgb(),
                   blue = ArrowGraphFigure::changeColor(false, false).rgb();
        const auto near = [](const QImage &image, QRgb colour) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x) {
                    const QRgb p = image.pixel(x, y);
                    n += std::abs(qRed(p) - qRed(colour)) + std::abs(qGreen(p) - qGreen(colour))
                            + std::abs(qBlue(p) - qBlue(colour))
                        < 40;
                }
            return n;
        };
        QCOMPARE(near(test::paintedImage(figure, style, area.size().toSize()), red), 0);
        figure.setBaseline(&then, QStringLiteral("before"));
        QVERIFY(figure.showsDifference());
        const auto &edges = figure.keptEdges();
        QCOMPARE(edges.size(), std::size_t(2));
        QCOMPARE(figure.consideredEdges(), qint64(2));
        QCOMPARE(edges[0].edge.query, 2);
        QCOMPARE(edges[0].edge.key, 0); // the same size, the earlier key first
        QVERIFY(std::abs(edges[0].edge.weight - 0.3) < 1e-12);
        QVERIFY(std::abs(figure.change(edges[0]) + 0.3) < 1e-12);
        QCOMPARE(edges[1].edge.key, 2);
        QVERIFY(std::abs(figure.change(edges[1]) - 0.3) < 1e-12);
        const QImage image = test::paintedImage(figure, style, area.size().toSize());
        QVERIFY(near(image, red) > 20);
        QVERIFY(near(image, blue) > 20);
        // The filter judges the size of a change.
        figure.setFilter({0.35, 0, 1.0});
        QVERIFY(figure.keptEdges().empty());
        figure.setFilter(EdgeFilter::none());
        // An edit read again row by row still draws the changes.
        figure.updateRows(&now, 0, ChangedRows(1, HeadChange {{2}, {}, {}, {}, {}}));
        QCOMPARE(figure.keptEdges().size(), std::size_t(2));
        Result shorter = causal();
        shorter.tokens.removeLast();
        figure.setBaseline(&shorter, QStringLiteral("short"));
        QVERIFY(!figure.showsDifference());
        QVERIFY2(figure.differenceRefusal().startsWith(QStringLiteral("Tokens: 2 in “short”, 3 in this sentence.")),
            qPrintable(figure.differenceRefusal()));
        QCOMPARE(figure.keptEdges().size(), std::size_t(6));
        QCOMPARE(figure.change(figure.keptEdges()[0]), 0.0);
    }

    // A token's slot names the token; the unlock button is a window control, never exported.
    void geometryAndControls()
    {
        const Result r = causal();
        ArrowGraphFigure figure;
        figure.setData(&r, 0);
        for (int t = 0; t < 3; ++t)
            for (const Side side : {Side::Query, Side::Key}) {
                const QRectF slot = figure.tokenRect(area, test::plainStyle(false), t, side);
                Side found = Side::Query;
                QCOMPARE(figure.tokenAt(area, test::plainStyle(false), slot.center(), &found), t);
                QCOMPARE(found, side);
            }
        QVERIFY(figure.unlockRect(area, test::plainStyle(false)).isEmpty());
        figure.setLocked(1, Side::Query);
        QVERIFY(!figure.unlockRect(area, test::plainStyle(false)).isEmpty());
        QVERIFY(figure.unlockRect(area, test::plainStyle(true)).isEmpty());
        // Something is drawn: the edges in the first head's colour.
        const QImage image = test::paintedImage(figure, test::plainStyle(true), area.size().toSize());
        QCOMPARE(test::pixelsOf(image, QColor(Qt::magenta).rgb()), 0);
        QVERIFY(figure.labelRects(area, test::plainStyle(true)).size() >= 6);
    }

    // Labels measured once are kept between paints: after the words, the font or the layout
    // changes, the figure still looks exactly as one painted afresh.
    void keptLabelsFollowWordsAndFont()
    {
        Result r = causal();
        ArrowGraphFigure figure;
        figure.setData(&r, 0);
        const QSize size = area.size().toSize();
        const auto sameAsFresh = [&](const FigureStyle &style, const QString &what) {
            ArrowGraphFigure fresh;
            fresh.setGraphLayout(figure.graphLayout());
            fresh.setData(&r, 0);
            const QImage kept = test::paintedImage(figure, style, size),
                         afresh = test::paintedImage(fresh, style, size);
            QVERIFY2(kept == afresh, qPrintable(what));
        };
        FigureStyle style = test::plainStyle(false);
        sameAsFresh(style, QStringLiteral("first paint"));
        sameAsFresh(style, QStringLiteral("painted again"));
        // A word too long for its column, elided, and another word in its place.
        r.tokens = {
            QStringLiteral("one"), QStringLiteral("extraordinarily-long-token-that-is-elided"), QStringLiteral("tree")};
        figure.setData(&r, 0);
        sameAsFresh(style, QStringLiteral("new words"));
        style.font.setPixelSize(19);
        sameAsFresh(style, QStringLiteral("a larger font"));
        figure.setGraphLayout(ArrowGraphFigure::Layout::Arcs);
        sameAsFresh(style, QStringLiteral("arcs"));

        // Placed with the kept measurements, every label is what measuring it anew gives: for
        // new words, a new font and another layout (another room for each label).
        using namespace arrowgraph;
        const QImage device(size, QImage::Format_RGB32);
        LabelTexts memo;
        const QStringList first {QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")};
        const QStringList second {
            QStringLiteral("two"), QStringLiteral("a-word-much-too-long-for-its-column"), QStringLiteral("seven")};
        int placed = 0;
        for (const auto layout : {ArrowGraphFigure::Layout::Columns, ArrowGraphFigure::Layout::Arcs}) {
            for (const int pixels : {14, 11}) {
                QFont font;
                font.setPixelSize(pixels);
                const Geometry g
                    = layoutGraph(area, font, &device, GraphShape {layout, 3, 3, 90, true, true, true, 0, 1, {}, {}});
                for (const QStringList &words : {first, second, first}) {
                    const std::vector<Label> kept = placeLabels(g, words, words, {}, &memo);
                    const std::vector<Label> anew = placeLabels(g, words, words, {});
                    QCOMPARE(kept.size(), anew.size());
                    for (std::size_t i = 0; i < kept.size(); ++i) {
                        QCOMPARE(kept[i].text, anew[i].text);
                        QCOMPARE(kept[i].ink, anew[i].ink);
                        ++placed;
                    }
                }
            }
        }
        QVERIFY(placed >= 24);
    }
};

QTEST_MAIN(TestArrowGraphFigure)
#include "tst_arrowgraphfigure.moc"
