// DistributionFigure and its value axis draw without a widget (a QGuiApplication, no Qt Widgets
// linked).
#include "figures/distributionfigure.h"
#include "figures/numbertext.h"
#include "figures/valueaxis.h"
#include "plainstyle.h"
#include "viewpixels.h"

#include <QGuiApplication>
#include <QPainter>
#include <QTest>

using namespace qkv;
using namespace Qt::StringLiterals;

namespace {

const QRectF area(0, 0, 600, 400);

// Four tokens; query 3 attends 0.1, 0.2, 0.3, 0.4 (query 1 sees only tokens 0 and 1).
Result fourTokens()
{
    Result r;
    r.tokens = {u"w"_s, u"x"_s, u"y"_s, u"z"_s};
    HeadResult h;
    h.weights = SquareMatrix::Zero(4, 4);
    h.weights.row(3) << 0.1, 0.2, 0.3, 0.4;
    h.weights.row(1) << 0.25, 0.75, 0, 0;
    h.scores = h.weights * 10;
    r.heads.push_back(h);
    r.visible = SquareMatrix::Ones(4, 4);
    r.visible.row(1) << 1, 1, 0, 0;
    return r;
}

QList<QString> labels(const ValueAxis &a)
{
    QList<QString> out;
    for (int i = 0; i < a.tickCount(); ++i)
        out << a.label(i);
    return out;
}

} // namespace

class TestDistributionFigure : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noWidgets() { QVERIFY(!QCoreApplication::instance()->inherits("QApplication")); }

    // Worked by hand: the span rounded up to 1, 2 or 5 × 10^k, a quarter of it (five ticks)
    // rounded to the nearest such step, the ends out to whole steps. 0 … 0.416: span 0.5, step
    // 0.125 → 0.1, 0.0 … 0.5; 0 … 0.13: span 0.2, step 0.05 (two decimals); −3.2 … 7: span 20,
    // step 5; 0 … 700: span 1000, step 250 → 200.
    void niceAxis_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<QList<QString>>("ticks");
        QTest::newRow("0.416") << 0.0 << 0.416
                               << QList<QString> {u"0.0"_s, u"0.1"_s, u"0.2"_s, u"0.3"_s, u"0.4"_s, u"0.5"_s};
        QTest::newRow("0.13") << 0.0 << 0.13 << QList<QString> {u"0.00"_s, u"0.05"_s, u"0.10"_s, u"0.15"_s};
        QTest::newRow("negative") << -3.2 << 7.0 << QList<QString> {u"−5"_s, u"0"_s, u"5"_s, u"10"_s};
        QTest::newRow("700") << 0.0 << 700.0 << QList<QString> {u"0"_s, u"200"_s, u"400"_s, u"600"_s, u"800"_s};
    }
    void niceAxis()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QList<QString>, ticks);
        QCOMPARE(labels(qkv::niceAxis(low, high)), ticks);
    }

    void formatSigned()
    {
        QCOMPARE(qkv::formatSigned(-0.001, 2), u"0.00"_s);
        QCOMPARE(qkv::formatSigned(-0.25, 2), u"−0.25"_s);
        QCOMPARE(qkv::formatSigned(0.125, 1), u"0.1"_s);
        QCOMPARE(qkv::formatSigned(12345.5, 1), u"12345.5"_s);
        // In the window, the user's decimal separator; never a group separator in a figure.
        const QLocale german(QLocale::German, QLocale::Germany);
        QCOMPARE(qkv::formatSigned(-0.25, 2, german), u"−0,25"_s);
        QCOMPARE(qkv::formatSigned(-0.001, 2, german), u"0,00"_s);
        QCOMPARE(qkv::formatSigned(12345.5, 1, german), u"12345,5"_s);
        QCOMPARE((qkv::ValueAxis {-0.5, 0.5, 0.25, 2}).label(0, german), u"−0,50"_s);
        // A change says its direction: a plus on what does not round to zero.
        QCOMPARE(qkv::formatChange(0.125, 2), u"+0.13"_s);
        QCOMPARE(qkv::formatChange(-0.125, 2), u"−0.13"_s);
        QCOMPARE(qkv::formatChange(0.001, 2), u"0.00"_s);
        QCOMPARE(qkv::formatChange(-0.001, 2), u"0.00"_s);
        QCOMPARE(qkv::formatChange(0.5, 2, german), u"+0,50"_s);
    }

    // A value span widens the axis: the same bar stands lower against a larger scale.
    void aValueSpanWidensTheAxis()
    {
        const Result r = fourTokens();
        DistributionFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(3);
        const FigureStyle style = test::plainStyle(true);
        const QRectF rect(0, 0, 600, 400);
        const qreal own = figure.barRect(rect, style, 0).height();
        figure.setValueSpan(0, 2.0);
        const qreal shared = figure.barRect(rect, style, 0).height();
        QVERIFY(shared > 0 && shared < own * 0.75);
        QVERIFY(figure.valueAt(rect, style, figure.barRect(rect, style, 0).top()) < 2.0);
        figure.setValueSpan(0, 0);
        QCOMPARE(figure.barRect(rect, style, 0).height(), own);
    }

    // The bars stand on one baseline, their heights in proportion to the weights; sorted, the
    // heaviest comes first; the points of a bar's column name its key.
    void barsAndColumns()
    {
        const Result r = fourTokens();
        DistributionFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(3);
        const FigureStyle style = test::plainStyle(true);
        QCOMPARE(figure.barValues(), (QList<double> {0.1, 0.2, 0.3, 0.4}));
        const QRectF first = figure.barRect(area, style, 0);
        for (int k = 1; k < 4; ++k) {
            const QRectF bar = figure.barRect(area, style, k);
            QCOMPARE(bar.bottom(), first.bottom());
            QCOMPARE_LT(std::abs(bar.height() / first.height() - (k + 1)), 1e-9);
            QCOMPARE_GT(bar.left(), figure.barRect(area, style, k - 1).right());
            QCOMPARE(figure.barAt(area, style, bar.center()), k);
            QCOMPARE(figure.barAt(area, style, QPointF(bar.center().x(), area.bottom() - 2)), k); // its label
        }
        QCOMPARE(figure.barAt(area, style, QPointF(2, 2)), -1);
        QVERIFY(figure.describeBar(1).startsWith(u"z → x: weight 0.2 (raw score 2)"_s));
        figure.setSorted(true);
        QCOMPARE(figure.barOrder(), (QList<int> {3, 2, 1, 0}));
        QCOMPARE_LT(figure.barRect(area, style, 3).left(), figure.barRect(area, style, 0).left());
    }

    // A masked key has no bar of the bar colour but a hatched column to the top of the axis,
    // and a legend says which is which; the highlighted key is orange.
    void maskedAndHighlighted()
    {
        const Result r = fourTokens();
        DistributionFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(1);
        figure.setHighlightedKey(1);
        const FigureStyle style = test::plainStyle(true);
        QCOMPARE(figure.barValues(), (QList<double> {0.25, 0.75, 0, 0}));
        QVERIFY(figure.describeBar(2).contains(u"masked"_s));
        const QImage image = test::paintedImage(figure, style, area.size().toSize());
        const QRectF masked = figure.barRect(area, style, 2);
        QCOMPARE_LT(std::abs(masked.top() - figure.barRect(area, style, 1).top()), 40.0); // 0.75 of 0.8
        const QColor bar = style.palette.color(QPalette::Highlight);
        int barColoured = 0;
        for (int y = static_cast<int>(masked.top()) + 2; y < masked.bottom() - 2; ++y)
            barColoured += image.pixelColor(static_cast<int>(masked.center().x()), y) == bar;
        QCOMPARE(barColoured, 0);
        QCOMPARE(image.pixelColor(figure.barRect(area, style, 0).center().toPoint()), bar);
        QCOMPARE(image.pixelColor((figure.barRect(area, style, 1).center() + QPointF(0, 30)).toPoint()),
            QColor(0xE6, 0x9F, 0x00));
        QCOMPARE(test::pixelsOf(image, qRgb(255, 0, 255)), 0);
    }

    // Against a baseline each key's weight then is a dashed outline over its bar (the axis holds
    // both), named in the legend and the hover; a baseline of another length draws none.
    void baselineAsDashedOutlines()
    {
        const Result r = fourTokens();
        Result then = fourTokens();
        then.heads[0].weights.row(3) << 0.4, 0.3, 0.2, 0.1;
        DistributionFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(3);
        const FigureStyle style = test::plainStyle(true);
        const QImage plain = test::paintedImage(figure, style, area.size().toSize());
        figure.setBaseline(&then, u"then"_s);
        QCOMPARE(figure.baselineValues(), (QList<double> {0.4, 0.3, 0.2, 0.1}));
        QVERIFY2(figure.describeBar(0).endsWith(u"0.4 in “then”"_s), qPrintable(figure.describeBar(0)));
        const QImage image = test::paintedImage(figure, style, area.size().toSize());
        // Key w's outline tops out where z's bar (0.4) does: dark dashes along that line over w.
        const QRectF w = figure.barRect(area, style, 0), z = figure.barRect(area, style, 3);
        const auto darkAlong = [&](const QImage &im, int y) {
            int dark = 0;
            for (int x = static_cast<int>(w.left()) + 1; x < w.right() - 1; ++x)
                for (int dy = -1; dy <= 1; ++dy)
                    dark += im.pixelColor(x, y + dy).lightness() < 100;
            return dark;
        };
        const int top = static_cast<int>(std::round(z.top()));
        QCOMPARE(darkAlong(plain, top), 0);
        QCOMPARE_GT(darkAlong(image, top), static_cast<int>(w.width() / 4));
        Result shorter = fourTokens();
        shorter.tokens.removeLast();
        figure.setBaseline(&shorter, u"short"_s);
        QVERIFY(figure.baselineValues().isEmpty());
        QCOMPARE(test::paintedImage(figure, style, area.size().toSize()), plain);
    }

    // A hovered key gets a callout in the window, never in an exported figure.
    void hoverInTheWindowOnly()
    {
        const Result r = fourTokens();
        DistributionFigure figure;
        figure.setData(&r, 0);
        figure.setQuery(3);
        const QImage plain = test::paintedImage(figure, test::plainStyle(false), area.size().toSize());
        figure.setHoveredKey(2);
        QVERIFY(test::paintedImage(figure, test::plainStyle(false), area.size().toSize()) != plain);
        QCOMPARE(test::paintedImage(figure, test::plainStyle(true), area.size().toSize()),
            (figure.setHoveredKey(-1), test::paintedImage(figure, test::plainStyle(true), area.size().toSize())));
    }

    void noData()
    {
        DistributionFigure figure;
        QCOMPARE(figure.query(), -1);
        QVERIFY(figure.barOrder().isEmpty());
        QCOMPARE(figure.barAt(area, test::plainStyle(false), area.center()), -1);
        const QImage image = test::paintedImage(figure, test::plainStyle(false), area.size().toSize());
        QCOMPARE(test::pixelsOf(image, qRgb(255, 0, 255)), 0);
        QVERIFY(test::pixelsOf(image, qRgb(255, 255, 255)) < 600 * 400); // the message
    }
};

QTEST_MAIN(TestDistributionFigure)
#include "tst_distributionfigure.moc"
