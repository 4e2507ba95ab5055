// HeadsGridFigure draws without a widget (a QGuiApplication, no Qt Widgets linked).
#include "figures/figurewriter.h"
#include "figures/headsgridfigure.h"
#include "plainstyle.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QPainter>
#include <QTest>

using namespace qkv;

namespace {

// Three heads over two tokens: head h gives the first token the weight (h + 1) / 4.
Result threeHeads()
{
    Result r;
    r.tokens = {QStringLiteral("a"), QStringLiteral("b")};
    for (int h = 0; h < 3; ++h) {
        HeadResult head;
        const double w = (h + 1) / 4.0;
        head.weights = SquareMatrix(2, 2);
        head.weights << w, 1 - w, w, 1 - w;
        head.largestWeight = std::max(w, 1 - w);
        r.heads.push_back(head);
    }
    return r;
}

QImage paint(const HeadsGridFigure &figure, const FigureStyle &s)
{
    return test::paintedImage(figure, s, QSize(600, 300));
}

} // namespace

class TestHeadsGridFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noWidgets() { QVERIFY(!QCoreApplication::instance()->inherits("QApplication")); }

    // One scale for all heads: each tile's first cell is its own weight on it, and a point of a
    // tile names its head.
    void tilesShareOneScale()
    {
        const Result r = threeHeads();
        HeadsGridFigure figure;
        figure.setData(&r);
        QCOMPARE(figure.tokenCount(), 2);
        const FigureStyle s = test::plainStyle(false);
        const QImage image = paint(figure, s);
        const ColorScale scale = figure.colorScale();
        QCOMPARE(scale.low, 0.0);
        QCOMPARE(scale.high, 0.75);
        for (int h = 0; h < 3; ++h) {
            const QRectF tile = figure.tileRect(image.rect(), s, h);
            QVERIFY(tile.width() > 50);
            const QPointF firstCell = tile.topLeft() + QPointF(tile.width() / 4, tile.height() / 4);
            QCOMPARE(image.pixel(firstCell.toPoint()), scale.color((h + 1) / 4.0));
            QCOMPARE(figure.headAt(image.rect(), s, tile.center()), h);
        }
        QCOMPARE(figure.headAt(image.rect(), s, QPointF(1, 1)), -1);
    }

    // The window frames the current head in the highlight colour; an export does not.
    void currentHeadFramedOnlyInTheWindow()
    {
        const Result r = threeHeads();
        HeadsGridFigure figure;
        figure.setData(&r);
        figure.setCurrent(1, -1);
        const QRgb highlight = QColor(0, 90, 200).rgb();
        QVERIFY(test::pixelsOf(paint(figure, test::plainStyle(false)), highlight) > 100);
        QCOMPARE(test::pixelsOf(paint(figure, test::plainStyle(true)), highlight), 0);
    }

    // An exported tile is captioned with where its head's strongest weight goes (the first such
    // cell when several tie), read from the weights themselves.
    void exportedTilesNameTheirStrongestWeight()
    {
        Result r = threeHeads();
        r.tokens << QStringLiteral("c");
        for (HeadResult &head : r.heads) {
            const SquareMatrix w = head.weights;
            head.weights = SquareMatrix::Zero(3, 3);
            head.weights.topLeftCorner(2, 2) = w;
            head.weights(2, 2) = 1;
        }
        r.heads[1].weights(2, 1) = 0.875;
        r.heads[1].weights(2, 2) = 0.125;
        HeadsGridFigure figure;
        figure.setData(&r);
        FigureSpec spec;
        spec.size = QSize(900, 400);
        spec.format = FigureFormat::Svg;
        const QString svg = QString::fromUtf8(renderFigure(
            spec, [&](QPainter &p, const QRectF &rect) { figure.paint(p, rect, test::plainStyle(true)); }));
        for (const char *caption : {"head 1 · c → c 1.00", "head 2 · c → b 0.88", "head 3 · c → c 1.00"})
            QVERIFY2(svg.contains(QString::fromUtf8(caption)), caption);
    }
};

QTEST_MAIN(TestHeadsGridFigure)
#include "tst_headsgridfigure.moc"
