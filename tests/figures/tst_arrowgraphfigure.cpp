// ArrowGraphFigure draws without a widget (a QGuiApplication, no Qt Widgets linked).
#include "figures/arrowgraphfigure.h"
#include "plainstyle.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QTest>

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

} // namespace

class TestArrowGraphFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noWidgets() { QVERIFY(!QCoreApplication::instance()->inherits("QApplication")); }

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
};

QTEST_MAIN(TestArrowGraphFigure)
#include "tst_arrowgraphfigure.moc"
