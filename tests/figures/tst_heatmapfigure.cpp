// HeatmapFigure draws without a widget: this test runs on a QGuiApplication and links no Qt
// Widgets, the way the command line and the figures of an export use it.
#include "attention/incrementalupdate.h"
#include "figures/heatmapfigure.h"
#include "figures/maxpool.h"
#include "figures/pixelline.h"
#include "plainstyle.h"
#include "randomdocument.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QPainter>
#include <QTest>

#include <algorithm>
#include <random>

using namespace qkv;

namespace {

Result threeTokens()
{
    Result r;
    r.tokens = {QStringLiteral("the"), QStringLiteral("cat"), QStringLiteral("sat")};
    r.heads.resize(2);
    SquareMatrix w(3, 3);
    w << 1.0, 0.0, 0.0, //
        0.25, 0.75, 0.0, //
        0.1, 0.3, 0.6;
    r.heads[0].weights = w;
    r.heads[0].largestWeight = 1.0;
    r.heads[1].weights = SquareMatrix::Constant(3, 3, 1.0 / 3);
    r.heads[1].largestWeight = 1.0 / 3;
    return r;
}

QImage paint(const HeatmapFigure &figure, const FigureStyle &style)
{
    return test::paintedImage(figure, style, QSize(400, 400));
}

QRgb pixelAt(const QImage &image, QPointF point)
{
    return image.pixel(point.toPoint());
}

} // namespace

class TestHeatmapFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noWidgets() { QVERIFY(!QCoreApplication::instance()->inherits("QApplication")); }

    // Each cell is the colour of its weight on the scale; the cell under a point is that cell.
    void cellsAreTheirWeights()
    {
        const Result r = threeTokens();
        HeatmapFigure figure;
        figure.setData(&r, 0);
        figure.setValuesVisible(false);
        const FigureStyle style = test::plainStyle(false);
        const QImage image = paint(figure, style);
        const QRectF rect(0, 0, 400, 400);
        const ColorScale scale = figure.colorScale();
        QCOMPARE(scale.low, 0.0);
        QCOMPARE(scale.high, 1.0);
        for (int row = 0; row < 3; ++row)
            for (int col = 0; col < 3; ++col) {
                const QRectF cell = figure.cellRect(rect, style, row, col);
                QVERIFY(cell.width() > 40);
                QCOMPARE(figure.cellAt(rect, style, cell.center()), QPoint(col, row));
                QCOMPARE(pixelAt(image, cell.center()), scale.color(r.heads[0].weights(row, col)));
            }
        QCOMPARE(figure.cellAt(rect, style, QPointF(1, 1)), QPoint(-1, -1));
        QVERIFY(figure.describeCell(1, 0).startsWith(QStringLiteral("cat → the: weight 0.25")));
    }

    // Against a baseline each cell is the colour of now − then on the diverging scale centred at 0
    // (±the largest change), the bar is titled Δ, and a hover says the change; a baseline of
    // another length leaves the weights and says why.
    void differencesAgainstABaseline()
    {
        const Result now = threeTokens();
        Result then = threeTokens();
        then.heads[0].weights.row(1) << 0.5, 0.25, 0.25; // cat: Δ −0.25, +0.5, −0.25
        HeatmapFigure figure;
        figure.setData(&now, 0);
        figure.setValuesVisible(false);
        figure.setBaseline(&then, QStringLiteral("before"));
        QVERIFY(figure.showsDifference());
        const ColorScale scale = figure.colorScale();
        QCOMPARE(scale.map, Colormap::Diverging);
        QCOMPARE(scale.low, -0.5);
        QCOMPARE(scale.high, 0.5);
        const FigureStyle style = test::plainStyle(false);
        const QImage image = paint(figure, style);
        const QRectF rect(0, 0, 400, 400);
        const SquareMatrix delta = now.heads[0].weights - then.heads[0].weights;
        for (int row = 0; row < 3; ++row)
            for (int col = 0; col < 3; ++col)
                QCOMPARE(pixelAt(image, figure.cellRect(rect, style, row, col).center()), scale.color(delta(row, col)));
        // Unchanged cells are the scale's middle; cat → cat, up by the most, its top.
        QCOMPARE(scale.color(delta(0, 0)), scale.color(0.0));
        QCOMPARE(pixelAt(image, figure.cellRect(rect, style, 1, 1).center()), scale.color(0.5));
        QVERIFY2(figure.describeCell(1, 1).endsWith(QStringLiteral("Δ +0.5 since “before”")),
            qPrintable(figure.describeCell(1, 1)));
        // The other head is compared head for head; scores are compared when shown.
        figure.setData(&now, 1);
        QCOMPARE(figure.colorScale().high, 1e-12); // no change at all: the smallest scale
        Result shorter = threeTokens();
        shorter.tokens.removeLast();
        figure.setBaseline(&shorter, QStringLiteral("short"));
        QVERIFY(!figure.showsDifference());
        QVERIFY2(figure.differenceRefusal().startsWith(QStringLiteral("Tokens: 2 in “short”, 3 in this sentence.")),
            qPrintable(figure.differenceRefusal()));
        QCOMPARE(figure.colorScale().map, Colormap::Viridis);
        figure.setBaseline(nullptr, {});
        QVERIFY(figure.differenceRefusal().isEmpty());
    }

    // Where the weights' colour bar gives way to the cell numbers, the Δ map keeps its own: its
    // title is what says the cells are changes. The bar's top is the largest change's colour.
    void differenceKeepsItsColourBar()
    {
        const int n = 12;
        Result now;
        for (int i = 0; i < n; ++i)
            now.tokens << QStringLiteral("w%1").arg(i);
        now.heads.resize(1);
        now.heads[0].weights = SquareMatrix::Constant(n, n, 1.0 / n);
        now.heads[0].largestWeight = 1.0 / n;
        Result then = now;
        then.heads[0].weights.row(3).setZero();
        then.heads[0].weights(3, 3) = 1.0;
        HeatmapFigure plain, delta;
        plain.setData(&now, 0);
        delta.setData(&now, 0);
        delta.setBaseline(&then, QStringLiteral("before"));
        QVERIFY(delta.showsDifference());
        const FigureStyle style = test::plainStyle(false);
        const QRgb top = delta.colorScale().color(delta.colorScale().high);
        QVERIFY(test::pixelsOf(test::paintedImage(plain, style, QSize(400, 400)), top) == 0);
        int gaveWay = 0;
        for (int side = 160; side <= 640; side += 40) {
            const QRectF rect(0, 0, side, side);
            const QRectF cells = plain.gridRect(rect, style), changes = delta.gridRect(rect, style);
            if (cells == changes)
                continue;
            ++gaveWay;
            QVERIFY(changes.width() < cells.width());
            const QImage image = test::paintedImage(delta, style, QSize(side, side));
            const QImage bar = image.copy(QRectF(changes.right() + 2, 0, side - changes.right() - 2, side).toRect());
            bool found = false; // the bar's gradient is drawn in steps: its top is near the colour
            for (int y = 0; y < bar.height() && !found; ++y)
                for (int x = 0; x < bar.width() && !found; ++x) {
                    const QRgb p = bar.pixel(x, y);
                    found = std::abs(qRed(p) - qRed(top)) + std::abs(qGreen(p) - qGreen(top))
                            + std::abs(qBlue(p) - qBlue(top))
                        <= 12;
                }
            QVERIFY2(found, qPrintable(QStringLiteral("%1 px: no colour bar").arg(side)));
        }
        QVERIFY(gaveWay > 0);
    }

    // Another head of the same result, given again, is drawn anew (no stale cell image).
    void newDataIsRedrawn()
    {
        const Result r = threeTokens();
        HeatmapFigure figure;
        figure.setValuesVisible(false);
        figure.setUnitScale(true);
        const FigureStyle style = test::plainStyle(false);
        figure.setData(&r, 0);
        const QRectF rect(0, 0, 400, 400);
        const QPointF c = figure.cellRect(rect, style, 0, 0).center();
        QCOMPARE(pixelAt(paint(figure, style), c), figure.colorScale().color(1.0));
        figure.setData(&r, 1);
        QCOMPARE(pixelAt(paint(figure, style), c), figure.colorScale().color(1.0 / 3));
        QVERIFY(figure.colorScale().color(1.0) != figure.colorScale().color(1.0 / 3));
    }

    // Labels are kept between paints: the tokens in another order (so the labels' room stays
    // the same), then a second sentence's columns, draw what a figure given them afresh draws.
    void newTokensAreLabelledAnew()
    {
        const FigureStyle style = test::plainStyle(false);
        const Result first = threeTokens();
        Result renamed = first;
        renamed.tokens = {QStringLiteral("sat"), QStringLiteral("the"), QStringLiteral("cat")};
        Result cross = renamed;
        cross.keyTokens = {QStringLiteral("cat"), QStringLiteral("sat"), QStringLiteral("the")};
        HeatmapFigure figure;
        figure.setData(&first, 0);
        const QImage before = paint(figure, style);
        for (const Result *next : {&renamed, &cross}) {
            figure.setData(next, 0);
            HeatmapFigure fresh;
            fresh.setData(next, 0);
            const QImage now = paint(figure, style);
            QVERIFY(now != before);
            QVERIFY(now == paint(fresh, style));
        }
    }

    // Every pixel of the cell image against its cells, worked one pixel at a time: the colour of
    // the largest visible value it covers (by magnitude, keeping the sign, on a diverging scale),
    // the hatch where all are hidden. Pooled both ways, spread both ways, and mixed; an image
    // drawn into the buffer of an older one is the same.
    void pixelsShowTheExtremesOfTheirCells()
    {
        std::mt19937 rng(5);
        std::uniform_real_distribution<double> value(-1.0, 1.0);
        const MaskColors mask {qRgb(240, 240, 240), qRgb(90, 90, 90)};
        for (const auto &[rows, cols] : {std::pair {7, 7}, {300, 300}, {1001, 1001}, {300, 5}, {9, 1001}})
            for (const QSize pixels : {QSize(97, 53), QSize(420, 310)})
                for (const Colormap map : {Colormap::Viridis, Colormap::Diverging})
                    for (const bool masked : {false, true}) {
                        const SquareMatrix m = SquareMatrix::NullaryExpr(rows, cols, [&] { return value(rng); });
                        SquareMatrix visible;
                        if (masked) {
                            visible = SquareMatrix::Ones(rows, cols);
                            for (int i = 0; i < rows; ++i)
                                for (int j = 0; j < cols; ++j)
                                    if ((i * 7 + j * 3) % 5 == 0 || (i < rows / 3 && j < cols / 3))
                                        visible(i, j) = 0;
                        }
                        const ColorScale scale = ColorScale::fit(map, -1, 1);
                        const PixelColours colours(scale, mask);
                        QImage older(pixels, QImage::Format_RGB32);
                        older.fill(Qt::red);
                        matrixImageInto(older, m, visible, scale, pixels, mask);
                        const QImage image = matrixImage(m, visible, scale, pixels, mask);
                        const QString where = QStringLiteral("%1 × %2 cells, %3 × %4 px, map %5, masked %6")
                                                  .arg(rows)
                                                  .arg(cols)
                                                  .arg(pixels.width())
                                                  .arg(pixels.height())
                                                  .arg(int(map))
                                                  .arg(masked);
                        QVERIFY2(older == image, qPrintable(where));
                        const std::vector<int> rowFirst = cellBounds(rows, pixels.height()),
                                               colFirst = cellBounds(cols, pixels.width());
                        for (int y = 0; y < pixels.height(); ++y)
                            for (int x = 0; x < pixels.width(); ++x) {
                                const int r0 = rowFirst[std::size_t(y)], c0 = colFirst[std::size_t(x)];
                                const int r1 = std::max(r0 + 1, rowFirst[std::size_t(y) + 1]);
                                const int c1 = std::max(c0 + 1, colFirst[std::size_t(x) + 1]);
                                double hi = -std::numeric_limits<double>::infinity(), lo = -hi;
                                for (int r = r0; r < r1; ++r)
                                    for (int c = c0; c < c1; ++c)
                                        if (!masked || visible(r, c) != 0) {
                                            hi = std::max(hi, m(r, c));
                                            lo = std::min(lo, m(r, c));
                                        }
                                const QRgb want
                                    = PixelColours::hidden(hi) ? colours.hatch(x, y) : colours.colour(hi, lo);
                                if (image.pixel(x, y) != want)
                                    QFAIL(qPrintable(QStringLiteral("%1: pixel (%2, %3)").arg(where).arg(x).arg(y)));
                            }
                    }
    }

    // Rows recoloured in place give the pixels of a new image: pooled (more rows than pixel
    // lines), spread (fewer), masked cells among them, on a sequential and a diverging scale.
    void recolouredRowsAreANewImage()
    {
        std::mt19937 rng(3);
        std::uniform_real_distribution<double> value(-1.0, 1.0);
        const MaskColors mask {qRgb(240, 240, 240), qRgb(90, 90, 90)};
        for (const int n : {7, 300}) {
            for (const QSize pixels : {QSize(97, 53), QSize(420, 610)}) {
                for (const Colormap map : {Colormap::Viridis, Colormap::Diverging}) {
                    SquareMatrix m = SquareMatrix::NullaryExpr(n, n, [&] { return value(rng); });
                    SquareMatrix visible = SquareMatrix::Ones(n, n);
                    for (int i = 0; i < n; ++i)
                        visible(i, (i * 5) % n) = 0;
                    const ColorScale scale = ColorScale::fit(map, -1, 1);
                    QImage image = matrixImage(m, visible, scale, pixels, mask);
                    std::vector<int> rows {0, n / 2, n / 2 + 1, n - 1};
                    for (int r : rows)
                        for (int j = 0; j < n; ++j)
                            m(r, j) = value(rng);
                    recolourRows(image, m, visible, scale, mask, rows);
                    QVERIFY2(image == matrixImage(m, visible, scale, pixels, mask),
                        qPrintable(QStringLiteral("n %1, %2 × %3").arg(n).arg(pixels.width()).arg(pixels.height())));
                }
            }
        }
    }

    // After an edit of a few rows the figure colours only those again when the colour range
    // stays, and draws what a figure given the new numbers afresh draws; a new range recolours all.
    void changedRowsDrawTheSameAsAFreshFigure()
    {
        const int n = 200;
        std::mt19937 rng(8);
        std::uniform_real_distribution<double> weight(0.0, 0.5);
        Result r;
        for (int i = 0; i < n; ++i)
            r.tokens << QStringLiteral("t%1").arg(i);
        r.heads.resize(1);
        r.heads[0].weights = SquareMatrix::NullaryExpr(n, n, [&] { return weight(rng); });
        r.heads[0].weights(0, 0) = 0.9;
        r.heads[0].largestWeight = 0.9;
        const FigureStyle style = test::plainStyle(false);
        HeatmapFigure figure;
        figure.setData(&r, 0);
        paint(figure, style);
        for (int edit = 0; edit < 20; ++edit) {
            ChangedRows rows(1);
            for (int k = 0; k < 3; ++k) {
                const int q = 1 + int(rng() % (n - 1));
                for (int j = 0; j < n; ++j)
                    r.heads[0].weights(q, j) = weight(rng);
                rows[0].rows.push_back(q);
            }
            std::sort(rows[0].rows.begin(), rows[0].rows.end());
            rows[0].rows.erase(std::unique(rows[0].rows.begin(), rows[0].rows.end()), rows[0].rows.end());
            if (edit == 10) { // a new largest weight: every colour moves
                r.heads[0].weights(rows[0].rows.front(), 3) = 0.95;
                r.heads[0].largestWeight = 0.95;
            }
            figure.updateRows(&r, 0, rows);
            HeatmapFigure fresh;
            fresh.setData(&r, 0);
            QVERIFY2(paint(figure, style) == paint(fresh, style), qPrintable(QString::number(edit)));
        }
    }

    // Edited keys move every row, most by a factor: the figure pools its rows along the image's
    // pixel columns and follows those factors, and draws what a figure given the new numbers afresh
    // draws (masked, on a diverging scale, with queries edited between keys, two edits between
    // paints). At a paint after an edited key, the weights are not read: NaN weights draw the same.
    void editedKeysDrawTheSameAsAFreshFigure_data()
    {
        QTest::addColumn<bool>("causal");
        QTest::addColumn<int>("colormap");
        QTest::newRow("viridis") << false << int(Colormap::Viridis);
        QTest::newRow("causal") << true << int(Colormap::Viridis);
        QTest::newRow("diverging") << false << int(Colormap::Diverging);
    }
    void editedKeysDrawTheSameAsAFreshFigure()
    {
        QFETCH(bool, causal);
        QFETCH(int, colormap);
        std::mt19937 rng(31);
        const int n = 700; // more keys than the image has pixels
        Document doc = test::randomDocument(n, 250, 1, 4, rng, 1.5);
        Settings settings = doc.settings();
        settings.mask = causal ? MaskKind::Causal : MaskKind::None;
        doc.setSettings(settings);
        Result r = compute(doc);
        const FigureStyle style = test::plainStyle(false);
        HeatmapFigure figure;
        figure.setColormap(static_cast<Colormap>(colormap));
        figure.setData(&r, 0);
        paint(figure, style);
        std::normal_distribution<double> step(0.0, 0.2);
        std::uniform_int_distribution<int> token(0, n - 1), column(0, 3);
        for (int edit = 0; edit < 40; ++edit) {
            const ValueRef ref {
                edit % 7 == 3 ? Field::Query : Field::Key, doc.vectorKey(token(rng)), 0, 0, column(rng)};
            doc.setValue(ref, doc.value(ref) + step(rng));
            ChangedRows changes;
            QVERIFY(updateResult(r, doc, {ref}, &changes));
            figure.updateRows(&r, 0, changes);
            if (edit % 4 == 1)
                continue; // two edits before the next paint
            HeatmapFigure fresh;
            fresh.setColormap(static_cast<Colormap>(colormap));
            fresh.setData(&r, 0);
            const QImage expected = paint(fresh, style);
            if (changes[0].rescaled() && edit % 5 == 0) {
                const SquareMatrix weights = r.heads[0].weights;
                r.heads[0].weights.setConstant(std::numeric_limits<double>::quiet_NaN());
                QVERIFY2(paint(figure, style) == expected, qPrintable(QStringLiteral("blind, edit %1").arg(edit)));
                r.heads[0].weights = weights;
                continue;
            }
            QVERIFY2(paint(figure, style) == expected, qPrintable(QString::number(edit)));
        }
    }

    // Pools are kept only where they cost at most 64 MiB.
    void rowPoolsHaveABudget()
    {
        QVERIFY(RowPools::affordable(4096, 2048, false));
        QVERIFY(!RowPools::affordable(4096, 2049, false));
        QVERIFY(!RowPools::affordable(4096, 2048, true)); // a diverging scale pools the smallest too
        QVERIFY(RowPools::affordable(4096, 1024, true));
    }

    // The window outlines the selected row and boxes its label in the highlight colour; an
    // exported figure draws the label in bold instead, and adds axis titles.
    void exportedFiguresHaveNoSelectionBox()
    {
        const Result r = threeTokens();
        HeatmapFigure figure;
        figure.setData(&r, 0);
        figure.setSelection(1, -1);
        const QRgb highlight = test::plainStyle(false).palette.color(QPalette::Highlight).rgb();
        QVERIFY(test::pixelsOf(paint(figure, test::plainStyle(false)), highlight) > 50);
        QCOMPARE(test::pixelsOf(paint(figure, test::plainStyle(true)), highlight), 0);
        // Axis titles take room: the grid of an export is smaller.
        const QRectF rect(0, 0, 400, 400);
        QVERIFY(figure.gridRect(rect, test::plainStyle(true)).width()
            < figure.gridRect(rect, test::plainStyle(false)).width());
    }
};

QTEST_MAIN(TestHeatmapFigure)
#include "tst_heatmapfigure.moc"
